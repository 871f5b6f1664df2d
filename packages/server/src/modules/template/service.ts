import {
  TEMPLATE_ATTRIBUTES_MAX,
  type CatalogueStatus,
  type Lang,
  type TemplateAttribute,
  type productAttrAddBodySchema,
  type templateAddBodySchema,
  type templateEditBodySchema,
  type templatePageQuerySchema,
} from '@rd/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/sessionStore.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/constraintErrors.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/http/appError.js';
import { duplicateField, invalidField } from '../product/fieldError.js';
import { PRODUCT_MESSAGES } from '../product/messages.js';
import { ownCompany } from '../product/ownCompany.js';
import {
  deleteTemplate,
  dropOrphanValues,
  findAttribute,
  findTemplate,
  insertTemplate,
  replaceAttributes,
  templateAttributes,
  templateInUse,
  templateNameTaken,
  templateOptions,
  templatePage,
  templateRow,
  touchTemplate,
  updateTemplate,
  type AttributeValues,
} from './store.js';

type AddBody = z.infer<typeof templateAddBodySchema>;
type EditBody = z.infer<typeof templateEditBodySchema>;
type AttrAddBody = z.infer<typeof productAttrAddBodySchema>;

const duplicateName = (name: string, lang: Lang) => duplicateField('name', PRODUCT_MESSAGES.templateNameLabel[lang], name, lang);

export function listTemplatePage(db: Kysely<DB>, principal: Principal, query: z.infer<typeof templatePageQuerySchema>) {
  return templatePage(db, ownCompany(principal), query);
}

export function listTemplates(db: Kysely<DB>, principal: Principal, status?: CatalogueStatus) {
  return templateOptions(db, ownCompany(principal), status);
}

/** A template with its attributes in order. */
export async function getTemplate(db: Kysely<DB>, principal: Principal, id: string) {
  const row = await templateRow(db, ownCompany(principal), id);
  if (!row) throw notFound();
  return { ...row, attributes: await templateAttributes(db, id) };
}

export async function addTemplate(db: Kysely<DB>, principal: Principal, body: AddBody, lang: Lang) {
  const companyId = ownCompany(principal);
  try {
    const id = await db.transaction().execute(async (trx) => {
      if (await templateNameTaken(trx, companyId, body.name)) throw duplicateName(body.name, lang);
      const templateId = await insertTemplate(trx, companyId, principal.userId, body);
      await replaceAttributes(trx, templateId, body.attributes);
      return templateId;
    });
    return getTemplate(db, principal, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(body.name, lang);
    throw error;
  }
}

/**
 * Replaces the template: its fields, and its attributes by the list sent, in order. Products using it
 * lose the values of attributes that are gone (and count a new version); products are validated against
 * the new attributes on their next edit.
 */
export async function editTemplate(db: Kysely<DB>, principal: Principal, body: EditBody, lang: Lang) {
  const companyId = ownCompany(principal);
  try {
    await db.transaction().execute(async (trx) => {
      // Products being saved against this template hold a shared lock on it: they finish first, or wait.
      if (!(await findTemplate(trx, companyId, body.id, 'update'))) throw notFound();
      if (await templateNameTaken(trx, companyId, body.name, body.id)) throw duplicateName(body.name, lang);
      await updateTemplate(trx, body.id, body);
      await replaceAttributes(trx, body.id, body.attributes);
      await dropOrphanValues(trx, body.id, principal.userId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(body.name, lang);
    throw error;
  }
  return getTemplate(db, principal, body.id);
}

/** Refused while products use the template; its attributes go with it. */
export async function removeTemplate(db: Kysely<DB>, principal: Principal, id: string): Promise<void> {
  const companyId = ownCompany(principal);
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await findTemplate(trx, companyId, id, 'update'))) throw notFound();
      if (await templateInUse(trx, id)) throw new AppError('TEMPLATE_IN_USE');
      await deleteTemplate(trx, id);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('TEMPLATE_IN_USE');
    throw error;
  }
}

/** api/productAttr/list: the attribute definitions of one of the company's templates. */
export async function listAttributes(db: Kysely<DB>, principal: Principal, templateId: string): Promise<TemplateAttribute[]> {
  if (!(await findTemplate(db, ownCompany(principal), templateId))) throw notFound();
  return templateAttributes(db, templateId);
}

const asValues = (a: TemplateAttribute): AttributeValues => ({
  attrKey: a.attrKey,
  label: a.label,
  labelEn: a.labelEn,
  type: a.type,
  required: a.required,
  showOnScan: a.showOnScan,
});

/** api/productAttr/add: one more attribute, at the end or at position `sort`; keys stay unique. */
export async function addAttribute(db: Kysely<DB>, principal: Principal, body: AttrAddBody, lang: Lang) {
  const companyId = ownCompany(principal);
  const attributes = await db.transaction().execute(async (trx) => {
    if (!(await findTemplate(trx, companyId, body.templateId, 'update'))) throw notFound();
    const current = (await templateAttributes(trx, body.templateId)).map(asValues);
    if (current.some((a) => a.attrKey === body.attrKey)) {
      throw duplicateField('attrKey', PRODUCT_MESSAGES.attrKeyLabel[lang], body.attrKey, lang);
    }
    if (current.length >= TEMPLATE_ATTRIBUTES_MAX) {
      throw invalidField('attrKey', PRODUCT_MESSAGES.templateFull[lang], { max: TEMPLATE_ATTRIBUTES_MAX });
    }
    const { templateId: _template, sort, ...added } = body;
    current.splice(Math.min(sort ?? current.length, current.length), 0, added);
    await replaceAttributes(trx, body.templateId, current);
    await touchTemplate(trx, body.templateId);
    return templateAttributes(trx, body.templateId);
  });
  return attributes.find((a) => a.attrKey === body.attrKey) as TemplateAttribute;
}

/** api/productAttr/deleteById: the attribute goes, and with it its values in the template's products. */
export async function removeAttribute(db: Kysely<DB>, principal: Principal, id: string): Promise<void> {
  const companyId = ownCompany(principal);
  await db.transaction().execute(async (trx) => {
    const attribute = await findAttribute(trx, companyId, id);
    if (!attribute) throw notFound();
    if (!(await findTemplate(trx, companyId, attribute.templateId, 'update'))) throw notFound();
    const rest = (await templateAttributes(trx, attribute.templateId)).filter((a) => a.id !== id).map(asValues);
    await replaceAttributes(trx, attribute.templateId, rest);
    await dropOrphanValues(trx, attribute.templateId, principal.userId);
    await touchTemplate(trx, attribute.templateId);
  });
}
