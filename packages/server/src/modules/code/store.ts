import { CODE_STATUS_DICT, type CodeFilters, type CodeStatusValue, type PageQuery } from '@rd/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';

/**
 * Codes are ordered by id: ids are handed out in creation order, and the (company_id, status, id) and
 * (record_id, id) indexes serve "newest first" pages and keyset reads without sorting.
 */
export const CODE_SORT: SortSpec = {
  columns: { createdAt: 'c.id', code: 'c.code', status: 'c.status', activatedAt: 'c.activated_at', voidedAt: 'c.voided_at' },
  defaultName: 'createdAt',
  defaultType: 'desc',
  tieBreaker: 'c.id',
};

/** The codes the caller may see: an enterprise user's company's; platform users see every company's. */
function visibleCodes(db: Kysely<DB>, principal: Principal) {
  const q = db.selectFrom('code as c');
  return principal.companyId ? q.where('c.company_id', '=', principal.companyId) : q;
}

/** A LIKE pattern for codes starting with `text`, the user's % and _ taken literally. */
function startsWith(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The visible codes narrowed by the list's filters (shared by the list and the export). */
export function filteredCodes(db: Kysely<DB>, principal: Principal, f: CodeFilters) {
  let q = visibleCodes(db, principal);
  if (f.ruleId) q = q.where('c.rule_id', '=', f.ruleId);
  if (f.recordId) q = q.where('c.record_id', '=', f.recordId);
  if (f.status) q = q.where('c.status', '=', f.status);
  if (f.productId) q = q.where('c.product_id', '=', f.productId);
  if (f.batchId) q = q.where('c.batch_id', '=', f.batchId);
  if (f.code) q = f.codeMatch === 'EXACT' ? q.where('c.code', '=', f.code) : q.where('c.code', 'like', startsWith(f.code));
  if (f.boxCode) q = q.where('c.id', 'in', itemsOfBox(db, f.boxCode));
  if (f.beginTime) q = q.where('c.created_at', '>=', f.beginTime);
  if (f.endTime) q = q.where('c.created_at', '<=', f.endTime);
  return q;
}

/** Ids of the items packed in a box code (any company's: the caller's visibility is applied around it). */
function itemsOfBox(db: Kysely<DB>, boxCode: string) {
  return db
    .selectFrom('box_item as bi')
    .innerJoin('code as b', 'b.id', 'bi.box_code_id')
    .select('bi.item_code_id')
    .where('b.code', '=', boxCode);
}

const ruleName = sql<string>`(SELECT r.rule_name FROM tag_rule r WHERE r.id = c.rule_id)`;

/** The columns of a list row. The rule's name is a scalar subquery, so counting the page joins nothing. */
function listColumns<Q extends ReturnType<typeof filteredCodes>>(q: Q) {
  return q.select([
    'c.id',
    'c.code',
    'c.company_id as companyId',
    'c.rule_id as ruleId',
    ruleName.as('ruleName'),
    'c.record_id as recordId',
    'c.serial',
    'c.status',
    'c.product_id as productId',
    'c.batch_id as batchId',
    'c.created_at as createdAt',
    'c.activated_at as activatedAt',
    'c.voided_at as voidedAt',
    'c.void_reason as voidReason',
  ]);
}

export type CodeRow = Awaited<ReturnType<ReturnType<typeof listColumns>['execute']>>[number];

export function codePage(db: Kysely<DB>, principal: Principal, filters: CodeFilters, page: PageQuery) {
  return fetchPage(listColumns(filteredCodes(db, principal, filters)), page, CODE_SORT);
}

/**
 * One code with what its label carries: the rule's URL form and the job's product GTIN and batch number
 * (the URL is printed when the job's codes are downloaded, so it follows the job, not later bindings).
 */
export function findCode(db: Kysely<DB>, principal: Principal, by: { id: string } | { code: string }) {
  let q = listColumns(visibleCodes(db, principal))
    .innerJoin('tag_rule as r', 'r.id', 'c.rule_id')
    .innerJoin('code_record as j', 'j.id', 'c.record_id')
    .leftJoin('product as p', 'p.id', 'j.product_id')
    .leftJoin('product_batch as b', 'b.id', 'j.batch_id')
    .select(['r.kind as ruleKind', 'r.url_form as urlForm', 'j.created_at as recordCreatedAt', 'p.gtin', 'b.batch_no as batchNo'])
    .select(sql<string | null>`(SELECT bx.code FROM box_item bi JOIN code bx ON bx.id = bi.box_code_id WHERE bi.item_code_id = c.id)`.as('boxCode'))
    // what the code is bound to now, by name, for the detail's links (the label's URL above follows the job)
    .select([
      sql<string | null>`(SELECT cp.name FROM product cp WHERE cp.id = c.product_id)`.as('productName'),
      sql<string | null>`(SELECT cb.batch_no FROM product_batch cb WHERE cb.id = c.batch_id)`.as('batchName'),
      sql<string | null>`(SELECT bi.box_code_id::text FROM box_item bi WHERE bi.item_code_id = c.id)`.as('boxCodeId'),
      sql<string | null>`(SELECT cs.dealer_id::text FROM code_shipment cs WHERE cs.code_id = c.id)`.as('dealerId'),
      sql<string | null>`(SELECT d.name FROM code_shipment cs JOIN dealer d ON d.id = cs.dealer_id WHERE cs.code_id = c.id)`.as('dealerName'),
    ]);
  q = 'id' in by ? q.where('c.id', '=', by.id) : q.where('c.code', '=', by.code);
  return q.executeTakeFirst();
}

/** Visible codes among `ids`, locked for a status change, with their status. */
export function lockCodes(tx: Transaction<DB>, principal: Principal, ids: readonly string[]) {
  return visibleCodes(tx, principal).select(['c.id', 'c.status']).where('c.id', 'in', ids).forUpdate().execute();
}

export async function markActivated(tx: Transaction<DB>, ids: readonly string[]): Promise<number> {
  const result = await tx
    .updateTable('code')
    .set({ status: 'ACTIVATED', activated_at: sql`now()` })
    .where('id', 'in', ids)
    .where('status', '=', 'NOT_ACTIVATED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Voids a visible code that is not voided yet; false when there is no such code. */
export async function markVoided(db: Kysely<DB>, principal: Principal, id: string, reason: string): Promise<boolean> {
  let q = db
    .updateTable('code')
    .set({ status: 'VOIDED', voided_at: sql`now()`, void_reason: reason })
    .where('id', '=', id)
    .where('status', '<>', 'VOIDED');
  if (principal.companyId) q = q.where('company_id', '=', principal.companyId);
  const row = await q.returning('id').executeTakeFirst();
  return row !== undefined;
}

/** The status of a visible code, or undefined. */
export async function codeStatus(db: Kysely<DB>, principal: Principal, id: string): Promise<CodeStatusValue | undefined> {
  const row = await visibleCodes(db, principal).select('c.status').where('c.id', '=', id).executeTakeFirst();
  return row?.status;
}

/** Rows of the export: the list's columns plus what the URL needs. */
function exportPage(db: Kysely<DB>, principal: Principal, filters: CodeFilters, after: string | null, size: number) {
  let q = filteredCodes(db, principal, filters)
    .innerJoin('tag_rule as r', 'r.id', 'c.rule_id')
    .innerJoin('code_record as j', 'j.id', 'c.record_id')
    .leftJoin('product as p', 'p.id', 'j.product_id')
    .leftJoin('product_batch as b', 'b.id', 'j.batch_id')
    .select([
      'c.id',
      'c.code',
      'c.status',
      'r.rule_name as ruleName',
      'r.url_form as urlForm',
      'c.record_id as recordId',
      'c.serial',
      'c.product_id as productId',
      'c.batch_id as batchId',
      'c.created_at as createdAt',
      'c.activated_at as activatedAt',
      'c.voided_at as voidedAt',
      'c.void_reason as voidReason',
      'p.gtin',
      'b.batch_no as batchNo',
    ]);
  if (after !== null) q = q.where('c.id', '>', after);
  return q.orderBy('c.id').limit(size).execute();
}

export type ExportedCode = Awaited<ReturnType<typeof exportPage>>[number];

/**
 * Every code matching the filters in creation order, read a page at a time by id (keyset), so an export of
 * millions of codes holds one page in memory and never an open transaction.
 */
export async function* exportedCodes(db: Kysely<DB>, principal: Principal, filters: CodeFilters, pageSize = 5000) {
  let after: string | null = null;
  for (;;) {
    const rows = await exportPage(db, principal, filters, after, pageSize);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    after = (rows[rows.length - 1] as ExportedCode).id;
  }
}

/** The enabled items of the code_status dictionary, with their labels. */
export function statusDictionary(db: Kysely<DB>) {
  return db
    .selectFrom('dict_item as i')
    .innerJoin('dict_type as t', 't.type_code', 'i.type_code')
    .select(['i.dic_code', 'i.dic_name', 'i.dic_name_en'])
    .where('i.type_code', '=', CODE_STATUS_DICT)
    .where('i.status', '=', 'ENABLED')
    .where('t.status', '=', 'ENABLED')
    .execute();
}
