import type { Lang, batchAddBodySchema, batchEditBodySchema, batchListQuerySchema, batchPageQuerySchema } from '@rd/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/sessionStore.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/constraintErrors.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, conflict, notFound } from '../../platform/http/appError.js';
import { assertCompanyFiles } from '../product/companyFiles.js';
import { duplicateField } from '../product/fieldError.js';
import { PRODUCT_MESSAGES } from '../product/messages.js';
import { ownCompany } from '../product/ownCompany.js';
import { findProduct } from '../product/store.js';
import { findFarmer } from '../farmer/store.js';
import {
  batchDetailRow,
  batchHasCodes,
  batchNoTaken,
  batchOptions,
  batchPage,
  deleteBatch,
  findBatch,
  insertBatch,
  updateBatch,
} from './store.js';

type AddBody = z.infer<typeof batchAddBodySchema>;
type EditBody = z.infer<typeof batchEditBodySchema>;

const duplicateBatchNo = (batchNo: string, lang: Lang) => duplicateField('batchNo', PRODUCT_MESSAGES.batchNoLabel[lang], batchNo, lang);

export function listBatchPage(db: Kysely<DB>, principal: Principal, query: z.infer<typeof batchPageQuerySchema>) {
  return batchPage(db, ownCompany(principal), query);
}

export function listBatches(db: Kysely<DB>, principal: Principal, filters: z.infer<typeof batchListQuerySchema>) {
  return batchOptions(db, ownCompany(principal), filters);
}

export async function getBatch(db: Kysely<DB>, principal: Principal, id: string) {
  const row = await batchDetailRow(db, ownCompany(principal), id);
  if (!row) throw notFound();
  return row;
}

/**
 * The product and every stored file a batch names must be the company's: photos of farming records are
 * images, inspection reports any stored file. The product's and the grower's rows are share-locked so
 * they cannot be deleted while the batch is saved.
 */
async function checkReferences(trx: Kysely<DB>, companyId: string, body: AddBody): Promise<void> {
  if (!(await findProduct(trx, companyId, body.productId, 'share'))) throw notFound();
  if (body.farmerId && !(await findFarmer(trx, companyId, body.farmerId, 'share'))) throw notFound();
  await assertCompanyFiles(trx, companyId, body.farmingRecords.flatMap((r) => r.images), 'image');
  await assertCompanyFiles(trx, companyId, body.inspectionReports.map((r) => r.fileId), 'any');
}

export async function addBatch(db: Kysely<DB>, principal: Principal, body: AddBody, lang: Lang) {
  const companyId = ownCompany(principal);
  try {
    const id = await db.transaction().execute(async (trx) => {
      await checkReferences(trx, companyId, body);
      if (await batchNoTaken(trx, body.productId, body.batchNo)) throw duplicateBatchNo(body.batchNo, lang);
      return insertBatch(trx, companyId, principal.userId, body);
    });
    return getBatch(db, principal, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateBatchNo(body.batchNo, lang);
    throw error;
  }
}

/**
 * Replaces the batch's fields. A batch with bound codes stays with its product (the codes say which
 * product they mark): moving it is a CONFLICT.
 */
export async function editBatch(db: Kysely<DB>, principal: Principal, body: EditBody, lang: Lang) {
  const companyId = ownCompany(principal);
  try {
    await db.transaction().execute(async (trx) => {
      const current = await findBatch(trx, companyId, body.id, 'update');
      if (!current) throw notFound();
      await checkReferences(trx, companyId, body);
      if (body.productId !== current.product_id && (await batchHasCodes(trx, body.id))) throw conflict();
      if (await batchNoTaken(trx, body.productId, body.batchNo, body.id)) throw duplicateBatchNo(body.batchNo, lang);
      await updateBatch(trx, body.id, principal.userId, body);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateBatchNo(body.batchNo, lang);
    throw error;
  }
  return getBatch(db, principal, body.id);
}

/** Refused while codes are bound to the batch (or generation jobs were made for it). */
export async function removeBatch(db: Kysely<DB>, principal: Principal, id: string): Promise<void> {
  const companyId = ownCompany(principal);
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await findBatch(trx, companyId, id, 'update'))) throw notFound();
      if (await batchHasCodes(trx, id)) throw new AppError('BATCH_HAS_CODES');
      await deleteBatch(trx, id);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('BATCH_HAS_CODES');
    throw error;
  }
}
