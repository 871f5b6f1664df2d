import {
  catalogueMessage,
  type Lang,
  type dictItemAddBodySchema,
  type dictItemEditBodySchema,
  type dictItemPageQuerySchema,
  type dictTypeAddBodySchema,
  type dictTypeEditBodySchema,
  type dictTypePageQuerySchema,
} from '@rd/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/constraintErrors.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/http/appError.js';
import { isBuiltinItem, isBuiltinType } from './builtin.js';
import { DICT_FIELD_LABELS } from './messages.js';
import {
  deleteItem,
  deleteTypeWithItems,
  dictItemPage,
  dictItemRow,
  dictTypePage,
  dictTypeRow,
  findItem,
  findType,
  insertItem,
  insertType,
  itemCodeTaken,
  updateItem,
  updateType,
} from './store.js';

type TypePageQuery = z.infer<typeof dictTypePageQuerySchema>;
type ItemPageQuery = z.infer<typeof dictItemPageQuerySchema>;
type TypeAddBody = z.infer<typeof dictTypeAddBodySchema>;
type TypeEditBody = z.infer<typeof dictTypeEditBodySchema>;
type ItemAddBody = z.infer<typeof dictItemAddBodySchema>;
type ItemEditBody = z.infer<typeof dictItemEditBodySchema>;

function duplicate(field: keyof typeof DICT_FIELD_LABELS, value: string, lang: Lang): AppError {
  const params = { field: DICT_FIELD_LABELS[field][lang], value };
  return new AppError('DUPLICATE', params, [{ field, message: catalogueMessage('DUPLICATE', lang, params) }]);
}

/** Runs an insert; a unique violation from a concurrent twin is the same DUPLICATE as the check before it. */
async function insertUnique<T>(insert: () => Promise<T>, onDuplicate: () => AppError): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (isUniqueViolation(error)) throw onDuplicate();
    throw error;
  }
}

// ----- types -----------------------------------------------------------------------------------------

export async function typePage(db: Kysely<DB>, query: TypePageQuery) {
  const page = await dictTypePage(db, query);
  return { ...page, list: page.list.map((row) => ({ ...row, builtin: isBuiltinType(row.typeCode) })) };
}

export async function getType(db: Kysely<DB>, id: string) {
  const row = await dictTypeRow(db, id);
  if (!row) throw notFound();
  return { ...row, builtin: isBuiltinType(row.typeCode) };
}

export async function addType(db: Kysely<DB>, body: TypeAddBody, lang: Lang) {
  const { typeCode, ...values } = body;
  if (await findType(db, { typeCode })) throw duplicate('typeCode', typeCode, lang);
  const id = await insertUnique(
    () => insertType(db, typeCode, values),
    () => duplicate('typeCode', typeCode, lang),
  );
  return getType(db, id);
}

export async function editType(db: Kysely<DB>, body: TypeEditBody) {
  const { id, ...values } = body;
  if (!(await findType(db, { id }))) throw notFound();
  await updateType(db, id, values);
  return getType(db, id);
}

/** Deletes a type and all of its items, in one transaction. */
export async function removeType(db: Kysely<DB>, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const type = await findType(trx, { id });
    if (!type) throw notFound();
    if (isBuiltinType(type.type_code)) throw new AppError('BUILTIN_READONLY');
    await deleteTypeWithItems(trx, type.type_code);
  });
}

// ----- items -----------------------------------------------------------------------------------------

export async function itemPage(db: Kysely<DB>, query: ItemPageQuery) {
  const page = await dictItemPage(db, query);
  return { ...page, list: page.list.map((row) => ({ ...row, builtin: isBuiltinItem(row.typeCode, row.dicCode) })) };
}

export async function getItem(db: Kysely<DB>, id: string) {
  const row = await dictItemRow(db, id);
  if (!row) throw notFound();
  return { ...row, builtin: isBuiltinItem(row.typeCode, row.dicCode) };
}

export async function addItem(db: Kysely<DB>, body: ItemAddBody, lang: Lang) {
  const { typeCode, dicCode, ...values } = body;
  if (!(await findType(db, { typeCode }))) throw notFound();
  if (await itemCodeTaken(db, typeCode, dicCode)) throw duplicate('dicCode', dicCode, lang);
  let id: string;
  try {
    id = await insertUnique(
      () => insertItem(db, typeCode, dicCode, values),
      () => duplicate('dicCode', dicCode, lang),
    );
  } catch (error) {
    // The type was deleted since the check above.
    if (isForeignKeyViolation(error)) throw notFound();
    throw error;
  }
  return getItem(db, id);
}

export async function editItem(db: Kysely<DB>, body: ItemEditBody) {
  const { id, ...values } = body;
  if (!(await findItem(db, id))) throw notFound();
  await updateItem(db, id, values);
  return getItem(db, id);
}

export async function removeItem(db: Kysely<DB>, id: string): Promise<void> {
  const item = await findItem(db, id);
  if (!item) throw notFound();
  if (isBuiltinItem(item.type_code, item.dic_code)) throw new AppError('BUILTIN_READONLY');
  await deleteItem(db, id);
}
