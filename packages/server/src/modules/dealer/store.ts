import type { dealerAddBodySchema, dealerOptionQuerySchema, dealerPageQuerySchema } from '@rd/contract';
import { DEALER_OPTIONS_MAX } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/likePattern.js';
import { chunkedRows } from '../../platform/export/chunkedRows.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';

type DealerFields = z.infer<typeof dealerAddBodySchema>;

const SORT: SortSpec = {
  columns: { code: 'd.code', name: 'd.name', level: 'd.level', status: 'd.status', createdAt: 'd.created_at', updatedAt: 'd.updated_at' },
  defaultName: 'createdAt',
  defaultType: 'desc',
  tieBreaker: 'd.id',
};

function rowQuery(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('dealer as d')
    .leftJoin('dealer as p', 'p.id', 'd.parent_id')
    .where('d.company_id', '=', companyId)
    .select([
      'd.id',
      'd.code',
      'd.name',
      'd.contact',
      'd.phone',
      'd.level',
      'd.parent_id as parentId',
      'p.code as parentCode',
      'p.name as parentName',
      'd.area_codes as areaCodes',
      'd.address',
      'd.remark',
      'd.name_public as namePublic',
      'd.status',
      // one probe per row of the page (dealer_parent_idx)
      sql<number>`(SELECT count(*)::int FROM dealer c WHERE c.parent_id = d.id)`.as('childCount'),
      'd.created_at as createdAt',
      'd.updated_at as updatedAt',
    ]);
}

type DealerFilter = Omit<z.infer<typeof dealerPageQuerySchema>, 'pageNum' | 'pageSize' | 'orderName' | 'orderType'>;

function filteredDealers(db: Kysely<DB>, companyId: string, query: DealerFilter) {
  let q = rowQuery(db, companyId);
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    q = q.where((eb) => eb.or([eb('d.name', 'ilike', pattern), eb('d.code', 'ilike', pattern)]));
  }
  if (query.level) q = q.where('d.level', '=', query.level);
  if (query.status) q = q.where('d.status', '=', query.status);
  if (query.parentId) q = q.where('d.parent_id', '=', query.parentId);
  if (query.areaCode) {
    // a dealer of the province covers its cities; a city filter also finds dealers of its whole province
    const province = `${query.areaCode.slice(0, 2)}0000`;
    q = q.where(sql<boolean>`d.area_codes && ${sql.val([query.areaCode, province])}::text[]`);
  }
  return q;
}

export function dealerPage(db: Kysely<DB>, companyId: string, query: z.infer<typeof dealerPageQuerySchema>) {
  return fetchPage(filteredDealers(db, companyId, query), query, SORT);
}

/** The matching dealers for the export, by code. */
export function exportedDealers(db: Kysely<DB>, companyId: string, query: DealerFilter) {
  return chunkedRows(filteredDealers(db, companyId, query).orderBy('d.code').orderBy('d.id'));
}

export function dealerRow(db: Kysely<DB>, companyId: string, id: string) {
  return rowQuery(db, companyId).where('d.id', '=', id).executeTakeFirst();
}

export function dealerOptions(db: Kysely<DB>, companyId: string, query: z.infer<typeof dealerOptionQuerySchema>) {
  let q = db
    .selectFrom('dealer as d')
    .select(['d.id', 'd.code', 'd.name', 'd.level'])
    .where('d.company_id', '=', companyId)
    .where('d.status', '=', 'ENABLED');
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    q = q.where((eb) => eb.or([eb('d.name', 'ilike', pattern), eb('d.code', 'ilike', pattern)]));
  }
  if (query.level) q = q.where('d.level', '=', query.level);
  return q.orderBy('d.code').limit(DEALER_OPTIONS_MAX).execute();
}

