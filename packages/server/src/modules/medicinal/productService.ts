import {
  validationMessage,
  type Lang,
  type medicinalProductAddSchema,
  type medicinalProductEditSchema,
  type medicinalProductListQuerySchema,
  type medicinalProductPageQuerySchema,
} from '@rd/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/sessionStore.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/constraintErrors.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/http/appError.js';
import { duplicateField, invalidField } from '../product/fieldError.js';
import { ownCompany } from '../product/ownCompany.js';
import { dosageForms } from './dosageForms.js';
import { MEDICINAL_MESSAGES } from './messages.js';
import {
  approvalNoTaken,
  deleteProduct,
  findProduct,
  insertProduct,
  productDetails,
  productHasBatches,
  productOptions,
  productPage,
  productRow,
  updateProduct,
} from './productStore.js';

type AddBody = z.infer<typeof medicinalProductAddSchema>;
type EditBody = z.infer<typeof medicinalProductEditSchema>;

const duplicateApprovalNo = (value: string, lang: Lang) =>
  duplicateField('approvalNo', MEDICINAL_MESSAGES.approvalNoLabel[lang], value, lang);

export function listProductPage(db: Kysely<DB>, principal: Principal, query: z.infer<typeof medicinalProductPageQuerySchema>) {
  return productPage(db, ownCompany(principal), query);
}

export function listProducts(db: Kysely<DB>, principal: Principal, filters: z.infer<typeof medicinalProductListQuerySchema>) {
  return productOptions(db, ownCompany(principal), filters);
}

export function listProductDetails(db: Kysely<DB>, principal: Principal, filters: z.infer<typeof medicinalProductListQuerySchema>) {
  return productDetails(db, ownCompany(principal), filters);
}

async function getProduct(db: Kysely<DB>, companyId: string, id: string) {
  const row = await productRow(db, companyId, id);
  if (!row) throw notFound();
  return row;
}

/** The dosage form must be an enabled item of the dictionary, as the form's drop-down offers. */
async function checkDosageForm(db: Kysely<DB>, code: string, lang: Lang): Promise<void> {
  const forms = await dosageForms(db);
  if (!forms.some((f) => f.code === code)) {
    throw invalidField('dosageForm', validationMessage('validation.oneOf', lang, { values: forms.map((f) => f[lang]).join(', ') }));
  }
}

export async function addProduct(db: Kysely<DB>, principal: Principal, body: AddBody, lang: Lang) {
  const companyId = ownCompany(principal);
  await checkDosageForm(db, body.dosageForm, lang);
  try {
    const id = await db.transaction().execute(async (trx) => {
      if (await approvalNoTaken(trx, companyId, body.approvalNo)) throw duplicateApprovalNo(body.approvalNo, lang);
      return insertProduct(trx, companyId, principal.userId, body);
    });
    return getProduct(db, companyId, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateApprovalNo(body.approvalNo, lang);
    throw error;
  }
}

export async function editProduct(db: Kysely<DB>, principal: Principal, body: EditBody, lang: Lang) {
  const companyId = ownCompany(principal);
  await checkDosageForm(db, body.dosageForm, lang);
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await findProduct(trx, companyId, body.id, 'update'))) throw notFound();
      if (await approvalNoTaken(trx, companyId, body.approvalNo, body.id)) throw duplicateApprovalNo(body.approvalNo, lang);
      await updateProduct(trx, body.id, principal.userId, body);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateApprovalNo(body.approvalNo, lang);
    throw error;
  }
  return getProduct(db, companyId, body.id);
}

/** Refused while the product has batches (they name it). */
export async function removeProduct(db: Kysely<DB>, principal: Principal, id: string): Promise<void> {
  const companyId = ownCompany(principal);
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await findProduct(trx, companyId, id, 'update'))) throw notFound();
      if (await productHasBatches(trx, id)) throw new AppError('MEDICINAL_PRODUCT_HAS_BATCHES');
      await deleteProduct(trx, id);
    });
  } catch (error) {
    // a batch added (or imported) between the check and the delete
    if (isForeignKeyViolation(error)) throw new AppError('MEDICINAL_PRODUCT_HAS_BATCHES');
    throw error;
  }
}
