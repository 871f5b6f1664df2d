import { z } from 'zod';
import { pageQuerySchema } from '../../paging.js';
import { zString } from '../../validators.js';
import { ATTR_KEY, catalogueStatusSchema, nullWhenBlank, zGtin, zId, zIdList, zName, zPlainText, zText } from './fields.js';
import { templateAttributeSchema, TEMPLATE_ATTRIBUTES_MAX, type TemplateAttribute } from './template.js';

/** Products (api/product): name, category, template with its attribute values, GTIN, images, description. */

export const PRODUCT_NAME_MAX = 100;
export const PRODUCT_SPEC_MAX = 100;
export const PRODUCT_UNIT_MAX = 20;
export const PRODUCT_BRAND_MAX = 50;
export const PRODUCT_IMAGES_MAX = 9;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const ATTR_VALUE_MAX = 5000;
/** Products a select or a detail list answers at most; narrow with the filters for more. */
export const PRODUCT_LIST_MAX = 500;
export const PRODUCT_DETAIL_LIST_MAX = 100;

/**
 * Attribute values by key. Their types and required attributes are checked against the template by the
 * server; here only their shape. '' means "no value".
 */
export const attrValuesSchema = z
  .record(zString().regex(ATTR_KEY, 'validation.attrKey'), zPlainText(ATTR_VALUE_MAX))
  .refine((values) => Object.keys(values).length <= TEMPLATE_ATTRIBUTES_MAX, 'validation.tooBig');
export type AttrValues = Record<string, string>;

const productFields = {
  name: zName(PRODUCT_NAME_MAX),
  categoryId: nullWhenBlank(zId).default(null),
  templateId: nullWhenBlank(zId).default(null),
  gtin: nullWhenBlank(zGtin).default(null),
  spec: zText(PRODUCT_SPEC_MAX),
  unit: zText(PRODUCT_UNIT_MAX),
  brand: zText(PRODUCT_BRAND_MAX),
  /** Stored image ids of the company, in display order. */
  images: zIdList(PRODUCT_IMAGES_MAX).default([]),
  /** Plain text; line breaks are kept, markup is shown as typed. */
  description: zPlainText(PRODUCT_DESCRIPTION_MAX).default(''),
  status: catalogueStatusSchema.default('ENABLED'),
  attrs: attrValuesSchema.default({}),
};

export const productAddBodySchema = z.object(productFields);
export type ProductAddBody = z.input<typeof productAddBodySchema>;

/**
 * Replaces the product's fields. `version` (optional) is the version the form was loaded with: if the
 * product changed since, the edit is refused (CONFLICT) instead of overwriting someone else's change.
 */
export const productEditBodySchema = z.object({
  id: zId,
  version: z.number().int('validation.integer').min(1).optional(),
  ...productFields,
});
export type ProductEditBody = z.input<typeof productEditBodySchema>;

export const productIdBodySchema = z.object({ id: zId });
export const productIdQuerySchema = z.object({ id: zId });
export const templateProductQuerySchema = z.object({ templateId: zId });

export const productPageQuerySchema = pageQuerySchema.extend({
  name: z.string().trim().max(PRODUCT_NAME_MAX).optional(),
  /** The category or any category below it. */
  categoryId: zId.optional(),
  templateId: zId.optional(),
  status: catalogueStatusSchema.optional(),
  /** Digits the GTIN starts with. */
  gtin: z.string().trim().max(14).optional(),
});
export type ProductPageQuery = z.input<typeof productPageQuerySchema>;

/** Products for a select: by name, status or template. */
export const productListQuerySchema = z.object({
  name: z.string().trim().max(PRODUCT_NAME_MAX).optional(),
  status: catalogueStatusSchema.optional(),
  templateId: zId.optional(),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

/** Products with their attributes: the listed ids, or those matching the filters. */
export const productDetailListQuerySchema = productListQuerySchema.extend({
  ids: z.array(zId).max(PRODUCT_DETAIL_LIST_MAX, 'validation.tooBig').optional(),
});
export type ProductDetailListQuery = z.input<typeof productDetailListQuerySchema>;

export const productRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  categoryId: z.string().nullable(),
  categoryName: z.string(),
  templateId: z.string().nullable(),
  templateName: z.string(),
  gtin: z.string().nullable(),
  spec: z.string(),
  unit: z.string(),
  brand: z.string(),
  images: z.array(z.string()),
  status: catalogueStatusSchema,
  version: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type ProductRow = Omit<z.infer<typeof productRowSchema>, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

/** A product with its description, its attribute values and its template's attribute definitions. */
export const productDetailSchema = productRowSchema.extend({
  description: z.string(),
  attrs: z.record(z.string(), z.string()),
  attributes: z.array(templateAttributeSchema),
});
export type ProductDetail = ProductRow & { description: string; attrs: AttrValues; attributes: TemplateAttribute[] };

export const productOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  gtin: z.string().nullable(),
  status: catalogueStatusSchema,
  templateId: z.string().nullable(),
});
export type ProductOption = z.infer<typeof productOptionSchema>;
