import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from './database.js';
import { SERVER_ROOT } from '../serverRoot.js';

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'migrations');
const MIGRATION_LOCK = 727274;

/**
 * Applies the ordered SQL files of migrations/ that have not run yet, each in its own transaction.
 * On PostgreSQL an advisory lock keeps instances that start together from applying a file twice.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
  const run = async () => {
    await database.execScript(`CREATE TABLE IF NOT EXISTS schema_migration (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = await sql<{ name: string }>`SELECT name FROM schema_migration`.execute(database.db);
    const seen = new Set(done.rows.map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (seen.has(file)) continue;
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      // The file name is safe to inline: it matched the pattern above.
      await database.execScript(`${text}\n;INSERT INTO schema_migration (name) VALUES ('${file}');`);
      applied.push(file);
    }
    return applied;
  };
  if (database.kind === 'pglite') return run();
  return database.db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      return await run();
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}
