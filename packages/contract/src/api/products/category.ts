import { z } from 'zod';
import { zId, zName } from './fields.js';

/** Product categories (api/productCategory): a tree per company. */

export const CATEGORY_NAME_MAX = 50;
export const CATEGORY_SORT_MAX = 9999;

const categorySort = z
  .number({ error: (issue) => (issue.code === 'invalid_type' ? 'validation.integer' : undefined) })
  .int('validation.integer')
  .min(0)
  .max(CATEGORY_SORT_MAX);

export const categoryAddBodySchema = z.object({
  /** null (or nothing): a top-level category. */
  parentId: zId.nullable().default(null),
  name: zName(CATEGORY_NAME_MAX),
  sort: categorySort.default(0),
});
export type CategoryAddBody = z.input<typeof categoryAddBodySchema>;

/** Changes the fields sent; a different parentId moves the category with everything below it. */
export const categoryEditBodySchema = z.object({
  id: zId,
  parentId: zId.nullable().optional(),
  name: zName(CATEGORY_NAME_MAX).optional(),
  sort: categorySort.optional(),
});
export type CategoryEditBody = z.input<typeof categoryEditBodySchema>;

export const categoryIdBodySchema = z.object({ id: zId });

export const categoryRowSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  sort: z.number(),
  /** Products filed directly under the category. */
  productCount: z.number(),
});
export type CategoryRow = z.infer<typeof categoryRowSchema>;

export interface CategoryNode extends CategoryRow {
  children: CategoryNode[];
}
export const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  categoryRowSchema.extend({ children: z.array(categoryNodeSchema) }),
);
// a named component of the OpenAPI document: a tree refers to itself, which only a named schema can
z.globalRegistry.add(categoryNodeSchema, { id: 'CategoryNode' });
