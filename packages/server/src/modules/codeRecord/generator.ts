import type { CodeAlphabet, CheckScheme } from '@rd/contract';
import type { JobKind, StepResult } from '../../platform/jobs/jobRunner.js';
import { failJob } from '../../platform/jobs/jobTable.js';
import type { Database } from '../../platform/db/database.js';
import { maxSerial, randomCodes, sequentialCode, type CodeShape } from '../rule/codeMaker.js';
import { generationStore, type CodeTarget, type GenerationTx } from './generationStore.js';

/** Makes `count` random codes of a shape; tests pass their own to force collisions. */
export type RandomCodeSource = (shape: CodeShape, count: number) => string[];

export interface GenerationOptions {
  /** Codes written per step (one transaction). */
  chunkSize: number;
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

// The heartbeat, the ownership check and the row lock of the step in one statement: a cancel, or another
// worker taking the job over, waits for the step to commit and is seen by the next one.
const HOLD_JOB = `
  UPDATE code_record SET heartbeat_at = now()
  WHERE id = $1 AND worker_id = $2 AND status = 'RUNNING'
  RETURNING company_id, rule_id, product_id, batch_id, quantity, progress`;
const RULE_SHAPE = 'SELECT mode, prefix, body_length, alphabet, check_scheme FROM tag_rule WHERE id = $1';
// Moving the counter in the step's own transaction: a serial is handed out once, and a step that rolls
// back gives its range back together with its codes.
const RESERVE_SERIALS = `
  UPDATE tag_rule SET next_serial = next_serial + $2
  WHERE id = $1
  RETURNING (next_serial - $2)::text AS first`;
const ADVANCE = `
  UPDATE code_record
  SET progress = progress + $2, updated_at = now(),
      status = CASE WHEN progress + $2 >= quantity THEN 'DONE' ELSE status END,
      finished_at = CASE WHEN progress + $2 >= quantity THEN now() ELSE finished_at END
  WHERE id = $1`;

/** A step that must end the job with an error instead of writing. */
class StopJob extends Error {
  constructor(readonly reason: 'SERIALS_RUN_OUT' | 'CODE_SPACE_EXHAUSTED') {
    super(reason);
  }
}

function shapeOf(rule: RuleShapeRow): CodeShape {
  return { prefix: rule.prefix, bodyLength: rule.body_length, alphabet: rule.alphabet, checkScheme: rule.check_scheme };
}

/** The next `count` serials of a sequential rule and their codes, or StopJob when the rule runs out. */
async function sequentialChunk(tx: GenerationTx, ruleId: string, shape: CodeShape, count: number) {
  const [reserved] = await tx.query<{ first: string }>(RESERVE_SERIALS, [ruleId, count]);
  const first = BigInt((reserved as { first: string }).first);
  if (first + BigInt(count) - 1n > maxSerial(shape)) throw new StopJob('SERIALS_RUN_OUT');
  const serials = new Array<bigint>(count);
  const codes = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    const serial = first + BigInt(i);
    serials[i] = serial;
    codes[i] = sequentialCode(shape, serial);
  }
  return { codes, serials };
}

/**
 * The code generation job kind. Each step, in one transaction: hold the job, make up to `chunkSize` of the
 * codes still missing (reserving serials for sequential rules), store them (codes that already exist are
 * skipped by the database), and advance the job's progress by the number stored. Progress and codes commit
 * together, so after a crash the job resumes at quantity − progress: nothing is written twice or lost, and
 * random codes skipped as existing are made up in the next step. Nothing bigger than one chunk is held.
 */
export function codeGenerationJob(database: Database, options: GenerationOptions): JobKind {
  const store = generationStore(database);
  const makeRandom = options.randomSource ?? randomCodes;
  const poorSteps = new Map<string, number>();

  async function step(jobId: string, workerId: string): Promise<StepResult> {
    let outcome: { stored: number; asked: number; done: boolean } | null;
    try {
      outcome = await store.transaction(async (tx) => {
        const [job] = await tx.query<HeldJob>(HOLD_JOB, [jobId, workerId]);
        if (!job) return null; // cancelled, finished, or no longer ours
        const count = Math.min(options.chunkSize, job.quantity - job.progress);
        let stored = 0;
        if (count > 0) {
          const [rule] = await tx.query<RuleShapeRow>(RULE_SHAPE, [job.rule_id]);
          if (!rule) throw new Error(`rule ${job.rule_id} of job ${jobId} is missing`);
          const shape = shapeOf(rule);
          const { codes, serials } =
            rule.mode === 'SEQUENTIAL' ? await sequentialChunk(tx, job.rule_id, shape, count) : { codes: makeRandom(shape, count), serials: null };
          const target: CodeTarget = {
            companyId: job.company_id,
            ruleId: job.rule_id,
            recordId: jobId,
            productId: job.product_id,
            batchId: job.batch_id,
          };
          stored = await tx.insertCodes(target, codes, serials);
        }
        await tx.query(ADVANCE, [jobId, stored]);
        return { stored, asked: count, done: job.progress + stored >= job.quantity };
      });
    } catch (error) {
      if (!(error instanceof StopJob)) throw error;
      await failJob(database.db, 'code_record', jobId, workerId, error.reason);
      return 'finished';
    }
    if (!outcome) return 'finished';
    if (outcome.done) return 'finished';
    // Codes that already existed are made up in the next step; a rule whose space is nearly full would
    // never finish, so a job that keeps losing most of its codes is stopped.
    const poor = outcome.stored * 2 < outcome.asked ? (poorSteps.get(jobId) ?? 0) + 1 : 0;
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
    forget: (jobId) => poorSteps.delete(jobId),
  };
}
