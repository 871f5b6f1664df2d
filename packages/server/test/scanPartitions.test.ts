import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOKEN_HEADER, type ScanCheckResult } from '@rd/contract';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, existingMonths, keepScanPartitions, monthOf, partitionName } from '../src/modules/scanRecord/partitions.js';
import { totalCount } from '../src/modules/statistics/counts.js';
import { rollUpScans } from '../src/modules/statistics/rollup.js';
import { inStatSnapshot } from '../src/modules/statistics/snapshot.js';
import { openDatabase, type Database } from '../src/platform/db/database.js';
import { migrate, MIGRATIONS_DIR } from '../src/platform/db/migrate.js';
import type { DB } from '../src/platform/db/schema.js';
import { createCompany, createUser } from './support/fixtures.js';
import { boundCode, generationJob } from './support/productFixtures.js';
import { TEST_DB_KIND, call, createScratchDatabase, signIn, startTestApp, type TestApp } from './support/testApp.js';

const ZONE = 'Asia/Shanghai';
const CURRENT = monthOf(new Date());

/** The partition a row is stored in now. */
async function partitionOf(db: Kysely<DB>, id: string): Promise<string> {
  const row = await sql<{ part: string }>`SELECT tableoid::regclass::text AS part FROM scan_record WHERE id = ${id}::bigint`.execute(db);
  return row.rows[0]!.part;
}

async function insertScan(db: Kysely<DB>, companyId: string | null, scannedAt: string | Date): Promise<string> {
  const row = await db
    .insertInto('scan_record')
    .values({ company_id: companyId, code_text: 'X', source: 'CHECK', verdict: 'GENUINE', scan_seq: 1, area_code: '440000', scanned_at: scannedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe(`scan_record partitions (${TEST_DB_KIND})`, () => {
  it('the migration converts an existing scan_record with its rows into months, and ids carry on', async () => {
    const scratch = TEST_DB_KIND === 'postgres' ? await createScratchDatabase(process.env.TEST_DATABASE_URL as string) : null;
    const database: Database = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir: 'memory://' });
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-migrations-'));
    try {
      for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f < '0022')) {
        fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
      }
      await migrate(database, before);
      const db = database.db;
      const times = ['2025-11-15T08:00:00Z', '2026-01-31T23:59:59.999Z', '2026-02-01T00:00:00Z', new Date().toISOString()];
      const ids: string[] = [];
      for (const at of times) ids.push(await insertScan(db, null, at));
      await sql`UPDATE scan_record SET attach_token = 'secret' WHERE id = ${ids[3]}::bigint`.execute(db);

      // the conversion alone (later migrations are not this test's subject)
      fs.copyFileSync(path.join(MIGRATIONS_DIR, '0022_scan_record_partitions.sql'), path.join(before, '0022_scan_record_partitions.sql'));
      expect(await migrate(database, before)).toEqual(['0022_scan_record_partitions.sql']);

      const kind = await sql<{ kind: string }>`SELECT relkind::text AS kind FROM pg_class WHERE oid = 'scan_record'::regclass`.execute(db);
      expect(kind.rows[0]!.kind).toBe('p');
      const rows = await db.selectFrom('scan_record').select(['id', 'scanned_at', 'attach_token']).orderBy('id').execute();
      expect(rows.map((r) => r.id)).toEqual(ids);
      expect(rows.map((r) => new Date(r.scanned_at).toISOString())).toEqual(times.map((at) => new Date(at).toISOString()));
      expect(rows[3]!.attach_token).toBe('secret');
      // UTC months, bounds included at the start and excluded at the end
      expect(await partitionOf(db, ids[1]!)).toBe('scan_record_y2026m01');
      expect(await partitionOf(db, ids[2]!)).toBe('scan_record_y2026m02');
      expect(await partitionOf(db, ids[3]!)).toBe(partitionName(CURRENT));
      // every month from the oldest row to three ahead, none missing
      const months = await existingMonths(db);
      expect(months[0]).toBe('2025-11');
      expect(months[months.length - 1]).toBe(addMonths(CURRENT, 3));
      months.forEach((month, i) => i > 0 && expect(addMonths(months[i - 1]!, 1)).toBe(month));
      const next = await insertScan(db, null, new Date());
      expect(BigInt(next)).toBeGreaterThan(BigInt(ids[3]!));
    } finally {
      fs.rmSync(before, { recursive: true, force: true });
      await database.close();
      await scratch?.drop();
    }
  });

  describe('upkeep', () => {
    let t: TestApp;
    let company: string;
    beforeAll(async () => {
      t = await startTestApp({ STATS_ROLLUP_SECONDS: '0' });
      company = await createCompany(t.database.db, 'Partition Co');
    });
    afterAll(() => t.close());

    it('adds the months ahead and moves a row that came before its month into it', async () => {
      const db = t.database.db;
      const early = await insertScan(db, company, '2024-06-10T12:00:00Z');
      expect(await partitionOf(db, early)).toBe('scan_record_default');

      const later = new Date();
      later.setUTCMonth(later.getUTCMonth() + 5, 1);
      const result = await keepScanPartitions(db, { retentionMonths: 0, rollupsInUse: true, now: later });
      expect(result.added).toContain('2024-06');
      expect(result.added).toContain(addMonths(monthOf(later), 3));
      expect(result.dropped).toEqual([]);
      expect(await partitionOf(db, early)).toBe('scan_record_y2024m06');
      const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM scan_record_default`.execute(db);
      expect(left.rows[0]!.n).toBe(0);

      // N instances at once: each change is made once, nobody fails
      const further = new Date(later);
      further.setUTCMonth(further.getUTCMonth() + 6, 1);
      const rounds = await Promise.all([1, 2, 3].map(() => keepScanPartitions(db, { retentionMonths: 0, rollupsInUse: true, now: further })));
      const added = rounds.flatMap((r) => r.added).sort();
      expect(new Set(added).size).toBe(added.length);
      expect(await existingMonths(db)).toContain(addMonths(monthOf(further), 3));
    });

    it('drops months past the retention once the rollups have counted them, keeping their statistics', async () => {
      const db = t.database.db;
      const june = { begin: '2024-06-01', end: '2024-06-30' };
      const stray = await insertScan(db, company, '2020-01-05T00:00:00Z');
      const count = () => inStatSnapshot(db, ZONE, (s) => totalCount(s, company, june));
      expect((await count()).scans).toBe(1);

      // not rolled up yet: the month stays, the stray row in DEFAULT (older than the retention) goes
      const first = await keepScanPartitions(db, { retentionMonths: 12, rollupsInUse: true });
      expect(first.dropped).toEqual([]);
      expect(first.added).not.toContain('2020-01');
      expect(await db.selectFrom('scan_record').select('id').where('id', '=', stray).execute()).toEqual([]);
      expect(await existingMonths(db)).toContain('2024-06');

      await rollUpScans(db, ZONE);
      const second = await keepScanPartitions(db, { retentionMonths: 12, rollupsInUse: true });
      expect(second.dropped).toContain('2024-06');
      expect(await existingMonths(db)).not.toContain('2024-06');
      const gone = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_class WHERE relname = 'scan_record_y2024m06'`.execute(db);
      expect(gone.rows[0]!.n).toBe(0);
      // the month's raw rows are gone, its counted scans are not
      expect((await count()).scans).toBe(1);
      // the current month and those ahead are never touched
      expect(await existingMonths(db)).toContain(CURRENT);
    });
  });
});

