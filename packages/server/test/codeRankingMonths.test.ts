import type { CodeRank } from '@rd/contract';
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollUpScans } from '../src/modules/statistics/rollup.js';
import { createCompany, createUser } from './support/fixtures.js';
import { generationJob } from './support/productFixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

/**
 * The code ranking against a plain count of the raw rows, for ranges inside two months (the month walk over
 * scan_stat_code_month), across month edges in Shanghai days, with rows above the watermark, and for the
 * other ways (all-time totals, raw rows). The scans are pseudo-random but fixed: most spread evenly over the
 * codes (many equal counts near the k-th, so the walk reads past its first page), some on a few codes.
 */
const PASSWORD = 'Rank-Pass-1';
const ZONE = 'Asia/Shanghai';
const CODES = 1500;
let t: TestApp;
let company: string;
let other: string;
let token: string;
let codeIds: string[] = [];
let captured: CompiledQuery[] | null = null;

/** xorshift32: the same scans on every run. */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

interface Scan {
  companyId: string;
  codeId: string | null;
  source: 'CHECK' | 'SCAN' | 'TEST';
  verdict: 'GENUINE' | 'CHECK_FAILED';
  at: Date;
}

/** `n` scans between two instants; one in 40 the simulator's, one in 50 a typing mistake, one in 30 another company's. */
function scans(n: number, from: string, to: string, seed: number): Scan[] {
  const next = random(seed);
  const start = Date.parse(from);
  const span = Date.parse(to) - start;
  return Array.from({ length: n }, () => {
    const code = codeIds[Math.floor(CODES * (next() < 0.2 ? next() ** 3 : next()))]!;
    const roll = next();
    const at = new Date(start + Math.floor(next() * span));
    if (roll < 1 / 40) return { companyId: company, codeId: code, source: 'TEST', verdict: 'GENUINE', at };
    if (roll < 1 / 40 + 1 / 50) return { companyId: company, codeId: null, source: 'CHECK', verdict: 'CHECK_FAILED', at };
    if (roll < 1 / 40 + 1 / 50 + 1 / 30) return { companyId: other, codeId: code, source: 'CHECK', verdict: 'GENUINE', at };
    return { companyId: company, codeId: code, source: roll < 0.5 ? 'CHECK' : 'SCAN', verdict: 'GENUINE', at };
  });
}

async function insert(rows: Scan[]) {
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000);
    await sql`
      INSERT INTO scan_record (company_id, code_id, code_text, source, verdict, scan_seq, area_code, client_type, scanned_at)
      SELECT u.company_id, u.code_id, 'R', u.source, u.verdict, 1, '110000', 'WECHAT', u.at
      FROM unnest(${`{${chunk.map((r) => r.companyId).join(',')}}`}::uuid[],
                  ${`{${chunk.map((r) => r.codeId ?? 'NULL').join(',')}}`}::bigint[],
                  ${`{${chunk.map((r) => r.source).join(',')}}`}::text[],
                  ${`{${chunk.map((r) => r.verdict).join(',')}}`}::text[],
                  ${`{${chunk.map((r) => `"${r.at.toISOString()}"`).join(',')}}`}::timestamptz[])
           AS u(company_id, code_id, source, verdict, at)`.execute(t.database.db);
  }
}

/** The top `limit` codes of the range counted from the raw rows: equal counts by code id. */
async function bruteForce(beginDate: string, endDate: string, limit: number): Promise<Array<{ codeId: string; scans: number }>> {
  const result = await sql<{ codeId: string; scans: number }>`
    SELECT r.code_id::text AS "codeId", count(*)::int AS scans FROM scan_record r
    WHERE r.company_id = ${company}::uuid AND r.code_id IS NOT NULL AND r.source <> 'TEST' AND r.verdict IS DISTINCT FROM 'CHECK_FAILED'
      AND r.scanned_at >= (${beginDate}::date::timestamp AT TIME ZONE ${ZONE})
      AND r.scanned_at < ((${endDate}::date + 1)::timestamp AT TIME ZONE ${ZONE})
    GROUP BY r.code_id ORDER BY count(*) DESC, r.code_id LIMIT ${limit}`.execute(t.database.db);
  return result.rows;
}

async function ranking(beginDate: string, endDate: string, limit: number) {
  const res = await call<CodeRank[]>(t.app, 'GET', '/acc/api/scanCodeRecord/scanCodeRankingList', {
    token,
    query: { beginDate, endDate, limit: String(limit) },
  });
  expect(res.body.code, res.body.msg).toBe('SUCCESS');
  return res.body.data.map((r) => ({ codeId: r.codeId, scans: r.scans }));
}

