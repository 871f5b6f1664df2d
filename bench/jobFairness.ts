// Background jobs side by side (targets in brackets), on PostgreSQL and on the embedded database, through the
// services the API calls and the server's own job runner (createJobRunner, JOB_SLOTS at its default):
// company A's 10,000,000-code generation job runs; once it has run BENCH_WARMUP_SECONDS, its rate is measured
// over a window of BENCH_WINDOW_SECONDS alone. Then, in turn, each in a window of the same length:
// 1. company B queues a 1,000-code generation job: the time from queueing to DONE [≤ 10 s], and A's rate over
//    the window that contains it [loses ≤ 10 % of the rate alone];
// 2. company B asks for the activation of a 1,000-code job it made before A's job started (the code activation
//    job, with its EPCIS commissioning events): the same two figures;
// and a last window of A alone again. "Rate alone" is the mean of the first and last windows, so a drift of the
// large job's own speed over the run is not taken for a loss. A's rate while B's small job was running is printed
// too: it shares the turns with B's job then, which is the point. A's job is then cancelled.
// Run: npm run bench:jobs   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, a scratch
// database is created and dropped; BENCH_SKIP_PGLITE=1 / BENCH_SKIP_POSTGRES=1 skip one). Another load on
// the machine slows every figure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createJobRunner } from '../packages/server/src/backgroundJobs.js';
import { requestActivation } from '../packages/server/src/modules/codeRecord/activation.js';
import { addJob, cancelJobOf } from '../packages/server/src/modules/codeRecord/service.js';
import { loadConfig } from '../packages/server/src/platform/config.js';
import { openDatabase, type Database } from '../packages/server/src/platform/db/database.js';
import { migrate } from '../packages/server/src/platform/db/migrate.js';
import { seedBenchCompany } from './support/benchCompany.js';
import { scratchDatabase } from './support/scratchDatabase.js';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LARGE = 10_000_000;
const SMALL = 1_000;
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const WINDOW_SECONDS = Number(process.env.BENCH_WINDOW_SECONDS ?? 15);
const TARGET_SMALL_SECONDS = 10;
const TARGET_LOSS = 0.1;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function progressOf(database: Database, table: 'code_record' | 'code_activation', id: string) {
  return database.db.selectFrom(table).select(['status', 'progress']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function waitDone(database: Database, table: 'code_record' | 'code_activation', id: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const row = await progressOf(database, table, id);
    if (row.status === 'DONE') return (performance.now() - started) / 1000;
    if (row.status !== 'QUEUED' && row.status !== 'RUNNING') throw new Error(`${table} ${id} ended ${row.status}`);
    await sleep(20);
  }
}

interface Window {
  rate: number;
  /** The small job's time to DONE, and A's rate while it ran (null for a window of A alone). */
  small: { seconds: number; largeRateMeanwhile: number } | null;
}

/** A's codes per second over one window, with `during` (the small job's request and wait) started at its beginning. */
async function measureWindow(database: Database, largeId: string, during?: () => Promise<{ table: 'code_record' | 'code_activation'; id: string }>): Promise<Window> {
  const startedAt = performance.now();
  const startedAtProgress = (await progressOf(database, 'code_record', largeId)).progress;
  let small: Window['small'] = null;
  if (during) {
    const queued = await during();
    const seconds = await waitDone(database, queued.table, queued.id);
    const meanwhile = (await progressOf(database, 'code_record', largeId)).progress - startedAtProgress;
    small = { seconds, largeRateMeanwhile: meanwhile / ((performance.now() - startedAt) / 1000) };
  }
  await sleep(Math.max(0, WINDOW_SECONDS * 1000 - (performance.now() - startedAt)));
  const row = await progressOf(database, 'code_record', largeId);
  if (row.status !== 'RUNNING') throw new Error(`the large job is ${row.status} before the end of a window: make it larger or the window shorter`);
  return { rate: (row.progress - startedAtProgress) / ((performance.now() - startedAt) / 1000), small };
}

async function scenario(label: string, database: Database, env: Record<string, string>): Promise<boolean> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const ctx = { database, db: database.db, config };
  const a = await seedBenchCompany(database.db, 'Bench large company');
  const b = await seedBenchCompany(database.db, 'Bench small company');
  const runner = createJobRunner(ctx);
  runner.start();
  try {
    // B's codes to activate later, made before A's job so that they are ready.
    const toActivate = await addJob(database.db, b.principal, { ruleId: b.ruleId, quantity: SMALL, remark: 'bench' }, 'en_US');
    await waitDone(database, 'code_record', toActivate.id);

    const large = await addJob(database.db, a.principal, { ruleId: a.ruleId, quantity: LARGE, remark: 'bench' }, 'en_US');
    await sleep(WARMUP_SECONDS * 1000);
    const before = await measureWindow(database, large.id);
    const generation = await measureWindow(database, large.id, async () => {
      const job = await addJob(database.db, b.principal, { ruleId: b.ruleId, quantity: SMALL, remark: 'bench' }, 'en_US');
      return { table: 'code_record', id: job.id };
    });
    const activation = await measureWindow(database, large.id, async () => {
      const job = await requestActivation(database.db, b.principal, toActivate.id);
      return { table: 'code_activation', id: job.id };
    });
    const after = await measureWindow(database, large.id);
    await cancelJobOf(database.db, a.principal, large.id, 'en_US');

    const alone = (before.rate + after.rate) / 2;
    const codesPerSecond = (n: number) => `${Math.round(n).toLocaleString('en')} codes/s`;
    console.log(`\n== ${label}: job slots ${config.jobSlots}, windows of ${WINDOW_SECONDS} s`);
    console.log(`large job alone:          ${codesPerSecond(before.rate)} before, ${codesPerSecond(after.rate)} after (mean ${codesPerSecond(alone)})`);
    let met = true;
    for (const [name, window] of [
      [`${SMALL.toLocaleString('en')}-code generation job`, generation],
      [`activation of ${SMALL.toLocaleString('en')} codes`, activation],
    ] as const) {
      const small = window.small as NonNullable<Window['small']>;
      const loss = 1 - window.rate / alone;
      const ok = small.seconds <= TARGET_SMALL_SECONDS && loss <= TARGET_LOSS;
      met &&= ok;
      console.log(`${name} of another company:`);
      console.log(`  queued to DONE:         ${small.seconds.toFixed(2)} s ${small.seconds <= TARGET_SMALL_SECONDS ? 'ok' : 'MISSED'} (target ≤ ${TARGET_SMALL_SECONDS} s)`);
      console.log(`  large job in the window: ${codesPerSecond(window.rate)}, loss ${(loss * 100).toFixed(1)} % ${loss <= TARGET_LOSS ? 'ok' : 'MISSED'} (target ≤ ${TARGET_LOSS * 100} %)`);
      console.log(`  large job while it ran:  ${codesPerSecond(small.largeRateMeanwhile)}`);
    }
    return met;
  } finally {
    await runner.stop();
  }
}

async function onPostgres(): Promise<boolean> {
  const scratch = await scratchDatabase(SERVER_URL);
  let database: Database | null = null;
  try {
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: os.tmpdir() });
    // The scratch database is dropped WITH (FORCE) at the end: a connection still closing may hear of it.
    database.pool?.on('error', () => {});
    await migrate(database);
    return await scenario('PostgreSQL', database, { DATABASE_URL: scratch.url });
  } finally {
    await database?.close();
    await scratch.drop();
  }
}

async function onPGlite(): Promise<boolean> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-bench-jobs-'));
  const database = await openDatabase({ databaseUrl: null, dataDir: dir });
  try {
    await migrate(database);
    return await scenario('PGlite (embedded)', database, { DATA_DIR: dir });
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

let met = true;
if (!process.env.BENCH_SKIP_POSTGRES) met = (await onPostgres()) && met;
if (!process.env.BENCH_SKIP_PGLITE) met = (await onPGlite()) && met;
console.log(`\ntargets ${met ? 'met' : 'NOT met'}`);
