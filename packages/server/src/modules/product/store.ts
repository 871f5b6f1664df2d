import { PRODUCT_DETAIL_LIST_MAX, PRODUCT_LIST_MAX, type CatalogueStatus, type productPageQuerySchema } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/likePattern.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';
import { jsonb } from './jsonb.js';

const SORT: SortSpec = {
  columns: {
    name: 'p.name',
    gtin: 'p.gtin',
    status: 'p.status',
    version: 'p.version',
    createdAt: 'p.created_at',
    updatedAt: 'p.updated_at',
  },
  defaultName: 'createdAt',
  defaultType: 'desc',
  tieBreaker: 'p.id',
};

function rowQuery(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('product as p')
    .leftJoin('product_category as c', 'c.id', 'p.category_id')
    .leftJoin('product_template as t', 't.id', 'p.template_id')
    .where('p.company_id', '=', companyId)
    .select([
      'p.id',
      'p.name',
      'p.category_id as categoryId',
      sql<string>`coalesce(c.name, '')`.as('categoryName'),
      'p.template_id as templateId',
      sql<string>`coalesce(t.name, '')`.as('templateName'),
      'p.gtin',
      'p.spec',
      'p.unit',
      'p.brand',
      'p.images',
      'p.status',
      'p.version',
      'p.created_at as createdAt',
      'p.updated_at as updatedAt',
    ]);
}

/** The category and every category below it, as a subquery of ids. */
function categoryAndBelow(companyId: string, categoryId: string) {
  return sql<boolean>`p.category_id IN (
    WITH RECURSIVE below(id) AS (
      SELECT id FROM product_category WHERE id = ${categoryId} AND company_id = ${companyId}
      UNION ALL
      SELECT c.id FROM product_category c JOIN below ON c.parent_id = below.id
    )
    SELECT id FROM below)`;
}

export function productPage(db: Kysely<DB>, companyId: string, query: z.infer<typeof productPageQuerySchema>) {
  let q = rowQuery(db, companyId);
  if (query.name) q = q.where('p.name', 'ilike', containsPattern(query.name));
  if (query.categoryId) q = q.where(categoryAndBelow(companyId, query.categoryId));
  if (query.templateId) q = q.where('p.template_id', '=', query.templateId);
  if (query.status) q = q.where('p.status', '=', query.status);
  if (query.gtin) q = q.where('p.gtin', 'like', `${query.gtin.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return fetchPage(q, query, SORT);
}

export interface ProductFilters {
  name?: string;
  status?: CatalogueStatus;
  templateId?: string;
  ids?: string[];
}

/** Products for selects and detail lists, by name; at most `limit`. */
export function productRows(db: Kysely<DB>, companyId: string, filters: ProductFilters, limit: number) {
  let q = rowQuery(db, companyId);
  if (filters.name) q = q.where('p.name', 'ilike', containsPattern(filters.name));
  if (filters.status) q = q.where('p.status', '=', filters.status);
  if (filters.templateId) q = q.where('p.template_id', '=', filters.templateId);
  if (filters.ids) q = q.where('p.id', 'in', filters.ids.length ? filters.ids : ['00000000-0000-0000-0000-000000000000']);
  return q.orderBy('p.name').orderBy('p.id').limit(limit).execute();
}

export const OPTION_LIMIT = PRODUCT_LIST_MAX;
export const DETAIL_LIMIT = PRODUCT_DETAIL_LIST_MAX;

export function productRow(db: Kysely<DB>, companyId: string, id: string) {
  return rowQuery(db, companyId).select('p.description').where('p.id', '=', id).executeTakeFirst();
}

/** Attribute values of products, by product. */
export async function attrValuesOf(db: Kysely<DB>, productIds: readonly string[]): Promise<Map<string, Record<string, string>>> {
  const byProduct = new Map<string, Record<string, string>>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .selectFrom('product_attr_value')
    .select(['product_id', 'attr_key', 'value'])
    .where('product_id', 'in', [...new Set(productIds)])
    .execute();
  for (const row of rows) {
    const values = byProduct.get(row.product_id) ?? {};
    values[row.attr_key] = row.value;
    byProduct.set(row.product_id, values);
  }
  return byProduct;
}

export function productDescriptions(db: Kysely<DB>, productIds: readonly string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('product').select(['id', 'description']).where('id', 'in', [...productIds]).execute();
}

/** One product of the company; `lock` holds its row for the rest of the transaction. */
export function findProduct(db: Kysely<DB>, companyId: string, id: string, lock?: 'share' | 'update') {
  let q = db
    .selectFrom('product')
    .select(['id', 'name', 'template_id', 'version'])
    .where('id', '=', id)
    .where('company_id', '=', companyId);
  if (lock === 'share') q = q.forShare();
  if (lock === 'update') q = q.forUpdate();
  return q.executeTakeFirst();
}

/** GTIN-8/12/13 and 14 name the same item when their 14-digit forms are equal. */
export async function gtinTaken(db: Kysely<DB>, companyId: string, gtin: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('product')
    .select('id')
    .where('company_id', '=', companyId)
    .where('gtin', 'is not', null)
    .where(sql<boolean>`lpad(gtin, 14, '0') = lpad(${gtin}, 14, '0')`);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export interface ProductValues {
  name: string;
  categoryId: string | null;
  templateId: string | null;
  gtin: string | null;
  spec: string;
  unit: string;
  brand: string;
  images: string[];
  description: string;
  status: CatalogueStatus;
}

const columns = (v: ProductValues) => ({
  name: v.name,
  category_id: v.categoryId,
  template_id: v.templateId,
  gtin: v.gtin,
  spec: v.spec,
  unit: v.unit,
  brand: v.brand,
  images: jsonb(v.images),
  description: v.description,
  status: v.status,
});

export async function insertProduct(db: Kysely<DB>, companyId: string, userId: string, values: ProductValues): Promise<string> {
  const row = await db
    .insertInto('product')
    .values({ company_id: companyId, ...columns(values), created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every edit is a new version. */
export async function updateProduct(db: Kysely<DB>, id: string, userId: string, values: ProductValues): Promise<void> {
  await db
    .updateTable('product')
    .set({ ...columns(values), version: sql`version + 1`, updated_by: userId, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function replaceAttrValues(db: Kysely<DB>, productId: string, values: ReadonlyArray<{ attrKey: string; value: string }>) {
  await db.deleteFrom('product_attr_value').where('product_id', '=', productId).execute();
  if (values.length === 0) return;
  await db
    .insertInto('product_attr_value')
    .values(values.map((v) => ({ product_id: productId, attr_key: v.attrKey, value: v.value })))
    .execute();
}

/** Batches, codes or generation jobs that point at the product. */
export async function productReferenced(db: Kysely<DB>, productId: string): Promise<boolean> {
  const row = await sql<{ used: boolean }>`
    SELECT EXISTS (SELECT 1 FROM product_batch WHERE product_id = ${productId})
        OR EXISTS (SELECT 1 FROM code WHERE product_id = ${productId})
        OR EXISTS (SELECT 1 FROM code_record WHERE product_id = ${productId}) AS used`.execute(db);
  return row.rows[0]?.used === true;
}

export async function deleteProduct(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('product').where('id', '=', id).execute();
}