/** Which ways the ranking took, told from the statements it ran. */
async function rankingWays(beginDate: string, endDate: string, limit: number) {
  const log: CompiledQuery[] = [];
  captured = log;
  await ranking(beginDate, endDate, limit).finally(() => {
    captured = null;
  });
  const statements = log.map((q) => q.sql);
  return {
    monthWalk: statements.some((s) => /FROM scan_stat_code_month m\s+WHERE m.company_id = \$\d+::uuid AND m.month = \$\d+::date\s+ORDER BY/.test(s)),
    secondRead: statements.some((s) => s.includes('AS walked')),
    totalsWalk: statements.some((s) => s.includes('from "scan_stat_code"')),
    rawRows: statements.some((s) => /GROUP BY r.code_id\s+ORDER BY scans DESC, r.code_id/.test(s)),
  };
}

/** Ranges inside two months: across the February/March edge in Shanghai days, inside one month, ending at a month's end. */
const IN_TWO_MONTHS = [
  ['2026-02-10', '2026-03-12'],
  ['2026-01-25', '2026-02-20'],
  ['2026-03-01', '2026-03-31'],
  ['2026-02-28', '2026-03-28'],
  ['2026-03-15', '2026-04-10'],
] as const;

beforeAll(async () => {
  t = await startTestApp({ STATS_ROLLUP_SECONDS: '0', BUSINESS_TIME_ZONE: ZONE }, undefined, { queryLog: (q) => captured?.push(q) });
  const db = t.database.db;
  company = await createCompany(db, 'Rank A');
  other = await createCompany(db, 'Rank B');
  await createUser(db, { username: 'rankAdmin', password: PASSWORD, userType: '3', companyId: company, roles: ['ENTERPRISE_ADMIN'] });
  token = await signIn(t.app, 'rankAdmin', PASSWORD);
  const job = await generationJob(db, company);
  await sql`
    INSERT INTO code (code, company_id, rule_id, record_id, status)
    SELECT 'RANK' || n, ${company}::uuid, ${job.ruleId}::uuid, ${job.recordId}::uuid, 'ACTIVATED'
    FROM generate_series(1, ${CODES}) n`.execute(db);
  codeIds = (await db.selectFrom('code').select('id').where('company_id', '=', company).orderBy('id').execute()).map((c) => c.id);

  // Rolled up in small chunks, so rows of the same code and month are merged many times over.
  await insert(scans(16_000, '2026-01-20T00:00:00Z', '2026-04-11T00:00:00Z', 7));
  // Both sides of Shanghai midnight between February and March (16:00 UTC).
  await insert([
    ...Array.from({ length: 30 }, (): Scan => ({ companyId: company, codeId: codeIds[5]!, source: 'CHECK', verdict: 'GENUINE', at: new Date('2026-02-28T15:59:59Z') })),
    ...Array.from({ length: 30 }, (): Scan => ({ companyId: company, codeId: codeIds[6]!, source: 'CHECK', verdict: 'GENUINE', at: new Date('2026-02-28T16:00:00Z') })),
  ]);
  await rollUpScans(db, ZONE, { chunk: 3000 });
  await insert(scans(3000, '2026-02-01T00:00:00Z', '2026-04-01T00:00:00Z', 11));
  await rollUpScans(db, ZONE, { chunk: 1000 });
  // Above the watermark: counted from the raw rows.
  await insert(scans(2000, '2026-02-15T00:00:00Z', '2026-03-20T00:00:00Z', 13));
});
afterAll(() => t.close());

/** The month rows as stored, and as counted afresh from the rolled-up raw rows. */
async function monthRows() {
  const expected = await sql<{ month: string; codeId: string; scans: number; days: string; totals: string }>`
    SELECT x.month::text, x.code_id::text AS "codeId", sum(x.n)::int AS scans,
           array_agg(x.day::text ORDER BY x.day)::text AS days, array_agg(x.running ORDER BY x.day)::text AS totals
    FROM (
      SELECT d.*, sum(d.n) OVER (PARTITION BY d.month, d.code_id ORDER BY d.day) AS running
      FROM (
        SELECT m.month, c.code_id, c.day, c.n FROM (
          SELECT r.code_id, (r.scanned_at AT TIME ZONE ${ZONE})::date AS day, count(*) AS n FROM scan_record r
          WHERE r.id <= (SELECT rolled_up_to FROM scan_stat_state) AND r.company_id = ${company}::uuid AND r.code_id IS NOT NULL
            AND r.source <> 'TEST' AND r.verdict IS DISTINCT FROM 'CHECK_FAILED'
          GROUP BY 1, 2
        ) c
        CROSS JOIN LATERAL (VALUES (date_trunc('month', c.day::timestamp)::date),
                                   ((date_trunc('month', c.day::timestamp) - interval '1 month')::date)) m(month)
      ) d
    ) x
    GROUP BY x.month, x.code_id ORDER BY 1, 2`.execute(t.database.db);
  const stored = await sql<{ month: string; codeId: string; scans: number; days: string; totals: string }>`
    SELECT m.month::text, m.code_id::text AS "codeId", m.scans::int AS scans, m.days::text[]::text AS days, m.totals::text AS totals
    FROM scan_stat_code_month m WHERE m.company_id = ${company}::uuid ORDER BY 1, 2`.execute(t.database.db);
  return { expected: expected.rows, stored: stored.rows };
}

