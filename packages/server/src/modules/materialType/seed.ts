import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { BUILTIN_MATERIAL_TYPES, type MaterialTypeSeed } from './builtinMaterialTypes.js';

interface FlatType {
  type_code: string;
  parent_code: string | null;
  type_name: string;
  type_name_en: string;
  sort: number;
}

/** Parents before children, so each row finds its parent. */
function flatten(nodes: readonly MaterialTypeSeed[], parentCode: string | null): FlatType[] {
  return nodes.flatMap((node, index) => [
    { type_code: node.code, parent_code: parentCode, type_name: node.name, type_name_en: node.nameEn, sort: index + 1 },
    ...flatten(node.children ?? [], node.code),
  ]);
}

/** Inserts the built-in material types that are missing; rows already present are left as they are. */
export async function seedMaterialTypes(db: Kysely<DB>): Promise<void> {
  await db
    .insertInto('material_type')
    .values(flatten(BUILTIN_MATERIAL_TYPES, null))
    .onConflict((oc) => oc.column('type_code').doNothing())
    .execute();
}
