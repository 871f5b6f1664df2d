// Code generation at scale (issue 4 figures): 1,000,000 codes through the real job path — the service the
// API calls queues the job, the server's job runner claims and writes it — on PostgreSQL and on PGlite.
// In the same run, the machine's ceiling: a plain COPY of as many random 20-character strings into a
// table with a unique index. Prints seconds, codes/s, the ratio to the ceiling, peak RSS of this process,
// and how long a simple query waited while the job ran (the API must not starve).
//
//   node --import tsx bench/codeGeneration.ts      (npm run bench:codes)
//   DATABASE_URL=postgres://user@host:5432/db       the server to use (a scratch database is created and dropped)
//   BENCH_CODES=200000                              another quantity; BENCH_SKIP_PGLITE=1 to skip the embedded run
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createJobRunner } from '../packages/server/src/backgroundJobs.js';
import { addJob } from '../packages/server/src/modules/codeRecord/service.js';
import { loadConfig } from '../packages/server/src/platform/config.js';
import { openDatabase, type Database } from '../packages/server/src/platform/db/database.js';
import { migrate } from '../packages/server/src/platform/db/migrate.js';
import type { DB } from '../packages/server/src/platform/db/schema.js';
import { seedBenchCompany } from './support/benchCompany.js';

const COUNT = Number(process.env.BENCH_CODES || 1_000_000);
const CEILING_CHUNK = 50_000;
const TARGET_SECONDS = 10;
const TARGET_RATIO = 0.5;
const TARGET_RSS_MB = 300;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The highest resident set size seen since the last reset, sampled every 100 ms. */
class RssSampler {
  private peak = 0;
  private readonly timer = setInterval(() => this.sample(), 100);
  sample() {
    this.peak = Math.max(this.peak, process.memoryUsage().rss);
  }
  reset() {
    this.peak = process.memoryUsage().rss;
  }
  peakMb() {
    this.sample();
    return this.peak / 1024 / 1024;
  }
  stop() {
    clearInterval(this.timer);
  }
}
const rss = new RssSampler();

/** `count` random 20-character strings, one per line: the ceiling's data, made as cheaply as possible. */
function randomLines(count: number): string {
  const bytes = randomBytes(count * 20);
  const out = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    let s = '';
    for (let j = i * 20; j < i * 20 + 20; j++) s += ALPHABET[(bytes[j] as number) & 31];
    out[i] = s;
  }
  return `${out.join('\n')}\n`;
}

/** How long a trivial query waits while the job runs: what a request would feel. */
function startProbe(db: Kysely<DB>) {
  const waits: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
      waits.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    running = false;
    await loop;
    waits.sort((a, b) => a - b);
    const at = (q: number) => waits[Math.min(waits.length - 1, Math.floor(q * waits.length))] ?? 0;
    return { p50: at(0.5), p99: at(0.99), max: waits[waits.length - 1] ?? 0, samples: waits.length };
  };
}

interface JobFigures {
  seconds: number;
  peakMb: number;
  probe: { p50: number; p99: number; max: number; samples: number };
}