describe('code ranking by month rows', () => {
  it('keeps per code and month the rolled-up scans of that month and the next, with running totals by day', async () => {
    const { expected, stored } = await monthRows();
    expect(expected.length).toBeGreaterThan(CODES);
    expect(stored).toEqual(expected);
  });

  it('ranks a range inside two months exactly, with rows above the watermark, by walking its month rows', async () => {
    for (const [begin, end] of IN_TWO_MONTHS) {
      for (const limit of [1, 10, 100]) {
        expect(await ranking(begin, end, limit), `${begin}..${end} top ${limit}`).toEqual(await bruteForce(begin, end, limit));
      }
    }
    expect(await rankingWays('2026-02-10', '2026-03-12', 10)).toMatchObject({ monthWalk: true, rawRows: false });
    // A week: past the first read, still fewer rows than a quarter of the range's raw rows.
    expect(await rankingWays('2026-03-05', '2026-03-12', 10)).toMatchObject({ monthWalk: true, secondRead: true, rawRows: false });
  });

  it('gives way to the raw rows when more month rows would be walked than a quarter of the raw rows', async () => {
    expect(await rankingWays('2026-02-01', '2026-02-06', 10)).toEqual({ monthWalk: true, secondRead: true, totalsWalk: false, rawRows: true });
    expect(await ranking('2026-02-01', '2026-02-06', 10)).toEqual(await bruteForce('2026-02-01', '2026-02-06', 10));
    // Too few raw rows to try the walk at all.
    expect(await rankingWays('2026-03-02', '2026-03-03', 10)).toEqual({ monthWalk: false, secondRead: false, totalsWalk: false, rawRows: true });
  });

  it('cuts the months at midnight in the business zone, and orders equal counts by code id', async () => {
    // 30 scans of one code a second before Shanghai midnight (still February), 30 of another at midnight (March).
    const feb = await ranking('2026-02-16', '2026-02-28', 10);
    const mar = await ranking('2026-03-01', '2026-03-12', 10);
    expect(feb).toEqual(await bruteForce('2026-02-16', '2026-02-28', 10));
    expect(mar).toEqual(await bruteForce('2026-03-01', '2026-03-12', 10));
    expect(feb.find((r) => r.codeId === codeIds[5])?.scans).toBeGreaterThanOrEqual(30);
    expect(mar.find((r) => r.codeId === codeIds[6])?.scans).toBeGreaterThanOrEqual(30);
    expect(await rankingWays('2026-02-16', '2026-02-28', 10)).toMatchObject({ monthWalk: true, rawRows: false });
    expect(await rankingWays('2026-03-01', '2026-03-12', 10)).toMatchObject({ monthWalk: true, rawRows: false });
    const all = await ranking('2026-02-20', '2026-03-10', 100);
    expect(all).toEqual(await bruteForce('2026-02-20', '2026-03-10', 100));
    for (let i = 1; i < all.length; i += 1) {
      const [a, b] = [all[i - 1]!, all[i]!];
      expect(a.scans > b.scans || (a.scans === b.scans && BigInt(a.codeId) < BigInt(b.codeId))).toBe(true);
    }
  });

  it('ranks other ranges exactly the other ways: the whole year from all-time totals, three months as chosen', async () => {
    expect(await rankingWays('2026-01-01', '2026-12-31', 10)).toMatchObject({ monthWalk: false, totalsWalk: true, rawRows: false });
    expect(await rankingWays('2026-01-31', '2026-03-31', 10)).toMatchObject({ monthWalk: false });
    for (const [begin, end] of [
      ['2026-03-02', '2026-03-03'],
      ['2026-01-31', '2026-03-31'],
      ['2026-01-01', '2026-12-31'],
    ] as const) {
      expect(await ranking(begin, end, 20), `${begin}..${end}`).toEqual(await bruteForce(begin, end, 20));
    }
  });

  it('stays exact once everything is rolled up, the new days appended to the rows', async () => {
    // Scans of one code a day apart, each rolled up alone: on the row's last day, then after it.
    for (const at of ['2026-03-20T01:00:00Z', '2026-03-20T02:00:00Z', '2026-03-21T01:00:00Z']) {
      await insert([{ companyId: company, codeId: codeIds[7]!, source: 'CHECK', verdict: 'GENUINE', at: new Date(at) }]);
      await rollUpScans(t.database.db, ZONE);
    }
    const { expected, stored } = await monthRows();
    expect(stored).toEqual(expected);
    for (const [begin, end] of IN_TWO_MONTHS) {
      expect(await ranking(begin, end, 10), `${begin}..${end}`).toEqual(await bruteForce(begin, end, 10));
    }
  });
});
