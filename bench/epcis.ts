// The supply-chain figures on PostgreSQL (issue figures in brackets):
// 1. activating a 1,000,000-code job with its commissioning events vs without them [≤ 1.5×];
// 2. MATCH_epc for one code over 10,000,000 stored EPC entries, through GET /acc/epcis/events [p95 ≤ 50 ms];
// 3. one scan call of an outbound order: 100 box codes holding 10,000 items, through the route [≤ 2 s].
// Run: npm run bench:epcis   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
// BENCH_ACTIVATION_CODES, BENCH_EPC_ENTRIES to scale)
import os from 'node:os';
import pg from 'pg';
import { TOKEN_HEADER } from '@rd/contract';
import { buildApp } from '../packages/server/src/app.js';
import { codeActivationKind } from '../packages/server/src/modules/codeRecord/jobs.js';
import { hashPassword } from '../packages/server/src/platform/auth/password.js';
import { loadConfig } from '../packages/server/src/platform/config.js';
import { openDatabase } from '../packages/server/src/platform/db/database.js';
import { migrate } from '../packages/server/src/platform/db/migrate.js';
import { createFileStorage } from '../packages/server/src/platform/files/storage.js';
import { newBusinessCode } from '../packages/server/src/platform/ids.js';
import { JobRunner } from '../packages/server/src/platform/jobs/jobRunner.js';
import { seedPlatform } from '../packages/server/src/seed/platformSeed.js';
import { scratchDatabase } from './support/scratchDatabase.js';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ACTIVATION_CODES = Number(process.env.BENCH_ACTIVATION_CODES ?? 1_000_000);
const EPC_ENTRIES = Number(process.env.BENCH_EPC_ENTRIES ?? 10_000_000);
const MATCH_RUNS = 200;
const BOXES = 100;
const PER_BOX = 100;
const PASSWORD = 'Bench-Pass-1';
const BASE = 'https://trace.example.cn';

const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' / ');
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

