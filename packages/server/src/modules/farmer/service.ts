import {
  PERMISSIONS,
  maskIdCard,
  type Lang,
  type farmerAddBodySchema,
  type farmerEditBodySchema,
  type farmerPageQuerySchema,
  type farmerRelationQuerySchema,
} from '@rd/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { loadPermissionCodes } from '../../platform/access/permissions.js';
import type { Principal } from '../../platform/auth/sessionStore.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/constraintErrors.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/http/appError.js';
import { duplicateField } from '../../platform/http/inputErrors.js';
import { assertCompanyFiles } from '../product/companyFiles.js';
import { ownCompany } from '../product/ownCompany.js';
import { FARMER_MESSAGES } from './messages.js';
import {
  batchesOf,
  countBatches,
  countCompanyProducts,
  deleteFarmer,
  farmerDetailRow,
  farmerPage,
  findFarmer,
  idCardTaken,
  insertFarmer,
  productsOf,
  relations,
  replaceProducts,
  updateFarmer,
} from './store.js';

type AddBody = z.infer<typeof farmerAddBodySchema>;
type EditBody = z.infer<typeof farmerEditBodySchema>;

const duplicateIdCard = (idCard: string, lang: Lang) => duplicateField(lang, 'idCard', FARMER_MESSAGES.idCardLabel, maskIdCard(idCard));

/**
 * A grower's ID card is personal data: whole only for those who may edit growers (they must see what
 * they correct); everyone else, and every list, gets the masked form.
 */
async function seesWholeIdCard(db: Kysely<DB>, principal: Principal): Promise<boolean> {
  if (principal.userType === '1') return true;
  return (await loadPermissionCodes(db, principal.userId)).has(PERMISSIONS.farmerEdit);
}

export async function listFarmerPage(db: Kysely<DB>, principal: Principal, query: z.infer<typeof farmerPageQuerySchema>) {
  const page = await farmerPage(db, ownCompany(principal), query);
  const products = await productsOf(
    db,
    page.list.map((row) => row.id),
  );
  return {
    ...page,
    list: page.list.map((row) => ({ ...row, idCard: maskIdCard(row.idCard), products: products.get(row.id) ?? [] })),
  };
}

/** The grower (farmerDetail) with their products and their newest batches. */
export async function getFarmer(db: Kysely<DB>, principal: Principal, id: string) {
  const companyId = ownCompany(principal);
  const row = await farmerDetailRow(db, companyId, id);
  if (!row) throw notFound();
  const [products, batches, whole] = await Promise.all([productsOf(db, [id]), batchesOf(db, companyId, id), seesWholeIdCard(db, principal)]);
  const masked = !whole && row.idCard !== '';
  return {
    ...row,
    idCard: masked ? maskIdCard(row.idCard) : row.idCard,
    idCardMasked: masked,
    products: products.get(id) ?? [],
    batches,
  };
}

export async function listRelations(db: Kysely<DB>, principal: Principal, query: z.infer<typeof farmerRelationQuerySchema>) {
  return relations(db, ownCompany(principal), query);
}

/** Products and the photo a grower names must be the company's (NOT_FOUND otherwise, like any foreign id). */
async function checkReferences(trx: Kysely<DB>, companyId: string, body: AddBody): Promise<void> {
  if ((await countCompanyProducts(trx, companyId, body.productIds)) !== body.productIds.length) throw notFound();
  await assertCompanyFiles(trx, companyId, body.photoFileId ? [body.photoFileId] : [], 'image');
}

export async function addFarmer(db: Kysely<DB>, principal: Principal, body: AddBody, lang: Lang) {
  const companyId = ownCompany(principal);
  try {
    const id = await db.transaction().execute(async (trx) => {
      await checkReferences(trx, companyId, body);
      if (body.idCard && (await idCardTaken(trx, companyId, body.idCard))) throw duplicateIdCard(body.idCard, lang);
      const farmerId = await insertFarmer(trx, companyId, principal.userId, body);
      await replaceProducts(trx, companyId, farmerId, body.productIds);
      return farmerId;
    });
    return getFarmer(db, principal, id);
  } catch (error) {
    if (isUniqueViolation(error) && body.idCard) throw duplicateIdCard(body.idCard, lang);
    throw error;
  }
}

/** Replaces the grower's fields and product links. */
export async function editFarmer(db: Kysely<DB>, principal: Principal, body: EditBody, lang: Lang) {
  const companyId = ownCompany(principal);
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await findFarmer(trx, companyId, body.id, 'update'))) throw notFound();
      await checkReferences(trx, companyId, body);
      if (body.idCard && (await idCardTaken(trx, companyId, body.idCard, body.id))) throw duplicateIdCard(body.idCard, lang);
      await updateFarmer(trx, body.id, principal.userId, body);
      await replaceProducts(trx, companyId, body.id, body.productIds);
    });
  } catch (error) {
    if (isUniqueViolation(error) && body.idCard) throw duplicateIdCard(body.idCard, lang);
    throw error;
  }
  return getFarmer(db, principal, body.id);
}

/** Refused while batches name the grower: they would lose where they came from. */
export async function removeFarmer(db: Kysely<DB>, principal: Principal, id: string): Promise<void> {
  const companyId = ownCompany(principal);
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await findFarmer(trx, companyId, id, 'update'))) throw notFound();
      const count = await countBatches(trx, id);
      if (count > 0) throw new AppError('FARMER_HAS_BATCHES', { count });
      await deleteFarmer(trx, id);
    });
  } catch (error) {
    // a batch naming the grower was saved between the count and the delete
    if (isForeignKeyViolation(error)) throw new AppError('FARMER_HAS_BATCHES', { count: await countBatches(db, id) });
    throw error;
  }
}
