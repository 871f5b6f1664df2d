import { sql, type Kysely, type Transaction } from 'kysely';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/http/appError.js';
import type { JobKind, StepResult } from '../../platform/jobs/jobRunner.js';
import { announceJobQueued } from '../../platform/jobs/jobSignal.js';
import { appendEvents } from '../epcis/eventStore.js';
import { commissioningEvents, type EventSite } from '../epcis/portalEvents.js';
import { codeUrl } from '../rule/codeMaker.js';

/**
 * Putting a whole generation job's codes in force, as a background job (code_activation). Each step, in one
 * transaction: the next `stepSize` codes of the job in id order are activated where not yet in force, their
 * commissioning events are written (events of at most 1,000 EPCs, built from this step's codes only), and the
 * cursor and progress advance under the job row's lock, held by this worker (the heartbeat). A crash loses
 * at most the step under way, which the next worker does again.
 */

export interface ActivationOptions {
  site: EventSite;
  stepSize: number;
  /** Writes the commissioning events (always, except to measure what they cost). */
  recordEvents?: boolean;
}

/** Asks for all the job's codes to be put in force; refused while the job still makes codes or one is under way. */
export async function requestActivation(db: Kysely<DB>, principal: Principal, recordId: string): Promise<{ id: string }> {
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
      .values({ company_id: job.company_id, record_id: recordId, quantity: job.progress, created_by: principal.userId })
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
    .select(['id', 'status', 'quantity', 'progress', 'error', 'created_at as createdAt', 'finished_at as finishedAt'])
    .where('record_id', '=', recordId)
    .orderBy('created_at', 'desc')
    .limit(1);
  if (principal.companyId) q = q.where('company_id', '=', principal.companyId);
  return q.executeTakeFirst();
}

interface HeldActivation {
  record_id: string;
  company_id: string;
  cursor: string;
  url_form: 'SCAN' | 'GS1';
  gtin: string | null;
  batch_no: string | null;
}

async function holdActivation(tx: Transaction<DB>, id: string, workerId: string): Promise<HeldActivation | undefined> {
  const { rows } = await sql<HeldActivation>`
    SELECT a.record_id, a.company_id, a.cursor::text AS cursor, r.url_form, p.gtin, b.batch_no
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
      const { rows } = await sql<{ code: string | null; last: string | null; batch_no: string | null }>`
        WITH span AS (
          SELECT id FROM code WHERE record_id = ${held.record_id} AND id > ${held.cursor}::bigint ORDER BY id LIMIT ${options.stepSize}
        ),
        done AS (
          UPDATE code c SET status = 'ACTIVATED', activated_at = now()
            FROM span WHERE c.id = span.id AND c.status = 'NOT_ACTIVATED'
          RETURNING c.code, c.batch_id
        )
        SELECT done.code, NULL::text AS last, b.batch_no FROM done LEFT JOIN product_batch b ON b.id = done.batch_id
        UNION ALL
        SELECT NULL, (SELECT max(id)::text FROM span), NULL`.execute(tx);
      const last = rows.find((r) => r.code === null)?.last ?? null;
      const activated = rows.filter((r): r is { code: string; last: null; batch_no: string | null } => r.code !== null);
      if (recordEvents && activated.length > 0) {
        const at = new Date();
        const byLot = new Map<string | null, string[]>();
        for (const r of activated) {
          const epc = codeUrl(options.site.epcBase, r.code, { urlForm: held.url_form, gtin: held.gtin, batchNo: held.batch_no });
          const lot = byLot.get(r.batch_no);
          if (lot) lot.push(epc);
          else byLot.set(r.batch_no, [epc]);
        }
        for (const [lot, epcs] of byLot) {
          await appendEvents(tx, { companyId: held.company_id, origin: 'PORTAL' }, commissioningEvents(options.site, at, epcs, lot));
        }
      }
      const finished = last === null;
      await sql`
        UPDATE code_activation SET
          cursor = coalesce(${last}::bigint, cursor), progress = progress + ${activated.length}, heartbeat_at = now(), updated_at = now(),
          status = CASE WHEN ${finished} THEN 'DONE' ELSE status END,
          finished_at = CASE WHEN ${finished} THEN now() ELSE finished_at END
        WHERE id = ${id}`.execute(tx);
      return finished ? 'finished' : 'more';
    });
  }

  return { name: 'code-activation', table: 'code_activation', step };
}