/** What went to a dealer and came back, from its orders, and what is at it now (code_shipment_dealer_idx). */
export async function dealerFlows(db: Kysely<DB>, companyId: string, dealerId: string) {
  const shipped = sql`kind = 'OUTBOUND' AND status IN ('COMPLETED', 'RECEIVED')`;
  const returned = sql`kind = 'RETURN' AND status = 'COMPLETED'`;
  return db
    .selectFrom('shipment')
    .where('company_id', '=', companyId)
    .where('dealer_id', '=', dealerId)
    .select([
      sql<number>`(SELECT count(*)::int FROM code_shipment WHERE dealer_id = ${dealerId})`.as('itemsAtDealer'),
      sql<number>`count(*) FILTER (WHERE ${shipped})::int`.as('outboundOrders'),
      sql<number>`coalesce(sum(item_count) FILTER (WHERE ${shipped}), 0)::int`.as('itemsShipped'),
      sql<number>`count(*) FILTER (WHERE kind = 'OUTBOUND' AND status = 'COMPLETED')::int`.as('awaitingReceipt'),
      sql<number>`count(*) FILTER (WHERE ${returned})::int`.as('returnOrders'),
      sql<number>`coalesce(sum(item_count) FILTER (WHERE ${returned}), 0)::int`.as('itemsReturned'),
      sql<Date | null>`max(completed_at) FILTER (WHERE ${shipped})`.as('lastShippedAt'),
    ])
    .executeTakeFirstOrThrow();
}

/** A dealer's sub-dealers, by code (at most DEALER_OPTIONS_MAX). */
export function childDealers(db: Kysely<DB>, companyId: string, parentId: string) {
  return db
    .selectFrom('dealer')
    .select(['id', 'code', 'name', 'level'])
    .where('company_id', '=', companyId)
    .where('parent_id', '=', parentId)
    .orderBy('code')
    .limit(DEALER_OPTIONS_MAX)
    .execute();
}

/** The company's dealer, locked when asked (so its level and children hold until the change commits). */
export function findDealer(db: Kysely<DB>, companyId: string, id: string, lock = false) {
  const q = db.selectFrom('dealer').select(['id', 'level', 'status']).where('company_id', '=', companyId).where('id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

export async function countChildren(db: Kysely<DB>, id: string): Promise<number> {
  const row = await db.selectFrom('dealer').select(sql<number>`count(*)::int`.as('n')).where('parent_id', '=', id).executeTakeFirstOrThrow();
  return row.n;
}

export async function codeTaken(db: Kysely<DB>, companyId: string, code: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('dealer').select('id').where('company_id', '=', companyId).where('code', '=', code);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The company's dealers among these codes, by code. */
export async function dealersByCode(db: Kysely<DB>, companyId: string, codes: readonly string[]): Promise<Map<string, { id: string; level: number }>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('dealer')
    .select(['id', 'code', 'level'])
    .where('company_id', '=', companyId)
    .where('code', '=', sql<string>`ANY(${sql.val(codes)}::text[])`)
    .execute();
  return new Map(rows.map((r) => [r.code, { id: r.id, level: r.level }]));
}

function columns(body: DealerFields) {
  return {
    code: body.code,
    name: body.name,
    contact: body.contact,
    phone: body.phone,
    level: body.level,
    parent_id: body.parentId,
    area_codes: body.areaCodes,
    address: body.address,
    remark: body.remark,
    name_public: body.namePublic,
    status: body.status,
  };
}

export async function insertDealer(db: Kysely<DB>, companyId: string, userId: string, body: DealerFields): Promise<string> {
  const row = await db
    .insertInto('dealer')
    .values({ company_id: companyId, created_by: userId, ...columns(body) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Rows per INSERT of an import (11 values a row stay far below the 65,535 parameters of a statement). */
const INSERT_CHUNK = 1000;

/** Adds many dealers of one company, answering each one's id by its code. */
export async function insertDealers(db: Kysely<DB>, companyId: string, userId: string, bodies: readonly DealerFields[]): Promise<Array<{ id: string; code: string }>> {
  const inserted: Array<{ id: string; code: string }> = [];
  for (let start = 0; start < bodies.length; start += INSERT_CHUNK) {
    const values = bodies.slice(start, start + INSERT_CHUNK).map((body) => ({ company_id: companyId, created_by: userId, ...columns(body) }));
    inserted.push(...(await db.insertInto('dealer').values(values).returning(['id', 'code']).execute()));
  }
  return inserted;
}

export async function updateDealer(db: Kysely<DB>, id: string, body: DealerFields): Promise<void> {
  await db.updateTable('dealer').set({ ...columns(body), updated_at: sql`now()` }).where('id', '=', id).execute();
}

export async function deleteDealer(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('dealer').where('id', '=', id).execute();
}
