import type { AppContext } from '../../platform/context.js';
import { JobRunner, type JobKind, type RunOutcome } from '../../platform/jobs/jobRunner.js';
import { eventSiteOf } from '../epcis/portalEvents.js';
import { codeActivationJob } from './activation.js';
import { codeGenerationJob, type RandomCodeSource } from './generator.js';

type JobContext = Pick<AppContext, 'database' | 'db' | 'config'>;

/** Codes per step: big COPY chunks on PostgreSQL; on the embedded database, whose one connection the API shares, short transactions. */
export function generationChunkSize(ctx: JobContext): number {
  return ctx.database.kind === 'postgres' ? ctx.config.codeChunkSize : ctx.config.codeChunkSizeEmbedded;
}

/** The code generation job kind as the server runs it. */
export function codeGenerationKind(ctx: JobContext, randomSource?: RandomCodeSource): JobKind {
  return codeGenerationJob(ctx.database, { chunkSize: generationChunkSize(ctx), streams: ctx.config.codeCopyStreams, randomSource });
}

/** The activation job kind as the server runs it: steps of a generation chunk's size. */
export function codeActivationKind(ctx: JobContext, options: { recordEvents?: boolean } = {}): JobKind {
  return codeActivationJob(ctx.db, { site: eventSiteOf(ctx.config), stepSize: generationChunkSize(ctx), recordEvents: options.recordEvents });
}

/**
 * Runs one generation job in the caller's time with a runner of its own (a worker id of its own): to the
 * end, or for `maxSteps` steps after which the job is left as a dead worker would leave it. The job must
 * be claimable: queued, or running with a stale heartbeat.
 */
export function runJobNow(
  ctx: JobContext,
  jobId: string,
  options: { maxSteps?: number; randomSource?: RandomCodeSource; workerId?: string } = {},
): Promise<RunOutcome> {
  const runner = new JobRunner({
    db: ctx.db,
    kinds: [],
    staleSeconds: ctx.config.jobStaleSeconds,
    pollMs: ctx.config.jobPollMs,
    workerId: options.workerId,
  });
  return runner.runJob(codeGenerationKind(ctx, options.randomSource), jobId, { maxSteps: options.maxSteps });
}
