// Code generation at scale: 1,000,000 codes through the real job path — the service the
// API calls queues the job, the server's job runner claims and writes it — on PostgreSQL and on PGlite.
// In the same run, the machine's ceiling: a plain COPY of as many random 20-character strings into a
// table with a unique index. Prints seconds, codes/s, the ratio to the ceiling, peak RSS of this process,
// and how long a simple query waited while the job ran (the API must not starve).
//
//   node --import tsx bench/codeGeneration.ts      (npm run bench:codes)
//   DATABASE_URL=postgres://user@host:5432/db       the server to use (a scratch database is created and dropped)
//   BENCH_CODES=200000                              another quantity
//   BENCH_SKIP_PGLITE=1 / BENCH_SKIP_POSTGRES=1     skip the embedded run / the PostgreSQL run
//   CODE_CHUNK_SIZE_EMBEDDED=5000, CODE_COPY_STREAMS=1   the server's settings, to compare
//
// Targets: PostgreSQL ≤ 10 s, ≥ 50 % of its ceiling, peak RSS ≤ 300 MB; the embedded database ≥ 60 % of its
// own ceiling, peak RSS ≤ 500 MB, a query's wait p99 ≤ 5 ms while the job runs. Besides the probe's
// wait, the bench prints how late the event loop ran (a request that arrives while a chunk is written waits
// for the chunk, which a probe started between chunks does not see) and where the memory is at the peak.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { monitorEventLoopDelay } from 'node:perf_hooks';
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
interface Targets {
  seconds?: number;
  ratio: number;
  rssMb: number;
  waitP99Ms?: number;
}
const POSTGRES_TARGETS: Targets = { seconds: 10, ratio: 0.5, rssMb: 300 };
const EMBEDDED_TARGETS: Targets = { ratio: 0.6, rssMb: 500, waitP99Ms: 5 };
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Where the memory was when the resident set size peaked (MB): V8's heap, and what lives outside it (PGlite's WebAssembly memory). */
interface MemoryAtPeak {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}
const toMb = (m: NodeJS.MemoryUsage): MemoryAtPeak => {
  const mb = (n: number) => n / 1024 / 1024;
  return { rss: mb(m.rss), heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers) };
};