/** Queues the job as the API does and waits for the server's runner to finish it. */
async function generateThroughJob(database: Database, env: Record<string, string>): Promise<JobFigures> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const ctx = { database, db: database.db, config };
  const { principal, ruleId } = await seedBenchCompany(database.db);
  const runner = createJobRunner(ctx);
  runner.start();
  rss.reset();
  const stopProbe = startProbe(database.db);
  const started = performance.now();
  const job = await addJob(database.db, principal, { ruleId, quantity: COUNT, remark: 'bench' }, 'en_US');
  for (;;) {
    const row = await database.db.selectFrom('code_record').select(['status', 'progress']).where('id', '=', job.id).executeTakeFirstOrThrow();
    if (row.status === 'DONE') break;
    if (row.status !== 'RUNNING' && row.status !== 'QUEUED') throw new Error(`job ended ${row.status}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  const peakMb = rss.peakMb();
  const probe = await stopProbe();
  await runner.stop();
  const stored = await database.db
    .selectFrom('code')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.count<string>('code').distinct().as('d')])
    .where('record_id', '=', job.id)
    .executeTakeFirstOrThrow();
  const [n, d] = [Number(stored.n), Number(stored.d)];
  if (n !== COUNT || d !== COUNT) throw new Error(`stored ${n} codes (${d} distinct), asked ${COUNT}`);
  return { seconds, peakMb, probe };
}

function report(label: string, job: JobFigures, ceiling: { seconds: number; peakMb: number }, targets: boolean) {
  const rate = COUNT / job.seconds;
  const ceilingRate = COUNT / ceiling.seconds;
  const ratio = rate / ceilingRate;
  const mark = (ok: boolean) => (targets ? (ok ? '  ok' : '  MISSED') : '');
  console.log(`\n== ${label}: ${COUNT.toLocaleString('en')} codes`);
  console.log(`ceiling (plain COPY, unique index): ${ceiling.seconds.toFixed(2)} s, ${Math.round(ceilingRate).toLocaleString('en')} rows/s, peak RSS ${ceiling.peakMb.toFixed(0)} MB`);
  console.log(`generation job:                     ${job.seconds.toFixed(2)} s${mark(job.seconds <= TARGET_SECONDS)}${targets ? ` (target ≤ ${TARGET_SECONDS} s)` : ''}`);
  console.log(`codes/s:                            ${Math.round(rate).toLocaleString('en')}`);
  console.log(`speed vs ceiling:                   ${(ratio * 100).toFixed(0)}%${mark(ratio >= TARGET_RATIO)}${targets ? ` (target ≥ ${TARGET_RATIO * 100}%)` : ''}`);
  console.log(`peak RSS during the job:            ${job.peakMb.toFixed(0)} MB${mark(job.peakMb <= TARGET_RSS_MB)}${targets ? ` (target ≤ ${TARGET_RSS_MB} MB)` : ''}`);
  console.log(
    `query wait during the job:          p50 ${job.probe.p50.toFixed(1)} ms, p99 ${job.probe.p99.toFixed(1)} ms, max ${job.probe.max.toFixed(1)} ms (${job.probe.samples} probes)`,
  );
  return targets ? job.seconds <= TARGET_SECONDS && ratio >= TARGET_RATIO && job.peakMb <= TARGET_RSS_MB : true;
}

async function benchPostgres(): Promise<boolean> {
  const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const name = `rd_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  let database: Database | null = null;
  try {
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
    // The scratch database is dropped WITH (FORCE) at the end: a connection still closing may hear of it.
    database.pool?.on('error', () => {});
    await migrate(database);
    const pool = database.pool as pg.Pool;

    // The ceiling: plain text COPY, 50,000 rows per transaction, into a table with a unique index.
    const client = await pool.connect();
    await client.query('CREATE TABLE bench_ceiling (id bigserial PRIMARY KEY, code text NOT NULL)');
    await client.query('CREATE UNIQUE INDEX bench_ceiling_code_uq ON bench_ceiling (code)');
    rss.reset();
    const started = performance.now();
    for (let done = 0; done < COUNT; done += CEILING_CHUNK) {
      const lines = randomLines(Math.min(CEILING_CHUNK, COUNT - done));
      await client.query('BEGIN');
      const stream = client.query(copyFrom('COPY bench_ceiling (code) FROM STDIN'));
      await new Promise<void>((resolve, reject) => {
        stream.once('error', reject);
        stream.once('finish', resolve);
        stream.end(lines);
      });
      await client.query('COMMIT');
    }
    const ceiling = { seconds: (performance.now() - started) / 1000, peakMb: rss.peakMb() };
    // Start the job on an even footing: the ceiling's WAL flushed.
    await client.query('CHECKPOINT');
    client.release();

    const env = { DATABASE_URL: url.toString(), ...(process.env.CODE_COPY_STREAMS ? { CODE_COPY_STREAMS: process.env.CODE_COPY_STREAMS } : {}) };
    const job = await generateThroughJob(database, env);
    const settings = loadConfig(env);
    return report(`PostgreSQL (chunks of ${settings.codeChunkSize.toLocaleString('en')}, ${settings.codeCopyStreams} COPY streams)`, job, ceiling, true);
  } finally {
    await database?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function benchPGlite(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-bench-codes-'));
  try {
    // The job first: an embedded database keeps the memory it grew to, so the ceiling's must not count here.
    const env = { DATA_DIR: path.join(dir, 'server') };
    const database = await openDatabase({ databaseUrl: null, dataDir: env.DATA_DIR });
    let job: JobFigures;
    try {
      await migrate(database);
      job = await generateThroughJob(database, env);
    } finally {
      await database.close();
    }

    // The ceiling on the same engine: an instance of its own, COPY from a blob per 50,000 rows.
    const ceilingDb = await PGlite.create(path.join(dir, 'ceiling'));
    await ceilingDb.exec('CREATE TABLE bench_ceiling (id bigserial PRIMARY KEY, code text NOT NULL); CREATE UNIQUE INDEX bench_ceiling_code_uq ON bench_ceiling (code);');
    rss.reset();
    const started = performance.now();
    for (let done = 0; done < COUNT; done += CEILING_CHUNK) {
      const lines = randomLines(Math.min(CEILING_CHUNK, COUNT - done));
      await ceilingDb.query("COPY bench_ceiling (code) FROM '/dev/blob'", [], { blob: new Blob([lines]) });
    }
    const ceiling = { seconds: (performance.now() - started) / 1000, peakMb: rss.peakMb() };
    await ceilingDb.close();

    const chunk = loadConfig(env).codeChunkSizeEmbedded;
    report(`PGlite (embedded, chunks of ${chunk.toLocaleString('en')})`, job, ceiling, false);
    console.log(`time per chunk (transaction and pause):  ${((job.seconds * 1000 * chunk) / COUNT).toFixed(1)} ms on average`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

try {
  const met = await benchPostgres();
  if (!process.env.BENCH_SKIP_PGLITE) await benchPGlite();
  console.log(`\nPostgreSQL targets ${met ? 'met' : 'NOT met'}`);
} finally {
  rss.stop();
}
