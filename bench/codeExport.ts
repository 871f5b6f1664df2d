// Downloads of generated codes on PostgreSQL, through the real HTTP routes of a listening server:
//   CSV of 1,000,000 codes with hidden codes (target ≤ 2.0 s), TXT of them (≤ 5 s), a PDF of 10,000 labels (≤ 15 s),
//   a ZIP of 10,000 SVG QR codes (≤ 5 s).
// The codes are written straight into a scratch database with COPY (not through the generation job path).
// Run: npm run bench:export   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; BENCH_CODES,
// default 1,000,000; BENCH_ONLY=csv,txt,pdf,svg,png picks the downloads). Another load on the machine slows every figure.
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { TOKEN_HEADER } from '@rd/contract';
import { buildApp } from '../packages/server/src/app.js';
import { randomCodes } from '../packages/server/src/modules/rule/codeMaker.js';
import { loadConfig } from '../packages/server/src/platform/config.js';
import { openDatabase } from '../packages/server/src/platform/db/database.js';
import { migrate } from '../packages/server/src/platform/db/migrate.js';
import { createFileStorage } from '../packages/server/src/platform/files/storage.js';
import { hashPassword } from '../packages/server/src/platform/auth/password.js';
import { newBusinessCode } from '../packages/server/src/platform/ids.js';
import { seedDictionaries } from '../packages/server/src/seed/dictionarySeed.js';
import { seedPlatform } from '../packages/server/src/seed/platformSeed.js';
import { scratchDatabase } from './support/scratchDatabase.js';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BIG_JOB = Number(process.env.BENCH_CODES ?? 1_000_000);
const PRINT_JOB = 10_000;
const PASSWORD = 'Bench-Pass-1';
/** BENCH_ONLY=csv,pdf runs only those downloads (csv, txt, pdf, svg, png). */
const ONLY = new Set((process.env.BENCH_ONLY ?? 'csv,txt,pdf,svg,png').split(','));

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const peakRss = () => mb(process.resourceUsage().maxRSS * 1024);
const rssNow = () => mb(process.memoryUsage().rss);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;


/** `count` random codes of the rule's shape, written with one COPY into the code table of `jobId`. */
async function copyCodes(pool: pg.Pool, ids: { companyId: string; ruleId: string; jobId: string }, count: number) {
  const client = await pool.connect();
  try {
    const shape = { prefix: 'B', bodyLength: 16, alphabet: 'CROCKFORD32', checkScheme: 'MOD37_36' } as const;
    const tail = `\t${ids.companyId}\t${ids.ruleId}\t${ids.jobId}\n`;
    async function* lines() {
      for (let done = 0; done < count; done += 10_000) {
        const codes = randomCodes(shape, Math.min(10_000, count - done));
        yield codes.join(tail) + tail;
      }
    }
    await pipeline(Readable.from(lines()), client.query(copyFrom('COPY code (code, company_id, rule_id, record_id) FROM STDIN')));
  } finally {
    client.release();
  }
}

async function timedDownload(base: string, token: string, path: string): Promise<{ ms: number; bytes: number; lines: number }> {
  const started = performance.now();
  // downloadQRCode is a POST (spec 7), with its parameters in the query string as downloadCode's GET has them
  const method = path.includes('/downloadQRCode') ? 'POST' : 'GET';
  const res = await fetch(`${base}${path}`, { method, headers: { [TOKEN_HEADER]: token } });
  if (!res.ok || !res.body) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    // indexOf rather than a loop over every byte: the client shares this process's CPU with the server.
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  }
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) throw new Error(`${path}: answered JSON instead of a file`);
  return { ms: performance.now() - started, bytes, lines };
}

