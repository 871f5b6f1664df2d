import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, RecallSelectionKind } from '../../platform/db/schema.js';
import type { JobKind, StepResult } from '../../platform/jobs/jobRunner.js';
import type { AppContext } from '../../platform/context.js';
import { generationChunkSize } from '../codeRecord/jobs.js';
import { eventSiteOf, type EventSite } from '../epcis/portalEvents.js';
import type { CodeShape } from '../rule/codeMaker.js';
import { eventStep } from './recallEvents.js';
import { resolveStep } from './resolution.js';
import type { RecallJobKind } from './store.js';

/**
 * The background job kind of recalls (table recall_job): resolving a selection into codes, and writing the
 * events of activation and of closing. Each step is one transaction that first locks the recall row and
 * then the job row (held by this worker and RUNNING, else it does nothing): the service locks in the same
 * order when a draft changes, so a step and an edit never deadlock, and an edit that cancels the job makes
 * the step under way find it cancelled.
 */

export interface HeldRecallJob {
  id: string;
  recallId: string;
  companyId: string;
  kind: RecallJobKind;
  phase: 'CLEAR' | 'GATHER';
  part: number;
  /** bigint as text */
  cursor: string;
  disposition: string | null;
  recallNo: string;
  selectionKind: RecallSelectionKind;
  batchIds: string[];
  shipmentId: string | null;
  ruleId: string | null;
  serialFrom: string | null;
  serialTo: string | null;
  /** The range's rule shape, for making its codes. */
  rule: CodeShape | null;
  startedAt: Date | null;
  closedAt: Date | null;
}

/** What a step did: where the job stands after it, and how many codes it moved on. */
export interface StepOutcome {
  phase: 'CLEAR' | 'GATHER';
  part: number;
  cursor: string;
  progress: number;
  finished: boolean;
}

export interface RecallJobOptions {
  site: EventSite;
  /** Codes per step: a generation chunk's size (small on the embedded database). */
  stepSize: number;
}

async function holdJob(tx: Transaction<DB>, id: string, workerId: string): Promise<HeldRecallJob | undefined> {
  const target = await tx.selectFrom('recall_job').select('recall_id').where('id', '=', id).executeTakeFirst();
  if (!target) return undefined;
  await sql`SELECT 1 FROM recall WHERE id = ${target.recall_id} FOR UPDATE`.execute(tx);
  const { rows } = await sql<Omit<HeldRecallJob, 'rule'> & { prefix: string | null; bodyLength: number | null; alphabet: CodeShape['alphabet'] | null; checkScheme: CodeShape['checkScheme'] | null }>`
    SELECT j.id, j.recall_id AS "recallId", j.company_id AS "companyId", j.kind, j.phase, j.part, j.cursor::text AS cursor, j.disposition,
           r.recall_no AS "recallNo", r.selection_kind AS "selectionKind", r.batch_ids::text[] AS "batchIds", r.shipment_id AS "shipmentId",
           r.rule_id AS "ruleId", r.serial_from::text AS "serialFrom", r.serial_to::text AS "serialTo", r.started_at AS "startedAt", r.closed_at AS "closedAt",
           t.prefix, t.body_length AS "bodyLength", t.alphabet, t.check_scheme AS "checkScheme"
      FROM recall_job j
      JOIN recall r ON r.id = j.recall_id
      LEFT JOIN tag_rule t ON t.id = r.rule_id
     WHERE j.id = ${id} AND j.worker_id = ${workerId} AND j.status = 'RUNNING'
       FOR UPDATE OF j`.execute(tx);
  const row = rows[0];
  if (!row) return undefined;
  const { prefix, bodyLength, alphabet, checkScheme, ...job } = row;
  const rule = prefix !== null && bodyLength !== null && alphabet !== null && checkScheme !== null ? ({ prefix, bodyLength, alphabet, checkScheme } as CodeShape) : null;
  return { ...job, rule };
}

export function recallJobKind(db: Kysely<DB>, options: RecallJobOptions): JobKind {
  async function step(id: string, workerId: string): Promise<StepResult> {
    return db.transaction().execute(async (tx) => {
      const held = await holdJob(tx, id, workerId);
      if (!held) return 'finished'; // cancelled, done, or taken over
      const outcome = held.kind === 'RESOLVE' ? await resolveStep(tx, held, options.stepSize) : await eventStep(tx, held, options.site, options.stepSize);
      await sql`
        UPDATE recall_job SET
          phase = ${outcome.phase}, part = ${outcome.part}, cursor = ${outcome.cursor}::bigint, progress = progress + ${outcome.progress},
          heartbeat_at = now(), updated_at = now(),
          status = CASE WHEN ${outcome.finished}::boolean THEN 'DONE' ELSE status END,
          finished_at = CASE WHEN ${outcome.finished}::boolean THEN now() ELSE finished_at END
        WHERE id = ${id}`.execute(tx);
      return outcome.finished ? 'finished' : 'more';
    });
  }
  return { name: 'recall', table: 'recall_job', step };
}

/** The recall job kind as the server runs it: steps of a generation chunk's size. */
export function recallKind(ctx: Pick<AppContext, 'database' | 'db' | 'config'>): JobKind {
  return recallJobKind(ctx.db, { site: eventSiteOf(ctx.config), stepSize: generationChunkSize(ctx) });
}
