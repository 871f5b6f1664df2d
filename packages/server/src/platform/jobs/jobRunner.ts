import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { onJobQueued } from './jobSignal.js';
import { claimJob, failJob, releaseJob, type JobTableName } from './jobTable.js';
import { newWorkerId } from './workerId.js';

/** Whether a job has work left after a step. */
export type StepResult = 'more' | 'finished';

/**
 * One kind of background job. The runner claims its jobs and calls `step` until the job is finished;
 * everything about the work itself belongs to the kind.
 */
export interface JobKind {
  name: string;
  table: JobTableName;
  /**
   * Does one short piece of a job this worker holds and says whether work is left. Every transaction of
   * the piece must, under the job row's lock, update the row where it is still RUNNING and still held by
   * `workerId` (that update is also the heartbeat), and roll back when it finds nothing: the job was
   * cancelled or taken over. Each transaction commits whole or not at all, so a worker may die at any moment.
   */
  step(jobId: string, workerId: string): Promise<StepResult>;
  /** The runner is done with the job (finished, failed, paused or released): drop what was kept for it. */
  forget?(jobId: string): void;
}

/** The part of a pino / Fastify logger the runner writes to. */
export interface JobLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobRunnerOptions {
  db: Kysely<DB>;
  kinds: JobKind[];
  /** Seconds without a heartbeat after which a running job is taken over. */
  staleSeconds: number;
  /** How often an idle runner looks for work. */
  pollMs: number;
  workerId?: string;
  log?: JobLogger;
  /** Failed steps in a row (errors the kind did not expect) after which the job is marked FAILED. */
  maxStepFailures?: number;
}

/** The error key stored on a job that failed on something unexpected; the details are in the server log. */
export const JOB_FAILED_ERROR = 'JOB_FAILED';

export type RunOutcome = 'finished' | 'paused' | 'released' | 'not-claimed';

const SILENT: JobLogger = { info() {}, error() {} };

/** Lets queued timers, I/O and requests run between two steps, so a long job never holds the process. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs background jobs in this process, one at a time, step after step with a yield between steps. Jobs
 * live in the database: any number of instances may run a runner on the same database (each claims with
 * SKIP LOCKED), a job whose worker went silent is taken over, and stopping finishes the current step and
 * hands the job back.
 */
export class JobRunner {
  readonly workerId: string;
  private readonly log: JobLogger;
  private readonly maxStepFailures: number;
  private stopping = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly options: JobRunnerOptions) {
    this.workerId = options.workerId ?? newWorkerId();
    this.log = options.log ?? SILENT;
    this.maxStepFailures = options.maxStepFailures ?? 3;
  }

  /** Starts looking for jobs in the background. */
  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.unsubscribe = onJobQueued(() => this.wake());
    this.loop = this.run();
  }

  /** Finishes the step under way, hands its job back, and resolves when the runner has stopped. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.wake();
    await this.loop;
    this.loop = null;
  }

  /** Looks for work now rather than at the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  /**
   * Claims one given job (queued, or running with a stale heartbeat) and works on it in the caller's time:
   * to its end, or for `maxSteps` steps, after which the job is left held by this worker as if the process
   * had died there. For tests and tools; servers use `start`.
   */
  async runJob(kind: JobKind, jobId: string, options: { maxSteps?: number } = {}): Promise<RunOutcome> {
    const claimed = await claimJob(this.options.db, kind.table, this.workerId, this.options.staleSeconds, jobId);
    if (!claimed) return 'not-claimed';
    return this.work(kind, claimed, options.maxSteps ?? Number.POSITIVE_INFINITY);
  }

  private async run(): Promise<void> {
    // The first look is one poll after the start (or when a job is queued here): a restarted server answers
    // the requests waiting for it first, and the work left from before resumes a moment later.
    await this.pause(this.options.pollMs);
    while (!this.stopping) {
      let worked = false;
      try {
        for (const kind of this.options.kinds) {
          if (this.stopping) break;
          const id = await claimJob(this.options.db, kind.table, this.workerId, this.options.staleSeconds);
          if (!id) continue;
          worked = true;
          this.log.info({ job: kind.name, id, worker: this.workerId }, 'job claimed');
          const outcome = await this.work(kind, id, Number.POSITIVE_INFINITY);
          this.log.info({ job: kind.name, id, outcome }, 'job left');
        }
      } catch (error) {
        // The database may be restarting: say so and look again after a pause.
        this.log.error({ err: error, worker: this.workerId }, 'job runner could not claim work');
      }
      if (!worked && !this.stopping) await this.pause(this.options.pollMs);
    }
  }

  private async work(kind: JobKind, id: string, maxSteps: number): Promise<RunOutcome> {
    let steps = 0;
    let failures = 0;
    try {
      for (;;) {
        if (this.stopping) {
          await releaseJob(this.options.db, kind.table, id, this.workerId);
          return 'released';
        }
        if (steps >= maxSteps) return 'paused';
        try {
          const result = await kind.step(id, this.workerId);
          steps += 1;
          failures = 0;
          if (result === 'finished') return 'finished';
        } catch (error) {
          failures += 1;
          this.log.error({ err: error, job: kind.name, id, failures }, 'job step failed');
          if (failures >= this.maxStepFailures) {
            await failJob(this.options.db, kind.table, id, this.workerId, JOB_FAILED_ERROR);
            return 'finished';
          }
          await this.pause(250 * 2 ** failures);
          continue;
        }
        await yieldToEventLoop();
      }
    } finally {
      kind.forget?.(id);
    }
  }

  /** Waits `ms`, or less when woken or stopped. */
  private pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
      if (this.stopping) done();
    });
  }
}
