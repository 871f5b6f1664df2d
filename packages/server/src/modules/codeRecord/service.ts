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
import { claimKey, rememberResource, requestFingerprint, sweepExpiredKeys } from '../../platform/idempotency/idempotencyKeys.js';
import { announceJobQueued } from '../../platform/jobs/jobSignal.js';
import { maxSerial } from '../rule/codeMaker.js';
import { companyMayGenerate } from './generationGate.js';
import { resolveJobTargets } from './jobTargets.js';
import { cancelJob, insertJob, jobExists, jobPage, jobRow, lockRuleForJob, serialsPromised, type JobRow } from './store.js';

type AddBody = z.infer<typeof codeRecordAddBodySchema>;
type PageQuery = z.infer<typeof codeRecordPageQuerySchema>;

/** Jobs are a company's own: platform accounts (no company) have none. */
export function companyOf(principal: Principal): string {
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

/** What an Idempotency-Key of codeRecord/add is compared by, beside the body. */
const ADD_ROUTE = 'codeRecord/add';

/**
 * Queues a job for `quantity` codes of an enabled rule of the caller's company. Refused while the company
 * may not generate (generationGate). A sequential rule must have the serials left for this job on top of
 * those its unfinished jobs will still draw. The job starts at once in this process (or at the next poll
 * of another instance).
 */
export async function addJob(db: Kysely<DB>, principal: Principal, body: AddBody, lang: Lang, idempotencyKey?: string) {
  return (await queueJob(db, principal, body, lang, idempotencyKey)).job;
}

/**
 * addJob, saying whether the answer is a replay: with an Idempotency-Key, the key is claimed in the job's
 * own transaction (platform/idempotency), so a repeated or concurrent request with the key answers the job
 * the first one created, and a refused request leaves no key behind.
 */
export async function queueJob(db: Kysely<DB>, principal: Principal, body: AddBody, lang: Lang, idempotencyKey?: string) {
  const companyId = companyOf(principal);
  if (idempotencyKey) await sweepExpiredKeys(db);
  const outcome = await db.transaction().execute(async (trx) => {
    if (idempotencyKey) {
      const claim = await claimKey(trx, companyId, idempotencyKey, requestFingerprint(ADD_ROUTE, body));
      if (claim.kind === 'answered') return { id: claim.resourceId, replayed: true };
    }
    const id = await insertCheckedJob(trx, companyId, principal, body, lang);
    if (idempotencyKey) await rememberResource(trx, companyId, idempotencyKey, id);
    return { id, replayed: false };
  });
  if (!outcome.replayed) announceJobQueued();
  return { job: await getJob(db, principal, outcome.id, lang), replayed: outcome.replayed };
}

async function insertCheckedJob(trx: Kysely<DB>, companyId: string, principal: Principal, body: AddBody, lang: Lang): Promise<string> {
  if (!(await companyMayGenerate(trx, companyId))) throw new AppError('COMPANY_NOT_APPROVED');
  const targets = await resolveJobTargets(trx, companyId, body, lang);
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
}

/** Cancels a queued or running job; one that has ended answers JOB_NOT_CANCELLABLE. */
export async function cancelJobOf(db: Kysely<DB>, principal: Principal, id: string, lang: Lang) {
  const companyId = companyOf(principal);
  if (!(await cancelJob(db, companyId, id))) {
    throw (await jobExists(db, companyId, id)) ? new AppError('JOB_NOT_CANCELLABLE') : notFound();
  }
  return getJob(db, principal, id, lang);
}
