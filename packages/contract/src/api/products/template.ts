import { z } from 'zod';
import { pageQuerySchema } from '../../paging.js';
import { catalogueStatusSchema, zAttrKey, zId, zName, zText } from './fields.js';

/**
 * Product templates (api/productTemplate) and their attribute definitions (api/productAttr): a named,
 * ordered set of attributes that the products using the template fill in.
 */

export const ATTRIBUTE_TYPES = ['TEXT', 'NUMBER', 'DATE', 'IMAGE', 'RICH_TEXT'] as const;
export const attributeTypeSchema = z.enum(ATTRIBUTE_TYPES, { error: 'validation.oneOf' });
export type AttributeType = z.infer<typeof attributeTypeSchema>;

export const TEMPLATE_NAME_MAX = 50;
export const TEMPLATE_REMARK_MAX = 200;
export const ATTR_LABEL_MAX = 50;
/** Attributes one template may define. */
export const TEMPLATE_ATTRIBUTES_MAX = 50;

/** One attribute as a form defines it; its place in the template is its position in the list. */
export const attributeInputSchema = z.object({
  attrKey: zAttrKey,
  label: zName(ATTR_LABEL_MAX),
  labelEn: zText(ATTR_LABEL_MAX),
  type: attributeTypeSchema,
  required: z.boolean().default(false),
  /** Shown on the public scan page. */
  showOnScan: z.boolean().default(false),
});
export type AttributeInput = z.input<typeof attributeInputSchema>;

/** Keys are unique within a template; every repeat is named at its own place in the list. */
function uniqueKeys(value: { attributes: Array<{ attrKey: string }> }, ctx: z.core.$RefinementCtx) {
  const seen = new Set<string>();
  value.attributes.forEach((attribute, index) => {
    if (seen.has(attribute.attrKey)) {
      ctx.addIssue({ code: 'custom', message: 'validation.unique', path: ['attributes', index, 'attrKey'] });
    }
    seen.add(attribute.attrKey);
  });
}

const templateFields = {
  name: zName(TEMPLATE_NAME_MAX),
  remark: zText(TEMPLATE_REMARK_MAX),
  status: catalogueStatusSchema.default('ENABLED'),
};
const attributeList = z.array(attributeInputSchema).max(TEMPLATE_ATTRIBUTES_MAX, 'validation.tooBig');

export const templateAddBodySchema = z
  .object({ ...templateFields, attributes: attributeList.default([]) })
  .superRefine(uniqueKeys);
export type TemplateAddBody = z.input<typeof templateAddBodySchema>;

/** Replaces the template as a whole: the attributes become exactly the list sent, in its order. */
export const templateEditBodySchema = z
  .object({ id: zId, ...templateFields, attributes: attributeList })
  .superRefine(uniqueKeys);
export type TemplateEditBody = z.input<typeof templateEditBodySchema>;

export const templateIdBodySchema = z.object({ id: zId });
export const templateIdQuerySchema = z.object({ id: zId });

export const templatePageQuerySchema = pageQuerySchema.extend({
  name: z.string().trim().max(TEMPLATE_NAME_MAX).optional(),
  status: catalogueStatusSchema.optional(),
});
export type TemplatePageQuery = z.input<typeof templatePageQuerySchema>;

export const templateListQuerySchema = z.object({ status: catalogueStatusSchema.optional() });
export type TemplateListQuery = z.input<typeof templateListQuerySchema>;

export const templateAttributeSchema = z.object({
  id: z.string(),
  attrKey: z.string(),
  label: z.string(),
  labelEn: z.string(),
  type: attributeTypeSchema,
  required: z.boolean(),
  sort: z.number(),
  showOnScan: z.boolean(),
});
export type TemplateAttribute = z.infer<typeof templateAttributeSchema>;

export const templateRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  remark: z.string(),
  status: catalogueStatusSchema,
  attributeCount: z.number(),
  productCount: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
/** As the web client receives it: dates are ISO strings after JSON. */
export type TemplateRow = Omit<z.infer<typeof templateRowSchema>, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

export const templateDetailSchema = templateRowSchema.extend({ attributes: z.array(templateAttributeSchema) });
export type TemplateDetail = TemplateRow & { attributes: TemplateAttribute[] };

export const templateOptionSchema = z.object({ id: z.string(), name: z.string(), status: catalogueStatusSchema });
export type TemplateOption = z.infer<typeof templateOptionSchema>;

/** api/productAttr/list: the attribute definitions of one template, in order. */
export const productAttrListQuerySchema = z.object({ templateId: zId });

/** api/productAttr/add: one more attribute, at the end of the template or at position `sort` (0 = first). */
export const productAttrAddBodySchema = attributeInputSchema.extend({
  templateId: zId,
  sort: z.number().int('validation.integer').min(0).max(TEMPLATE_ATTRIBUTES_MAX).optional(),
});
export type ProductAttrAddBody = z.input<typeof productAttrAddBodySchema>;

export const productAttrIdBodySchema = z.object({ id: zId });
