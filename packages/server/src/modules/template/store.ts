import type { AttributeType, CatalogueStatus, TemplateAttribute, templatePageQuerySchema } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/likePattern.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';

const SORT: SortSpec = {
  columns: { name: 't.name', status: 't.status', createdAt: 't.created_at', updatedAt: 't.updated_at' },
  defaultName: 'createdAt',
  defaultType: 'desc',
  tieBreaker: 't.id',
};

function rowQuery(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('product_template as t')
    .where('t.company_id', '=', companyId)
    .select([
      't.id',
      't.name',
      't.remark',
      't.status',
      (eb) =>
        eb
          .selectFrom('template_attribute as a')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('a.template_id', '=', 't.id')
          .as('attributeCount'),
      (eb) =>
        eb
          .selectFrom('product as p')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('p.template_id', '=', 't.id')
          .as('productCount'),
      't.created_at as createdAt',
      't.updated_at as updatedAt',
    ]);
}

export async function templatePage(db: Kysely<DB>, companyId: string, query: z.infer<typeof templatePageQuerySchema>) {
  let q = rowQuery(db, companyId);
  if (query.name) q = q.where('t.name', 'ilike', containsPattern(query.name));
  if (query.status) q = q.where('t.status', '=', query.status);
  const page = await fetchPage(q, query, SORT);
  return { ...page, list: page.list.map(counted) };
}

/** Subquery counts are never null (count of nothing is 0); the type says otherwise. */
function counted<T extends { attributeCount: number | null; productCount: number | null }>(row: T) {
  return { ...row, attributeCount: Number(row.attributeCount ?? 0), productCount: Number(row.productCount ?? 0) };
}

export async function templateRow(db: Kysely<DB>, companyId: string, id: string) {
  const row = await rowQuery(db, companyId).where('t.id', '=', id).executeTakeFirst();
  return row && counted(row);
}

export function templateOptions(db: Kysely<DB>, companyId: string, status?: CatalogueStatus) {
  let q = db.selectFrom('product_template').select(['id', 'name', 'status']).where('company_id', '=', companyId);
  if (status) q = q.where('status', '=', status);
  return q.orderBy('name').orderBy('id').execute();
}

/** One template of the company; `lock` holds its row (and so its attribute set) for the transaction. */
export function findTemplate(db: Kysely<DB>, companyId: string, id: string, lock?: 'share' | 'update') {
  let q = db
    .selectFrom('product_template')
    .select(['id', 'name', 'remark', 'status'])
    .where('id', '=', id)
    .where('company_id', '=', companyId);
  if (lock === 'share') q = q.forShare();
  if (lock === 'update') q = q.forUpdate();
  return q.executeTakeFirst();
}

const ATTRIBUTE_COLUMNS = [
  'a.id',
  'a.template_id as templateId',
  'a.attr_key as attrKey',
  'a.label',
  'a.label_en as labelEn',
  'a.type',
  'a.required',
  'a.sort',
  'a.show_on_scan as showOnScan',
] as const;

/** The attribute definitions of templates, each template's in order. */
export async function attributesOf(db: Kysely<DB>, templateIds: readonly string[]): Promise<Array<TemplateAttribute & { templateId: string }>> {
  if (templateIds.length === 0) return [];
  return db
    .selectFrom('template_attribute as a')
    .select(ATTRIBUTE_COLUMNS)
    .where('a.template_id', 'in', [...new Set(templateIds)])
    .orderBy('a.template_id')
    .orderBy('a.sort')
    .orderBy('a.attr_key')
    .execute();
}

export async function templateAttributes(db: Kysely<DB>, templateId: string): Promise<TemplateAttribute[]> {
  return (await attributesOf(db, [templateId])).map(({ templateId: _template, ...attribute }) => attribute);
}

