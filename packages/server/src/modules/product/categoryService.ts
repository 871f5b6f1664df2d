import type { CategoryNode, Lang, categoryAddBodySchema, categoryEditBodySchema } from '@rd/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/sessionStore.js';
import { constraintOf, isForeignKeyViolation, isUniqueViolation } from '../../platform/db/constraintErrors.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, conflict, notFound } from '../../platform/http/appError.js';
import {
  categoryRows,
  deleteCategory,
  findCategory,
  hasChildCategories,
  hasProductsIn,
  insertCategory,
  lockCategoryTree,
  siblingNameTaken,
  updateCategory,
} from './categoryStore.js';
import { buildCategoryTree, isSelfOrBelow } from './categoryTree.js';
import { duplicateField, invalidField } from './fieldError.js';
import { PRODUCT_MESSAGES } from './messages.js';
import { ownCompany } from './ownCompany.js';

type AddBody = z.infer<typeof categoryAddBodySchema>;
type EditBody = z.infer<typeof categoryEditBodySchema>;

const duplicateName = (name: string, lang: Lang) => duplicateField('name', PRODUCT_MESSAGES.categoryNameLabel[lang], name, lang);

export async function categoryTree(db: Kysely<DB>, principal: Principal): Promise<CategoryNode[]> {
  return buildCategoryTree(await categoryRows(db, ownCompany(principal)));
}

/** Names are unique among siblings; the parent must be one of the company's categories. */
export async function addCategory(db: Kysely<DB>, principal: Principal, body: AddBody, lang: Lang) {
  const companyId = ownCompany(principal);
  try {
    const id = await db.transaction().execute(async (trx) => {
      // The shared lock keeps the parent from being deleted or moved until the child is in.
      if (body.parentId && !(await findCategory(trx, companyId, body.parentId, 'share'))) throw notFound();
      if (await siblingNameTaken(trx, companyId, body.parentId, body.name)) throw duplicateName(body.name, lang);
      return insertCategory(trx, companyId, body);
    });
    return { id };
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(body.name, lang);
    throw error;
  }
}

/** Changes the fields sent; a new parent moves the category with everything below it, never under itself. */
export async function editCategory(db: Kysely<DB>, principal: Principal, body: EditBody, lang: Lang) {
  const companyId = ownCompany(principal);
  let name = body.name ?? '';
  try {
    await db.transaction().execute(async (trx) => {
      const parents = await lockCategoryTree(trx, companyId);
      const current = await findCategory(trx, companyId, body.id);
      if (!current) throw notFound();
      const parentId = body.parentId === undefined ? current.parent_id : body.parentId;
      if (parentId !== null && parentId !== current.parent_id) {
        if (!parents.has(parentId)) throw notFound();
        if (isSelfOrBelow(parents, current.id, parentId)) {
          throw invalidField('parentId', PRODUCT_MESSAGES.categoryParentInSubtree[lang]);
        }
      }
      const values = { parentId, name: body.name ?? current.name, sort: body.sort ?? current.sort };
      name = values.name;
      const renamedOrMoved = values.name !== current.name || parentId !== current.parent_id;
      if (renamedOrMoved && (await siblingNameTaken(trx, companyId, parentId, values.name, current.id))) {
        throw duplicateName(values.name, lang);
      }
      await updateCategory(trx, current.id, values);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(name, lang);
    throw error;
  }
  return { id: body.id };
}

/** Refused while sub-categories or products remain under the category. */
export async function removeCategory(db: Kysely<DB>, principal: Principal, id: string): Promise<void> {
  const companyId = ownCompany(principal);
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await findCategory(trx, companyId, id, 'update'))) throw notFound();
      if (await hasChildCategories(trx, id)) throw new AppError('CATEGORY_HAS_CHILDREN');
      if (await hasProductsIn(trx, id)) throw new AppError('CATEGORY_IN_USE');
      await deleteCategory(trx, id);
    });
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    // Something came to refer to the category after the checks above.
    const constraint = constraintOf(error);
    if (constraint === 'product_category_parent_id_fkey') throw new AppError('CATEGORY_HAS_CHILDREN');
    if (constraint === 'product_category_id_fkey') throw new AppError('CATEGORY_IN_USE');
    throw conflict();
  }
}
