// Scan statistics on PostgreSQL, through the real routes (app.inject: access check, validation, envelope):
//   seeds 10,000,000 scan records over the last 365 days for 2 companies, 100,000 codes and 50 products, every
//   province and client type, rolls them up, then times every statistics call 20 times for a 30-day and a
//   one-year range (p50, p95; target: p95 <= 50 ms for every call and range).
// Seeding: INSERT ... SELECT FROM generate_series in chunks of 1,000,000 rows, in scanned_at order (as a real
// table fills), each chunk timed; then the rollup step (the same code the server runs every minute), then
// VACUUM ANALYZE. A last pass inserts scans while the calls run and checks the answers stay exact (the key
// figures and the 30-day code ranking against a count of the raw rows).
// Run: npm run bench:stats   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
// BENCH_SCANS, default 10,000,000; BENCH_KEEP=1 keeps the scratch database, BENCH_REUSE=<its URL> times the calls on
// it again without seeding, after applying any newer migration). Other load on the machine slows
// every figure: the load average is printed with them.
import os from 'node:os';
import pg from 'pg';
import { PROVINCES, SCAN_CLIENT_TYPES, TOKEN_HEADER } from '@rd/contract';
import { buildApp } from '../packages/server/src/app.js';
import { ensureMonths, monthOf } from '../packages/server/src/modules/scanRecord/partitions.js';
import { rollUpScans } from '../packages/server/src/modules/statistics/rollup.js';
import { businessClock } from '../packages/server/src/platform/export/businessClock.js';
import { hashPassword } from '../packages/server/src/platform/auth/password.js';
import { loadConfig } from '../packages/server/src/platform/config.js';
import { openDatabase } from '../packages/server/src/platform/db/database.js';
import { migrate } from '../packages/server/src/platform/db/migrate.js';
import { createFileStorage } from '../packages/server/src/platform/files/storage.js';
import { newBusinessCode } from '../packages/server/src/platform/ids.js';
import { seedDictionaries } from '../packages/server/src/seed/dictionarySeed.js';
import { seedPlatform } from '../packages/server/src/seed/platformSeed.js';
import { scratchDatabase } from './support/scratchDatabase.js';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCANS = Number(process.env.BENCH_SCANS ?? 10_000_000);
const CODES_PER_COMPANY = 50_000;
const PRODUCTS_PER_COMPANY = 25;
const CHUNK = 1_000_000;
const RUNS = 20;
const TARGET_MS = 50;
const PASSWORD = 'Bench-Pass-1';
const TZ = 'Asia/Shanghai';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' / ');

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await fn();
  console.log(`  ${label}: ${seconds(performance.now() - started)}`);
  return result;
}

/** A company with an admin, 25 products, one rule and job, and 50,000 codes (80 % activated). */
interface Company {
  companyId: string;
  firstCodeId: string;
  products: string[];
}