/** An attribute definition with the company of its template, or undefined for another company's. */
export function findAttribute(db: Kysely<DB>, companyId: string, id: string) {
  return db
    .selectFrom('template_attribute as a')
    .innerJoin('product_template as t', 't.id', 'a.template_id')
    .select(['a.id', 'a.template_id as templateId', 'a.attr_key as attrKey'])
    .where('a.id', '=', id)
    .where('t.company_id', '=', companyId)
    .executeTakeFirst();
}

export async function templateNameTaken(db: Kysely<DB>, companyId: string, name: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('product_template').select('id').where('company_id', '=', companyId).where('name', '=', name);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export interface TemplateValues {
  name: string;
  remark: string;
  status: CatalogueStatus;
}

export async function insertTemplate(db: Kysely<DB>, companyId: string, userId: string, values: TemplateValues): Promise<string> {
  const row = await db
    .insertInto('product_template')
    .values({ company_id: companyId, name: values.name, remark: values.remark, status: values.status, created_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTemplate(db: Kysely<DB>, id: string, values: TemplateValues): Promise<void> {
  await db
    .updateTable('product_template')
    .set({ name: values.name, remark: values.remark, status: values.status, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export interface AttributeValues {
  attrKey: string;
  label: string;
  labelEn: string;
  type: AttributeType;
  required: boolean;
  showOnScan: boolean;
}

/**
 * Makes the template's attributes exactly `attributes`, in that order (sort = position). Attributes are
 * matched by key, so a kept attribute keeps its id; the others are removed.
 */
export async function replaceAttributes(db: Kysely<DB>, templateId: string, attributes: readonly AttributeValues[]): Promise<void> {
  const keys = attributes.map((a) => a.attrKey);
  let removal = db.deleteFrom('template_attribute').where('template_id', '=', templateId);
  if (keys.length) removal = removal.where('attr_key', 'not in', keys);
  await removal.execute();
  if (attributes.length === 0) return;
  await db
    .insertInto('template_attribute')
    .values(
      attributes.map((a, index) => ({
        template_id: templateId,
        attr_key: a.attrKey,
        label: a.label,
        label_en: a.labelEn,
        type: a.type,
        required: a.required,
        sort: index,
        show_on_scan: a.showOnScan,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['template_id', 'attr_key']).doUpdateSet((eb) => ({
        label: eb.ref('excluded.label'),
        label_en: eb.ref('excluded.label_en'),
        type: eb.ref('excluded.type'),
        required: eb.ref('excluded.required'),
        sort: eb.ref('excluded.sort'),
        show_on_scan: eb.ref('excluded.show_on_scan'),
      })),
    )
    .execute();
}

/**
 * Values of attributes the template no longer defines are removed from its products, and each product
 * that lost one is a new version (its content changed).
 */
export async function dropOrphanValues(db: Kysely<DB>, templateId: string, userId: string): Promise<void> {
  await sql`
    WITH removed AS (
      DELETE FROM product_attr_value v
      USING product p
      WHERE p.id = v.product_id
        AND p.template_id = ${templateId}
        AND NOT EXISTS (SELECT 1 FROM template_attribute a WHERE a.template_id = ${templateId} AND a.attr_key = v.attr_key)
      RETURNING v.product_id
    )
    UPDATE product SET version = version + 1, updated_by = ${userId}, updated_at = now()
    WHERE id IN (SELECT product_id FROM removed)`.execute(db);
}

/** A change to the attribute set is a change to the template. */
export async function touchTemplate(db: Kysely<DB>, templateId: string): Promise<void> {
  await db.updateTable('product_template').set({ updated_at: sql`now()` }).where('id', '=', templateId).execute();
}

export async function templateInUse(db: Kysely<DB>, templateId: string): Promise<boolean> {
  return (await db.selectFrom('product').select('id').where('template_id', '=', templateId).limit(1).executeTakeFirst()) !== undefined;
}

export async function deleteTemplate(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('product_template').where('id', '=', id).execute();
}
