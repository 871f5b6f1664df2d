import { MEDICINAL_LIST_MAX, type medicinalProductListQuerySchema, type medicinalProductPageQuerySchema } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { CatalogueStatus, DB } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/likePattern.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';

const SORT: SortSpec = {
  columns: {
    genericName: 'p.generic_name',
    approvalNo: 'p.approval_no',
    manufacturer: 'p.manufacturer',
    createdAt: 'p.created_at',
    updatedAt: 'p.updated_at',
  },
  defaultName: 'createdAt',
  defaultType: 'desc',
  tieBreaker: 'p.id',
};

function rowQuery(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('medicinal_product as p')
    .where('p.company_id', '=', companyId)
    .select([
      'p.id',
      'p.generic_name as genericName',
      'p.trade_name as tradeName',
      'p.approval_no as approvalNo',
      'p.drug_standard_code as drugStandardCode',
      'p.dosage_form as dosageForm',
      'p.specification',
      'p.package_specification as packageSpecification',
      'p.manufacturer',
      'p.storage',
      'p.status',
      sql<number>`(SELECT count(*)::int FROM medicinal_batch b WHERE b.product_id = p.id)`.as('batchCount'),
      'p.created_at as createdAt',
      'p.updated_at as updatedAt',
    ]);
}

type ListFilters = z.infer<typeof medicinalProductListQuerySchema>;

function filtered(db: Kysely<DB>, companyId: string, filters: ListFilters) {
  let q = rowQuery(db, companyId);
  if (filters.name) {
    const pattern = containsPattern(filters.name);
    q = q.where((eb) => eb.or([eb('p.generic_name', 'ilike', pattern), eb('p.trade_name', 'ilike', pattern)]));
  }
  if (filters.approvalNo) q = q.where('p.approval_no', 'ilike', containsPattern(filters.approvalNo));
  return q;
}

export function productPage(db: Kysely<DB>, companyId: string, query: z.infer<typeof medicinalProductPageQuerySchema>) {
  let q = filtered(db, companyId, query);
  if (query.manufacturer) q = q.where('p.manufacturer', 'ilike', containsPattern(query.manufacturer));
  if (query.dosageForm) q = q.where('p.dosage_form', '=', query.dosageForm);
  if (query.status) q = q.where('p.status', '=', query.status);
  return fetchPage(q, query, SORT);
}

/** Products with every field (listWithDetail), newest first; at most MEDICINAL_LIST_MAX. */
export function productDetails(db: Kysely<DB>, companyId: string, filters: ListFilters) {
  return filtered(db, companyId, filters).orderBy('p.created_at', 'desc').orderBy('p.id').limit(MEDICINAL_LIST_MAX).execute();
}

/** Products for a select, newest first; at most MEDICINAL_LIST_MAX. */
export function productOptions(db: Kysely<DB>, companyId: string, filters: ListFilters) {
  let q = db
    .selectFrom('medicinal_product')
    .select(['id', 'generic_name as genericName', 'trade_name as tradeName', 'approval_no as approvalNo', 'specification'])
    .where('company_id', '=', companyId);
  if (filters.name) {
    const pattern = containsPattern(filters.name);
    q = q.where((eb) => eb.or([eb('generic_name', 'ilike', pattern), eb('trade_name', 'ilike', pattern)]));
  }
  if (filters.approvalNo) q = q.where('approval_no', 'ilike', containsPattern(filters.approvalNo));
  return q.orderBy('created_at', 'desc').orderBy('id').limit(MEDICINAL_LIST_MAX).execute();
}

export function productRow(db: Kysely<DB>, companyId: string, id: string) {
  return rowQuery(db, companyId).where('p.id', '=', id).executeTakeFirst();
}

/** One product of the company; `lock` holds its row (share: it cannot be deleted meanwhile). */
export function findProduct(db: Kysely<DB>, companyId: string, id: string, lock?: 'update' | 'share') {
  let q = db.selectFrom('medicinal_product').select(['id', 'approval_no']).where('id', '=', id).where('company_id', '=', companyId);
  if (lock === 'update') q = q.forUpdate();
  if (lock === 'share') q = q.forShare();
  return q.executeTakeFirst();
}

export async function approvalNoTaken(db: Kysely<DB>, companyId: string, approvalNo: string, exceptId?: string) {
  let q = db.selectFrom('medicinal_product').select('id').where('company_id', '=', companyId).where('approval_no', '=', approvalNo);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Which of these approval numbers the company's products already carry. */
export async function takenApprovalNos(db: Kysely<DB>, companyId: string, approvalNos: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < approvalNos.length; start += 5000) {
    const chunk = approvalNos.slice(start, start + 5000);
    const rows = await sql<{ approval_no: string }>`
      SELECT approval_no FROM medicinal_product
      WHERE company_id = ${companyId} AND approval_no = ANY(${chunk}::text[])`.execute(db);
    for (const row of rows.rows) taken.add(row.approval_no);
  }
  return taken;
}

/** The company's products by approval number (batch imports name their product by it). */
export async function productIdsByApprovalNo(db: Kysely<DB>, companyId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('medicinal_product').select(['id', 'approval_no']).where('company_id', '=', companyId).execute();
  return new Map(rows.map((r) => [r.approval_no, r.id]));
}

/** The approval numbers of the company's enabled products, for the batch template's drop-down. */
export async function enabledApprovalNos(db: Kysely<DB>, companyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('medicinal_product')
    .select('approval_no')
    .where('company_id', '=', companyId)
    .where('status', '=', 'ENABLED')
    .orderBy('approval_no')
    .execute();
  return rows.map((r) => r.approval_no);
}

export interface ProductValues {
  genericName: string;
  tradeName: string;
  approvalNo: string;
  drugStandardCode: string;
  dosageForm: string;
  specification: string;
  packageSpecification: string;
  manufacturer: string;
  storage: string;
  status: CatalogueStatus;
}

export const productColumns = (v: ProductValues) => ({
  generic_name: v.genericName,
  trade_name: v.tradeName,
  approval_no: v.approvalNo,
  drug_standard_code: v.drugStandardCode,
  dosage_form: v.dosageForm,
  specification: v.specification,
  package_specification: v.packageSpecification,
  manufacturer: v.manufacturer,
  storage: v.storage,
  status: v.status,
});

export async function insertProduct(db: Kysely<DB>, companyId: string, userId: string, values: ProductValues): Promise<string> {
  const row = await db
    .insertInto('medicinal_product')
    .values({ company_id: companyId, ...productColumns(values), created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProduct(db: Kysely<DB>, id: string, userId: string, values: ProductValues): Promise<void> {
  await db
    .updateTable('medicinal_product')
    .set({ ...productColumns(values), updated_by: userId, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function productHasBatches(db: Kysely<DB>, productId: string): Promise<boolean> {
  const row = await db.selectFrom('medicinal_batch').select('id').where('product_id', '=', productId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function deleteProduct(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('medicinal_product').where('id', '=', id).execute();
}
