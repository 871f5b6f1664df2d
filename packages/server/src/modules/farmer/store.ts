import { FARMER_DETAIL_BATCHES_MAX, FARMER_RELATIONS_MAX, type farmerPageQuerySchema } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { CatalogueStatus, DB } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/likePattern.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';

const SORT: SortSpec = {
  columns: {
    name: 'f.name',
    regionCode: 'f.region_code',
    plantingArea: 'f.planting_area',
    status: 'f.status',
    createdAt: 'f.created_at',
    updatedAt: 'f.updated_at',
  },
  defaultName: 'createdAt',
  defaultType: 'desc',
  tieBreaker: 'f.id',
};

const DIGITS = /^\d+$/;

function rowQuery(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('farmer as f')
    .where('f.company_id', '=', companyId)
    .select([
      'f.id',
      'f.name',
      'f.phone',
      'f.id_card as idCard',
      'f.region_code as regionCode',
      'f.region_name as regionName',
      'f.address',
      'f.planting_base as plantingBase',
      // numeric read as text, so both drivers answer the same "12.50"
      sql<string | null>`f.planting_area::text`.as('plantingArea'),
      'f.varieties',
      'f.photo_file_id as photoFileId',
      'f.status',
      // one index probe per row of the page (product_batch_farmer_idx)
      sql<number>`(SELECT count(*)::int FROM product_batch b WHERE b.farmer_id = f.id)`.as('batchCount'),
      'f.created_at as createdAt',
      'f.updated_at as updatedAt',
    ]);
}

export function farmerPage(db: Kysely<DB>, companyId: string, query: z.infer<typeof farmerPageQuerySchema>) {
  let q = rowQuery(db, companyId);
  if (query.name) q = q.where('f.name', 'ilike', containsPattern(query.name));
  if (query.phone) q = q.where('f.phone', 'like', containsPattern(query.phone));
  if (query.region) {
    const region = query.region;
    // digits narrow by the division code (11 → Beijing, 110115 → Daxing); words search the region's name
    q = DIGITS.test(region)
      ? q.where('f.region_code', 'like', `${region}%`)
      : q.where('f.region_name', 'ilike', containsPattern(region));
  }
  if (query.productId) {
    const productId = query.productId;
    q = q.where(({ exists, selectFrom }) =>
      exists(selectFrom('farmer_product as fp').select('fp.farmer_id').whereRef('fp.farmer_id', '=', 'f.id').where('fp.product_id', '=', productId)),
    );
  }
  if (query.status) q = q.where('f.status', '=', query.status);
  return fetchPage(q, query, SORT);
}

export function farmerDetailRow(db: Kysely<DB>, companyId: string, id: string) {
  return rowQuery(db, companyId).select(['f.certifications', 'f.remark']).where('f.id', '=', id).executeTakeFirst();
}

/** The products of each grower, by name. */
export async function productsOf(db: Kysely<DB>, farmerIds: string[]): Promise<Map<string, Array<{ id: string; name: string }>>> {
  const byFarmer = new Map<string, Array<{ id: string; name: string }>>();
  if (farmerIds.length === 0) return byFarmer;
  const rows = await db
    .selectFrom('farmer_product as fp')
    .innerJoin('product as p', 'p.id', 'fp.product_id')
    .select(['fp.farmer_id as farmerId', 'p.id', 'p.name'])
    .where('fp.farmer_id', 'in', farmerIds)
    .orderBy('p.name')
    .orderBy('p.id')
    .execute();
  for (const { farmerId, id, name } of rows) byFarmer.set(farmerId, [...(byFarmer.get(farmerId) ?? []), { id, name }]);
  return byFarmer;
}

/** The newest batches naming the grower. */
export function batchesOf(db: Kysely<DB>, companyId: string, farmerId: string) {
  return db
    .selectFrom('product_batch as b')
    .innerJoin('product as p', 'p.id', 'b.product_id')
    .select([
      'b.id',
      'b.batch_no as batchNo',
      'b.product_id as productId',
      'p.name as productName',
      'b.production_date as productionDate',
      'b.harvest_date as harvestDate',
      'b.quantity',
    ])
    .where('b.company_id', '=', companyId)
    .where('b.farmer_id', '=', farmerId)
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id')
    .limit(FARMER_DETAIL_BATCHES_MAX)
    .execute();
}

