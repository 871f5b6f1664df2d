import type { DictStatus, DictTagColor, dictItemPageQuerySchema, dictTypePageQuerySchema, largeDicQuerySchema } from '@rd/contract';
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { z } from 'zod';
import type { DB, DictItemTable, DictTypeTable } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/likePattern.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';

// ----- types -----------------------------------------------------------------------------------------

const TYPE_SORT: SortSpec = {
  columns: { sort: 't.sort', typeCode: 't.type_code', typeName: 't.type_name', status: 't.status', createdAt: 't.created_at' },
  defaultName: 'sort',
  defaultType: 'asc',
  tieBreaker: 't.type_code',
};

function typeRows(db: Kysely<DB>) {
  return db
    .selectFrom('dict_type as t')
    .select([
      't.id',
      't.type_code as typeCode',
      't.type_name as typeName',
      't.type_name_en as typeNameEn',
      't.sort',
      't.status',
      't.remark',
      sql<number>`(select count(*)::int from dict_item i where i.type_code = t.type_code)`.as('itemCount'),
      't.created_at as createdAt',
      't.updated_at as updatedAt',
    ]);
}

export async function dictTypePage(db: Kysely<DB>, query: z.infer<typeof dictTypePageQuerySchema>) {
  let q = typeRows(db);
  if (query.typeCode) q = q.where('t.type_code', 'ilike', containsPattern(query.typeCode));
  if (query.typeName) {
    const pattern = containsPattern(query.typeName);
    q = q.where((eb) => eb.or([eb('t.type_name', 'ilike', pattern), eb('t.type_name_en', 'ilike', pattern)]));
  }
  if (query.status) q = q.where('t.status', '=', query.status);
  const page = await fetchPage(q, query, TYPE_SORT);
  return { ...page, list: page.list.map((r) => ({ ...r, itemCount: Number(r.itemCount) })) };
}

export async function dictTypeRow(db: Kysely<DB>, id: string) {
  const row = await typeRows(db).where('t.id', '=', id).executeTakeFirst();
  return row && { ...row, itemCount: Number(row.itemCount) };
}

export function findType(db: Kysely<DB>, by: { id: string } | { typeCode: string }) {
  const q = db.selectFrom('dict_type').select(['id', 'type_code', 'status']);
  return ('id' in by ? q.where('id', '=', by.id) : q.where('type_code', '=', by.typeCode)).executeTakeFirst();
}

export function enabledTypes(db: Kysely<DB>) {
  return db
    .selectFrom('dict_type')
    .select(['type_code as typeCode', 'type_name as typeName', 'type_name_en as typeNameEn'])
    .where('status', '=', 'ENABLED')
    .orderBy('sort')
    .orderBy('type_code')
    .execute();
}

export interface DictTypeValues {
  typeName: string;
  typeNameEn: string;
  sort: number;
  status: DictStatus;
  remark: string;
}

/** The values as dict_type columns: all of them for an insert, those given for an update. */
function typeColumns(values: DictTypeValues): Omit<Insertable<DictTypeTable>, 'type_code'>;
function typeColumns(values: Partial<DictTypeValues>): Updateable<DictTypeTable>;
function typeColumns(values: Partial<DictTypeValues>): Updateable<DictTypeTable> {
  return {
    type_name: values.typeName,
    type_name_en: values.typeNameEn,
    sort: values.sort,
    status: values.status,
    remark: values.remark,
  };
}