const scratch = await scratchDatabase(SERVER_URL);
const config = loadConfig({ DATABASE_URL: scratch.url, DATA_DIR: 'memory://', LOG_LEVEL: 'silent', API_DOCS: 'false', SEED_DEMO: 'false' });
const database = await openDatabase(config);
try {
  await migrate(database);
  await seedPlatform(database.db);
  await seedDictionaries(database.db);
  const db = database.db;
  const company = await db.insertInto('company').values({ merchant_code: newBusinessCode('M'), full_name: 'Bench' }).returning('id').executeTakeFirstOrThrow();
  const user = await db
    .insertInto('app_user')
    .values({ user_code: newBusinessCode('U'), username: 'bench_admin', name: 'bench', password_hash: await hashPassword(PASSWORD), user_type: '3', company_id: company.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await db.selectFrom('role').select('id').where('role_code', '=', 'ENTERPRISE_ADMIN').executeTakeFirstOrThrow();
  await db.insertInto('user_role').values({ user_id: user.id, role_id: role.id }).execute();
  const rule = await db
    .insertInto('tag_rule')
    .values({ company_id: company.id, rule_name: 'bench', prefix: 'B', body_length: 16, alphabet: 'CROCKFORD32', check_scheme: 'MOD37_36', hidden_length: 6 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const job = async (quantity: number) =>
    (
      await db
        .insertInto('code_record')
        .values({ company_id: company.id, rule_id: rule.id, quantity, progress: quantity, status: 'DONE' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const bigJob = await job(BIG_JOB);
  const printJob = await job(PRINT_JOB);

  const pool = database.pool as pg.Pool;
  const started = performance.now();
  await copyCodes(pool, { companyId: company.id, ruleId: rule.id, jobId: bigJob }, BIG_JOB);
  await copyCodes(pool, { companyId: company.id, ruleId: rule.id, jobId: printJob }, PRINT_JOB);
  await pool.query('ANALYZE code');
  console.log(`setup: ${BIG_JOB + PRINT_JOB} codes written with COPY in ${seconds(performance.now() - started)}`);

  const app = await buildApp({ database, db, config, storage: createFileStorage(config.dataDir) }, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await fetch(`${base}/acc/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench_admin', password: PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  console.log(`before downloads: RSS ${rssNow()}, peak ${peakRss()} (the setup's)`);

  const figures: Array<[string, number, number]> = [];
  const run = async (label: string, path: string, target: number, expectLines?: number) => {
    if (!ONLY.has(new URLSearchParams(path.split('?')[1]).get('format') ?? '')) return;
    const cpuBefore = process.cpuUsage();
    const result = await timedDownload(base, token, path);
    const cpu = process.cpuUsage(cpuBefore);
    if (expectLines !== undefined && result.lines !== expectLines) throw new Error(`${label}: ${result.lines} lines, expected ${expectLines}`);
    figures.push([label, result.ms, target]);
    const verdict = result.ms <= target ? 'within' : 'OVER';
    // CPU time of the whole process (server threads, QR workers and this client): the figure that does not
    // depend on what else the machine is running.
    const cpuTime = seconds((cpu.user + cpu.system) / 1000);
    console.log(
      `${label}: ${seconds(result.ms)} (${mb(result.bytes)}; target ≤ ${seconds(target)}, ${verdict}); CPU ${cpuTime}; ` +
        `RSS ${rssNow()}, peak ${peakRss()}`,
    );
  };

  await run(`CSV of ${BIG_JOB} codes with hidden codes`, `/acc/api/codeRecord/downloadCode?id=${bigJob}&format=csv`, 2000, BIG_JOB + 1);
  await run(`TXT of ${BIG_JOB} codes`, `/acc/api/codeRecord/downloadCode?id=${bigJob}&format=txt`, 5000, BIG_JOB);
  await run(`PDF of ${PRINT_JOB} labels (A4_3x8)`, `/acc/api/codeRecord/downloadQRCode?id=${printJob}&format=pdf&layout=A4_3x8`, 15_000);
  await run(`ZIP of ${PRINT_JOB} SVG QR codes`, `/acc/api/codeRecord/downloadQRCode?id=${printJob}&format=svg`, 5000);
  await run(`ZIP of ${PRINT_JOB} PNG QR codes (no target)`, `/acc/api/codeRecord/downloadQRCode?id=${printJob}&format=png`, Number.POSITIVE_INFINITY);
  await app.close();
  const over = figures.filter(([, ms, target]) => ms > target);
  console.log(over.length === 0 ? 'all targets met' : `over target: ${over.map(([label]) => label).join('; ')}`);
} finally {
  await database.close();
  await scratch.drop();
}
