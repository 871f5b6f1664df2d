import type { medicinalBatchPageQuerySchema } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/likePattern.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';

const SORT: SortSpec = {
  columns: {
    batchNo: 'b.batch_no',
    genericName: 'p.generic_name',
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
    .selectFrom('medicinal_batch as b')
    .innerJoin('medicinal_product as p', 'p.id', 'b.product_id')
    .where('b.company_id', '=', companyId)
    .select([
      'b.id',
      'b.product_id as productId',
      'p.generic_name as genericName',
      'p.trade_name as tradeName',
      'p.approval_no as approvalNo',
      'p.specification',
      'b.batch_no as batchNo',
      'b.production_date as productionDate',
      'b.expiry_date as expiryDate',
      'b.quantity',
      'b.origin',
      'b.remark',
      sql<number>`(SELECT count(*)::int FROM medicinal_batch_file f WHERE f.batch_id = b.id)`.as('fileCount'),
      'b.created_at as createdAt',
      'b.updated_at as updatedAt',
    ]);
}

export function batchPage(db: Kysely<DB>, companyId: string, query: z.infer<typeof medicinalBatchPageQuerySchema>) {
  let q = rowQuery(db, companyId);
  if (query.productId) q = q.where('b.product_id', '=', query.productId);
  if (query.batchNo) q = q.where('b.batch_no', 'ilike', containsPattern(query.batchNo));
  if (query.productName) {
    const pattern = containsPattern(query.productName);
    q = q.where((eb) => eb.or([eb('p.generic_name', 'ilike', pattern), eb('p.trade_name', 'ilike', pattern)]));
  }
  if (query.expiryDateBegin) q = q.where('b.expiry_date', '>=', query.expiryDateBegin);
  if (query.expiryDateEnd) q = q.where('b.expiry_date', '<=', query.expiryDateEnd);
  return fetchPage(q, query, SORT);
}

export function batchDetailRow(db: Kysely<DB>, companyId: string, id: string) {
  return rowQuery(db, companyId)
    .select(['p.dosage_form as dosageForm', 'p.manufacturer'])
    .where('b.id', '=', id)
    .executeTakeFirst();
}

export function batchFiles(db: Kysely<DB>, batchId: string) {
  return db
    .selectFrom('medicinal_batch_file as f')
    .innerJoin('stored_file as s', 's.id', 'f.file_id')
    .select([
      'f.id',
      'f.file_id as fileId',
      'f.name',
      'f.kind',
      's.original_name as fileName',
      's.content_type as contentType',
      'f.created_at as createdAt',
    ])
    .where('f.batch_id', '=', batchId)
    .orderBy('f.created_at')
    .orderBy('f.id')
    .execute();
}

/** One batch of the company; `lock` holds its row for the rest of the transaction. */
export function findBatch(db: Kysely<DB>, companyId: string, id: string, lock?: 'update' | 'share') {
  let q = db
    .selectFrom('medicinal_batch')
    .select(['id', 'product_id', 'batch_no'])
    .where('id', '=', id)
    .where('company_id', '=', companyId);
  if (lock === 'update') q = q.forUpdate();
  if (lock === 'share') q = q.forShare();
  return q.executeTakeFirst();
}

export async function batchNoTaken(db: Kysely<DB>, productId: string, batchNo: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('medicinal_batch').select('id').where('product_id', '=', productId).where('batch_no', '=', batchNo);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Which (product, batch number) pairs exist already, as `productId batchNo` keys. */
export async function takenBatchKeys(db: Kysely<DB>, productIds: string[], batchNos: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < productIds.length; start += 5000) {
    const rows = await sql<{ product_id: string; batch_no: string }>`
      SELECT b.product_id, b.batch_no
      FROM medicinal_batch b
      JOIN unnest(${productIds.slice(start, start + 5000)}::uuid[], ${batchNos.slice(start, start + 5000)}::text[]) AS t (product_id, batch_no)
        ON b.product_id = t.product_id AND b.batch_no = t.batch_no`.execute(db);
    for (const row of rows.rows) taken.add(batchKey(row.product_id, row.batch_no));
  }
  return taken;
}

export const batchKey = (productId: string, batchNo: string) => `${productId} ${batchNo}`;

export interface BatchValues {
  productId: string;
  batchNo: string;
  productionDate: string;
  expiryDate: string;
  quantity: number;
  origin: string;
  remark: string;
}

const columns = (v: BatchValues) => ({
  product_id: v.productId,
  batch_no: v.batchNo,
  production_date: v.productionDate,
  expiry_date: v.expiryDate,
  quantity: v.quantity,
  origin: v.origin,
  remark: v.remark,
});

export async function insertBatch(db: Kysely<DB>, companyId: string, userId: string, values: BatchValues): Promise<string> {
  const row = await db
    .insertInto('medicinal_batch')
    .values({ company_id: companyId, ...columns(values), created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBatch(db: Kysely<DB>, id: string, userId: string, values: BatchValues): Promise<void> {
  await db
    .updateTable('medicinal_batch')
    .set({ ...columns(values), updated_by: userId, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The batch and its attached-file rows (the stored files themselves stay). */
export async function deleteBatch(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('medicinal_batch').where('id', '=', id).execute();
}

export async function insertBatchFile(
  db: Kysely<DB>,
  values: { batchId: string; fileId: string; name: string; kind: 'INSPECTION' | 'CERTIFICATE' | 'OTHER'; userId: string },
): Promise<string> {
  const row = await db
    .insertInto('medicinal_batch_file')
    .values({ batch_id: values.batchId, file_id: values.fileId, name: values.name, kind: values.kind, created_by: values.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One attached file of a batch of the company. */
export function findBatchFile(db: Kysely<DB>, companyId: string, id: string) {
  return db
    .selectFrom('medicinal_batch_file as f')
    .innerJoin('medicinal_batch as b', 'b.id', 'f.batch_id')
    .select(['f.id', 'f.batch_id as batchId'])
    .where('f.id', '=', id)
    .where('b.company_id', '=', companyId)
    .executeTakeFirst();
}

export async function deleteBatchFile(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('medicinal_batch_file').where('id', '=', id).execute();
}
