import type { CodeAlphabet, CheckScheme } from '@rd/contract';
import type { Database } from '../../platform/db/database.js';
import type { JobKind, StepResult } from '../../platform/jobs/jobRunner.js';
import { failJob } from '../../platform/jobs/jobTable.js';
import { maxSerial, randomCodes, sequentialCode, type CodeShape } from '../rule/codeMaker.js';
import { ChunkPrefetch } from './chunkPrefetch.js';
import { generationStore, type CodeTarget, type EncodedChunk, type GenerationTx } from './generationStore.js';

/** Makes `count` random codes of a shape; tests pass their own to force collisions. */
export type RandomCodeSource = (shape: CodeShape, count: number) => string[];

export interface GenerationOptions {
  /** Codes written per transaction. */
  chunkSize: number;
  /**
   * Transactions a step of a random rule writes side by side, each on its own connection (PostgreSQL runs
   * each on its own CPU). Sequential rules, and the embedded database's single connection, write one.
   */
  streams: number;
  randomSource?: RandomCodeSource;
}

/** Steps in a row that stored fewer than half their codes before a job is stopped as CODE_SPACE_EXHAUSTED. */
const POOR_STEPS_MAX = 3;

interface HeldJob {
  company_id: string;
  rule_id: string;
  product_id: string | null;
  batch_id: string | null;
  quantity: number;
  progress: number;
}

interface RuleShapeRow {
  mode: 'RANDOM' | 'SEQUENTIAL';
  prefix: string;
  body_length: number;
  alphabet: CodeAlphabet;
  check_scheme: CheckScheme;
}

/** The job as this worker holds it, with its rule, read without a lock: what the step plans its writes from. */
const READ_JOB = `
  SELECT r.company_id, r.rule_id, r.product_id, r.batch_id, r.quantity, r.progress,
         t.mode, t.prefix, t.body_length, t.alphabet, t.check_scheme
  FROM code_record r JOIN tag_rule t ON t.id = r.rule_id
  WHERE r.id = $1 AND r.worker_id = $2 AND r.status = 'RUNNING'`;
// Moving the counter in the write's own transaction: a serial is handed out once, and a write that rolls
// back gives its range back together with its codes.
const RESERVE_SERIALS = `
  UPDATE tag_rule SET next_serial = next_serial + $2
  WHERE id = $1
  RETURNING (next_serial - $2)::text AS first`;
// Last in every write, under the job row's lock: the job must still be RUNNING and this worker's (else the
// write rolls back: it was cancelled or taken over meanwhile), the progress counts the codes stored, and
// the heartbeat says the worker lives. A cancel waits for a write that holds the lock, and wins otherwise.
const ADVANCE_HELD = `
  UPDATE code_record
  SET progress = progress + $3, heartbeat_at = now(), updated_at = now(),
      status = CASE WHEN progress + $3 >= quantity THEN 'DONE' ELSE status END,
      finished_at = CASE WHEN progress + $3 >= quantity THEN now() ELSE finished_at END
  WHERE id = $1 AND worker_id = $2 AND status = 'RUNNING'
  RETURNING status`;

/** A write that must end the job with an error instead. */
class StopJob extends Error {
  constructor(readonly reason: 'SERIALS_RUN_OUT' | 'CODE_SPACE_EXHAUSTED') {
    super(reason);
  }
}

/** A write that found the job cancelled or held by another worker; it rolled back. */
class JobLost extends Error {}

function shapeOf(rule: RuleShapeRow): CodeShape {
  return { prefix: rule.prefix, bodyLength: rule.body_length, alphabet: rule.alphabet, checkScheme: rule.check_scheme };
}

/** Reserves the next `count` serials of a sequential rule and answers the first, or StopJob when the rule runs out. */
async function reserveSerials(tx: GenerationTx, ruleId: string, shape: CodeShape, count: number): Promise<bigint> {
  const [reserved] = await tx.query<{ first: string }>(RESERVE_SERIALS, [ruleId, count]);
  const first = BigInt((reserved as { first: string }).first);
  if (first + BigInt(count) - 1n > maxSerial(shape)) throw new StopJob('SERIALS_RUN_OUT');
  return first;
}

function sequentialCodes(shape: CodeShape, first: bigint, count: number) {
  const serials = new Array<bigint>(count);
  const codes = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    const serial = first + BigInt(i);
    serials[i] = serial;
    codes[i] = sequentialCode(shape, serial);
  }
  return { codes, serials };
}

/** Splits what is left into at most `streams` chunks of at most `chunkSize`. */
function planChunks(remaining: number, chunkSize: number, streams: number): number[] {
  const counts: number[] = [];
  let left = remaining;
  while (left > 0 && counts.length < streams) {
    const count = Math.min(chunkSize, left);
    counts.push(count);
    left -= count;
  }
  return counts;
}

/**
 * The code generation job kind. A step reads what is left of the job, then writes it in chunks, each in
 * one transaction: make the codes (reserving serials for sequential rules), store them (codes that already
 * exist anywhere are skipped by the database), and advance the job's progress by the number stored.
 * Progress and codes commit together, so after a crash the job resumes at quantity − progress: nothing is
 * written twice or lost, and random codes skipped as existing are made up by the next step. Nothing bigger
 * than a chunk per stream (and the next one, made ahead) is held in memory.
 */
