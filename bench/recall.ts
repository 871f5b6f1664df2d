// A recall of a whole batch on PostgreSQL, through the real API of two compiled server instances on one
// scratch database (targets in brackets):
// 1. activation to the first recalled answer at the consumer, on each instance [≤ 11 s on every instance]:
//    a BATCH recall draft of the batch's BENCH_CODES codes is made through recall/add and resolved in the
//    background (the time is printed: it is part of the draft, before activation); both instances then
//    answer a check of a covered code without the recall (each now keeps "no active recall" for
//    SCAN_ANSWER_CACHE_SECONDS, left at its default of 10), recall/activate is sent to one of them, and
//    securityCode/check is asked of each instance every 20 ms until its answer carries `recall`; printed:
//    the time from sending the activation to that answer, per instance. Each instance's kept "no recall" is
//    read afresh just before the activation (after the first checks' reads have expired): the longest wait.
// 2. the recall's `recalled` EPCIS events against activating the same codes [≤ 1.5×]: before the recall, the
//    batch's generation job was activated through codeRecord/activate (the code activation job, with its
//    commissioning events), timed from the request to its DONE; the recall's RECALLED job is timed from the
//    activation request to its DONE. Both run in the servers' job runners, polled in the database every
//    100 ms; the time each job waited in the queue before a runner took it is printed beside. The RECALLED job's
//    first seconds share the machine with the checks of figure 1 (one every 20 ms or so on each instance).
// 3. the FSMA 204 trace report (recall/traceReport, .xlsx) of the recall, whose codes were shipped to
//    BENCH_DEALERS dealers [≤ 10 s; memory flat: the serving process's peak RSS during the download within
//    64 MB of its RSS before, where the recall's 1,000,000 codes held as rows would take well over 100 MB]: the
//    time (and its first byte), the bytes, the rows (read back with exceljs and checked: one Made row for the
//    lot, one Shipped row per order, quantities adding up to the codes), the RSS before and the peak (the
//    kernel's high-water mark, reset before the download, and samples every 10 ms).
// How the codes get there: the codes are written by COPY (bound to the batch, not yet activated, of a finished
// generation job), like the other benches; they are activated through the API (figure 2). Shipping: for each
// dealer an outbound order is opened through shipment/add, the order's lines are written with set-based SQL
// (the rows a scan leaves: shipment_line and open_line, and the order's item count) because the scan desk
// takes at most 1,000 codes a call and a million items would take a thousand calls, and the order is then
// completed through shipment/complete, the product's own completion: the items placed at the dealer
// (code_shipment), the order COMPLETED, its EPCIS shipping event written.
// Before each measured step the tables it reads are vacuumed and analysed and a checkpoint taken, so that no
// autovacuum or checkpoint of the set-up falls into it. The load average is printed at the start and the end.
// Run: npm run bench:recall   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; BENCH_CODES,
// default 1,000,000; BENCH_DEALERS, default 100; BENCH_KEEP=1 keeps the scratch database). The servers are the
// bundle `npm start` runs, compiled from the current sources first (packages/server/dist), with LOG_LEVEL=warn,
// the per-IP scan limit off (SCAN_RATE_LIMIT_PER_MINUTE=0: every check comes from this address) and the
// statistics rollup off; they are stopped and the database dropped at the end, also after a failure or Ctrl-C.
// Another load on the machine slows every figure.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { PROVINCES, TOKEN_HEADER } from '@rd/contract';
import { namedSnapshot, writeApprovedInfo } from '../packages/server/src/modules/companyInfo/approvedInfo.js';
import { randomCodes } from '../packages/server/src/modules/rule/codeMaker.js';
import { hashPassword } from '../packages/server/src/platform/auth/password.js';
import { openDatabase } from '../packages/server/src/platform/db/database.js';
import { migrate } from '../packages/server/src/platform/db/migrate.js';
import { newBusinessCode } from '../packages/server/src/platform/ids.js';
import { seedPlatform } from '../packages/server/src/seed/platformSeed.js';
import { freePort } from './support/freePort.js';
import { scratchDatabase } from './support/scratchDatabase.js';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CODES = Number(process.env.BENCH_CODES ?? 1_000_000);
const DEALERS = Number(process.env.BENCH_DEALERS ?? 100);
const KEEP = Boolean(process.env.BENCH_KEEP);
/** The servers keep "which companies have an active recall" this long (their default), so a check sees an activation within it and a check. */
const ANSWER_CACHE_SECONDS = 10;
const TARGET_RECALL_SECONDS = 11;
const TARGET_EVENTS_RATIO = 1.5;
const TARGET_REPORT_SECONDS = 10;
const TARGET_REPORT_GROWTH_MB = 64;
/** Pause between two checks of one instance while waiting for the recall. */
const CHECK_INTERVAL_MS = 20;
/** Pause between two looks at a background job. */
const JOB_POLL_MS = 100;
const JOB_TIMEOUT_MS = 60 * 60 * 1000;
const PASSWORD = 'Bench-Recall-Pass-1';
const SHAPE = { prefix: 'R', bodyLength: 16, alphabet: 'CROCKFORD32', checkScheme: 'MOD37_36' } as const;
const RECALL = { level: 1, reason: '检出单核细胞增生李斯特菌', instruction: '请立即停止食用，退回购买处，凭小票全额退款', contact: '400-800-1234' } as const;
const root = path.resolve(import.meta.dirname, '..');
const SERVER_BUNDLE = 'packages/server/dist/main.mjs';

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const count = (n: number) => n.toLocaleString('en');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mark = (ok: boolean) => (ok ? 'within' : 'OVER');

