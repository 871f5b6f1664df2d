import type {
  Lang,
  RecallDetail,
  recallAddBodySchema,
  recallCloseBodySchema,
  recallCodeQuerySchema,
  recallEditBodySchema,
  recallPageQuerySchema,
} from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/sessionStore.js';
import { isUniqueViolation } from '../../platform/db/constraintErrors.js';
import type { DB } from '../../platform/db/schema.js';
import { businessClock } from '../../platform/export/businessClock.js';
import { AppError, notFound } from '../../platform/http/appError.js';
import { announceJobQueued } from '../../platform/jobs/jobSignal.js';
import { ownCompany } from '../product/ownCompany.js';
import { recallMessage } from './messages.js';
import { checkSelection } from './selection.js';
import {
  cancelJobs,
  insertJob,
  insertRecall,
  lockRecall,
  nextRecallNo,
  recallCodePage,
  recallJobs,
  recallPage,
  recallRow,
  replaceListedCodes,
  selectionColumns,
  selectionDetail,
  unfinishedJob,
} from './store.js';

/**
 * The rules of a recall's life. A DRAFT may change; its selection is checked when it is saved and resolved
 * into codes in the background (a changed selection is resolved anew). Activation needs the codes counted
 * and at least one of them; it flips the state in one statement, so every consumer check sees the recall at
 * its next read, and queues the `recalled` events. Closing an active recall needs its activation events
 * written, records the summary and queues the events of the chosen disposition; a draft may be closed
 * unused. Nothing changes once closed; nothing is ever deleted. Every call takes the company from the session.
 */

type AddBody = z.infer<typeof recallAddBodySchema>;
type EditBody = z.infer<typeof recallEditBodySchema>;
type CloseBody = z.infer<typeof recallCloseBodySchema>;

export function listRecalls(db: Kysely<DB>, principal: Principal, query: z.infer<typeof recallPageQuerySchema>) {
  return recallPage(db, ownCompany(principal), query);
}

export async function getRecall(db: Kysely<DB>, principal: Principal, id: string): Promise<RecallDetail> {
  const companyId = ownCompany(principal);
  const row = await recallRow(db, companyId, id);
  if (!row) throw notFound();
  const [selection, jobs] = await Promise.all([selectionDetail(db, companyId, id), recallJobs(db, id)]);
  return { ...row, selection, jobs } as RecallDetail;
}

export async function listRecallCodes(db: Kysely<DB>, principal: Principal, query: z.infer<typeof recallCodeQuerySchema>) {
  const row = await recallRow(db, ownCompany(principal), query.id);
  if (!row) throw notFound();
  return recallCodePage(db, query.id, row.codeCount, query);
}

function fieldsOf(body: AddBody | EditBody) {
  return { level: body.level, reason: body.reason, instruction: body.instruction, contact: body.contact };
}

