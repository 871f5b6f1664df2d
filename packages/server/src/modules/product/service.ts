import {
  type Lang,
  type TemplateAttribute,
  type productAddBodySchema,
  type productDetailListQuerySchema,
  type productEditBodySchema,
  type productListQuerySchema,
  type productPageQuerySchema,
} from '@rd/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/sessionStore.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/constraintErrors.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, conflict, notFound } from '../../platform/http/appError.js';
import { attributesOf, findTemplate, templateAttributes } from '../template/store.js';
import { checkAttrValues } from './attrValues.js';
import { findCategory } from './categoryStore.js';
import { assertCompanyFiles } from './companyFiles.js';
import { duplicateField, invalidField } from './fieldError.js';
import { PRODUCT_MESSAGES } from './messages.js';
import { ownCompany } from './ownCompany.js';
import {
  DETAIL_LIMIT,
  OPTION_LIMIT,
  attrValuesOf,
  deleteProduct,
  findProduct,
  gtinTaken,
  insertProduct,
  productDescriptions,
  productPage,
  productReferenced,
  productRow,
  productRows,
  replaceAttrValues,
  updateProduct,
} from './store.js';

type AddBody = z.infer<typeof productAddBodySchema>;
type EditBody = z.infer<typeof productEditBodySchema>;

const duplicateGtin = (gtin: string, lang: Lang) => duplicateField('gtin', PRODUCT_MESSAGES.gtinLabel[lang], gtin, lang);

export function listProductPage(db: Kysely<DB>, principal: Principal, query: z.infer<typeof productPageQuerySchema>) {
  return productPage(db, ownCompany(principal), query);
}

/** Products for selects: id, name, GTIN, status and template, by name. */
export async function listProducts(db: Kysely<DB>, principal: Principal, query: z.infer<typeof productListQuerySchema>) {
  const rows = await productRows(db, ownCompany(principal), query, OPTION_LIMIT);
  return rows.map(({ id, name, gtin, status, templateId }) => ({ id, name, gtin, status, templateId }));
}

/** Products using one of the company's templates. */
export async function productsOfTemplate(db: Kysely<DB>, principal: Principal, templateId: string) {
  const companyId = ownCompany(principal);
  if (!(await findTemplate(db, companyId, templateId))) throw notFound();
  return listProducts(db, principal, { templateId });
}

/** Products with their description, attribute values and their templates' attribute definitions. */
export async function listProductsWithDetail(db: Kysely<DB>, principal: Principal, query: z.infer<typeof productDetailListQuerySchema>) {
  const rows = await productRows(db, ownCompany(principal), query, DETAIL_LIMIT);
  const ids = rows.map((r) => r.id);
  const [values, descriptions, attributes] = await Promise.all([
    attrValuesOf(db, ids),
    productDescriptions(db, ids),
    attributesOf(db, rows.flatMap((r) => (r.templateId ? [r.templateId] : []))),
  ]);
  const descriptionOf = new Map(descriptions.map((d) => [d.id, d.description]));
  const byTemplate = new Map<string, TemplateAttribute[]>();
  for (const { templateId, ...attribute } of attributes) byTemplate.set(templateId, [...(byTemplate.get(templateId) ?? []), attribute]);
  return rows.map((row) => ({
    ...row,
    description: descriptionOf.get(row.id) ?? '',
    attrs: values.get(row.id) ?? {},
    attributes: row.templateId ? (byTemplate.get(row.templateId) ?? []) : [],
  }));
}

export async function getProduct(db: Kysely<DB>, principal: Principal, id: string) {
  const row = await productRow(db, ownCompany(principal), id);
  if (!row) throw notFound();
  const values = await attrValuesOf(db, [id]);
  return { ...row, attrs: values.get(id) ?? {}, attributes: row.templateId ? await templateAttributes(db, row.templateId) : [] };
}

/**
 * Everything a product names must be the company's: its category, its template (a newly chosen one
 * must be enabled), its images and the images of its attribute values. Attribute values are checked
 * against the template. Shared locks keep the category and template from being deleted or changed
 * until the product is saved.
 */
async function checkedValues(trx: Kysely<DB>, companyId: string, body: AddBody, lang: Lang, currentTemplateId: string | null) {
  if (body.categoryId && !(await findCategory(trx, companyId, body.categoryId, 'share'))) throw notFound();
  let attributes: TemplateAttribute[] = [];
  if (body.templateId) {
    const template = await findTemplate(trx, companyId, body.templateId, 'share');
    if (!template) throw notFound();
    if (template.status === 'DISABLED' && body.templateId !== currentTemplateId) {
      throw invalidField('templateId', PRODUCT_MESSAGES.templateDisabled[lang]);
    }
    attributes = await templateAttributes(trx, body.templateId);
  }
  const checked = checkAttrValues(attributes, body.attrs, lang);
  if (checked.errors.length) throw new AppError('PARAM_CHECK', undefined, checked.errors);
  await assertCompanyFiles(trx, companyId, [...body.images, ...checked.imageIds], 'image');
  return checked.values;
}

export async function addProduct(db: Kysely<DB>, principal: Principal, body: AddBody, lang: Lang) {
  const companyId = ownCompany(principal);
  try {
    const id = await db.transaction().execute(async (trx) => {
      const values = await checkedValues(trx, companyId, body, lang, null);
      if (body.gtin && (await gtinTaken(trx, companyId, body.gtin))) throw duplicateGtin(body.gtin, lang);
      const productId = await insertProduct(trx, companyId, principal.userId, body);
      await replaceAttrValues(trx, productId, values);
      return productId;
    });
    return getProduct(db, principal, id);
  } catch (error) {
    if (isUniqueViolation(error) && body.gtin) throw duplicateGtin(body.gtin, lang);
    throw error;
  }
}

/**
 * Replaces the product's fields and attribute values; the version goes up by one. A `version` that is
 * not the current one means someone else saved in between: CONFLICT, nothing written.
 */
export async function editProduct(db: Kysely<DB>, principal: Principal, body: EditBody, lang: Lang) {
  const companyId = ownCompany(principal);
  try {
    await db.transaction().execute(async (trx) => {
      const current = await findProduct(trx, companyId, body.id, 'update');
      if (!current) throw notFound();
      if (body.version !== undefined && body.version !== current.version) throw conflict();
      const values = await checkedValues(trx, companyId, body, lang, current.template_id);
      if (body.gtin && (await gtinTaken(trx, companyId, body.gtin, body.id))) throw duplicateGtin(body.gtin, lang);
      await updateProduct(trx, body.id, principal.userId, body);
      await replaceAttrValues(trx, body.id, values);
    });
  } catch (error) {
    if (isUniqueViolation(error) && body.gtin) throw duplicateGtin(body.gtin, lang);
    throw error;
  }
  return getProduct(db, principal, body.id);
}

/** Refused while batches, codes or generation jobs refer to the product. */
export async function removeProduct(db: Kysely<DB>, principal: Principal, id: string): Promise<void> {
  const companyId = ownCompany(principal);
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await findProduct(trx, companyId, id, 'update'))) throw notFound();
      if (await productReferenced(trx, id)) throw new AppError('PRODUCT_IN_USE');
      await deleteProduct(trx, id);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('PRODUCT_IN_USE');
    throw error;
  }
}
