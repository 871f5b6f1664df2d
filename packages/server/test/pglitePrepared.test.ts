import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/platform/db/database.js';
import { namedQuery } from '../src/platform/db/pglitePrepared.js';

/**
 * Named statements on the embedded database (the consumer check runs as one): prepared once on the connection,
 * values and answers converted as PGlite's own queries convert them, inside and outside transactions.
 */
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
  await sql`CREATE TABLE visit (id bigserial PRIMARY KEY, code text NOT NULL UNIQUE, at timestamptz NOT NULL, day date, n int)`.execute(database.db);
});
afterAll(async () => {
  await database?.close();
});

const ADD = `INSERT INTO visit (code, at, day, n) VALUES ($1, $2, $3, $4) RETURNING id, code, at, day, n, n IS NULL AS "noCount"`;
const prepared = async () => (await sql<{ name: string; generic_plans: number }>`SELECT name, generic_plans::int FROM pg_prepared_statements`.execute(database.db)).rows;

describe('named statements on the embedded database', () => {
  it('prepares a statement once and answers rows typed as every other query answers them', async () => {
    const at = new Date('2026-05-01T02:03:04.000Z');
    const { rows } = await database.db.executeQuery(namedQuery('visit_add', ADD, ['XG01', at, '2026-05-01', null]));
    expect(rows).toEqual([{ id: '1', code: 'XG01', at, day: '2026-05-01', n: null, noCount: true }]);
    const again = await database.db.executeQuery(namedQuery('visit_add', ADD, ['XG02', at, null, 7]));
    expect(again.rows).toEqual([{ id: '2', code: 'XG02', at, day: null, n: 7, noCount: false }]);
    expect((await prepared()).map((p) => p.name)).toEqual(['visit_add']);
  });

  it('keeps a generic plan after a few runs, so the statement is no longer planned on each', async () => {
    const FIND = 'SELECT code FROM visit WHERE id = $1';
    for (let i = 0; i < 8; i++) await database.db.executeQuery(namedQuery('visit_find', FIND, [String((i % 2) + 1)]));
    expect((await prepared()).find((p) => p.name === 'visit_find')?.generic_plans).toBeGreaterThan(0);
  });

  it('runs inside a transaction, is undone with it, and leaves the connection usable after an error', async () => {
    await expect(
      database.db.transaction().execute(async (tx) => {
        await tx.executeQuery(namedQuery('visit_add', ADD, ['XG03', new Date(), null, 1]));
        await tx.executeQuery(namedQuery('visit_add', ADD, ['XG03', new Date(), null, 2]));
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const codes = await sql<{ code: string }>`SELECT code FROM visit ORDER BY id`.execute(database.db);
    expect(codes.rows.map((r) => r.code)).toEqual(['XG01', 'XG02']);
    const { rows } = await database.db.executeQuery(namedQuery('visit_add', ADD, ['XG04', new Date(), null, 4]));
    expect(rows).toHaveLength(1);
  });
});
