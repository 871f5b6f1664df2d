import { z } from 'zod';

/**
 * Material types of farming records (GET /api/inner/acc/materialType/tree, spec 7.9): seeds, fertilisers,
 * pesticides, ... as a tree. typeCode is hierarchical, two digits a level: a child's code starts with
 * its parent's (02 → 0202 → 020204). typeName is in the request's language.
 */
export const MATERIAL_TYPE_TREE_PATH = '/api/inner/acc/materialType/tree';

export interface MaterialTypeNode {
  typeCode: string;
  typeName: string;
  /** Empty for a leaf. */
  children: MaterialTypeNode[];
}

export const materialTypeNodeSchema = z.object({
  typeCode: z.string(),
  typeName: z.string(),
  get children(): z.ZodArray<typeof materialTypeNodeSchema> {
    return z.array(materialTypeNodeSchema);
  },
});
// a named component of the OpenAPI document: a tree refers to itself, which only a named schema can
z.globalRegistry.add(materialTypeNodeSchema, { id: 'MaterialTypeNode' });
