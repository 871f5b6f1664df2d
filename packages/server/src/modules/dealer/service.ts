import { validationMessage, type FieldError, type Lang, type dealerAddBodySchema, type dealerEditBodySchema, type dealerOptionQuerySchema, type dealerPageQuerySchema } from '@rd/contract';
import { isAreaCode } from '@rd/contract/areas';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/sessionStore.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/constraintErrors.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/http/appError.js';
import { duplicateField } from '../../platform/http/inputErrors.js';
import { ownCompany } from '../product/ownCompany.js';
import { DEALER_MESSAGES } from './messages.js';
import { childDealers, codeTaken, countChildren, dealerFlows, dealerOptions, dealerPage, dealerRow, deleteDealer, findDealer, insertDealer, updateDealer } from './store.js';

type AddBody = z.infer<typeof dealerAddBodySchema>;
type EditBody = z.infer<typeof dealerEditBodySchema>;

const duplicateCode = (code: string, lang: Lang) => duplicateField(lang, 'code', DEALER_MESSAGES.codeLabel, code);

export function listDealers(db: Kysely<DB>, principal: Principal, query: z.infer<typeof dealerPageQuerySchema>) {
  return dealerPage(db, ownCompany(principal), query);
}

export function listDealerOptions(db: Kysely<DB>, principal: Principal, query: z.infer<typeof dealerOptionQuerySchema>) {
  return dealerOptions(db, ownCompany(principal), query);
}

export async function getDealer(db: Kysely<DB>, principal: Principal, id: string) {
  const row = await dealerRow(db, ownCompany(principal), id);
  if (!row) throw notFound();
  return row;
}

/** The per-dealer view: the dealer, its sub-dealers and its flows. */
export async function getDealerOverview(db: Kysely<DB>, principal: Principal, id: string) {
  const companyId = ownCompany(principal);
  const dealer = await getDealer(db, principal, id);
  const [children, flows] = await Promise.all([childDealers(db, companyId, id), dealerFlows(db, companyId, id)]);
  return { dealer, children, ...flows };
}

/**
 * What the schema cannot see: every area code must be a province or city of the table, and the parent must
 * be one of the company's dealers one level up (and not the dealer itself). Answers the body with its areas
 * without repeats.
 */
async function checked<B extends AddBody>(db: Kysely<DB>, companyId: string, body: B, lang: Lang, selfId?: string): Promise<B> {
  const errors: FieldError[] = [];
  body.areaCodes.forEach((code, i) => {
    if (!isAreaCode(code)) errors.push({ field: `areaCodes.${i}`, message: validationMessage('validation.invalid', lang) });
  });
  if (body.parentId) {
    const parent = body.parentId === selfId ? undefined : await findDealer(db, companyId, body.parentId, true);
    if (!parent || parent.level !== body.level - 1) errors.push({ field: 'parentId', message: validationMessage('validation.invalid', lang) });
  }
  if (errors.length > 0) throw new AppError('PARAM_CHECK', undefined, errors);
  return { ...body, areaCodes: [...new Set(body.areaCodes)] };
}

export async function addDealer(db: Kysely<DB>, principal: Principal, body: AddBody, lang: Lang) {
  const companyId = ownCompany(principal);
  try {
    const id = await db.transaction().execute(async (trx) => {
      const fields = await checked(trx, companyId, body, lang);
      if (await codeTaken(trx, companyId, fields.code)) throw duplicateCode(fields.code, lang);
      return insertDealer(trx, companyId, principal.userId, fields);
    });
    return getDealer(db, principal, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateCode(body.code, lang);
    throw error;
  }
}

/** Replaces the dealer's fields; its level cannot change while it has sub-dealers (they hang one level below). */
export async function editDealer(db: Kysely<DB>, principal: Principal, body: EditBody, lang: Lang) {
  const companyId = ownCompany(principal);
  try {
    await db.transaction().execute(async (trx) => {
      const current = await findDealer(trx, companyId, body.id, true);
      if (!current) throw notFound();
      const fields = await checked(trx, companyId, body, lang, body.id);
      if (fields.level !== current.level && (await countChildren(trx, body.id)) > 0) {
        throw new AppError('PARAM_CHECK', undefined, [{ field: 'level', message: validationMessage('validation.invalid', lang) }]);
      }
      if (await codeTaken(trx, companyId, fields.code, body.id)) throw duplicateCode(fields.code, lang);
      await updateDealer(trx, body.id, fields);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateCode(body.code, lang);
    throw error;
  }
  return getDealer(db, principal, body.id);
}

/** Refused while sub-dealers or shipments name the dealer: disabling keeps the history whole. */
export async function removeDealer(db: Kysely<DB>, principal: Principal, id: string): Promise<void> {
  const companyId = ownCompany(principal);
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await findDealer(trx, companyId, id, true))) throw notFound();
      if ((await countChildren(trx, id)) > 0) throw new AppError('DEALER_IN_USE');
      await deleteDealer(trx, id);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('DEALER_IN_USE');
    throw error;
  }
}