export async function createRecall(db: Kysely<DB>, principal: Principal, body: AddBody, lang: Lang, timeZone: string): Promise<RecallDetail> {
  const companyId = ownCompany(principal);
  const day = businessClock(timeZone).date();
  for (let attempt = 0; ; attempt += 1) {
    try {
      const id = await db.transaction().execute(async (tx) => {
        const selection = await checkSelection(tx, companyId, body.selection, lang);
        const recallNo = await nextRecallNo(tx, companyId, day);
        const id = await insertRecall(tx, { companyId, recallNo, userId: principal.userId, fields: fieldsOf(body), selection });
        await replaceListedCodes(tx, id, selection.listedCodeIds);
        await insertJob(tx, { companyId, recallId: id, kind: 'RESOLVE', userId: principal.userId });
        return id;
      });
      announceJobQueued();
      return getRecall(db, principal, id);
    } catch (error) {
      // two recalls numbered at once: the second takes the next number
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
  }
}

export async function editRecall(db: Kysely<DB>, principal: Principal, body: EditBody, lang: Lang): Promise<RecallDetail> {
  const companyId = ownCompany(principal);
  let queued = false;
  await db.transaction().execute(async (tx) => {
    const recall = await lockRecall(tx, companyId, body.id);
    if (!recall) throw notFound();
    if (recall.state !== 'DRAFT') throw new AppError('RECALL_NOT_DRAFT');
    const selection = body.selection ? await checkSelection(tx, companyId, body.selection, lang) : null;
    await tx
      .updateTable('recall')
      .set({
        ...fieldsOf(body),
        ...(selection ? { ...selectionColumns(selection), code_count: 0, resolved_at: null } : {}),
        updated_by: principal.userId,
        updated_at: sql`now()`,
      })
      .where('id', '=', recall.id)
      .execute();
    if (selection) {
      await replaceListedCodes(tx, recall.id, selection.listedCodeIds);
      // the codes of the old selection are cleared and the new one gathered by a fresh job
      await cancelJobs(tx, recall.id, 'RESOLVE');
      await insertJob(tx, { companyId, recallId: recall.id, kind: 'RESOLVE', userId: principal.userId });
      queued = true;
    }
  });
  if (queued) announceJobQueued();
  return getRecall(db, principal, body.id);
}

export async function activateRecall(db: Kysely<DB>, principal: Principal, id: string): Promise<RecallDetail> {
  const companyId = ownCompany(principal);
  await db.transaction().execute(async (tx) => {
    const recall = await lockRecall(tx, companyId, id);
    if (!recall) throw notFound();
    if (recall.state !== 'DRAFT') throw new AppError('RECALL_NOT_DRAFT');
    if (!recall.resolvedAt) throw new AppError('RECALL_NOT_RESOLVED');
    if (recall.codeCount === 0) throw new AppError('RECALL_EMPTY');
    await tx
      .updateTable('recall')
      .set({ state: 'ACTIVE', started_at: sql`now()`, activated_by: principal.userId, updated_by: principal.userId, updated_at: sql`now()` })
      .where('id', '=', recall.id)
      .execute();
    await insertJob(tx, { companyId, recallId: recall.id, kind: 'RECALLED', userId: principal.userId });
  });
  announceJobQueued();
  return getRecall(db, principal, id);
}

export async function closeRecall(db: Kysely<DB>, principal: Principal, body: CloseBody, lang: Lang): Promise<RecallDetail> {
  const companyId = ownCompany(principal);
  let queued = false;
  await db.transaction().execute(async (tx) => {
    const recall = await lockRecall(tx, companyId, body.id);
    if (!recall) throw notFound();
    if (recall.state === 'CLOSED') throw new AppError('RECALL_NOT_ACTIVE');
    const closing = { state: 'CLOSED' as const, closed_at: sql<Date>`now()`, closed_by: principal.userId, close_summary: body.summary, updated_by: principal.userId, updated_at: sql<Date>`now()` };
    if (recall.state === 'DRAFT') {
      // withdrawn unused: nothing was announced, so no event is written
      await cancelJobs(tx, recall.id, 'RESOLVE');
      await tx.updateTable('recall').set(closing).where('id', '=', recall.id).execute();
      return;
    }
    if (!body.disposition) {
      throw new AppError('PARAM_CHECK', undefined, [{ field: 'disposition', message: recallMessage(lang, 'dispositionRequired') }]);
    }
    const writing = await unfinishedJob(tx, recall.id, 'RECALLED');
    if (writing) throw new AppError('RECALL_EVENTS_UNDER_WAY', { progress: writing.progress, total: recall.codeCount });
    await tx
      .updateTable('recall')
      .set({ ...closing, close_disposition: body.disposition })
      .where('id', '=', recall.id)
      .execute();
    await insertJob(tx, { companyId, recallId: recall.id, kind: 'CLOSED', disposition: body.disposition, userId: principal.userId });
    queued = true;
  });
  if (queued) announceJobQueued();
  return getRecall(db, principal, body.id);
}
