import type {
  Lang,
  medicinalBatchAddSchema,
  medicinalBatchEditSchema,
  medicinalBatchFileAddSchema,
  medicinalBatchPageQuerySchema,
} from '@rd/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/sessionStore.js';
import { isUniqueViolation } from '../../platform/db/constraintErrors.js';
import type { DB } from '../../platform/db/schema.js';
import { notFound } from '../../platform/http/appError.js';
import { assertCompanyFiles } from '../product/companyFiles.js';
import { duplicateField } from '../product/fieldError.js';
import { ownCompany } from '../product/ownCompany.js';
import {
  batchDetailRow,
  batchFiles,
  batchNoTaken,
  batchPage,
  deleteBatch,
  deleteBatchFile,
  findBatch,
  findBatchFile,
  insertBatch,
  insertBatchFile,
  updateBatch,
} from './batchStore.js';
import { MEDICINAL_MESSAGES } from './messages.js';
import { findProduct } from './productStore.js';

type AddBody = z.infer<typeof medicinalBatchAddSchema>;
type EditBody = z.infer<typeof medicinalBatchEditSchema>;

const duplicateBatchNo = (value: string, lang: Lang) => duplicateField('batchNo', MEDICINAL_MESSAGES.batchNoLabel[lang], value, lang);

export function listBatchPage(db: Kysely<DB>, principal: Principal, query: z.infer<typeof medicinalBatchPageQuerySchema>) {
  return batchPage(db, ownCompany(principal), query);
}

async function detail(db: Kysely<DB>, companyId: string, id: string) {
  const row = await batchDetailRow(db, companyId, id);
  if (!row) throw notFound();
  return { ...row, files: await batchFiles(db, id) };
}

/** One batch with its product's facts and its attached files. */
export function getBatchDetail(db: Kysely<DB>, principal: Principal, id: string) {
  return detail(db, ownCompany(principal), id);
}

export async function addBatch(db: Kysely<DB>, principal: Principal, body: AddBody, lang: Lang) {
  const companyId = ownCompany(principal);
  try {
    const id = await db.transaction().execute(async (trx) => {
      // share lock: the product cannot be deleted while its batch is saved
      if (!(await findProduct(trx, companyId, body.productId, 'share'))) throw notFound();
      if (await batchNoTaken(trx, body.productId, body.batchNo)) throw duplicateBatchNo(body.batchNo, lang);
      return insertBatch(trx, companyId, principal.userId, body);
    });
    return detail(db, companyId, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateBatchNo(body.batchNo, lang);
    throw error;
  }
}

export async function editBatch(db: Kysely<DB>, principal: Principal, body: EditBody, lang: Lang) {
  const companyId = ownCompany(principal);
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await findBatch(trx, companyId, body.id, 'update'))) throw notFound();
      if (!(await findProduct(trx, companyId, body.productId, 'share'))) throw notFound();
      if (await batchNoTaken(trx, body.productId, body.batchNo, body.id)) throw duplicateBatchNo(body.batchNo, lang);
      await updateBatch(trx, body.id, principal.userId, body);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateBatchNo(body.batchNo, lang);
    throw error;
  }
  return detail(db, companyId, body.id);
}

/** Deletes the batch with its list of attached files (the stored files stay, other rows may use them). */
export async function removeBatch(db: Kysely<DB>, principal: Principal, id: string): Promise<void> {
  const companyId = ownCompany(principal);
  await db.transaction().execute(async (trx) => {
    if (!(await findBatch(trx, companyId, id, 'update'))) throw notFound();
    await deleteBatch(trx, id);
  });
}

/** Attaches one of the company's stored files to one of its batches; answers the batch as it is now. */
export async function addBatchFile(db: Kysely<DB>, principal: Principal, body: z.infer<typeof medicinalBatchFileAddSchema>) {
  const companyId = ownCompany(principal);
  await db.transaction().execute(async (trx) => {
    if (!(await findBatch(trx, companyId, body.batchId, 'share'))) throw notFound();
    await assertCompanyFiles(trx, companyId, [body.fileId], 'any');
    await insertBatchFile(trx, { ...body, userId: principal.userId });
  });
  return detail(db, companyId, body.batchId);
}

export async function removeBatchFile(db: Kysely<DB>, principal: Principal, id: string) {
  const companyId = ownCompany(principal);
  const file = await findBatchFile(db, companyId, id);
  if (!file) throw notFound();
  await deleteBatchFile(db, id);
  return detail(db, companyId, file.batchId);
}
