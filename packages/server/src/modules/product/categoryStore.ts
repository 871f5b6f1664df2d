import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import type { CategoryRow } from '@rd/contract';

/** The company's categories, flat, siblings in display order, with how many products each holds. */
export function categoryRows(db: Kysely<DB>, companyId: string): Promise<CategoryRow[]> {
  return db
    .selectFrom('product_category as c')
    .where('c.company_id', '=', companyId)
    .select([
      'c.id',
      'c.parent_id as parentId',
      'c.name',
      'c.sort',
      (eb) =>
        eb
          .selectFrom('product as p')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('p.category_id', '=', 'c.id')
          .as('productCount'),
    ])
    .orderBy('c.sort')
    .orderBy('c.name')
    .orderBy('c.id')
    .execute() as Promise<CategoryRow[]>;
}

/** One category of the company; `lock` holds its row for the rest of the transaction. */
export function findCategory(db: Kysely<DB>, companyId: string, id: string, lock?: 'share' | 'update') {
  let q = db
    .selectFrom('product_category')
    .select(['id', 'parent_id', 'name', 'sort'])
    .where('id', '=', id)
    .where('company_id', '=', companyId);
  if (lock === 'share') q = q.forShare();
  if (lock === 'update') q = q.forUpdate();
  return q.executeTakeFirst();
}

/**
 * Locks every category of the company, in id order (two callers never deadlock), and returns each one's
 * parent: a move checks for cycles against this picture, which nobody can change until it commits.
 */
export async function lockCategoryTree(db: Kysely<DB>, companyId: string): Promise<Map<string, string | null>> {
  const rows = await db
    .selectFrom('product_category')
    .select(['id', 'parent_id'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [r.id, r.parent_id]));
}

export async function siblingNameTaken(
  db: Kysely<DB>,
  companyId: string,
  parentId: string | null,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  let q = db
    .selectFrom('product_category')
    .select('id')
    .where('company_id', '=', companyId)
    .where(parentId === null ? sql<boolean>`parent_id is null` : sql<boolean>`parent_id = ${parentId}`)
    .where('name', '=', name);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export interface CategoryValues {
  parentId: string | null;
  name: string;
  sort: number;
}

export async function insertCategory(db: Kysely<DB>, companyId: string, values: CategoryValues): Promise<string> {
  const row = await db
    .insertInto('product_category')
    .values({ company_id: companyId, parent_id: values.parentId, name: values.name, sort: values.sort })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCategory(db: Kysely<DB>, id: string, values: CategoryValues): Promise<void> {
  await db
    .updateTable('product_category')
    .set({ parent_id: values.parentId, name: values.name, sort: values.sort, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function hasChildCategories(db: Kysely<DB>, id: string): Promise<boolean> {
  return (await db.selectFrom('product_category').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst()) !== undefined;
}

export async function hasProductsIn(db: Kysely<DB>, categoryId: string): Promise<boolean> {
  return (await db.selectFrom('product').select('id').where('category_id', '=', categoryId).limit(1).executeTakeFirst()) !== undefined;
}

export async function deleteCategory(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('product_category').where('id', '=', id).execute();
}
