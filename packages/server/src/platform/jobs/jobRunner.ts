import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { onJobQueued } from './jobSignal.js';
import { FairQueue } from './fairQueue.js';
import { claimJob, claimJobOf, failJob, keepJobsHeld, releaseJob, type JobTableName } from './jobTable.js';
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
  /** How often the runner looks for new work (a job queued by this process is seen at once). */
  pollMs: number;
  /** Jobs this runner works on side by side, a step of each in turn. */
  slots?: number;
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

/** A job this runner holds. */
interface HeldJob {
  kind: JobKind;
  id: string;
  companyId: string;
  /** Unexpected step failures in a row. */
  failures: number;
  /** Epoch ms before which the job waits (after a failed step). */
  notBefore: number;
  /** Epoch ms of its last step or heartbeat. */
  lastBeat: number;
}

/**
 * Runs background jobs in this process: up to `slots` jobs side by side, one short step at a time, in turns
 * that go round the companies and then the jobs of each company (`FairQueue`), with a yield between steps.
 * A 1,000-code job queued behind another company's 10,000,000-code one is done after a few turns.
 * Jobs live in the database: any number of instances may run a runner on the same database (each claims with
 * SKIP LOCKED), a job whose worker went silent is taken over, and stopping finishes the current step and
 * hands every held job back. Each step commits whole with the job's progress, so whatever the interleaving a
 * job resumes where it stands and writes everything exactly once.
 */
export class JobRunner {
  readonly workerId: string;
  private readonly log: JobLogger;
  private readonly maxStepFailures: number;
  private readonly slots: number;
  private readonly held = new FairQueue<HeldJob>();
  private stopping = false;
  /** Set when a job was queued here: look for it before the next step rather than at the next poll. */
  private lookNow = true;
  private nextLookAt = 0;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly options: JobRunnerOptions) {
    this.workerId = options.workerId ?? newWorkerId();
    this.log = options.log ?? SILENT;
    this.maxStepFailures = options.maxStepFailures ?? 3;
    this.slots = Math.max(1, options.slots ?? 4);
  }

  /** Starts looking for jobs in the background. */
  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.unsubscribe = onJobQueued(() => this.wake());
    this.loop = this.run();
  }

  /** Finishes the step under way, hands its jobs back, and resolves when the runner has stopped. */
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
    this.lookNow = true;
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
    const maxSteps = options.maxSteps ?? Number.POSITIVE_INFINITY;
    const job: HeldJob = { kind, id: claimed, companyId: '', failures: 0, notBefore: 0, lastBeat: Date.now() };
    try {
      for (let steps = 0; ; ) {
        if (this.stopping) {
          await releaseJob(this.options.db, kind.table, jobId, this.workerId);
          return 'released';
        }
        if (steps >= maxSteps) return 'paused';
        const result = await this.stepOnce(job);
        if (result === 'finished') return 'finished';
        if (result === 'more') steps += 1;
        else await this.pause(job.notBefore - Date.now());
        await yieldToEventLoop();
      }
    } finally {
      kind.forget?.(jobId);
    }
  }

  private async run(): Promise<void> {
    // The first look is one poll after the start (or when a job is queued here): a restarted server answers
    // the requests waiting for it first, and the work left from before resumes a moment later.
    this.lookNow = false;
    await this.pause(this.options.pollMs);
    while (!this.stopping) {
      try {
        await this.claimWhenDue();
        await this.keepIdleJobsHeld();
      } catch (error) {
        // The database may be restarting: say so, go on with the jobs held, and look again after a poll.
        this.log.error({ err: error, worker: this.workerId }, 'job runner could not claim work');
      }
      if (this.stopping) break;
      const job = this.held.next(Date.now());
      if (!job) {
        const wait = this.held.size === 0 ? this.options.pollMs : Math.min(this.options.pollMs, this.held.nextReadyAt() - Date.now());
        await this.pause(wait);
        continue;
      }
      const result = await this.stepOnce(job);
      if (result === 'finished') this.letGo(job, 'finished');
      await yieldToEventLoop();
    }
    for (const job of this.held.all()) {
      try {
        await releaseJob(this.options.db, job.kind.table, job.id, this.workerId);
      } catch (error) {
        // Not handed back: another worker takes it over once its heartbeat is stale.
        this.log.error({ err: error, job: job.kind.name, id: job.id }, 'job could not be handed back');
      }
      this.letGo(job, 'released');
    }
  }

  /** Takes new jobs while slots are free, at every poll and whenever a job is queued in this process. */
  private async claimWhenDue(): Promise<void> {
    if (this.held.size >= this.slots) return;
    // A busy runner looks once a poll (a claim is a round trip between two steps); an idle one at every wake-up.
    if (this.held.size > 0 && !this.lookNow && Date.now() < this.nextLookAt) return;
    this.lookNow = false;
    this.nextLookAt = Date.now() + this.options.pollMs;
    // Each kind in turn, one job at a time, so no kind's queue fills every slot while another's waits.
    let claimedAny = true;
    while (claimedAny && this.held.size < this.slots && !this.stopping) {
      claimedAny = false;
      for (const kind of this.options.kinds) {
        if (this.held.size >= this.slots || this.stopping) break;
        const claimed = await claimJobOf(this.options.db, kind.table, this.workerId, this.options.staleSeconds);
        if (!claimed) continue;
        claimedAny = true;
        this.held.add({ kind, ...claimed, failures: 0, notBefore: 0, lastBeat: Date.now() });
        this.log.info({ job: kind.name, id: claimed.id, company: claimed.companyId, worker: this.workerId }, 'job claimed');
      }
    }
  }

  /** A job waits while the others step: its heartbeat is renewed well before it could look stale. */
  private async keepIdleJobsHeld(): Promise<void> {
    const due = Date.now() - (this.options.staleSeconds * 1000) / 3;
    const idle = this.held.all().filter((j) => j.lastBeat < due);
    for (const kind of this.options.kinds) {
      const ids = idle.filter((j) => j.kind === kind).map((j) => j.id);
      if (ids.length === 0) continue;
      await keepJobsHeld(this.options.db, kind.table, ids, this.workerId);
      for (const job of idle) if (job.kind === kind) job.lastBeat = Date.now();
    }
  }

  /**
   * One step of a held job. An unexpected error is logged and the job sits out a while (doubling each time),
   * and after `maxStepFailures` in a row it is marked FAILED: 'retry' or 'finished'.
   */
  private async stepOnce(job: HeldJob): Promise<StepResult | 'retry'> {
    try {
      const result = await job.kind.step(job.id, this.workerId);
      job.failures = 0;
      job.lastBeat = Date.now();
      return result;
    } catch (error) {
      job.failures += 1;
      this.log.error({ err: error, job: job.kind.name, id: job.id, failures: job.failures }, 'job step failed');
      if (job.failures >= this.maxStepFailures) {
        await failJob(this.options.db, job.kind.table, job.id, this.workerId, JOB_FAILED_ERROR).catch((failError: unknown) => {
          // Left RUNNING: it goes stale and is taken over, and fails there if the error is in the job itself.
          this.log.error({ err: failError, job: job.kind.name, id: job.id }, 'job could not be marked failed');
        });
        return 'finished';
      }
      job.notBefore = Date.now() + 250 * 2 ** job.failures;
      return 'retry';
    }
  }

  private letGo(job: HeldJob, outcome: 'finished' | 'released'): void {
    this.held.remove(job);
    job.kind.forget?.(job.id);
    this.log.info({ job: job.kind.name, id: job.id, outcome }, 'job left');
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
