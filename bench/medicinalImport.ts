// Medicinal batch import and template export, through the real HTTP routes of a listening server:
//   import of 100,000 batch rows (target ≤ 20 s, peak memory ≤ 400 MB), template export (≤ 1 s).
// Each database runs in its own child process so that its peak memory is its own: the embedded PGlite
// (in memory) and PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; skipped
// when it cannot be reached). BENCH_ROWS changes the row count. Another load on the machine slows every figure.
// Run: npm run bench:medicinal
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { TOKEN_HEADER, type Envelope, type ImportResult } from '@rd/contract';
import { buildApp } from '../packages/server/src/app.js';
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
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PASSWORD = 'Bench-Pass-1';
const PRODUCTS = 200;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const peakRss = () => process.resourceUsage().maxRSS * 1024;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;


const approvalNo = (i: number) => `国药准字H${String(20_000_000 + i)}`;

/** The filled batch template: ROWS rows spread over the products, written with the streaming writer. */
async function batchFile(): Promise<Buffer> {
  // made once by the parent process, so that building it counts in no database's peak memory
  if (process.env.BENCH_FILE) return fs.readFileSync(process.env.BENCH_FILE);
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('药品批次');
  sheet.addRow(['药品批准文号*', '批号*', '生产日期*', '有效期至*', '数量', '产地', '备注']).commit();
  const made = new Date(Date.UTC(2025, 0, 1));
  const expires = new Date(Date.UTC(2027, 11, 31));
  for (let i = 0; i < ROWS; i++) {
    const row = sheet.addRow([approvalNo(i % PRODUCTS), `B${String(i).padStart(8, '0')}`, made, expires, 1000 + (i % 500), '广东省广州市', '']);
    row.getCell(3).numFmt = 'yyyy-mm-dd';
    row.getCell(4).numFmt = 'yyyy-mm-dd';
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

async function runOne(kind: 'pglite' | 'postgres'): Promise<void> {
  const scratch = kind === 'postgres' ? await scratchDatabase(SERVER_URL) : null;
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'Bench-Admin-1',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const database = await openDatabase(config);
  await migrate(database);
  await seedPlatform(database.db);
  await seedDictionaries(database.db);
  const db = database.db;
  const company = await db.insertInto('company').values({ merchant_code: newBusinessCode('M'), full_name: 'Bench pharma' }).returning('id').executeTakeFirstOrThrow();
  const user = await db
    .insertInto('app_user')
    .values({ user_code: newBusinessCode('U'), username: 'bench_med', name: 'bench', password_hash: await hashPassword(PASSWORD), user_type: '3', company_id: company.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await db.selectFrom('role').select('id').where('role_code', '=', 'ENTERPRISE_ADMIN').executeTakeFirstOrThrow();
  await db.insertInto('user_role').values({ user_id: user.id, role_id: role.id }).execute();
  await db
    .insertInto('medicinal_product')
    .values(
      Array.from({ length: PRODUCTS }, (_, i) => ({
        company_id: company.id,
        generic_name: `测试药品 ${i}`,
        approval_no: approvalNo(i),
        dosage_form: 'TABLET',
        manufacturer: '测试制药',
      })),
    )
    .execute();

  const app = await buildApp({ database, db, config, storage: createFileStorage(config.dataDir) }, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const login = (await (await fetch(`${base}/acc/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench_med', password: PASSWORD }) })).json()) as Envelope<{ token: string }>;
    const token = login.data.token;

    const templateTimes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await fetch(`${base}/acc/api/medicinalBatch/exportTemplate`, { headers: { [TOKEN_HEADER]: token } });
      await res.arrayBuffer();
      templateTimes.push(performance.now() - started);
    }

    const file = await batchFile();
    // maxRSS counts from the process's start, and PGlite reserves its memory when it opens (≈ 650 MB); the
    // import's own figure is the RSS sampled while it runs
    const before = process.memoryUsage().rss;
    let during = before;
    const sampler = setInterval(() => (during = Math.max(during, process.memoryUsage().rss)), 25);
    const form = new FormData();
    form.append('file', new Blob([file]), 'batches.xlsx');
    // CPU time of this process (the server; with PGlite the database too) tells the work apart from the machine's load
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const res = await fetch(`${base}/acc/api/medicinalBatch/importData`, { method: 'POST', headers: { [TOKEN_HEADER]: token }, body: form });
    const answer = (await res.json()) as Envelope<ImportResult>;
    const ms = performance.now() - started;
    clearInterval(sampler);
    const cpu = process.cpuUsage(cpuBefore);
    const stored = await db.selectFrom('medicinal_batch').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    if (answer.code !== 'SUCCESS' || answer.data.imported !== ROWS) throw new Error(`import failed: ${JSON.stringify(answer).slice(0, 500)}`);
    console.log(
      `${kind.padEnd(8)} template export ${templateTimes.map(seconds).join(' / ')} (target ≤ 1 s) | ` +
        `import of ${ROWS.toLocaleString('en')} rows (${mb(file.length)} file): ${seconds(ms)} (target ≤ 20 s; CPU of this process ${seconds((cpu.user + cpu.system) / 1000)}), ` +
        `${Number(stored.n).toLocaleString('en')} stored; RSS ${mb(before)} before, at most ${mb(during)} during the import ` +
        `(target ≤ 400 MB; process peak since start ${mb(peakRss())})`,
    );
  } finally {
    await app.close();
    await database.close();
    await scratch?.drop();
  }
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const kind = process.argv[2];
if (kind === 'pglite' || kind === 'postgres') {
  await runOne(kind);
} else {
  const self = fileURLToPath(import.meta.url);
  console.log(`medicinal import bench, ${execFileSync('nproc').toString().trim()} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const filePath = path.join(os.tmpdir(), `rd-bench-batches-${process.pid}.xlsx`);
  fs.writeFileSync(filePath, await batchFile());
  const kinds = (await postgresReachable()) ? ['pglite', 'postgres'] : ['pglite'];
  if (kinds.length === 1) console.log(`PostgreSQL at ${SERVER_URL} not reachable: embedded only`);
  for (const k of kinds) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', self, k], { stdio: 'inherit', env: { ...process.env, BENCH_FILE: filePath } });
    if (run.status !== 0) process.exitCode = 1;
  }
  fs.rmSync(filePath, { force: true });
}
