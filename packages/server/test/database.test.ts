import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/database.js';
import { migrate } from '../src/platform/db/migrate.js';
import { flattenMenus, seedPlatform } from '../src/seed/platformSeed.js';
import { BUILTIN_MENUS } from '../src/seed/builtinMenus.js';
import { startTestApp, type TestApp } from './support/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('database', () => {
  it('keeps concurrent transactions apart (one rolls back, the other commits)', async () => {
    const db = t.database.db;
    await sql`CREATE TABLE IF NOT EXISTS probe (v text)`.execute(db);
    const failing = db.transaction().execute(async (trx) => {
      await sql`INSERT INTO probe VALUES ('rolled-back')`.execute(trx);
      await new Promise((r) => setTimeout(r, 50));
      throw new Error('abort');
    });
    const plain = sql`INSERT INTO probe VALUES ('kept')`.execute(db);
    await expect(failing).rejects.toThrow('abort');
    await plain;
    const rows = await sql<{ v: string }>`SELECT v FROM probe ORDER BY v`.execute(db);
    expect(rows.rows.map((r) => r.v)).toEqual(['kept']);
  });

  it('applies each migration once', async () => {
    expect(await migrate(t.database)).toEqual([]);
    const applied = await sql<{ name: string }>`SELECT name FROM schema_migration`.execute(t.database.db);
    expect(applied.rows.map((r) => r.name)).toContain('0001_access.sql');
  });

  it('seeds menus and roles once, and leaves administrators’ edits alone', async () => {
    const db = t.database.db;
    await db.updateTable('menu').set({ menu_name: '我的标签' }).where('menu_code', '=', 'tagMg').execute();
    await seedPlatform(db);
    const count = await db.selectFrom('menu').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(count.n).toBe(flattenMenus(BUILTIN_MENUS).length);
    const tag = await db.selectFrom('menu').select('menu_name').where('menu_code', '=', 'tagMg').executeTakeFirstOrThrow();
    expect(tag.menu_name).toBe('我的标签');
    const roles = await db.selectFrom('role').select('role_code').where('builtin', '=', true).orderBy('sort').execute();
    expect(roles.map((r) => r.role_code)).toEqual(['PLATFORM_ADMIN', 'AUDITOR', 'ENTERPRISE_ADMIN', 'ENTERPRISE_OPERATOR']);
  });

  it.runIf(process.env.RD_TEST_DB === 'postgres')('outlives a PostgreSQL connection cut while idle, and reports it', async () => {
    const errors: Error[] = [];
    const other = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: 'memory://', onIdleError: (e) => errors.push(e) });
    try {
      const pid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(other.db)).rows[0]!.pid;
      // the connection is back in the pool, idle, when the server ends it
      await sql`SELECT pg_terminate_backend(${pid})`.execute(t.database.db);
      for (let waited = 0; errors.length === 0 && waited < 5_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      expect(errors.length).toBe(1);
      expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(other.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await other.close();
    }
  });

  it('gives every button a permission code of the form area:entity:action', () => {
    const buttons = flattenMenus(BUILTIN_MENUS).filter((e) => e.type === 'BUTTON');
    expect(buttons.length).toBeGreaterThan(30);
    for (const b of buttons) expect(b.permission).toMatch(/^[a-z]+:[a-zA-Z]+:[a-zA-Z]+$/);
  });
});
