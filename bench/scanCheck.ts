// Public verification under load, on PostgreSQL: GET /acc/api/securityCode/check of the real server against
// the machine's ceiling, a minimal Fastify + pg handler running only the one SQL statement a check cannot
// avoid (the atomic count upsert plus the scan-record insert, see CEILING_SQL), both driven by autocannon
// the same way.
//   1,000,000 activated codes bound to a product and batch (COPY into a scratch database), then for each
//   server: 50 connections for 30 s over a mix of first checks (codes never checked), repeated checks (a
//   pool of codes checked before) and unknown codes; req/s, p50, p99, errors, CPU per request of the server,
//   of PostgreSQL and of the load generator (on the same cores); afterwards the scan records written are compared with the successful checks (they
//   must be equal). The 30 s are taken in 3 turns, the servers alternating, so that a change in the speed
//   of a shared machine falls on both alike.
// Target: real ≥ 85 % of the ceiling's req/s, p99 ≤ 25 ms, no lost scan record.
// Run: npm run bench:scan   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; BENCH_CODES,
// default 1,000,000; BENCH_WARMUP, seconds of load before measuring, default 20; BENCH_SECONDS, default 30;
// BENCH_ROUNDS, default 3; BENCH_CONNECTIONS, default 50; BENCH_KEEP=1 keeps the scratch database; BENCH_CPU_PROF=<folder> writes CPU profiles of both servers;
// BENCH_PLACE_IP=<address> makes the real server read every check as coming from that address (X-Forwarded-For,
// TRUST_PROXY=127.0.0.1), so checks have a province; BENCH_SHIPPED=inside ships every code to a dealer whose sales
// area holds that province (each check then compares the place with the area and finds no conflict), =outside to a
// dealer whose area (Zhejiang) leaves it out (each genuine check also records a channel conflict, the worst case):
// run with and without at the same address to see what channel-conflict detection costs); BENCH_RECALL=1 adds a
// second real server whose codes are all under an active class I recall (each of its checks then reads recall_code
// and tells the recall), measured in the same turns: what the recall lookup costs; BENCH_BASELINE=<folder> adds the
// real server of another checkout of the project (an earlier version, its node_modules in place) on the same
// database, measured in the same turns: what a change costs against it).
// The servers run as child processes with LOG_LEVEL=warn, the per-IP limit off (all load comes from one
// address) and the statistics rollup off (a background job with its own figures, npm run bench:stats; here
// it would also roll up the ceiling's records). The load average is printed.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { PROVINCES } from '@rd/contract';
import { randomCodes } from '../packages/server/src/modules/rule/codeMaker.js';
import { openDatabase } from '../packages/server/src/platform/db/database.js';
import { migrate } from '../packages/server/src/platform/db/migrate.js';
import { newBusinessCode } from '../packages/server/src/platform/ids.js';
import { namedSnapshot, writeApprovedInfo } from '../packages/server/src/modules/companyInfo/approvedInfo.js';
import { scratchDatabase } from './support/scratchDatabase.js';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PLACE_IP = process.env.BENCH_PLACE_IP ?? '';
const SHIPPED = process.env.BENCH_SHIPPED === 'inside' || process.env.BENCH_SHIPPED === 'outside' ? process.env.BENCH_SHIPPED : null;
const RECALLED = process.env.BENCH_RECALL === '1';
const BASELINE_ROOT = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : null;
const CODES = Number(process.env.BENCH_CODES ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Turns each server's SECONDS are split into; the two servers alternate. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** Load before the measurement, for each server. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 20);
/** Codes checked before the run, so "repeated" checks have something to repeat. */
const REPEAT_POOL = 2_000;
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44';
const root = path.resolve(import.meta.dirname, '..');

// ---------------------------------------------------------------------------------------------------
// The ceiling: only the statement no check can do without
// ---------------------------------------------------------------------------------------------------

// What no check can do without, as the specification defines a check: find the code; count the scan atomically,
// keeping the first scan's time and place (a repeated verdict tells them); write the scan record with the
// fields the specification gives every record (place, ISP, area code, client type, OS, geolocation, verdict,
// sequence number); answer the count and the first scan. The values a real check derives from the request
// (place from the IP, client type and OS from the user agent) are given here as they come out for the bench's
// address and agent: deriving them is the real server's work, not the machine's ceiling. No rule, no hidden
// code, no suspicious rule, nothing of the product, batch, grower or company.
const CEILING_SQL = `
  WITH c AS (SELECT id, company_id FROM code WHERE code = $1),
  counted AS (
    INSERT INTO code_scan AS s (code_id, company_id, scan_count, first_scan_at, first_country, first_province, first_city,
                                last_scan_at, last_province)
    SELECT id, company_id, 1, now(), $3, $4, $5, now(), $4 FROM c
    ON CONFLICT (code_id) DO UPDATE SET scan_count = s.scan_count + 1, last_scan_at = now(), last_province = EXCLUDED.last_province
    RETURNING scan_count, first_scan_at, first_country, first_province, first_city)
  INSERT INTO scan_record (company_id, code_id, code_text, verdict, scan_seq, ip, country, province, city, isp, area_code,
                           client_type, os, user_agent, latitude, longitude)
  SELECT c.company_id, c.id, $1, CASE WHEN c.id IS NULL THEN 'NOT_FOUND' WHEN counted.scan_count = 1 THEN 'GENUINE' ELSE 'REPEATED' END,
         counted.scan_count, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12
  FROM (SELECT 1) one LEFT JOIN c ON true LEFT JOIN counted ON true
  RETURNING verdict, scan_seq, (SELECT first_scan_at FROM counted), (SELECT first_country || first_province || first_city FROM counted)`;

/** The place, client type and OS a real check derives for the bench's address (127.0.0.1) and user agent. */
const BENCH_CLIENT = { country: '内网', province: '', city: '', isp: '', areaCode: '', clientType: 'WECHAT', os: 'iOS 17.1' };

function ceilingValues(code: string, ip: string, userAgent: string, latitude: number | null = null, longitude: number | null = null) {
  const c = BENCH_CLIENT;
  return [code, ip, c.country, c.province, c.city, c.isp, c.areaCode, c.clientType, c.os, userAgent, latitude, longitude];
}

async function serveCeiling(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });
  app.get('/acc/api/securityCode/check', async (request) => {
    const { code } = request.query as { code: string };
    // prepared once per connection, as the real server prepares its check
    const result = await pool.query({ name: 'ceiling', text: CEILING_SQL, values: ceilingValues(code, request.ip, request.headers['user-agent'] ?? '') });
    return { code: 'SUCCESS', msg: '', data: result.rows[0] };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  // a clean exit on the bench's SIGTERM, so that --cpu-prof writes its profile
  process.once('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
  process.stdout.write(`${JSON.stringify({ address })}\n`);
}

// ---------------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------------


/** A company with approved info, a product with a batch and grower, a rule and a job: what a real answer reads. */
async function seedCompany(url: string) {
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await migrate(database);
  const db = database.db;
  const company = await db.insertInto('company').values({ merchant_code: newBusinessCode('M'), full_name: 'Bench Melon Co.' }).returning('id').executeTakeFirstOrThrow();
  await writeApprovedInfo(db, company.id, namedSnapshot('Bench Melon Co.', '91350100M000100Y43'), { reporter: null, auditor: null });
  const farmer = await db.insertInto('farmer').values({ company_id: company.id, name: '王大伯', phone: '13812345678', region_name: '新疆吐鲁番' }).returning('id').executeTakeFirstOrThrow();
  const product = await db
    .insertInto('product')
    .values({ company_id: company.id, name: '吐鲁番哈密瓜', gtin: '6901234567892', images: JSON.stringify([]), brand: 'Sunny', spec: '5 kg' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const batch = await db
    .insertInto('product_batch')
    .values({
      company_id: company.id,
      product_id: product.id,
      batch_no: 'B2024-07',
      farmer_id: farmer.id,
      origin: '吐鲁番',
      farming_records: JSON.stringify([{ kind: 'SOWING', date: '2024-03-01', operator: '王大伯', material: '种子', images: [] }]),
      inspection_reports: JSON.stringify([]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rule = await db
    .insertInto('tag_rule')
    .values({ company_id: company.id, rule_name: 'bench', prefix: 'S', body_length: 16, alphabet: 'CROCKFORD32', check_scheme: 'MOD37_36', repeat_threshold: 1000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const job = await db
    .insertInto('code_record')
    .values({ company_id: company.id, rule_id: rule.id, quantity: CODES, progress: CODES, status: 'DONE', product_id: product.id, batch_id: batch.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await database.close();
  return { companyId: company.id, ruleId: rule.id, jobId: job.id, productId: product.id, batchId: batch.id };
}

/** The codes, activated and bound, in one COPY; answered in the order written. */
async function copyCodes(url: string, ids: Awaited<ReturnType<typeof seedCompany>>): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const shape = { prefix: 'S', bodyLength: 16, alphabet: 'CROCKFORD32', checkScheme: 'MOD37_36' } as const;
  const all: string[] = [];
  const tail = `\t${ids.companyId}\t${ids.ruleId}\t${ids.jobId}\tACTIVATED\t${ids.productId}\t${ids.batchId}\n`;
  async function* lines() {
    for (let done = 0; done < CODES; done += 10_000) {
      const codes = randomCodes(shape, Math.min(10_000, CODES - done));
      all.push(...codes);
      yield codes.join(tail) + tail;
    }
  }
  await pipeline(
    Readable.from(lines()),
    client.query(copyFrom('COPY code (code, company_id, rule_id, record_id, status, product_id, batch_id) FROM STDIN')),
  );
  if (SHIPPED) {
    // every code at one dealer, through a completed order, as shipping leaves them; the dealer sells in Zhejiang
    // (outside) or in every province (inside)
    const area = SHIPPED === 'outside' ? ['330000'] : PROVINCES.map((p) => p.code);
    await client.query(
      `WITH d AS (INSERT INTO dealer (company_id, code, name, level, area_codes) VALUES ($1, 'ZJ', 'Bench dealer', 1, $2) RETURNING id),
            u AS (INSERT INTO app_user (user_code, username, password_hash, user_type, company_id) VALUES ('UBENCHSHIP', 'benchship', 'x', '3', $1) RETURNING id),
            s AS (INSERT INTO shipment (company_id, order_no, kind, dealer_id, status, created_by)
                  SELECT $1, 'CK-BENCH', 'OUTBOUND', d.id, 'COMPLETED', u.id FROM d, u RETURNING id, dealer_id)
       INSERT INTO code_shipment (code_id, company_id, dealer_id, shipment_id, shipped_at)
       SELECT c.id, $1, s.dealer_id, s.id, now() FROM code c, s WHERE c.company_id = $1`,
      [ids.companyId, area],
    );
    await client.query('VACUUM (ANALYZE) code_shipment');
  }
  // settle the load before measuring: hint bits and visibility set, statistics taken, its writes flushed
  await client.query('VACUUM (ANALYZE) code');
  await client.query('CHECKPOINT');
  await client.end();
  return all;
}

/** `codes` under one active class I recall, as a resolved and activated recall leaves them. */
async function recallCodes(url: string, ids: Awaited<ReturnType<typeof seedCompany>>, codes: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ id: string }>(
    `WITH u AS (INSERT INTO app_user (user_code, username, password_hash, user_type, company_id) VALUES ('UBENCHRECALL', 'benchrecall', 'x', '3', $1) RETURNING id)
     INSERT INTO recall (company_id, recall_no, state, level, reason, instruction, contact, started_at, selection_kind, code_count, resolved_at, created_by)
     SELECT $1, 'ZH-BENCH', 'ACTIVE', 1, '检出沙门氏菌', '请停止食用，退回购买处，凭小票全额退款', '400-800-1234', now(), 'LIST', $2, now(), u.id FROM u RETURNING id`,
    [ids.companyId, codes.length],
  );
  for (let at = 0; at < codes.length; at += 50_000) {
    await client.query(
      `INSERT INTO recall_code (recall_id, code_id, company_id) SELECT $1, c.id, c.company_id FROM code c WHERE c.code = ANY($2::text[])`,
      [rows[0]!.id, codes.slice(at, at + 50_000)],
    );
  }
  await client.query('VACUUM (ANALYZE) recall_code');
  await client.end();
}

// ---------------------------------------------------------------------------------------------------
// Servers and load
// ---------------------------------------------------------------------------------------------------

async function spawnServer(kind: 'real' | 'ceiling', databaseUrl: string, serverRoot = root): Promise<{ base: string; child: ChildProcess }> {
  const port = 19000 + Math.floor(Math.random() * 1000);
  // BENCH_CPU_PROF=<folder> writes a V8 CPU profile of each server there
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const args =
    kind === 'real'
      ? [...profile, '--import', 'tsx', 'packages/server/src/main.ts']
      : [...profile, '--import', 'tsx', 'bench/scanCheck.ts', '--ceiling', databaseUrl];
  const child = spawn(process.execPath, args, {
    cwd: kind === 'real' ? serverRoot : root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(os.tmpdir(), `rd-bench-scan-${randomBytes(4).toString('hex')}`),
      ADMIN_PASSWORD: 'Bench-Scan-Pass-1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SCAN_RATE_LIMIT_PER_MINUTE: '0',
      STATS_ROLLUP_SECONDS: '0',
      ...(PLACE_IP ? { TRUST_PROXY: '127.0.0.1' } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (kind === 'ceiling') {
    const address = await new Promise<string>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        const line = chunk.toString().split('\n').find((l) => l.startsWith('{'));
        if (line) resolve((JSON.parse(line) as { address: string }).address);
      });
      child.on('exit', (code) => reject(new Error(`ceiling server exited ${code}`)));
    });
    return { base: address, child };
  }
  child.stdout?.resume();
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/acc/health`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error('server did not start within 120 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Mix {
  next(): string;
}

/** 40 % first checks, 40 % repeats of the pool, 20 % unknown codes. */
function mix(firstCodes: string[], repeatPool: string[]): Mix {
  let first = 0;
  let n = 0;
  return {
    next() {
      n++;
      const slot = n % 5;
      if (slot < 2 && first < firstCodes.length) return firstCodes[first++] as string;
      if (slot < 4) return repeatPool[n % repeatPool.length] as string;
      return `UNKNOWN${n}`;
    },
  };
}

/**
 * autocannon for `seconds`. It drops the requests still in flight when the time is up, but the server
 * has them and records them, so requests are counted as sent and as answered: records written must equal
 * the checks answered with success plus those cut off by the stop.
 */
async function drive(base: string, codes: Mix, seconds: number) {
  const tally = { sent: 0, answered: 0 };
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'user-agent': UA, ...(PLACE_IP ? { 'x-forwarded-for': PLACE_IP } : {}) },
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          tally.sent++;
          return { ...req, path: `/acc/api/securityCode/check?code=${encodeURIComponent(codes.next())}` };
        },
        onResponse: () => {
          tally.answered++;
        },
      },
    ],
  });
  return { result, cutOff: tally.sent - tally.answered };
}

async function scanRecords(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // wait for the requests the load generator dropped at its stop to finish on the server
  let last = -1;
  for (;;) {
    const result = await client.query<{ n: string }>('SELECT count(*) AS n FROM scan_record');
    const n = Number(result.rows[0]?.n ?? 0);
    if (n === last) break;
    last = n;
    await new Promise((r) => setTimeout(r, 500));
  }
  await client.end();
  return last;
}

/** PostgreSQL's write-ahead log position, as a byte count (what a replica and a backup must carry). */
async function walBytes(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const result = await client.query<{ bytes: string }>(`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS bytes`);
  await client.end();
  return Number(result.rows[0]!.bytes);
}

/** Linux's clock ticks per second (getconf CLK_TCK), the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) used so far by a process, from /proc (Linux). */
function cpuSecondsOf(pid: number, part: 'all' | 'kernel' = 'all'): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const kernel = Number(fields[12]);
    return (part === 'kernel' ? kernel : Number(fields[11]) + kernel) / CLOCK_TICKS;
  } catch {
    return 0; // ended, or not Linux
  }
}
/** CPU seconds of every PostgreSQL process on the machine (the bench's database server is local). */
function databaseCpuSeconds(): Map<number, number> {
  const all = new Map<number, number>();
  for (const entry of fs.existsSync('/proc') ? fs.readdirSync('/proc') : []) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') all.set(Number(entry), cpuSecondsOf(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return all;
}
const usedSince = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0);

interface Tally {
  requests: number;
  seconds: number;
  successes: number;
  errors: number;
  cutOff: number;
  scanRecords: number;
  p50: number[];
  p99: number[];
  serverCpu: number;
  /** of which in the kernel (system time): on loopback, sending an answer also delivers it to the load generator */
  serverKernelCpu: number;
  databaseCpu: number;
  /** this process: the load generator */
  loadCpu: number;
  /** write-ahead log written by PostgreSQL */
  wal: number;
}

/** One timed run of one server, added to its tally. Records are counted before and after: nothing else writes meanwhile. */
async function round(server: { base: string; child: ChildProcess }, url: string, codes: Mix, seconds: number, tally: Tally) {
  const before = await scanRecords(url);
  const wal = await walBytes(url);
  const serverCpu = cpuSecondsOf(server.child.pid as number);
  const serverKernelCpu = cpuSecondsOf(server.child.pid as number, 'kernel');
  const databaseCpu = databaseCpuSeconds();
  const loadCpu = process.cpuUsage();
  const { result, cutOff } = await drive(server.base, codes, seconds);
  const loadUsed = process.cpuUsage(loadCpu);
  tally.loadCpu += (loadUsed.user + loadUsed.system) / 1e6;
  tally.serverCpu += cpuSecondsOf(server.child.pid as number) - serverCpu;
  tally.serverKernelCpu += cpuSecondsOf(server.child.pid as number, 'kernel') - serverKernelCpu;
  tally.databaseCpu += usedSince(databaseCpu, databaseCpuSeconds());
  tally.scanRecords += (await scanRecords(url)) - before;
  tally.wal += (await walBytes(url)) - wal;
  tally.requests += result.requests.total;
  tally.seconds += result.duration;
  tally.successes += result['2xx'];
  tally.errors += result.errors + result.timeouts + result.non2xx;
  tally.cutOff += cutOff;
  tally.p50.push(result.latency.p50);
  tally.p99.push(result.latency.p99);
}

function report(kind: string, t: Tally) {
  const reqPerSec = Math.round(t.requests / t.seconds);
  const lost = t.successes + t.cutOff - t.scanRecords;
  const perRequest = (seconds: number) => `${((seconds * 1000) / Math.max(1, t.requests)).toFixed(3)} ms`;
  console.log(
    `${kind.padEnd(8)} ${String(reqPerSec).padStart(6)} req/s   p50 ${Math.max(...t.p50)} ms   p99 ${Math.max(...t.p99)} ms   errors ${t.errors}   ` +
      `scan records ${t.scanRecords} = ${t.successes} checks answered + ${t.cutOff} cut off by the stops${lost === 0 ? ' (none lost)' : ` (${lost} LOST)`}`,
  );
  // where the time goes: CPU per request in the server process, in PostgreSQL and in the load generator
  console.log(
    `${''.padEnd(8)} CPU per request: server ${perRequest(t.serverCpu)} (kernel ${perRequest(t.serverKernelCpu)}), PostgreSQL ${perRequest(t.databaseCpu)}, ` +
      `load generator ${perRequest(t.loadCpu)}; write-ahead log ${Math.round(t.wal / Math.max(1, t.requests)).toLocaleString('en')} bytes`,
  );
  return { reqPerSec, p99: Math.max(...t.p99), lost };
}

const newTally = (): Tally => ({ requests: 0, seconds: 0, successes: 0, errors: 0, cutOff: 0, scanRecords: 0, p50: [], p99: [], serverCpu: 0, serverKernelCpu: 0, databaseCpu: 0, loadCpu: 0, wal: 0 });

async function main() {
  const scratch = await scratchDatabase(SERVER_URL);
  const servers: Array<{ child: ChildProcess }> = [];
  try {
    console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    if (PLACE_IP) {
      const shipped = { inside: ', every code shipped to a dealer selling there (no conflict)', outside: ', every code shipped to a dealer whose area leaves that place out (a channel conflict per genuine check)' };
      console.log(`checks come from ${PLACE_IP}${SHIPPED ? shipped[SHIPPED] : ''}`);
    }
    if (RECALLED) console.log('recalled: a second real server whose codes are all under an active recall (each check reads recall_code and tells it)');
    if (BASELINE_ROOT) console.log(`baseline: the real server of ${BASELINE_ROOT}, on the same database`);
    const ids = await seedCompany(scratch.url);
    const loadStarted = performance.now();
    const codes = await copyCodes(scratch.url, ids);
    console.log(`loaded ${codes.length.toLocaleString('en')} activated codes in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
    // The contenders: the ceiling, the real server, and as asked the real server with every code it checks
    // recalled, and the real server of another checkout. Each gets its own never-checked codes and repeat pool.
    const names = ['ceiling', 'real', ...(RECALLED ? ['recalled'] : []), ...(BASELINE_ROOT ? ['baseline'] : [])];
    const share = Math.floor(codes.length / names.length);
    const slices = names.map((_, i) => codes.slice(i * share, (i + 1) * share));
    const pools = slices.map((slice) => slice.slice(0, REPEAT_POOL));
    const firsts = slices.map((slice) => slice.slice(REPEAT_POOL));
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    // the pools are checked once before the run, so their checks are repeats
    for (const code of pools.flat()) await client.query(CEILING_SQL, ceilingValues(code, '127.0.0.1', UA));
    await client.end();
    if (RECALLED) await recallCodes(scratch.url, ids, slices[names.indexOf('recalled')] as string[]);
    const contenders: Array<{ name: string; server: { base: string; child: ChildProcess }; codes: Mix; tally: Tally }> = [];
    for (const [i, name] of names.entries()) {
      const server =
        name === 'ceiling'
          ? await spawnServer('ceiling', scratch.url)
          : await spawnServer('real', scratch.url, name === 'baseline' ? (BASELINE_ROOT as string) : root);
      servers.push(server);
      contenders.push({ name, server, codes: mix(firsts[i] as string[], pools[i] as string[]), tally: newTally() });
    }
    // Warm-up, so that all are measured as a running server is: JIT-compiled, pool connected, statements
    // prepared, answer parts cached. The real server has far more code for V8 to optimise; it takes about
    // 20 s under this load to settle, against 10 s for the ceiling (watched with BENCH_WARMUP and
    // BENCH_ROUNDS).
    for (const c of contenders) await drive(c.server.base, c.codes, WARMUP_SECONDS);
    // They take turns, ROUNDS times, each turn in another order, so that a change in the machine's speed
    // meanwhile (other work on a shared host) falls on all alike; each gets SECONDS in all.
    console.log(
      `${CONNECTIONS} connections, ${SECONDS} s each in ${ROUNDS} turns, 40 % first / 40 % repeated / 20 % unknown codes`,
    );
    for (let turn = 0; turn < ROUNDS; turn++) {
      const order = contenders.map((_, i) => contenders[(i + turn) % contenders.length]!);
      for (const c of turn % 2 === 0 ? order : order.reverse()) await round(c.server, scratch.url, c.codes, SECONDS / ROUNDS, c.tally);
    }
    const figures = new Map(contenders.map((c) => [c.name, { ...report(c.name, c.tally), tally: c.tally }]));
    const c = figures.get('ceiling')!;
    const r = figures.get('real')!;
    console.log(
      `real / ceiling: ${((r.reqPerSec / c.reqPerSec) * 100).toFixed(0)} % (target ≥ 85 %), real p99 ${r.p99} ms (target ≤ 25 ms), ` +
        `lost scan records: ${[...figures.values()].reduce((sum, f) => sum + f.lost, 0)} (target 0)`,
    );
    // CPU per check, server and PostgreSQL together, of one contender against another measured in the same turns
    const cpuPerCheck = (t: Tally) => (t.serverCpu + t.databaseCpu) / Math.max(1, t.requests);
    const against = (name: string, other: string, target: string) => {
      const a = figures.get(name);
      const b = figures.get(other);
      if (!a || !b) return;
      const part = (x: number, y: number) => `${(((x - y) / y) * 100).toFixed(1)} %`;
      console.log(
        `${name} against ${other}: CPU per check ${part(cpuPerCheck(a.tally), cpuPerCheck(b.tally))} ` +
          `(server ${part(a.tally.serverCpu / a.tally.requests, b.tally.serverCpu / b.tally.requests)}, ` +
          `PostgreSQL ${part(a.tally.databaseCpu / a.tally.requests, b.tally.databaseCpu / b.tally.requests)})${target}`,
      );
    };
    against('recalled', 'real', ' (target within 5 %)');
    against('real', 'baseline', ' (target within 5 %)');
    console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
    if (process.env.BENCH_KEEP) console.log(`kept the database: ${scratch.url}`);
    else await scratch.drop();
  }
}

if (process.argv[2] === '--ceiling') {
  await serveCeiling(process.argv[3] as string);
} else {
  await main();
}
