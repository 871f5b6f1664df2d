import { sql, type Kysely, type Transaction } from 'kysely';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/http/appError.js';
import type { JobKind, StepResult } from '../../platform/jobs/jobRunner.js';
import { announceJobQueued } from '../../platform/jobs/jobSignal.js';
import { appendEvents } from '../epcis/eventStore.js';
import { commissioningEvents, decommissioningEvents, type EventSite } from '../epcis/portalEvents.js';
import type { BulkChange } from '../code/bulk.js';
import { codeUrl } from '../rule/codeMaker.js';

/**
 * Putting a whole generation job's codes in force, or voiding them, as a background job (code_activation,
 * its `action`; 0038). Each step, in one transaction: the next `stepSize` codes of the job in id order are
 * activated where not yet in force (or voided where not yet voided, each keeping the reason), their
 * commissioning (decommissioning) events are written (events of at most 1,000 EPCs, built from this step's
 * codes only), and the cursor and progress advance under the job row's lock, held by this worker (the
 * heartbeat). A crash loses at most the step under way, which the next worker does again. A void of the whole
 * job is how a job larger than one bulk change (CODE_BULK_MAX) is voided: step by step, not all or nothing,
 * so the page follows it to its end as it follows an activation.
 */

export interface ActivationOptions {
  site: EventSite;
  stepSize: number;
  /** Writes the commissioning events (always, except to measure what they cost). */
  recordEvents?: boolean;
}

/**
 * Asks for all the job's codes to be put in force (or voided); refused while the job still makes codes or a
 * change of the whole job is under way.
 */
export async function requestActivation(
  db: Kysely<DB>,
  principal: Principal,
  recordId: string,
  change: BulkChange = { action: 'ACTIVATE' },
): Promise<{ id: string }> {
  const id = await db.transaction().execute(async (tx) => {
    let q = tx.selectFrom('code_record').select(['id', 'company_id', 'status', 'progress']).where('id', '=', recordId).forUpdate();
    if (principal.companyId) q = q.where('company_id', '=', principal.companyId);
    const job = await q.executeTakeFirst();
    if (!job) throw notFound();
    if (job.status !== 'DONE') throw new AppError('ACTIVATION_NOT_READY');
    const running = await tx
      .selectFrom('code_activation')
      .select('id')
      .where('record_id', '=', recordId)
      .where('status', 'in', ['QUEUED', 'RUNNING'])
      .executeTakeFirst();
    if (running) throw new AppError('ACTIVATION_UNDER_WAY');
    const row = await tx
      .insertInto('code_activation')
      .values({
        company_id: job.company_id,
        record_id: recordId,
        quantity: job.progress,
        created_by: principal.userId,
        action: change.action,
        void_reason: change.action === 'VOID' ? change.reason : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  announceJobQueued();
  return { id };
}

/** The newest activation of a generation job, for its progress. */
export function latestActivation(db: Kysely<DB>, principal: Principal, recordId: string) {
  let q = db
    .selectFrom('code_activation')
    .select(['id', 'action', 'void_reason as voidReason', 'status', 'quantity', 'progress', 'error', 'created_at as createdAt', 'finished_at as finishedAt'])
    .where('record_id', '=', recordId)
    .orderBy('created_at', 'desc')
    .limit(1);
  if (principal.companyId) q = q.where('company_id', '=', principal.companyId);
  return q.executeTakeFirst();
}

interface HeldActivation {
  record_id: string;
  company_id: string;
  action: 'ACTIVATE' | 'VOID';
  void_reason: string | null;
  cursor: string;
  url_form: 'SCAN' | 'GS1';
  gtin: string | null;
  batch_no: string | null;
}

async function holdActivation(tx: Transaction<DB>, id: string, workerId: string): Promise<HeldActivation | undefined> {
  const { rows } = await sql<HeldActivation>`
    SELECT a.record_id, a.company_id, a.action, a.void_reason, a.cursor::text AS cursor, r.url_form, p.gtin, b.batch_no
      FROM code_activation a
      JOIN code_record j ON j.id = a.record_id
      JOIN tag_rule r ON r.id = j.rule_id
      LEFT JOIN product p ON p.id = j.product_id
      LEFT JOIN product_batch b ON b.id = j.batch_id
     WHERE a.id = ${id} AND a.worker_id = ${workerId} AND a.status = 'RUNNING'
       FOR UPDATE OF a`.execute(tx);
  return rows[0];
}

export function codeActivationJob(db: Kysely<DB>, options: ActivationOptions): JobKind {
  const recordEvents = options.recordEvents ?? true;

  async function step(id: string, workerId: string): Promise<StepResult> {
    return db.transaction().execute(async (tx) => {
      const held = await holdActivation(tx, id, workerId);
      if (!held) return 'finished'; // cancelled, done, or taken over
      const change =
        held.action === 'VOID'
          ? sql`UPDATE code c SET status = 'VOIDED', voided_at = now(), void_reason = ${held.void_reason}
                  FROM span WHERE c.id = span.id AND c.status <> 'VOIDED'`
          : sql`UPDATE code c SET status = 'ACTIVATED', activated_at = now()
                  FROM span WHERE c.id = span.id AND c.status = 'NOT_ACTIVATED'`;
      const { rows } = await sql<{ code: string | null; last: string | null; batch_no: string | null }>`
        WITH span AS (
          SELECT id FROM code WHERE record_id = ${held.record_id} AND id > ${held.cursor}::bigint ORDER BY id LIMIT ${options.stepSize}
        ),
        done AS (${change} RETURNING c.code, c.batch_id)
        SELECT done.code, NULL::text AS last, b.batch_no FROM done LEFT JOIN product_batch b ON b.id = done.batch_id
        UNION ALL
        SELECT NULL, (SELECT max(id)::text FROM span), NULL`.execute(tx);
      const last = rows.find((r) => r.code === null)?.last ?? null;
      const changed = rows.filter((r): r is { code: string; last: null; batch_no: string | null } => r.code !== null);
      if (recordEvents && changed.length > 0) {
        const at = new Date();
        const epcOf = (code: string) => codeUrl(options.site.epcBase, code, { urlForm: held.url_form, gtin: held.gtin, batchNo: held.batch_no });
        const owner = { companyId: held.company_id, origin: 'PORTAL' as const };
        if (held.action === 'VOID') {
          await appendEvents(tx, owner, decommissioningEvents(options.site, at, changed.map((r) => epcOf(r.code))));
        } else {
          const byLot = new Map<string | null, string[]>();
          for (const r of changed) {
            const lot = byLot.get(r.batch_no);
            if (lot) lot.push(epcOf(r.code));
            else byLot.set(r.batch_no, [epcOf(r.code)]);
          }
          for (const [lot, epcs] of byLot) await appendEvents(tx, owner, commissioningEvents(options.site, at, epcs, lot));
        }
      }
      const finished = last === null;
      await sql`
        UPDATE code_activation SET
          cursor = coalesce(${last}::bigint, cursor), progress = progress + ${changed.length}, heartbeat_at = now(), updated_at = now(),
          status = CASE WHEN ${finished} THEN 'DONE' ELSE status END,
          finished_at = CASE WHEN ${finished} THEN now() ELSE finished_at END
        WHERE id = ${id}`.execute(tx);
      return finished ? 'finished' : 'more';
    });
  }

  return { name: 'code-activation', table: 'code_activation', step };
}
