import type { codeRecordPageQuerySchema } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../platform/db/schema.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';
import { talliesOf } from '../code/tallies.js';
import { personName, personUsername } from '../userinfo/personName.js';

const SORT: SortSpec = {
  columns: { createdAt: 'r.created_at', quantity: 'r.quantity', status: 'r.status', finishedAt: 'r.finished_at' },
  defaultName: 'createdAt',
  defaultType: 'desc',
  tieBreaker: 'r.id',
};

/** Jobs of one company with what the list shows; `error` is the stored key, translated by the service. */
function rowQuery(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('code_record as r')
    .innerJoin('tag_rule as t', 't.id', 'r.rule_id')
    .leftJoin('app_user as u', 'u.id', 'r.created_by')
    .where('r.company_id', '=', companyId)
    .select([
      'r.id',
      'r.rule_id as ruleId',
      't.rule_name as ruleName',
      't.mode as ruleMode',
      't.kind as ruleKind',
      'r.quantity',
      'r.progress',
      sql<number>`(r.progress::bigint * 100 / r.quantity)::int`.as('percent'),
      'r.status',
      'r.product_id as productId',
      'r.batch_id as batchId',
      'r.remark',
      'r.error',
      personName('u').as('createdBy'),
      personName('u').as('createdByName'),
      personUsername('u').as('createdByUsername'),
      'r.download_count as downloadCount',
      ...talliesOf('record_id', sql.ref('r.id')),
      'r.created_at as createdAt',
      'r.started_at as startedAt',
      'r.finished_at as finishedAt',
      'r.updated_at as updatedAt',
    ]);
}

export type JobRow = Awaited<ReturnType<ReturnType<typeof rowQuery>['executeTakeFirstOrThrow']>>;

export function jobPage(db: Kysely<DB>, companyId: string, query: z.infer<typeof codeRecordPageQuerySchema>) {
  let q = rowQuery(db, companyId);
  if (query.ruleId) q = q.where('r.rule_id', '=', query.ruleId);
  if (query.status) q = q.where('r.status', '=', query.status);
  if (query.beginTime) q = q.where('r.created_at', '>=', query.beginTime);
  if (query.endTime) q = q.where('r.created_at', '<=', query.endTime);
  return fetchPage(q, query, SORT);
}

export function jobRow(db: Kysely<DB>, companyId: string, id: string) {
  return rowQuery(db, companyId).where('r.id', '=', id).executeTakeFirst();
}

/**
 * The rule a new job will use, locked until the job is stored: a rule edit (which freezes the shape once
 * jobs exist) and the serial counter wait for it. NO KEY UPDATE leaves the foreign-key checks of other
 * inserts free.
 */
export function lockRuleForJob(db: Kysely<DB>, companyId: string, ruleId: string) {
  return db
    .selectFrom('tag_rule')
    .select(['id', 'status', 'mode', 'alphabet', 'body_length as bodyLength', 'next_serial as nextSerial'])
    .where('id', '=', ruleId)
    .where('company_id', '=', companyId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** Serials still to be drawn by the rule's queued and running jobs. */
export async function serialsPromised(db: Kysely<DB>, ruleId: string): Promise<bigint> {
  const row = await db
    .selectFrom('code_record')
    .select(sql<string>`coalesce(sum(quantity - progress), 0)::text`.as('promised'))
    .where('rule_id', '=', ruleId)
    .where('status', 'in', ['QUEUED', 'RUNNING'])
    .executeTakeFirstOrThrow();
  return BigInt(row.promised);
}

export interface NewJob {
  companyId: string;
  ruleId: string;
  quantity: number;
  productId: string | null;
  batchId: string | null;
  remark: string;
  createdBy: string;
}

export async function insertJob(db: Kysely<DB>, job: NewJob): Promise<string> {
  const row = await db
    .insertInto('code_record')
    .values({
      company_id: job.companyId,
      rule_id: job.ruleId,
      quantity: job.quantity,
      product_id: job.productId,
      batch_id: job.batchId,
      remark: job.remark,
      created_by: job.createdBy,
      worker_id: null,
      heartbeat_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Cancels a queued or running job of the company. A step under way holds the job row, so this waits for it
 * to commit; the worker sees the new status at its next step and stops. Codes written stay, and so does
 * the progress that counts them. Answers whether a job was cancelled.
 */
export async function cancelJob(db: Kysely<DB>, companyId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('code_record')
    .set({ status: 'CANCELLED', finished_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('status', 'in', ['QUEUED', 'RUNNING'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function jobExists(db: Kysely<DB>, companyId: string, id: string): Promise<boolean> {
  const row = await db.selectFrom('code_record').select('id').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  return row !== undefined;
}