/** Grower–product pairs of the company, narrowed to a grower, a product or both. */
export function relations(db: Kysely<DB>, companyId: string, filters: { farmerId?: string; productId?: string }) {
  let q = db
    .selectFrom('farmer_product as fp')
    .innerJoin('farmer as f', 'f.id', 'fp.farmer_id')
    .innerJoin('product as p', 'p.id', 'fp.product_id')
    .select(['f.id as farmerId', 'f.name as farmerName', 'p.id as productId', 'p.name as productName'])
    .where('fp.company_id', '=', companyId)
    .where('f.company_id', '=', companyId);
  if (filters.farmerId) q = q.where('fp.farmer_id', '=', filters.farmerId);
  if (filters.productId) q = q.where('fp.product_id', '=', filters.productId);
  return q.orderBy('f.name').orderBy('p.name').orderBy('fp.farmer_id').orderBy('fp.product_id').limit(FARMER_RELATIONS_MAX).execute();
}

/**
 * One grower of the company. 'update' holds its row for the rest of the transaction; 'share' keeps it
 * from being deleted while a batch naming it is saved.
 */
export function findFarmer(db: Kysely<DB>, companyId: string, id: string, lock?: 'update' | 'share') {
  let q = db.selectFrom('farmer').select(['id', 'name']).where('id', '=', id).where('company_id', '=', companyId);
  if (lock === 'update') q = q.forUpdate();
  if (lock === 'share') q = q.forShare();
  return q.executeTakeFirst();
}

export async function idCardTaken(db: Kysely<DB>, companyId: string, idCard: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('farmer').select('id').where('company_id', '=', companyId).where('id_card', '=', idCard);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** How many of the ids are products of the company; their rows are share-locked until the save ends. */
export async function countCompanyProducts(db: Kysely<DB>, companyId: string, productIds: string[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const rows = await db.selectFrom('product').select('id').where('company_id', '=', companyId).where('id', 'in', productIds).forShare().execute();
  return rows.length;
}

export async function countBatches(db: Kysely<DB>, farmerId: string): Promise<number> {
  const row = await db
    .selectFrom('product_batch')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('farmer_id', '=', farmerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface FarmerValues {
  name: string;
  phone: string;
  idCard: string;
  regionCode: string;
  regionName: string;
  address: string;
  plantingBase: string;
  plantingArea: string | null;
  varieties: string;
  certifications: string;
  photoFileId: string | null;
  remark: string;
  status: CatalogueStatus;
}

const columns = (v: FarmerValues) => ({
  name: v.name,
  phone: v.phone,
  id_card: v.idCard,
  region_code: v.regionCode,
  region_name: v.regionName,
  address: v.address,
  planting_base: v.plantingBase,
  planting_area: v.plantingArea,
  varieties: v.varieties,
  certifications: v.certifications,
  photo_file_id: v.photoFileId,
  remark: v.remark,
  status: v.status,
});

export async function insertFarmer(db: Kysely<DB>, companyId: string, userId: string, values: FarmerValues): Promise<string> {
  const row = await db
    .insertInto('farmer')
    .values({ company_id: companyId, ...columns(values), created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateFarmer(db: Kysely<DB>, id: string, userId: string, values: FarmerValues): Promise<void> {
  await db
    .updateTable('farmer')
    .set({ ...columns(values), updated_by: userId, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The grower's products become exactly these. */
export async function replaceProducts(db: Kysely<DB>, companyId: string, farmerId: string, productIds: string[]): Promise<void> {
  await db.deleteFrom('farmer_product').where('farmer_id', '=', farmerId).execute();
  if (productIds.length === 0) return;
  await db
    .insertInto('farmer_product')
    .values(productIds.map((productId) => ({ farmer_id: farmerId, product_id: productId, company_id: companyId })))
    .execute();
}

/** Its product links go with it (ON DELETE CASCADE). */
export async function deleteFarmer(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('farmer').where('id', '=', id).execute();
}