/**
 * Every table a statement's plan reads (EXPLAIN without ANALYZE runs nothing, writes included). An UPDATE's
 * "Target Tables" are left out: PostgreSQL 15 lists every partition there, read or not; the scans below
 * them show what is read once the partitions are pruned.
 */
async function tablesRead(db: Kysely<DB>, query: CompiledQuery): Promise<string[]> {
  const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${query.sql}`, [...query.parameters]));
  const raw = result.rows[0]!['QUERY PLAN'];
  const plan: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const names: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'Relation Name' && typeof value === 'string') names.push(value);
        else if (key !== 'Target Tables') walk(value);
      }
    }
  };
  walk(plan);
  return names;
}

describe(`statistics, list, export and check read only the months they need (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let token: string;
  let captured: CompiledQuery[] | null = null;
  const CODE = '100000000001';

  beforeAll(async () => {
    t = await startTestApp({ STATS_ROLLUP_SECONDS: '0', LOGIN_MAX_FAILURES_PER_IP: '1000' }, undefined, {
      queryLog: (query) => captured?.push(query),
    });
    const db = t.database.db;
    const company = await createCompany(db, 'Pruning Co');
    await createUser(db, { username: 'pruneAdmin', password: 'Prune-Pass-1', userType: '3', companyId: company, roles: ['ENTERPRISE_ADMIN'] });
    token = await signIn(t.app, 'pruneAdmin', 'Prune-Pass-1');
    const job = await generationJob(db, company);
    await boundCode(db, company, job, { code: CODE, productId: null, batchId: null, status: 'ACTIVATED', activatedAt: new Date() });
    // a few scans in each month from January to May 2026, rolled up; then fresh ones in March
    for (let month = 1; month <= 5; month += 1) {
      for (const day of ['03', '15', '28']) await insertScan(db, company, `2026-0${month}-${day}T04:00:00Z`);
    }
    await keepScanPartitions(db, { retentionMonths: 0, rollupsInUse: true });
    await rollUpScans(db, ZONE);
    await insertScan(db, company, '2026-03-20T04:00:00Z');
  });
  afterAll(() => t.close());

  /**
   * Runs `request`, then the plan of every statement it ran on scan_record; the partitions those read.
   * `viaKysely: false` for the check, which on PostgreSQL runs a prepared statement on the pool directly
   * (the embedded database runs the same text through Kysely, so it is read there).
   */
  async function partitionsRead(request: () => Promise<{ status: number }>, viaKysely = true): Promise<Set<string>> {
    captured = [];
    const res = await request();
    const statements = captured.filter((q) => /\bscan_record\b/.test(q.sql));
    captured = null;
    expect(res.status).toBe(200);
    if (viaKysely || TEST_DB_KIND === 'pglite') expect(statements.length).toBeGreaterThan(0);
    const read = new Set<string>();
    for (const statement of statements) {
      for (const name of await tablesRead(t.database.db, statement)) if (name.startsWith('scan_record_')) read.add(name);
    }
    return read;
  }

  it('every statistics call, the list and the export of March read February and March (UTC) only, today aside', async () => {
    const march = { beginDate: '2026-03-01', endDate: '2026-03-31' };
    const today = new Date();
    const yesterday = new Date(today.getTime() - 86_400_000);
    const allowed = new Set(['2026-02', '2026-03', monthOf(today), monthOf(yesterday)].map(partitionName));
    const api = '/acc/api/scanCodeRecord';
    const calls: Array<[string, () => Promise<{ status: number }>]> = [
      ['quantityDisplayList', () => call(t.app, 'POST', `${api}/quantityDisplayList`, { token, body: march })],
      ['areaScanningCodeList', () => call(t.app, 'POST', `${api}/areaScanningCodeList`, { token, body: march })],
      ['scanMapList', () => call(t.app, 'GET', `${api}/scanMapList`, { token, query: march })],
      ['weeklyCodeList', () => call(t.app, 'POST', `${api}/weeklyCodeList`, { token, body: march })],
      ['clientTypeList', () => call(t.app, 'GET', `${api}/clientTypeList`, { token, query: march })],
      ['productRankingList', () => call(t.app, 'POST', `${api}/productRankingList`, { token, body: { ...march, limit: 10 } })],
      ['scanCodeRankingList', () => call(t.app, 'GET', `${api}/scanCodeRankingList`, { token, query: { ...march, limit: '10' } })],
      ['pageList', () => call(t.app, 'POST', `${api}/pageList`, { token, body: { ...march, pageNum: 1, pageSize: 10 } })],
      ['pageList with a verdict', () => call(t.app, 'POST', `${api}/pageList`, { token, body: { ...march, verdict: 'GENUINE', pageNum: 1, pageSize: 10 } })],
      ['export', () => t.app.inject({ method: 'GET', url: `${api}/export`, query: march, headers: { [TOKEN_HEADER]: token } }).then((r) => ({ status: r.statusCode }))],
    ];
    const seen = new Set<string>();
    for (const [name, request] of calls) {
      const read = await partitionsRead(request);
      expect([...read].filter((p) => !allowed.has(p)), name).toEqual([]);
      read.forEach((p) => seen.add(p));
    }
    // the plans did read partitions: March's rows are where they were looked for
    expect(seen).toContain('scan_record_y2026m03');
  });

  it('a check writes its record without reading any month; placing it by its token reads the current month only', async () => {
    let scanToken = '';
    const checkRead = await partitionsRead(async () => {
      const res = await call<ScanCheckResult>(t.app, 'GET', '/acc/api/securityCode/check', { query: { code: CODE }, ip: '114.222.1.1' });
      scanToken = res.body.data.scanToken ?? '';
      return res;
    }, false);
    expect([...checkRead]).toEqual([]);
    const now = new Date();
    const allowed = new Set([monthOf(now), monthOf(new Date(now.getTime() - 30 * 60_000))].map(partitionName));
    const attachRead = await partitionsRead(() =>
      call(t.app, 'POST', '/acc/api/scanCodeRecord/add', { body: { scanToken, lat: 32.06, lng: 118.79 }, ip: '114.222.1.1' }),
    );
    expect(attachRead.size).toBeGreaterThan(0);
    expect([...attachRead].filter((p) => !allowed.has(p))).toEqual([]);
  });
});