export function codeGenerationJob(database: Database, options: GenerationOptions): JobKind {
  const store = generationStore(database);
  const makeRandom = options.randomSource ?? randomCodes;
  const streams = database.kind === 'postgres' ? Math.max(1, options.streams) : 1;
  const poorSteps = new Map<string, number>();
  const prefetch = new ChunkPrefetch();
  const randomChunk = (target: CodeTarget, shape: CodeShape, count: number) => store.encode(target, makeRandom(shape, count), null);
  const sequentialChunk = (target: CodeTarget, shape: CodeShape, first: bigint, count: number) => {
    const { codes, serials } = sequentialCodes(shape, first, count);
    return store.encode(target, codes, serials);
  };

  /**
   * One chunk in one transaction. `nextCount` > 0 asks to make the next step's chunk while this one is
   * written (only when a step writes a single chunk, so the guess is about the same job position).
   */
  function writeChunk(jobId: string, workerId: string, job: HeldJob, rule: RuleShapeRow, count: number, nextCount: number) {
    return store.transaction(async (tx) => {
      const shape = shapeOf(rule);
      const target: CodeTarget = { companyId: job.company_id, ruleId: job.rule_id, recordId: jobId, productId: job.product_id, batchId: job.batch_id };
      const same = [job.rule_id, rule.mode, rule.prefix, rule.body_length, rule.alphabet, rule.check_scheme, job.product_id, job.batch_id].join('|');
      let chunk: EncodedChunk;
      let next: { key: string; make: () => EncodedChunk } | null = null;
      if (rule.mode === 'SEQUENTIAL') {
        const first = await reserveSerials(tx, job.rule_id, shape, count);
        chunk = (await prefetch.take(jobId, `${same}|${first}|${count}`)) ?? sequentialChunk(target, shape, first, count);
        const nextFirst = first + BigInt(count);
        if (nextCount > 0 && nextFirst + BigInt(nextCount) - 1n <= maxSerial(shape)) {
          next = { key: `${same}|${nextFirst}|${nextCount}`, make: () => sequentialChunk(target, shape, nextFirst, nextCount) };
        }
      } else {
        chunk = (await prefetch.take(jobId, `${same}|${count}`)) ?? randomChunk(target, shape, count);
        if (nextCount > 0) next = { key: `${same}|${nextCount}`, make: () => randomChunk(target, shape, nextCount) };
      }
      const upcoming = next;
      const stored = await tx.insertCodes(chunk, upcoming ? () => prefetch.prepare(jobId, upcoming.key, upcoming.make) : undefined);
      const [held] = await tx.query<{ status: string }>(ADVANCE_HELD, [jobId, workerId, stored]);
      if (!held) throw new JobLost();
      return { stored, done: held.status === 'DONE' };
    });
  }

  async function step(jobId: string, workerId: string): Promise<StepResult> {
    await prefetch.ready(jobId);
    const [held] = await store.query<HeldJob & RuleShapeRow>(READ_JOB, [jobId, workerId]);
    if (!held) return 'finished'; // cancelled, done, or no longer ours
    const job: HeldJob = held;
    const rule: RuleShapeRow = held;

    const remaining = job.quantity - job.progress;
    // Serials are drawn in order, one range at a time: a sequential rule writes one chunk per step.
    const counts = planChunks(remaining, options.chunkSize, rule.mode === 'RANDOM' ? streams : 1);
    const nextCount = counts.length === 1 ? Math.min(options.chunkSize, remaining - (counts[0] as number)) : 0;
    const writes = await Promise.allSettled(counts.map((count) => writeChunk(jobId, workerId, job, rule, count, nextCount)));

    const failure = writes.find((w): w is PromiseRejectedResult => w.status === 'rejected');
    if (failure) {
      const reason: unknown = failure.reason;
      if (reason instanceof JobLost) return 'finished';
      if (reason instanceof StopJob) {
        await failJob(database.db, 'code_record', jobId, workerId, reason.reason);
        return 'finished';
      }
      throw reason;
    }
    const results = writes.map((w) => (w as PromiseFulfilledResult<{ stored: number; done: boolean }>).value);
    if (results.some((r) => r.done)) return 'finished';

    // Codes that already existed are made up in the next step; a rule whose space is nearly full would
    // never finish, so a job that keeps losing most of its codes is stopped.
    const stored = results.reduce((sum, r) => sum + r.stored, 0);
    const asked = counts.reduce((sum, n) => sum + n, 0);
    const poor = stored * 2 < asked ? (poorSteps.get(jobId) ?? 0) + 1 : 0;
    poorSteps.set(jobId, poor);
    if (poor >= POOR_STEPS_MAX) {
      await failJob(database.db, 'code_record', jobId, workerId, 'CODE_SPACE_EXHAUSTED');
      return 'finished';
    }
    return 'more';
  }

  return {
    name: 'codeGeneration',
    table: 'code_record',
    step,
    forget: (jobId) => {
      poorSteps.delete(jobId);
      prefetch.forget(jobId);
    },
  };
}
