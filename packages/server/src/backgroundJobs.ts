import type { AppContext } from './platform/context.js';
import { JobRunner, type JobLogger } from './platform/jobs/jobRunner.js';
import { codeActivationKind, codeGenerationKind } from './modules/codeRecord/jobs.js';
import { recallKind } from './modules/recall/jobs.js';

/**
 * The background jobs this server runs, in one place like the route modules. One runner per process;
 * several instances on one PostgreSQL database share the work.
 */
export function createJobRunner(ctx: Pick<AppContext, 'database' | 'db' | 'config'>, log?: JobLogger): JobRunner {
  return new JobRunner({
    db: ctx.db,
    kinds: [codeGenerationKind(ctx), codeActivationKind(ctx), recallKind(ctx)],
    staleSeconds: ctx.config.jobStaleSeconds,
    pollMs: ctx.config.jobPollMs,
    slots: ctx.config.jobSlots,
    log,
  });
}