export async function insertType(db: Kysely<DB>, typeCode: string, values: DictTypeValues): Promise<string> {
  const row = await db
    .insertInto('dict_type')
    .values({ type_code: typeCode, ...typeColumns(values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Only the fields given change. */
export async function updateType(db: Kysely<DB>, id: string, values: Partial<DictTypeValues>): Promise<void> {
  await db
    .updateTable('dict_type')
    .set({ ...typeColumns(values), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** A type goes with its items. */
export async function deleteTypeWithItems(db: Kysely<DB>, typeCode: string): Promise<void> {
  await db.deleteFrom('dict_item').where('type_code', '=', typeCode).execute();
  await db.deleteFrom('dict_type').where('type_code', '=', typeCode).execute();
}

// ----- items -----------------------------------------------------------------------------------------

const ITEM_SORT: SortSpec = {
  columns: { sort: 'i.sort', dicCode: 'i.dic_code', dicName: 'i.dic_name', status: 'i.status', createdAt: 'i.created_at' },
  defaultName: 'sort',
  defaultType: 'asc',
  tieBreaker: 'i.id',
};

function itemRows(db: Kysely<DB>) {
  return db
    .selectFrom('dict_item as i')
    .select([
      'i.id',
      'i.type_code as typeCode',
      'i.dic_code as dicCode',
      'i.dic_name as dicName',
      'i.dic_name_en as dicNameEn',
      'i.sort',
      'i.status',
      sql<DictTagColor>`i.tag_color`.as('tagColor'),
      'i.remark',
      'i.created_at as createdAt',
      'i.updated_at as updatedAt',
    ]);
}

export function dictItemPage(db: Kysely<DB>, query: z.infer<typeof dictItemPageQuerySchema>) {
  let q = itemRows(db);
  if (query.typeCode) q = q.where('i.type_code', '=', query.typeCode);
  if (query.dicName) {
    const pattern = containsPattern(query.dicName);
    q = q.where((eb) => eb.or([eb('i.dic_name', 'ilike', pattern), eb('i.dic_name_en', 'ilike', pattern)]));
  }
  if (query.status) q = q.where('i.status', '=', query.status);
  return fetchPage(q, query, ITEM_SORT);
}

export function dictItemRow(db: Kysely<DB>, id: string) {
  return itemRows(db).where('i.id', '=', id).executeTakeFirst();
}

export function findItem(db: Kysely<DB>, id: string) {
  return db.selectFrom('dict_item').select(['id', 'type_code', 'dic_code']).where('id', '=', id).executeTakeFirst();
}

export async function itemCodeTaken(db: Kysely<DB>, typeCode: string, dicCode: string): Promise<boolean> {
  const row = await db
    .selectFrom('dict_item')
    .select('id')
    .where('type_code', '=', typeCode)
    .where('dic_code', '=', dicCode)
    .executeTakeFirst();
  return row !== undefined;
}

export interface DictItemValues {
  dicName: string;
  dicNameEn: string;
  sort: number;
  status: DictStatus;
  tagColor: DictTagColor;
  remark: string;
}

/** The values as dict_item columns: all of them for an insert, those given for an update. */
function itemColumns(values: DictItemValues): Omit<Insertable<DictItemTable>, 'type_code' | 'dic_code'>;
function itemColumns(values: Partial<DictItemValues>): Updateable<DictItemTable>;
function itemColumns(values: Partial<DictItemValues>): Updateable<DictItemTable> {
  return {
    dic_name: values.dicName,
    dic_name_en: values.dicNameEn,
    sort: values.sort,
    status: values.status,
    tag_color: values.tagColor,
    remark: values.remark,
  };
}

export async function insertItem(db: Kysely<DB>, typeCode: string, dicCode: string, values: DictItemValues): Promise<string> {
  const row = await db
    .insertInto('dict_item')
    .values({ type_code: typeCode, dic_code: dicCode, ...itemColumns(values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Only the fields given change. */
export async function updateItem(db: Kysely<DB>, id: string, values: Partial<DictItemValues>): Promise<void> {
  await db
    .updateTable('dict_item')
    .set({ ...itemColumns(values), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteItem(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('dict_item').where('id', '=', id).execute();
}

// ----- reads for every signed-in user: enabled items of enabled types ----------------------------------

function enabledEntries(db: Kysely<DB>) {
  return db
    .selectFrom('dict_item as i')
    .innerJoin('dict_type as t', 't.type_code', 'i.type_code')
    .where('i.status', '=', 'ENABLED')
    .where('t.status', '=', 'ENABLED')
    .select([
      'i.type_code as typeCode',
      'i.dic_code as dicCode',
      'i.dic_name as dicName',
      'i.dic_name_en as dicNameEn',
      'i.sort',
      sql<DictTagColor>`i.tag_color`.as('tagColor'),
    ]);
}

/** Every enabled entry, grouped by type in the types' order, items in their own order. */
export function allEnabledEntries(db: Kysely<DB>) {
  return enabledEntries(db).orderBy('t.sort').orderBy('t.type_code').orderBy('i.sort').orderBy('i.dic_code').execute();
}

export function enabledEntriesOf(db: Kysely<DB>, typeCode: string) {
  return enabledEntries(db).where('i.type_code', '=', typeCode).orderBy('i.sort').orderBy('i.dic_code').execute();
}

const LARGE_DIC_SORT: SortSpec = {
  columns: { sort: 'i.sort', dicCode: 'i.dic_code', dicName: 'i.dic_name' },
  defaultName: 'sort',
  defaultType: 'asc',
  tieBreaker: 'i.dic_code',
};

/** One page of a type's enabled entries whose code or name (either language) contains the keyword. */
export function largeDicPage(db: Kysely<DB>, query: z.infer<typeof largeDicQuerySchema>) {
  let q = enabledEntries(db).where('i.type_code', '=', query.type);
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    q = q.where((eb) =>
      eb.or([eb('i.dic_code', 'ilike', pattern), eb('i.dic_name', 'ilike', pattern), eb('i.dic_name_en', 'ilike', pattern)]),
    );
  }
  return fetchPage(q, query, LARGE_DIC_SORT);
}