async function seedCompany(pool: pg.Pool, index: number): Promise<Company> {
  const company = await pool.query<{ id: string }>(`INSERT INTO company (merchant_code, full_name) VALUES ($1, $2) RETURNING id`, [
    newBusinessCode('M'),
    `Bench company ${index}`,
  ]);
  const companyId = company.rows[0]!.id;
  const user = await pool.query<{ id: string }>(
    `INSERT INTO app_user (user_code, username, name, password_hash, user_type, company_id) VALUES ($1, $2, $2, $3, '3', $4) RETURNING id`,
    [newBusinessCode('U'), `bench${index}`, await hashPassword(PASSWORD), companyId],
  );
  await pool.query(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE role_code = 'ENTERPRISE_ADMIN'`, [user.rows[0]!.id]);
  const products = await pool.query<{ id: string }>(
    `INSERT INTO product (company_id, name) SELECT $1, 'Product ' || $2 || '-' || n FROM generate_series(1, ${PRODUCTS_PER_COMPANY}) n RETURNING id`,
    [companyId, index],
  );
  const rule = await pool.query<{ id: string }>(
    `INSERT INTO tag_rule (company_id, rule_name, body_length, alphabet) VALUES ($1, 'bench', 12, 'DIGITS') RETURNING id`,
    [companyId],
  );
  const job = await pool.query<{ id: string }>(
    `INSERT INTO code_record (company_id, rule_id, quantity, progress, status) VALUES ($1, $2, $3, $3, 'DONE') RETURNING id`,
    [companyId, rule.rows[0]!.id, CODES_PER_COMPANY],
  );
  const productIds = products.rows.map((p) => p.id);
  const codes = await pool.query<{ first: string }>(
    `INSERT INTO code (code, company_id, rule_id, record_id, status, product_id, activated_at)
     SELECT 'BENCH' || $5::int || '-' || n, $1, $2, $3,
            CASE WHEN n % 5 = 0 THEN 'NOT_ACTIVATED' ELSE 'ACTIVATED' END,
            ($4::uuid[])[1 + n % ${PRODUCTS_PER_COMPANY}], CASE WHEN n % 5 = 0 THEN NULL ELSE now() END
     FROM generate_series(0, ${CODES_PER_COMPANY - 1}) n
     RETURNING id`,
    [companyId, rule.rows[0]!.id, job.rows[0]!.id, productIds, index],
  );
  const first = codes.rows.map((c) => BigInt(c.id)).reduce((a, b) => (a < b ? a : b));
  return { companyId, firstCodeId: first.toString(), products: productIds };
}

/**
 * Scan records n in [from, to): in time order over the last 365 days, alternating companies, a uniformly
 * random code of the company (its product follows from the code), province and client type; 2 % suspicious,
 * 1 % the simulator's TEST rows (which statistics must leave out).
 */
async function insertScans(pool: pg.Pool, companies: Company[], from: number, to: number) {
  const areas = PROVINCES.map((p) => p.code);
  await pool.query(
    `INSERT INTO scan_record (company_id, code_id, code_text, product_id, source, verdict, scan_seq, suspicious, area_code, province,
                              client_type, ip, scanned_at)
     SELECT c.company_id, c.code_id, 'BENCH' || c.company_index || '-' || c.code_index, c.product_id,
            CASE WHEN random() < 0.01 THEN 'TEST' ELSE 'CHECK' END,
            CASE WHEN random() < 0.3 THEN 'REPEATED' ELSE 'GENUINE' END, 1, random() < 0.02,
            c.area, c.area, ($4::text[])[1 + floor(random() * ${SCAN_CLIENT_TYPES.length})::int], '203.0.113.7',
            now() - interval '365 days' + (n::float8 / $5) * interval '365 days'
     FROM generate_series($1::bigint, $2::bigint - 1) n
     CROSS JOIN LATERAL (
       SELECT (ARRAY[$6::uuid, $7::uuid])[1 + (n % 2)::int] AS company_id,
              (n % 2)::int AS company_index,
              k AS code_index,
              (ARRAY[$8::bigint, $9::bigint])[1 + (n % 2)::int] + k AS code_id,
              (CASE WHEN n % 2 = 0 THEN $10::uuid[] ELSE $11::uuid[] END)[1 + k % ${PRODUCTS_PER_COMPANY}] AS product_id,
              ($3::text[])[1 + floor(random() * ${areas.length})::int] AS area
       FROM (SELECT floor(random() * ${CODES_PER_COMPANY})::int AS k) r
     ) c`,
    [
      from,
      to,
      areas,
      [...SCAN_CLIENT_TYPES],
      SCANS,
      companies[0]!.companyId,
      companies[1]!.companyId,
      companies[0]!.firstCodeId,
      companies[1]!.firstCodeId,
      companies[0]!.products,
      companies[1]!.products,
    ],
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** 2 companies with their products and codes, then SCANS scan records, rolled up; timed step by step. */
async function seed(database: Awaited<ReturnType<typeof openDatabase>>): Promise<Company[]> {
  const pool = database.pool!;
  await migrate(database);
  await seedPlatform(database.db);
  await seedDictionaries(database.db);
  console.log('seeding');
  const companies = await timed(`2 companies, ${2 * PRODUCTS_PER_COMPANY} products, ${2 * CODES_PER_COMPANY} codes`, async () => [
    await seedCompany(pool, 0),
    await seedCompany(pool, 1),
  ]);
  // The year's monthly partitions first, so every row is written straight into its month.
  await timed('monthly partitions of the year', () =>
    ensureMonths(database.db, monthOf(new Date(Date.now() - 366 * 86_400_000)), monthOf(new Date())),
  );
  const seedStart = performance.now();
  for (let from = 0; from < SCANS; from += CHUNK) {
    const to = Math.min(SCANS, from + CHUNK);
    await timed(`scan records ${from.toLocaleString('en')}..${to.toLocaleString('en')} (INSERT ... SELECT generate_series)`, () =>
      insertScans(pool, companies, from, to),
    );
  }
  console.log(`  all scan records: ${seconds(performance.now() - seedStart)}`);
  const rolled = await timed('rollup step over every record', () => rollUpScans(database.db, TZ));
  console.log(`    ids covered: ${rolled.idsCovered.toLocaleString('en')}`);
  await timed('VACUUM ANALYZE', () => pool.query('VACUUM ANALYZE'));
  return companies;
}

/** The companies of a database seeded by an earlier run (BENCH_REUSE). */
async function seeded(pool: pg.Pool): Promise<Company[]> {
  const companies: Company[] = [];
  for (const index of [0, 1]) {
    const row = await pool.query<{ company_id: string; first: string; products: string[] }>(
      `SELECT u.company_id, (SELECT min(id) FROM code c WHERE c.company_id = u.company_id)::text AS first,
              array(SELECT p.id::text FROM product p WHERE p.company_id = u.company_id ORDER BY p.name) AS products
       FROM app_user u WHERE u.username = $1`,
      [`bench${index}`],
    );
    const r = row.rows[0]!;
    companies.push({ companyId: r.company_id, firstCodeId: r.first, products: r.products });
  }
  return companies;
}

async function main() {
  // BENCH_REUSE=<database URL> times the calls on a database kept by an earlier run (BENCH_KEEP=1).
  const reuse = process.env.BENCH_REUSE;
  const scratch = reuse ? { url: reuse, drop: async () => {} } : await scratchDatabase(SERVER_URL);
  console.log(`statistics bench: ${SCANS.toLocaleString('en')} scan records, PostgreSQL ${scratch.url.replace(/\/\/[^@]*@/, '//')}${reuse ? ' (reused)' : ''}`);
  console.log(`machine: ${os.cpus().length} CPUs, load average ${load()} (1 / 5 / 15 min)`);
  const config = loadConfig({ DATABASE_URL: scratch.url, DATA_DIR: 'memory://', LOG_LEVEL: 'silent', STATS_ROLLUP_SECONDS: '0', BUSINESS_TIME_ZONE: TZ });
  const database = await openDatabase(config);
  try {
    const pool = database.pool!;
    if (reuse) await timed('migrations not yet applied', () => migrate(database));
    const companies = reuse ? await seeded(pool) : await seed(database);
    // scan_record is partitioned: its size and rows are the sums over its partitions.
    const sizes = await pool.query(
      `SELECT t.name AS relname, pg_size_pretty(sum(pg_total_relation_size(t.relid))) AS size,
              sum(greatest(c.reltuples, 0))::bigint AS rows, count(*) AS tables
       FROM (SELECT 'scan_record' AS name, relid FROM pg_partition_tree('scan_record') WHERE isleaf
             UNION ALL SELECT relname::text, oid FROM pg_class WHERE relname IN ('scan_stat_day', 'scan_stat_code', 'scan_stat_code_month')) t
       JOIN pg_class c ON c.oid = t.relid
       GROUP BY t.name ORDER BY t.name`,
    );
    for (const s of sizes.rows) {
      console.log(`  ${s.relname}: ${Number(s.rows).toLocaleString('en')} rows, ${s.size}${s.relname === 'scan_record' ? ` in ${s.tables} partitions` : ''}`);
    }

    const app = await buildApp({ database, db: database.db, config, storage: createFileStorage('memory://') }, { logger: false });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/acc/user/login', payload: { username: 'bench0', password: PASSWORD } });
    const token = (login.json() as { data: { token: string } }).data.token;
    const today = businessClock(TZ).date();
    const daysBefore = (n: number) => {
      const d = new Date(`${today}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - n);
      return d.toISOString().slice(0, 10);
    };
    const ranges = { '30 days': { beginDate: daysBefore(29), endDate: today }, 'one year': { beginDate: daysBefore(364), endDate: today } };
    const API = '/acc/api/scanCodeRecord';
    const calls: Array<{ name: string; method: 'GET' | 'POST'; path: string; extra?: Record<string, unknown> }> = [
      { name: 'quantityDisplayList', method: 'POST', path: 'quantityDisplayList' },
      { name: 'areaScanningCodeList', method: 'POST', path: 'areaScanningCodeList' },
      { name: 'scanMapList', method: 'GET', path: 'scanMapList' },
      { name: 'weeklyCodeList', method: 'POST', path: 'weeklyCodeList' },
      { name: 'clientTypeList', method: 'GET', path: 'clientTypeList' },
      { name: 'productRankingList', method: 'POST', path: 'productRankingList' },
      { name: 'scanCodeRankingList', method: 'GET', path: 'scanCodeRankingList' },
      { name: 'pageList', method: 'POST', path: 'pageList', extra: { pageNum: 1, pageSize: 10 } },
      { name: 'pageList (province)', method: 'POST', path: 'pageList', extra: { pageNum: 1, pageSize: 10, areaCode: '440000' } },
    ];
    const invoke = async (call: (typeof calls)[number], range: Record<string, string>) => {
      const params = { ...range, ...call.extra };
      const res =
        call.method === 'GET'
          ? await app.inject({ method: 'GET', url: `${API}/${call.path}`, query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), headers: { [TOKEN_HEADER]: token } })
          : await app.inject({ method: 'POST', url: `${API}/${call.path}`, payload: params, headers: { [TOKEN_HEADER]: token } });
      const body = res.json() as { code: string; msg: string; data: unknown };
      if (body.code !== 'SUCCESS') throw new Error(`${call.name}: ${body.code} ${body.msg}`);
      return body.data;
    };

    console.log(`\ncalls (${RUNS} runs each, company 0 ≈ ${(SCANS / 2).toLocaleString('en')} records; ms; load average ${load()})`);
    console.log(`${'call'.padEnd(22)} ${'range'.padEnd(9)} ${'p50'.padStart(7)} ${'p95'.padStart(7)}  target ${TARGET_MS} (p95)`);
    let missed = 0;
    for (const call of calls) {
      for (const [label, range] of Object.entries(ranges)) {
        await invoke(call, range); // warm-up, not counted
        const times: number[] = [];
        for (let i = 0; i < RUNS; i += 1) {
          const started = performance.now();
          await invoke(call, range);
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        const p95 = percentile(times, 95);
        const within = p95 <= TARGET_MS;
        if (!within) missed += 1;
        console.log(
          `${call.name.padEnd(22)} ${label.padEnd(9)} ${percentile(times, 50).toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(7)}  ${within ? 'ok' : `> ${TARGET_MS}`}`,
        );
      }
    }

    // Exactness under concurrent scans: writers insert while a rollup step runs and calls are answered; at the
    // end the statistics' total must equal a plain count of the raw rows.
    console.log('\nexact under concurrent scans: 4 writers x 500 inserts, rollup steps and calls meanwhile');
    const writer = async (w: number) => {
      for (let i = 0; i < 500; i += 1) {
        await pool.query(
          `INSERT INTO scan_record (company_id, code_id, code_text, source, area_code, client_type, scanned_at)
           VALUES ($1, $2::bigint + $3, 'W', 'CHECK', '440000', 'WECHAT', now())`,
          [companies[0]!.companyId, companies[0]!.firstCodeId, (w * 500 + i) % CODES_PER_COMPANY],
        );
      }
    };
    const year = ranges['one year'];
    let checks = 0;
    let stop = false;
    const reader = (async () => {
      while (!stop) {
        await rollUpScans(database.db, TZ);
        await invoke(calls[0]!, year);
        checks += 1;
      }
    })();
    await Promise.all([0, 1, 2, 3].map(writer));
    stop = true;
    await reader;
    const figures = (await invoke(calls[0]!, year)) as { scans: number };
    const raw = await pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM scan_record WHERE company_id = $1 AND source <> 'TEST'
         AND scanned_at >= ($2::date::timestamp AT TIME ZONE $4) AND scanned_at < (($3::date + 1)::timestamp AT TIME ZONE $4)`,
      [companies[0]!.companyId, year.beginDate, year.endDate, TZ],
    );
    console.log(`  ${checks} rollup steps + calls ran meanwhile; statistics say ${figures.scans}, a raw count says ${raw.rows[0]!.n}: ${figures.scans === Number(raw.rows[0]!.n) ? 'exact' : 'MISMATCH'}`);
    const ranking = (await invoke(calls.find((c) => c.name === 'scanCodeRankingList')!, ranges['30 days'])) as Array<{ codeId: string; scans: number }>;
    const month = ranges['30 days'];
    const rawRanking = await pool.query<{ id: string; n: string }>(
      `SELECT code_id::text AS id, count(*) AS n FROM scan_record WHERE company_id = $1 AND code_id IS NOT NULL AND source <> 'TEST'
         AND verdict IS DISTINCT FROM 'CHECK_FAILED'
         AND scanned_at >= ($2::date::timestamp AT TIME ZONE $4) AND scanned_at < (($3::date + 1)::timestamp AT TIME ZONE $4)
       GROUP BY code_id ORDER BY count(*) DESC, code_id LIMIT 10`,
      [companies[0]!.companyId, month.beginDate, month.endDate, TZ],
    );
    const same =
      JSON.stringify(ranking.map((r) => [r.codeId, r.scans])) === JSON.stringify(rawRanking.rows.map((r) => [r.id, Number(r.n)]));
    const listed = (rows: Array<[string, number]>) => rows.map(([id, n]) => `${id}:${n}`).join(' ');
    console.log(`  code ranking, 30 days: ${listed(ranking.map((r) => [r.codeId, r.scans]))}; a raw count: ${same ? 'the same, exact' : `MISMATCH ${listed(rawRanking.rows.map((r) => [r.id, Number(r.n)]))}`}`);
    console.log(missed === 0 ? `\nevery call within ${TARGET_MS} ms (p95)` : `\n${missed} call(s) above ${TARGET_MS} ms (p95)`);
    await app.close();
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP === '1' || reuse) console.log(`kept ${scratch.url}`);
    else await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