async function seedCompany(pool: pg.Pool) {
  const company = await pool.query<{ id: string }>(`INSERT INTO company (merchant_code, full_name) VALUES ($1, 'EPCIS bench') RETURNING id`, [newBusinessCode('M')]);
  const companyId = company.rows[0]!.id;
  const user = await pool.query<{ id: string }>(
    `INSERT INTO app_user (user_code, username, name, password_hash, user_type, company_id) VALUES ($1, 'epcisbench', 'epcisbench', $2, '3', $3) RETURNING id`,
    [newBusinessCode('U'), await hashPassword(PASSWORD), companyId],
  );
  await pool.query(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE role_code = 'ENTERPRISE_ADMIN'`, [user.rows[0]!.id]);
  const product = await pool.query<{ id: string }>(`INSERT INTO product (company_id, name, gtin) VALUES ($1, 'Melon', '6901234567892') RETURNING id`, [companyId]);
  const batch = await pool.query<{ id: string }>(`INSERT INTO product_batch (company_id, product_id, batch_no) VALUES ($1, $2, 'B-2026-11') RETURNING id`, [
    companyId,
    product.rows[0]!.id,
  ]);
  return { companyId, userId: user.rows[0]!.id, productId: product.rows[0]!.id, batchId: batch.rows[0]!.id };
}

/** A finished GS1-form job of `count` codes (kind ITEM or BOX), written with one INSERT … SELECT. */
async function seedJob(pool: pg.Pool, c: Awaited<ReturnType<typeof seedCompany>>, tag: string, count: number, options: { kind?: 'ITEM' | 'BOX'; status?: string } = {}) {
  const rule = await pool.query<{ id: string }>(
    `INSERT INTO tag_rule (company_id, rule_name, body_length, alphabet, url_form, kind) VALUES ($1, $2, 12, 'DIGITS', 'GS1', $3) RETURNING id`,
    [c.companyId, `bench-${tag}`, options.kind ?? 'ITEM'],
  );
  const job = await pool.query<{ id: string }>(
    `INSERT INTO code_record (company_id, rule_id, quantity, progress, status, product_id, batch_id) VALUES ($1, $2, $3, $3, 'DONE', $4, $5) RETURNING id`,
    [c.companyId, rule.rows[0]!.id, count, c.productId, c.batchId],
  );
  await pool.query(
    `INSERT INTO code (code, company_id, rule_id, record_id, status, product_id, batch_id, activated_at)
     SELECT $6 || lpad(n::text, 9, '0'), $1, $2, $3, $7, $4, $5, CASE WHEN $7 = 'ACTIVATED' THEN now() END FROM generate_series(1, $8::int) n`,
    [c.companyId, rule.rows[0]!.id, job.rows[0]!.id, c.productId, c.batchId, tag, options.status ?? 'NOT_ACTIVATED', count],
  );
  return job.rows[0]!.id;
}

async function timeActivation(database: Awaited<ReturnType<typeof openDatabase>>, config: ReturnType<typeof loadConfig>, pool: pg.Pool, recordId: string, companyId: string, recordEvents: boolean) {
  const row = await pool.query<{ id: string }>(`INSERT INTO code_activation (company_id, record_id, quantity) VALUES ($1, $2, $3) RETURNING id`, [companyId, recordId, ACTIVATION_CODES]);
  const kind = codeActivationKind({ database, db: database.db, config }, { recordEvents });
  const runner = new JobRunner({ db: database.db, kinds: [], staleSeconds: 60, pollMs: 100 });
  const started = performance.now();
  await runner.runJob(kind, row.rows[0]!.id);
  return (performance.now() - started) / 1000;
}

async function main() {
  const scratch = await scratchDatabase(SERVER_URL);
  const config = loadConfig({ DATABASE_URL: scratch.url, DATA_DIR: 'memory://', LOG_LEVEL: 'silent', PUBLIC_BASE_URL: BASE, STATS_ROLLUP_SECONDS: '0' });
  const database = await openDatabase(config);
  const pool = database.pool!;
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    console.log(`EPCIS bench: ${os.cpus().length} CPUs, load average ${load()}; PostgreSQL ${scratch.url.replace(/\/\/[^@]*@/, '//')}`);
    await migrate(database);
    await seedPlatform(database.db);
    const c = await seedCompany(pool);

    // 1. activation with and without events, on two jobs of the same size (the one without first)
    const plain = await seedJob(pool, c, 'P', ACTIVATION_CODES);
    const withEvents = await seedJob(pool, c, 'E', ACTIVATION_CODES);
    await pool.query('VACUUM ANALYZE code');
    const without = await timeActivation(database, config, pool, plain, c.companyId, false);
    const withThem = await timeActivation(database, config, pool, withEvents, c.companyId, true);
    const stored = await pool.query<{ events: string; epcs: string }>(`SELECT (SELECT count(*) FROM epcis_event)::text AS events, (SELECT count(*) FROM epcis_event_epc)::text AS epcs`);
    console.log(`1. activation of ${ACTIVATION_CODES.toLocaleString('en')} codes (steps of ${config.codeChunkSize.toLocaleString('en')}):`);
    console.log(`   without events ${without.toFixed(1)} s, with commissioning events ${withThem.toFixed(1)} s: ${(withThem / without).toFixed(2)}× [≤ 1.5×]`);
    console.log(`   ${Number(stored.rows[0]!.events).toLocaleString('en')} events holding ${Number(stored.rows[0]!.epcs).toLocaleString('en')} EPCs`);

    // 2. MATCH_epc: more events of 1,000 EPCs each up to EPC_ENTRIES entries, written by INSERT … SELECT
    const have = Number(stored.rows[0]!.epcs);
    const moreEvents = Math.max(0, Math.ceil((EPC_ENTRIES - have) / 1000));
    const seedStarted = performance.now();
    for (let from = 0; from < moreEvents; from += 1000) {
      const to = Math.min(moreEvents, from + 1000);
      await pool.query(
        `WITH e AS (
           INSERT INTO epcis_event (company_id, event_id, event_type, action, biz_step, disposition, event_time, body, origin)
           SELECT $1, 'ni:///sha-256;bench' || n, 'ObjectEvent', 'OBSERVE', 'shipping', 'in_transit', now() - (n || ' seconds')::interval,
                  jsonb_build_object('type', 'ObjectEvent', 'eventID', 'ni:///sha-256;bench' || n, 'action', 'OBSERVE'), 'PORTAL'
           FROM generate_series($2::int, $3::int - 1) n
           RETURNING id, event_id
         )
         INSERT INTO epcis_event_epc (event_pk, role, epc)
         SELECT e.id, 'E', $4 || '/01/06901234567892/21/S' || substr(e.event_id, 20) || '-' || k FROM e, generate_series(1, 1000) k`,
        [c.companyId, from, to, BASE],
      );
    }
    await pool.query('VACUUM ANALYZE epcis_event');
    await pool.query('VACUUM ANALYZE epcis_event_epc');
    const total = await pool.query<{ n: string }>('SELECT count(*)::text AS n FROM epcis_event_epc');
    console.log(`2. ${Number(total.rows[0]!.n).toLocaleString('en')} EPC entries (seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s)`);
    app = await buildApp({ database, db: database.db, config, storage: createFileStorage('memory://') }, { logger: false });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/acc/user/login', payload: { username: 'epcisbench', password: PASSWORD } });
    const token = (login.json() as { data: { token: string } }).data.token;
    const someCodes = await pool.query<{ code: string }>(`SELECT code FROM code WHERE record_id = $1 ORDER BY random() LIMIT ${MATCH_RUNS}`, [withEvents]);
    const times: number[] = [];
    for (const { code } of someCodes.rows) {
      const epc = `${BASE}/01/06901234567892/10/B-2026-11/21/${code}`;
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: '/acc/epcis/events', query: { MATCH_epc: epc }, headers: { [TOKEN_HEADER]: token } });
      times.push(performance.now() - started);
      const found = (res.json() as { epcisBody: { queryResults: { resultsBody: { eventList: unknown[] } } } }).epcisBody.queryResults.resultsBody.eventList;
      if (res.statusCode !== 200 || found.length !== 1) throw new Error(`MATCH_epc of ${code}: ${res.statusCode}, ${found.length} events`);
    }
    times.sort((a, b) => a - b);
    console.log(`   MATCH_epc for one code, ${MATCH_RUNS} codes: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms [≤ 50 ms]`);

    // 3. one outbound scan call: 100 boxes × 100 activated items
    const items = await seedJob(pool, c, 'I', BOXES * PER_BOX, { status: 'ACTIVATED' });
    const boxes = await seedJob(pool, c, 'X', BOXES, { kind: 'BOX' });
    await pool.query(
      `INSERT INTO box_item (item_code_id, box_code_id, company_id)
       SELECT i.id, b.id, $3 FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM code WHERE record_id = $1) i
       JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM code WHERE record_id = $2) b ON b.k = i.k / ${PER_BOX}`,
      [items, boxes, c.companyId],
    );
    await pool.query('VACUUM ANALYZE code');
    await pool.query('VACUUM ANALYZE box_item');
    const dealer = await pool.query<{ id: string }>(`INSERT INTO dealer (company_id, code, name, level, area_codes) VALUES ($1, 'D1', 'Dealer', 1, '{330000}') RETURNING id`, [c.companyId]);
    const boxCodes = (await pool.query<{ code: string }>(`SELECT code FROM code WHERE record_id = $1 ORDER BY id`, [boxes])).rows.map((r) => r.code);
    const call = async (url: string, payload: object) => {
      const res = await app!.inject({ method: 'POST', url, payload, headers: { [TOKEN_HEADER]: token } });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode} ${res.body}`);
      return res.json() as { data: { id: string; addedItems: number } };
    };
    const scanTimes: number[] = [];
    let orderId = '';
    for (let run = 0; run < 3; run += 1) {
      if (orderId) await call('/acc/api/shipment/cancel', { id: orderId });
      orderId = (await call('/acc/api/shipment/add', { dealerId: dealer.rows[0]!.id })).data.id;
      const started = performance.now();
      const added = (await call('/acc/api/shipment/scan', { id: orderId, codes: boxCodes })).data.addedItems;
      scanTimes.push(performance.now() - started);
      if (added !== BOXES * PER_BOX) throw new Error(`the scan added ${added} items`);
    }
    const completeStarted = performance.now();
    await call('/acc/api/shipment/complete', { id: orderId });
    const completeSeconds = (performance.now() - completeStarted) / 1000;
    console.log(`3. outbound scan of ${BOXES} box codes holding ${(BOXES * PER_BOX).toLocaleString('en')} items, 3 orders: ${scanTimes.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')} [≤ 2 s]`);
    console.log(`   completing one (items placed at the dealer, shipping events of ${(BOXES * PER_BOX + BOXES).toLocaleString('en')} EPCs): ${completeSeconds.toFixed(2)} s`);
  } finally {
    await app?.close();
    await database.close();
    if (!process.env.BENCH_KEEP) await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