/** The highest resident set size seen since the last reset, sampled every 100 ms, with the memory's shares then. */
class RssSampler {
  private peak = toMb(process.memoryUsage());
  private readonly timer = setInterval(() => this.sample(), 100);
  sample() {
    const now = process.memoryUsage();
    if (now.rss / 1024 / 1024 > this.peak.rss) this.peak = toMb(now);
  }
  reset() {
    this.peak = toMb(process.memoryUsage());
  }
  peakMb() {
    this.sample();
    return this.peak.rss;
  }
  atPeak(): MemoryAtPeak {
    this.sample();
    return this.peak;
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

/**
 * How long a trivial query waits while the job runs: what a request would feel. `wait` counts from the
 * query's start; `due` from when its timer was due, so it also counts the time the event loop was held by a
 * chunk being written (a request arriving then waits for it as well).
 */
function startProbe(db: Kysely<DB>) {
  const waits: number[] = [];
  const dues: number[] = [];
  let running = true;
  const loop = (async () => {
    let due = performance.now();
    while (running) {
      const started = performance.now();
      await db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
      const ended = performance.now();
      waits.push(ended - started);
      dues.push(ended - due);
      due = ended + 100;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const figures = (values: number[]) => {
    values.sort((a, b) => a - b);
    const at = (q: number) => values[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
    return { p50: at(0.5), p99: at(0.99), max: values[values.length - 1] ?? 0, samples: values.length };
  };
  return async () => {
    running = false;
    await loop;
    return { wait: figures(waits), due: figures(dues) };
  };
}

interface ProbeFigures {
  p50: number;
  p99: number;
  max: number;
  samples: number;
}

interface JobFigures {
  seconds: number;
  peakMb: number;
  /** RSS when the job was queued: what the process held before it. */
  startMb: number;
  atPeak: MemoryAtPeak;
  probe: ProbeFigures;
  /** The same probes counted from when they were due: the event loop held by a chunk included. */
  due: ProbeFigures;
  /** How late the event loop ran while the job did (ms). */
  loopDelay: { p99: number; max: number };
}

/** Queues the job as the API does and waits for the server's runner to finish it. */
async function generateThroughJob(database: Database, env: Record<string, string>): Promise<JobFigures> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const ctx = { database, db: database.db, config };
  const { principal, ruleId } = await seedBenchCompany(database.db);
  const runner = createJobRunner(ctx);
  runner.start();
  rss.reset();
  const startMb = rss.peakMb();
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
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
  const atPeak = rss.atPeak();
  loop.disable();
  const loopDelay = { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
  const { wait: probe, due } = await stopProbe();
  await runner.stop();
  const stored = await database.db
    .selectFrom('code')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.count<string>('code').distinct().as('d')])
    .where('record_id', '=', job.id)
    .executeTakeFirstOrThrow();
  const [n, d] = [Number(stored.n), Number(stored.d)];
  if (n !== COUNT || d !== COUNT) throw new Error(`stored ${n} codes (${d} distinct), asked ${COUNT}`);
  return { seconds, peakMb, startMb, atPeak, probe, due, loopDelay };
}

function report(label: string, job: JobFigures, ceiling: { seconds: number; peakMb: number }, targets: Targets) {
  const rate = COUNT / job.seconds;
  const ceilingRate = COUNT / ceiling.seconds;
  const ratio = rate / ceilingRate;
  const checks: boolean[] = [];
  const against = (ok: boolean, target: string) => {
    checks.push(ok);
    return `${ok ? '  ok' : '  MISSED'} (target ${target})`;
  };
  const m = job.atPeak;
  console.log(`\n== ${label}: ${COUNT.toLocaleString('en')} codes`);
  console.log(`ceiling (plain COPY, unique index): ${ceiling.seconds.toFixed(2)} s, ${Math.round(ceilingRate).toLocaleString('en')} rows/s, peak RSS ${ceiling.peakMb.toFixed(0)} MB`);
  console.log(`generation job:                     ${job.seconds.toFixed(2)} s${targets.seconds ? against(job.seconds <= targets.seconds, `≤ ${targets.seconds} s`) : ''}`);
  console.log(`codes/s:                            ${Math.round(rate).toLocaleString('en')}`);
  console.log(`speed vs ceiling:                   ${(ratio * 100).toFixed(0)}%${against(ratio >= targets.ratio, `≥ ${targets.ratio * 100}%`)}`);
  console.log(`peak RSS during the job:            ${job.peakMb.toFixed(0)} MB${against(job.peakMb <= targets.rssMb, `≤ ${targets.rssMb} MB`)}`);
  console.log(
    `  RSS before the job ${job.startMb.toFixed(0)} MB; at the peak: V8 heap ${m.heapUsed.toFixed(0)} of ${m.heapTotal.toFixed(0)} MB, external ${m.external.toFixed(0)} MB (array buffers ${m.arrayBuffers.toFixed(0)} MB; the rest is WebAssembly memory on PGlite)`,
  );
  console.log(
    `query wait during the job:          p50 ${job.probe.p50.toFixed(1)} ms, p99 ${job.probe.p99.toFixed(1)} ms, max ${job.probe.max.toFixed(1)} ms (${job.probe.samples} probes)${targets.waitP99Ms ? against(job.probe.p99 <= targets.waitP99Ms, `p99 ≤ ${targets.waitP99Ms} ms`) : ''}`,
  );
  console.log(
    `  counted from when each was due:   p50 ${job.due.p50.toFixed(1)} ms, p99 ${job.due.p99.toFixed(1)} ms, max ${job.due.max.toFixed(1)} ms (the event loop held by a chunk included)`,
  );
  console.log(`event loop delay during the job:    p99 ${job.loopDelay.p99.toFixed(1)} ms, max ${job.loopDelay.max.toFixed(1)} ms`);
  return checks.every(Boolean);
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
    return report(`PostgreSQL (chunks of ${settings.codeChunkSize.toLocaleString('en')}, ${settings.codeCopyStreams} COPY streams)`, job, ceiling, POSTGRES_TARGETS);
  } finally {
    await database?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function benchPGlite(): Promise<boolean> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-bench-codes-'));
  try {
    // The job first: an embedded database keeps the memory it grew to, so the ceiling's must not count here.
    const env = {
      DATA_DIR: path.join(dir, 'server'),
      ...(process.env.CODE_CHUNK_SIZE_EMBEDDED ? { CODE_CHUNK_SIZE_EMBEDDED: process.env.CODE_CHUNK_SIZE_EMBEDDED } : {}),
    };
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
    const met = report(`PGlite (embedded, chunks of ${chunk.toLocaleString('en')})`, job, ceiling, EMBEDDED_TARGETS);
    console.log(`time per chunk (transaction and pause):  ${((job.seconds * 1000 * chunk) / COUNT).toFixed(1)} ms on average`);
    return met;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

try {
  const postgres = process.env.BENCH_SKIP_POSTGRES ? null : await benchPostgres();
  const embedded = process.env.BENCH_SKIP_PGLITE ? null : await benchPGlite();
  console.log('');
  if (postgres !== null) console.log(`PostgreSQL targets ${postgres ? 'met' : 'NOT met'}`);
  if (embedded !== null) console.log(`Embedded database targets ${embedded ? 'met' : 'NOT met'}`);
} finally {
  rss.stop();
}