// ---------------------------------------------------------------------------------------------------
// Servers
// ---------------------------------------------------------------------------------------------------

interface Server {
  name: string;
  base: string;
  child: ChildProcess;
  dataDir: string;
  output: () => string;
}

/** The compiled server `npm start` runs, made from the current sources (as the browser tests make it). */
function compileServer() {
  const result = spawnSync(process.execPath, ['packages/server/build/bundle.mjs'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the server did not compile: ${result.stderr}`);
}

/** What a server inherits from this process: only what finding programs and files needs; its settings are given here. */
const INHERITED = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL'];

const started: Server[] = [];

async function startServer(name: string, databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-bench-recall-'));
  const env = {
    ...Object.fromEntries(INHERITED.flatMap((k) => (process.env[k] === undefined ? [] : [[k, process.env[k] as string]]))),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'Bench-Admin-Pass-1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    SCAN_RATE_LIMIT_PER_MINUTE: '0',
    STATS_ROLLUP_SECONDS: '0',
    API_DOCS: 'false',
  };
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const server: Server = { name, base: `http://127.0.0.1:${port}`, child, dataDir, output: () => output };
  started.push(server);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server ${name} exited at start: ${output}`);
    try {
      if ((await fetch(`${server.base}/acc/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server ${name} did not start within 120 s: ${output}`);
    await sleep(100);
  }
}

async function stopServer(server: Server) {
  const { child } = server;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

async function api<T>(server: Server, method: 'GET' | 'POST', url: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: { [TOKEN_HEADER]: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.code !== 'SUCCESS') throw new Error(`${method} ${url} on ${server.name}: HTTP ${res.status} ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** A consumer's check; answers the recall it tells (null: none). */
async function recallTold(server: Server, code: string): Promise<{ reason: string } | null> {
  const res = await fetch(`${server.base}/acc/api/securityCode/check?code=${encodeURIComponent(code)}`);
  const envelope = (await res.json()) as Envelope<{ recall: { reason: string } | null }>;
  if (envelope.code !== 'SUCCESS') throw new Error(`check of ${code} on ${server.name}: HTTP ${res.status} ${envelope.code} ${envelope.msg}`);
  return envelope.data.recall;
}

// ---------------------------------------------------------------------------------------------------
// Memory of a process (Linux /proc)
// ---------------------------------------------------------------------------------------------------

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
    return Number(line?.split(/\s+/)[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Sets the process's peak RSS (VmHWM) back to its RSS now; false where the kernel does not let us. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------------

type Ids = Awaited<ReturnType<typeof seedCompany>>;

/** An approved company with its administrator, a product with a GTIN, its batch, a GS1-form rule and a finished job of CODES codes. */
async function seedCompany(database: Awaited<ReturnType<typeof openDatabase>>) {
  const db = database.db;
  const company = await db.insertInto('company').values({ merchant_code: newBusinessCode('M'), full_name: '吐鲁番瓜果合作社' }).returning('id').executeTakeFirstOrThrow();
  await writeApprovedInfo(db, company.id, namedSnapshot('吐鲁番瓜果合作社', '91350100M000100Y43'), { reporter: null, auditor: null });
  const user = await db
    .insertInto('app_user')
    .values({ user_code: newBusinessCode('U'), username: 'recallbench', name: 'recallbench', password_hash: await hashPassword(PASSWORD), user_type: '3', company_id: company.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await db.selectFrom('role').select('id').where('role_code', '=', 'ENTERPRISE_ADMIN').executeTakeFirstOrThrow();
  await db.insertInto('user_role').values({ user_id: user.id, role_id: role.id }).execute();
  const product = await db
    .insertInto('product')
    .values({ company_id: company.id, name: '哈密瓜', spec: '5 kg', unit: '箱', gtin: '6901234567892', images: JSON.stringify([]) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const productionDate = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const batch = await db
    .insertInto('product_batch')
    .values({ company_id: company.id, product_id: product.id, batch_no: 'HM2026-11A', production_date: productionDate, farming_records: JSON.stringify([]), inspection_reports: JSON.stringify([]) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rule = await db
    .insertInto('tag_rule')
    .values({ company_id: company.id, rule_name: 'recall bench', prefix: SHAPE.prefix, body_length: SHAPE.bodyLength, alphabet: SHAPE.alphabet, check_scheme: SHAPE.checkScheme, url_form: 'GS1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const job = await db
    .insertInto('code_record')
    .values({ company_id: company.id, rule_id: rule.id, quantity: CODES, progress: CODES, status: 'DONE', product_id: product.id, batch_id: batch.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { companyId: company.id, userId: user.id, productId: product.id, batchId: batch.id, ruleId: rule.id, jobId: job.id };
}

/** The job's codes, bound to the batch and not yet activated, in one COPY. */
async function copyCodes(pool: pg.Pool, ids: Ids) {
  const client = await pool.connect();
  try {
    const tail = `\t${ids.companyId}\t${ids.ruleId}\t${ids.jobId}\tNOT_ACTIVATED\t${ids.productId}\t${ids.batchId}\n`;
    async function* lines() {
      for (let done = 0; done < CODES; done += 10_000) {
        const codes = randomCodes(SHAPE, Math.min(10_000, CODES - done));
        yield codes.join(tail) + tail;
      }
    }
    await pipeline(Readable.from(lines()), client.query(copyFrom('COPY code (code, company_id, rule_id, record_id, status, product_id, batch_id) FROM STDIN')));
  } finally {
    client.release();
  }
}

/** Settles what the set-up wrote: hint bits and visibility set, statistics taken, its writes flushed. */
async function settle(pool: pg.Pool, tables: string[]) {
  for (const table of tables) await pool.query(`VACUUM (ANALYZE) ${table}`);
  await pool.query('CHECKPOINT');
}

/** Polls a background job's row until it is DONE; answers the wall time since `since` and how long the job waited for a runner. */
async function waitForJob(pool: pg.Pool, table: 'code_activation' | 'recall_job', where: string, values: unknown[], since: number) {
  const deadline = Date.now() + JOB_TIMEOUT_MS;
  for (;;) {
    const { rows } = await pool.query<{ status: string; progress: number; error: string; queued: number | null }>(
      `SELECT status, progress, error, extract(epoch FROM started_at - created_at)::float8 AS queued FROM ${table} WHERE ${where}`,
      values,
    );
    const row = rows[0];
    if (row?.status === 'DONE') return { ms: performance.now() - since, queuedMs: (row.queued ?? 0) * 1000, progress: row.progress };
    if (row && ['FAILED', 'CANCELLED'].includes(row.status)) throw new Error(`${table} ${row.status}: ${row.error}`);
    if (Date.now() > deadline) throw new Error(`${table} not done within ${JOB_TIMEOUT_MS / 1000} s (${row?.status}, ${row?.progress})`);
    await sleep(JOB_POLL_MS);
  }
}

// ---------------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------------

let cleaning: Promise<void> | null = null;
let scratch: Awaited<ReturnType<typeof scratchDatabase>> | null = null;
let database: Awaited<ReturnType<typeof openDatabase>> | null = null;

/** Stops every server this run started, closes its pool and drops (or keeps) the database; once. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const server of started) await stopServer(server).catch((error: unknown) => console.error(`stopping ${server.name}:`, error));
    await database?.close().catch(() => undefined);
    if (!scratch) return;
    if (KEEP) console.log(`kept the database: ${scratch.url}`);
    else await scratch.drop().catch((error: unknown) => console.error('dropping the scratch database:', error));
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: stopping the servers and dropping the scratch database`);
    void cleanUp().finally(() => process.exit(130));
  });
}
// the last resort: no server outlives this process
process.once('exit', () => {
  for (const server of started) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
});

async function main() {
  if (!(Number.isInteger(CODES) && Number.isInteger(DEALERS) && DEALERS >= 1 && CODES >= DEALERS)) throw new Error('BENCH_CODES and BENCH_DEALERS: whole numbers, at least one dealer and a code for each');
  console.log(`recall bench: ${os.cpus().length} CPUs, load average ${load()} at the start; ${count(CODES)} codes, ${DEALERS} dealers`);
  scratch = await scratchDatabase(SERVER_URL);
  database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
  const pool = database.pool as pg.Pool;
  await migrate(database);
  await seedPlatform(database.db);
  const ids = await seedCompany(database);
  let setupStarted = performance.now();
  await copyCodes(pool, ids);
  await settle(pool, ['code']);
  console.log(`set-up: ${count(CODES)} codes of one batch written by COPY in ${secs(performance.now() - setupStarted)}`);

  compileServer();
  const a = await startServer('A', scratch.url);
  const b = await startServer('B', scratch.url);
  const token = (await api<{ token: string }>(a, 'POST', '/acc/user/login', '', { username: 'recallbench', password: PASSWORD })).token;
  console.log(`two compiled servers on the scratch database: A (pid ${a.child.pid}), B (pid ${b.child.pid})`);

  // 2a. activating the codes: the job's code activation with its commissioning events, through the API
  const activationStarted = performance.now();
  const activation = await api<{ id: string }>(a, 'POST', '/acc/api/codeRecord/activate', token, { id: ids.jobId });
  const activated = await waitForJob(pool, 'code_activation', 'id = $1', [activation.id], activationStarted);
  if (activated.progress !== CODES) throw new Error(`the activation put ${activated.progress} codes in force, not ${CODES}`);

  // shipping: one outbound order per dealer, its lines written in bulk, completed through the API
  setupStarted = performance.now();
  const dealers = await pool.query<{ id: string }>(
    `INSERT INTO dealer (company_id, code, name, level, area_codes, created_by)
     SELECT $1, 'D' || lpad(n::text, 3, '0'), '经销商 ' || n, 1, ARRAY[($3::text[])[1 + (n - 1) % cardinality($3::text[])]], $2
       FROM generate_series(1, $4::int) n ORDER BY n RETURNING id`,
    [ids.companyId, ids.userId, PROVINCES.map((p) => p.code), DEALERS],
  );
  const slices = await pool.query<{ lo: string; hi: string }>(
    `SELECT min(id)::text AS lo, max(id)::text AS hi FROM (SELECT id, ntile($2) OVER (ORDER BY id) AS k FROM code WHERE record_id = $1) s GROUP BY k ORDER BY k`,
    [ids.jobId, DEALERS],
  );
  for (const [i, slice] of slices.rows.entries()) {
    const order = await api<{ id: string }>(a, 'POST', '/acc/api/shipment/add', token, { dealerId: dealers.rows[i]!.id });
    // what scanning the items leaves: each held by the open order, a line of the order, the order's count
    await pool.query(
      `WITH held AS (
         INSERT INTO open_line (code_id, shipment_id) SELECT id, $2 FROM code WHERE record_id = $1 AND id BETWEEN $3 AND $4 RETURNING code_id
       ),
       lines AS (INSERT INTO shipment_line (shipment_id, code_id, is_box) SELECT $2, code_id, false FROM held RETURNING 1)
       UPDATE shipment SET item_count = (SELECT count(*) FROM lines) WHERE id = $2`,
      [ids.jobId, order.id, slice.lo, slice.hi],
    );
    await api(a, 'POST', '/acc/api/shipment/complete', token, { id: order.id });
  }
  const placed = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM code_shipment');
  if (placed.rows[0]!.n !== CODES) throw new Error(`${placed.rows[0]!.n} items at dealers, not ${CODES}`);
  console.log(`set-up: shipped to ${DEALERS} dealers (orders opened and completed through the API, their lines written in bulk) in ${secs(performance.now() - setupStarted)}`);
  await settle(pool, ['code', 'code_shipment', 'shipment_line', 'open_line', 'epcis_event', 'epcis_event_epc']);

  // 1. the recall: a BATCH draft, resolved in the background
  const draftStarted = performance.now();
  const recall = await api<{ id: string; recallNo: string }>(a, 'POST', '/acc/api/recall/add', token, { ...RECALL, selection: { kind: 'BATCH', batchIds: [ids.batchId] } });
  const resolved = await waitForJob(pool, 'recall_job', `recall_id = $1 AND kind = 'RESOLVE'`, [recall.id], draftStarted);
  const covered = await pool.query<{ n: number }>('SELECT code_count AS n FROM recall WHERE id = $1 AND resolved_at IS NOT NULL', [recall.id]);
  if (covered.rows[0]?.n !== CODES) throw new Error(`the recall covers ${covered.rows[0]?.n} codes, not ${CODES}`);
  console.log(`1. recall ${recall.recallNo} of the batch: the draft resolved into ${count(CODES)} codes ${secs(resolved.ms)} after recall/add (its job waited ${secs(resolved.queuedMs)} for a runner; this is before activation)`);
  await settle(pool, ['recall_code', 'recall']);

  // each instance answers checks of covered codes without the recall, and keeps that; then the activation
  const probes = (await pool.query<{ code: string }>(`SELECT code FROM code WHERE record_id = $1 ORDER BY random() LIMIT 2000`, [ids.jobId])).rows.map((r) => r.code);
  const probe = (n: number) => probes[n % probes.length] as string;
  // the first checks open the instances' connections and fill their kept reads; once those have expired, one
  // more check on each reads "no active recall" afresh just before the activation: the longest wait there is
  for (let n = 0; n < 4; n += 1) await Promise.all([recallTold(a, probe(n)), recallTold(b, probe(n + 1))]);
  await sleep(ANSWER_CACHE_SECONDS * 1000 + 500);
  const warmed = await Promise.all([a, b].map(async (server, i) => {
    const told = await recallTold(server, probe(10 + i));
    if (told) throw new Error(`${server.name} told a recall before its activation`);
    return performance.now();
  }));
  const activationSent = performance.now();
  const activating = api(a, 'POST', '/acc/api/recall/activate', token, { id: recall.id }).then(() => performance.now() - activationSent);
  const seen = [a, b].map(async (server, i) => {
    for (let n = 100 + i * 10_000; ; n += 1) {
      const told = await recallTold(server, probe(n));
      if (told) {
        if (told.reason !== RECALL.reason) throw new Error(`${server.name} told another recall: ${told.reason}`);
        return { server, ms: performance.now() - activationSent, checks: n - 100 - i * 10_000 + 1 };
      }
      if (performance.now() - activationSent > 60_000) throw new Error(`${server.name} told no recall within 60 s of its activation`);
      await sleep(CHECK_INTERVAL_MS);
    }
  });
  const activateMs = await activating;
  const recalledEvents = waitForJob(pool, 'recall_job', `recall_id = $1 AND kind = 'RECALLED'`, [recall.id], activationSent);
  const answers = await Promise.all(seen);
  console.log(`   recall/activate answered in ${secs(activateMs)}; both instances had answered "no recall" ${Math.round(activationSent - Math.min(...warmed))} ms before it (each keeps that ${ANSWER_CACHE_SECONDS} s)`);
  for (const { server, ms, checks } of answers) {
    console.log(`   instance ${server.name}: first answer with the recall ${secs(ms)} after the activation request, at its check no. ${checks} [≤ ${TARGET_RECALL_SECONDS} s, ${mark(ms <= TARGET_RECALL_SECONDS * 1000)}]`);
  }

  // 2. the recalled events against the activation of the same codes
  const events = await recalledEvents;
  if (events.progress !== CODES) throw new Error(`the RECALLED job wrote events for ${events.progress} codes, not ${CODES}`);
  const written = await pool.query<{ events: number; epcs: number }>(
    `SELECT count(DISTINCT e.id)::int AS events, count(*)::int AS epcs FROM epcis_event e JOIN epcis_event_epc x ON x.event_pk = e.id WHERE e.disposition = 'recalled'`,
  );
  const ratio = events.ms / activated.ms;
  console.log(`2. activating the ${count(CODES)} codes with their commissioning events (codeRecord/activate to DONE): ${secs(activated.ms)} (of which ${secs(activated.queuedMs)} waiting for a runner)`);
  console.log(`   the recall's recalled events (recall/activate to the RECALLED job DONE): ${secs(events.ms)} (of which ${secs(events.queuedMs)} waiting for a runner), ${count(written.rows[0]!.events)} events of ${count(written.rows[0]!.epcs)} EPCs`);
  console.log(`   ratio ${ratio.toFixed(2)}× [≤ ${TARGET_EVENTS_RATIO}×, ${mark(ratio <= TARGET_EVENTS_RATIO)}]`);

  // 3. the trace report of the recall, downloaded from A while its memory is watched
  await settle(pool, ['recall_code', 'epcis_event', 'epcis_event_epc']);
  const pid = a.child.pid as number;
  await sleep(500);
  const rssBefore = statusKb(pid, 'VmRSS');
  const peakReset = resetPeak(pid);
  let sampledPeak = rssBefore;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, statusKb(pid, 'VmRSS'));
  }, 10);
  const reportStarted = performance.now();
  const res = await fetch(`${a.base}/acc/api/recall/traceReport?id=${recall.id}&lang=en_US`, { headers: { [TOKEN_HEADER]: token } });
  if (!res.ok || !res.body || (res.headers.get('content-type') ?? '').includes('json')) throw new Error(`traceReport: HTTP ${res.status} ${await res.text()}`);
  let firstByteMs = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    firstByteMs ||= performance.now() - reportStarted;
    chunks.push(Buffer.from(chunk));
  }
  const reportMs = performance.now() - reportStarted;
  clearInterval(sampler);
  const peak = Math.max(sampledPeak, peakReset ? statusKb(pid, 'VmHWM') : 0);
  const file = Buffer.concat(chunks);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: Array<{ event: string; quantity: number }> = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push({ event: String(row.getCell(1).value), quantity: Number(row.getCell(6).value) });
  });
  const byEvent = new Map<string, { rows: number; quantity: number }>();
  for (const r of rows) {
    const e = byEvent.get(r.event) ?? { rows: 0, quantity: 0 };
    e.rows += 1;
    e.quantity += r.quantity;
    byEvent.set(r.event, e);
  }
  const made = byEvent.get('Made');
  const shipped = byEvent.get('Shipped');
  if (made?.rows !== 1 || made.quantity !== CODES || shipped?.rows !== DEALERS || shipped.quantity !== CODES) {
    throw new Error(`the report's rows do not add up: ${JSON.stringify([...byEvent])}`);
  }
  const growth = peak - rssBefore;
  console.log(
    `3. trace report of ${count(CODES)} codes at ${DEALERS} dealers: ${secs(reportMs)} (first byte after ${secs(firstByteMs)}) [≤ ${TARGET_REPORT_SECONDS} s, ${mark(reportMs <= TARGET_REPORT_SECONDS * 1000)}], ` +
      `${count(file.length)} bytes, ${rows.length} rows (${[...byEvent].map(([e, v]) => `${e} ${v.rows}`).join(', ')})`,
  );
  console.log(
    `   server A's RSS ${mb(rssBefore)} before, peak ${mb(peak)} during the download (+${mb(growth)}; ${peakReset ? 'kernel high-water mark reset before, and' : ''} sampled every 10 ms) ` +
      `[flat: ≤ +${TARGET_REPORT_GROWTH_MB} MB, ${mark(growth <= TARGET_REPORT_GROWTH_MB * 1024 * 1024)}]`,
  );
  console.log(`load average ${load()} at the end`);
}

try {
  await main();
} catch (error) {
  console.error(error);
  for (const server of started) if (server.output().trim()) console.error(`server ${server.name} said:\n${server.output()}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
