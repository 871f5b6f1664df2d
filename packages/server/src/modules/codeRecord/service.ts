import {
  ERROR_CATALOGUE,
  catalogueMessage,
  type Lang,
  type ResultCode,
  type codeRecordAddBodySchema,
  type codeRecordPageQuerySchema,
} from '@rd/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/http/appError.js';
import { announceJobQueued } from '../../platform/jobs/jobSignal.js';
import { maxSerial } from '../rule/codeMaker.js';
import { companyMayGenerate } from './generationGate.js';
import { resolveJobTargets } from './jobTargets.js';
import { cancelJob, insertJob, jobExists, jobPage, jobRow, lockRuleForJob, serialsPromised, type JobRow } from './store.js';

type AddBody = z.infer<typeof codeRecordAddBodySchema>;
type PageQuery = z.infer<typeof codeRecordPageQuerySchema>;

/** Jobs are a company's own: platform accounts (no company) have none. */
function companyOf(principal: Principal): string {
  if (!principal.companyId) throw new AppError('COMPANY_REQUIRED');
  return principal.companyId;
}

/** A job as the screens show it: the stored error key becomes a message in the caller's language. */
function toView(row: JobRow, lang: Lang) {
  const key = row.error;
  const error = key === '' ? '' : Object.hasOwn(ERROR_CATALOGUE, key) ? catalogueMessage(key as ResultCode, lang) : key;
  return { ...row, error };
}

export async function listJobs(db: Kysely<DB>, principal: Principal, query: PageQuery, lang: Lang) {
  const page = await jobPage(db, companyOf(principal), query);
  return { ...page, list: page.list.map((row) => toView(row, lang)) };
}

export async function getJob(db: Kysely<DB>, principal: Principal, id: string, lang: Lang) {
  const row = await jobRow(db, companyOf(principal), id);
  if (!row) throw notFound();
  return toView(row, lang);
}

/**
 * Queues a job for `quantity` codes of an enabled rule of the caller's company. Refused while the company
 * may not generate (generationGate). A sequential rule must have the serials left for this job on top of
 * those its unfinished jobs will still draw. The job starts at once in this process (or at the next poll
 * of another instance).
 */
export async function addJob(db: Kysely<DB>, principal: Principal, body: AddBody, lang: Lang) {
  const companyId = companyOf(principal);
  if (!(await companyMayGenerate(db, companyId))) throw new AppError('COMPANY_NOT_APPROVED');
  const targets = await resolveJobTargets(db, companyId, body, lang);
  const id = await db.transaction().execute(async (trx) => {
    const rule = await lockRuleForJob(trx, companyId, body.ruleId);
    if (!rule) throw notFound();
    if (rule.status !== 'ENABLED') {
      throw new AppError('RULE_DISABLED', undefined, [{ field: 'ruleId', message: catalogueMessage('RULE_DISABLED', lang) }]);
    }
    if (rule.mode === 'SEQUENTIAL') {
      const left = maxSerial(rule) - BigInt(rule.nextSerial) + 1n - (await serialsPromised(trx, rule.id));
      if (BigInt(body.quantity) > left) {
        const params = { remaining: (left > 0n ? left : 0n).toString() };
        throw new AppError('SERIALS_EXHAUSTED', params, [{ field: 'quantity', message: catalogueMessage('SERIALS_EXHAUSTED', lang, params) }]);
      }
    }
    return insertJob(trx, {
      companyId,
      ruleId: rule.id,
      quantity: body.quantity,
      productId: targets.productId,
      batchId: targets.batchId,
      remark: body.remark,
      createdBy: principal.userId,
    });
  });
  announceJobQueued();
  return getJob(db, principal, id, lang);
}

/** Cancels a queued or running job; one that has ended answers JOB_NOT_CANCELLABLE. */
export async function cancelJobOf(db: Kysely<DB>, principal: Principal, id: string, lang: Lang) {
  const companyId = companyOf(principal);
  if (!(await cancelJob(db, companyId, id))) {
    throw (await jobExists(db, companyId, id)) ? new AppError('JOB_NOT_CANCELLABLE') : notFound();
  }
  return getJob(db, principal, id, lang);
}
