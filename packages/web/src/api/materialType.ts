import { MATERIAL_TYPE_TREE_PATH, type MaterialTypeNode } from '@rd/contract';
import { apiGet } from './http';

export const MATERIAL_TYPES_QUERY_KEY = ['materialType'] as const;

/**
 * Material types of farming records as a tree, named in the current language. A failure stays quiet:
 * the material is free text and can be typed without the tree.
 */
export function fetchMaterialTypeTree(): Promise<MaterialTypeNode[]> {
  return apiGet<MaterialTypeNode[]>(MATERIAL_TYPE_TREE_PATH, undefined, { silent: true, showError: false });
}
