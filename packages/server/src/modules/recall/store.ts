import type { RecallState, recallCodeQuerySchema, recallPageQuerySchema } from '@rd/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB, RecallSelectionKind } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/likePattern.js';
import { fetchPage, orderColumn, type SortSpec } from '../../platform/paging.js';
import { personName, personUsername } from '../userinfo/personName.js';

/** SQL of recalls: their rows, their selection, their background jobs. Every read is scoped to the company. */

export type RecallJobKind = 'RESOLVE' | 'RECALLED' | 'CLOSED';

export interface LockedRecall {
  id: string;
  companyId: string;
  recallNo: string;
  state: RecallState;
  codeCount: number;
  resolvedAt: Date | null;
  startedAt: Date | null;
}

export function lockRecall(tx: Transaction<DB>, companyId: string, id: string): Promise<LockedRecall | undefined> {
  return tx
    .selectFrom('recall')
    .select(['id', 'company_id as companyId', 'recall_no as recallNo', 'state', 'code_count as codeCount', 'resolved_at as resolvedAt', 'started_at as startedAt'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Today's next recall number of the company: ZH20261126-0001. */
export async function nextRecallNo(tx: Transaction<DB>, companyId: string, day: string): Promise<string> {
  const prefix = `ZH${day.replaceAll('-', '')}-`;
  const row = await tx
    .selectFrom('recall')
    .select(sql<string | null>`max(recall_no)`.as('last'))
    .where('company_id', '=', companyId)
    .where('recall_no', 'like', `${prefix}%`)
    .executeTakeFirst();
  const last = row?.last ? Number(row.last.slice(prefix.length)) : 0;
  return `${prefix}${String(last + 1).padStart(4, '0')}`;
}

/** A selection as stored on the recall row (the listed codes of a LIST live in recall_listed_code). */
export interface StoredSelection {
  kind: RecallSelectionKind;
  batchIds: string[];
  shipmentId: string | null;
  ruleId: string | null;
  serialFrom: string | null;
  serialTo: string | null;
  fromCode: string;
  toCode: string;
  listedCodeIds: string[];
}

export function selectionColumns(selection: StoredSelection) {
  return {
    selection_kind: selection.kind,
    batch_ids: selection.batchIds,
    shipment_id: selection.shipmentId,
    rule_id: selection.ruleId,
    serial_from: selection.serialFrom,
    serial_to: selection.serialTo,
    range_from_code: selection.fromCode,
    range_to_code: selection.toCode,
  };
}

export interface RecallFields {
  level: number;
  reason: string;
  instruction: string;
  contact: string;
}

export async function insertRecall(
  tx: Transaction<DB>,
  row: { companyId: string; recallNo: string; userId: string; fields: RecallFields; selection: StoredSelection },
): Promise<string> {
  const inserted = await tx
    .insertInto('recall')
    .values({ company_id: row.companyId, recall_no: row.recallNo, created_by: row.userId, ...row.fields, ...selectionColumns(row.selection) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Replaces a draft's uploaded list (at most RECALL_LIST_MAX rows, one statement each way). */
export async function replaceListedCodes(tx: Transaction<DB>, recallId: string, codeIds: readonly string[]): Promise<void> {
  await tx.deleteFrom('recall_listed_code').where('recall_id', '=', recallId).execute();
  if (codeIds.length === 0) return;
  await sql`
    INSERT INTO recall_listed_code (recall_id, code_id)
    SELECT ${recallId}::uuid, unnest(${sql.val([...codeIds])}::bigint[]) ON CONFLICT DO NOTHING`.execute(tx);
}

/** Queues background work on a recall. */
export async function insertJob(
  tx: Transaction<DB>,
  job: { companyId: string; recallId: string; kind: RecallJobKind; disposition?: string | null; userId: string },
): Promise<string> {
  const row = await tx
    .insertInto('recall_job')
    .values({ company_id: job.companyId, recall_id: job.recallId, kind: job.kind, disposition: job.disposition ?? null, created_by: job.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Stops the recall's unfinished jobs of a kind: a worker holding one finds it cancelled at its next step and rolls back. */
export async function cancelJobs(tx: Transaction<DB>, recallId: string, kind: RecallJobKind): Promise<void> {
  await tx
    .updateTable('recall_job')
    .set({ status: 'CANCELLED', finished_at: sql`now()`, updated_at: sql`now()` })
    .where('recall_id', '=', recallId)
    .where('kind', '=', kind)
    .where('status', 'in', ['QUEUED', 'RUNNING'])
    .execute();
}

/** The recall's unfinished job of a kind, if any. */
export function unfinishedJob(tx: Kysely<DB>, recallId: string, kind: RecallJobKind) {
  return tx
    .selectFrom('recall_job')
    .select(['id', 'progress'])
    .where('recall_id', '=', recallId)
    .where('kind', '=', kind)
    .where('status', 'in', ['QUEUED', 'RUNNING'])
    .executeTakeFirst();
}

/** The recall's jobs, newest first. */
export function recallJobs(db: Kysely<DB>, recallId: string) {
  return db
    .selectFrom('recall_job')
    .select(['kind', 'status', 'progress', 'error', 'created_at as createdAt', 'finished_at as finishedAt'])
    .where('recall_id', '=', recallId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
}

const SORT: SortSpec = {
  columns: { recallNo: 'r.recall_no', createdAt: 'r.created_at', startedAt: 'r.started_at', level: 'r.level', state: 'r.state', codeCount: 'r.code_count' },
  defaultName: 'createdAt',
  defaultType: 'desc',
  tieBreaker: 'r.id',
};

function rowQuery(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('recall as r')
    .innerJoin('app_user as u', 'u.id', 'r.created_by')
    .where('r.company_id', '=', companyId)
    .select([
      'r.id',
      'r.recall_no as recallNo',
      'r.state',
      'r.level',
      'r.reason',
      'r.instruction',
      'r.contact',
      'r.started_at as startedAt',
      'r.selection_kind as selectionKind',
      'r.code_count as codeCount',
      'r.resolved_at as resolvedAt',
      'r.close_disposition as closeDisposition',
      'r.close_summary as closeSummary',
      'u.username as createdBy',
      personName('u').as('createdByName'),
      personUsername('u').as('createdByUsername'),
      'r.created_at as createdAt',
      'r.updated_at as updatedAt',
      'r.closed_at as closedAt',
    ]);
}

export function recallPage(db: Kysely<DB>, companyId: string, query: z.infer<typeof recallPageQuerySchema>) {
  let q = rowQuery(db, companyId);
  if (query.recallNo) q = q.where('r.recall_no', 'ilike', containsPattern(query.recallNo));
  if (query.state) q = q.where('r.state', '=', query.state);
  if (query.level) q = q.where('r.level', '=', query.level);
  return fetchPage(q, query, SORT);
}

export function recallRow(db: Kysely<DB>, companyId: string, id: string) {
  return rowQuery(db, companyId).where('r.id', '=', id).executeTakeFirst();
}

/** What the recall's selection names, in words: batches and their products, the order and its dealer, the rule. */
export async function selectionDetail(db: Kysely<DB>, companyId: string, id: string) {
  const r = await db
    .selectFrom('recall')
    .select(['selection_kind', 'batch_ids', 'shipment_id', 'rule_id', 'serial_from', 'serial_to', 'range_from_code', 'range_to_code'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const batches =
    r.batch_ids.length === 0
      ? []
      : await db
          .selectFrom('product_batch as b')
          .innerJoin('product as p', 'p.id', 'b.product_id')
          .select(['b.id', 'b.batch_no as batchNo', 'p.name as productName'])
          .where('b.company_id', '=', companyId)
          .where('b.id', 'in', r.batch_ids)
          .orderBy('b.batch_no')
          .execute();
  const shipment = r.shipment_id
    ? ((await db
        .selectFrom('shipment as s')
        .innerJoin('dealer as d', 'd.id', 's.dealer_id')
        .select(['s.id', 's.order_no as orderNo', 'd.name as dealerName'])
        .where('s.company_id', '=', companyId)
        .where('s.id', '=', r.shipment_id)
        .executeTakeFirst()) ?? null)
    : null;
  const rule = r.rule_id ? await db.selectFrom('tag_rule').select(['id', 'rule_name']).where('id', '=', r.rule_id).executeTakeFirst() : undefined;
  const listed =
    r.selection_kind === 'LIST'
      ? await db.selectFrom('recall_listed_code').select(sql<number>`count(*)::int`.as('n')).where('recall_id', '=', id).executeTakeFirstOrThrow()
      : { n: 0 };
  return {
    kind: r.selection_kind,
    batches,
    shipment,
    range:
      rule && r.serial_from !== null && r.serial_to !== null
        ? { ruleId: rule.id, ruleName: rule.rule_name, fromCode: r.range_from_code, toCode: r.range_to_code, fromSerial: r.serial_from, toSerial: r.serial_to }
        : null,
    listedCount: listed.n,
  };
}

const CODE_SORT: SortSpec = { columns: { code: 'c.code', id: 'rc.code_id' }, defaultName: 'id', defaultType: 'asc', tieBreaker: 'rc.code_id' };

/**
 * A page of the recall's codes with their product, batch and the dealer holding each now. The total is the
 * recall's own count (kept by the resolution job), so paging a million codes never counts them.
 */
export async function recallCodePage(db: Kysely<DB>, recallId: string, total: number, query: z.infer<typeof recallCodeQuerySchema>) {
  const column = orderColumn(CODE_SORT, query.orderName);
  const direction = query.orderType ?? CODE_SORT.defaultType;
  const list = await db
    .selectFrom('recall_code as rc')
    .innerJoin('code as c', 'c.id', 'rc.code_id')
    .innerJoin('tag_rule as t', 't.id', 'c.rule_id')
    .leftJoin('product as p', 'p.id', 'c.product_id')
    .leftJoin('product_batch as b', 'b.id', 'c.batch_id')
    .leftJoin('code_shipment as cs', 'cs.code_id', 'rc.code_id')
    .leftJoin('dealer as d', 'd.id', 'cs.dealer_id')
    .where('rc.recall_id', '=', recallId)
    .select(['c.code', sql<boolean>`t.kind = 'BOX'`.as('isBox'), 'c.status', 'p.name as productName', 'b.batch_no as batchNo', 'd.name as dealerName'])
    .orderBy(sql.ref(column), direction)
    .orderBy(sql.ref(CODE_SORT.tieBreaker), direction)
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize)
    .execute();
  return { total, list, pageNum: query.pageNum, pageSize: query.pageSize };
}
