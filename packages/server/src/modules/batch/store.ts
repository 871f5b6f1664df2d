import { BATCH_LIST_MAX, type FarmingRecord, type InspectionReport, type batchPageQuerySchema } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { CodeStatus, DB } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/likePattern.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';
import { talliesOf } from '../code/tallies.js';
import { jsonb } from '../product/jsonb.js';

const SORT: SortSpec = {
  columns: {
    batchNo: 'b.batch_no',
    productName: 'p.name',
    productionDate: 'b.production_date',
    expiryDate: 'b.expiry_date',
    quantity: 'b.quantity',
    createdAt: 'b.created_at',
    updatedAt: 'b.updated_at',
  },
  defaultName: 'createdAt',
  defaultType: 'desc',
  tieBreaker: 'b.id',
};

function rowQuery(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('product_batch as b')
    .innerJoin('product as p', 'p.id', 'b.product_id')
    .leftJoin('farmer as f', 'f.id', 'b.farmer_id')
    .where('b.company_id', '=', companyId)
    .select([
      'b.id',
      'b.product_id as productId',
      'p.name as productName',
      'b.batch_no as batchNo',
      'b.production_date as productionDate',
      'b.expiry_date as expiryDate',
      'b.quantity',
      'b.farmer_id as farmerId',
      'f.name as farmerName',
      'b.origin',
      'b.harvest_date as harvestDate',
      'b.remark',
      // the batch's codes (bound at generation or by binding), from the tallies: never a count of codes
      sql<number>`(SELECT coalesce(sum(t.codes), 0)::int FROM code_tally t WHERE t.batch_id = b.id)`.as('codeCount'),
      ...talliesOf('batch_id', sql.ref('b.id')),
      'b.created_at as createdAt',
      'b.updated_at as updatedAt',
    ]);
}

export function batchPage(db: Kysely<DB>, companyId: string, query: z.infer<typeof batchPageQuerySchema>) {
  let q = rowQuery(db, companyId);
  if (query.productId) q = q.where('b.product_id', '=', query.productId);
  if (query.batchNo) q = q.where('b.batch_no', 'ilike', containsPattern(query.batchNo));
  if (query.productionDateBegin) q = q.where('b.production_date', '>=', query.productionDateBegin);
  if (query.productionDateEnd) q = q.where('b.production_date', '<=', query.productionDateEnd);
  if (query.expiryDateBegin) q = q.where('b.expiry_date', '>=', query.expiryDateBegin);
  if (query.expiryDateEnd) q = q.where('b.expiry_date', '<=', query.expiryDateEnd);
  return fetchPage(q, query, SORT);
}

/** Batches for a select, newest first; at most BATCH_LIST_MAX. */
export function batchOptions(db: Kysely<DB>, companyId: string, filters: { productId?: string; batchNo?: string }) {
  let q = db
    .selectFrom('product_batch')
    .select(['id', 'product_id as productId', 'batch_no as batchNo', 'production_date as productionDate'])
    .where('company_id', '=', companyId);
  if (filters.productId) q = q.where('product_id', '=', filters.productId);
  if (filters.batchNo) q = q.where('batch_no', 'ilike', containsPattern(filters.batchNo));
  return q.orderBy('created_at', 'desc').orderBy('id').limit(BATCH_LIST_MAX).execute();
}

export function batchDetailRow(db: Kysely<DB>, companyId: string, id: string) {
  return rowQuery(db, companyId)
    .select(['b.farming_records as farmingRecords', 'b.inspection_reports as inspectionReports'])
    .where('b.id', '=', id)
    .executeTakeFirst();
}

/** One batch of the company; `lock` holds its row for the rest of the transaction. */
export function findBatch(db: Kysely<DB>, companyId: string, id: string, lock?: 'update') {
  let q = db
    .selectFrom('product_batch')
    .select(['id', 'product_id', 'batch_no'])
    .where('id', '=', id)
    .where('company_id', '=', companyId);
  if (lock === 'update') q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function batchNoTaken(db: Kysely<DB>, productId: string, batchNo: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('product_batch').select('id').where('product_id', '=', productId).where('batch_no', '=', batchNo);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export interface BatchValues {
  productId: string;
  batchNo: string;
  productionDate: string | null;
  expiryDate: string | null;
  quantity: number;
  farmerId: string | null;
  origin: string;
  harvestDate: string | null;
  farmingRecords: FarmingRecord[];
  inspectionReports: InspectionReport[];
  remark: string;
}

const columns = (v: BatchValues) => ({
  product_id: v.productId,
  batch_no: v.batchNo,
  production_date: v.productionDate,
  expiry_date: v.expiryDate,
  quantity: v.quantity,
  farmer_id: v.farmerId,
  origin: v.origin,
  harvest_date: v.harvestDate,
  farming_records: jsonb(v.farmingRecords),
  inspection_reports: jsonb(v.inspectionReports),
  remark: v.remark,
});

export async function insertBatch(db: Kysely<DB>, companyId: string, userId: string, values: BatchValues): Promise<string> {
  const row = await db
    .insertInto('product_batch')
    .values({ company_id: companyId, ...columns(values), created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBatch(db: Kysely<DB>, id: string, userId: string, values: BatchValues): Promise<void> {
  await db
    .updateTable('product_batch')
    .set({ ...columns(values), updated_by: userId, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Codes bound to the batch, or generation jobs made for it. */
export async function batchHasCodes(db: Kysely<DB>, batchId: string): Promise<boolean> {
  const row = await sql<{ used: boolean }>`
    SELECT EXISTS (SELECT 1 FROM code WHERE batch_id = ${batchId})
        OR EXISTS (SELECT 1 FROM code_record WHERE batch_id = ${batchId}) AS used`.execute(db);
  return row.rows[0]?.used === true;
}

export async function deleteBatch(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('product_batch').where('id', '=', id).execute();
}

export interface BoundCode {
  id: string;
  code: string;
  status: CodeStatus;
  activated_at: Date | null;
}

const EXPORT_CHUNK = 2000;

/** The codes bound to a batch, in the order they were made, read a chunk at a time (keyset on id). */
export async function* boundCodes(db: Kysely<DB>, companyId: string, batchId: string): AsyncGenerator<BoundCode> {
  let after = '0';
  for (;;) {
    const rows = await db
      .selectFrom('code')
      .select(['id', 'code', 'status', 'activated_at'])
      .where('batch_id', '=', batchId)
      .where('company_id', '=', companyId)
      .where(sql<boolean>`id > cast(${after} as bigint)`)
      .orderBy('id')
      .limit(EXPORT_CHUNK)
      .execute();
    yield* rows;
    if (rows.length < EXPORT_CHUNK) return;
    after = (rows[rows.length - 1] as BoundCode).id;
  }
}
