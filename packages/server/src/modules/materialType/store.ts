import type { Lang, MaterialTypeNode } from '@rd/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/**
 * The enabled material types as a tree, named in the reader's language (the Chinese name where no
 * English one was given). A disabled type hides its whole branch.
 */
export async function materialTypeTree(db: Kysely<DB>, lang: Lang): Promise<MaterialTypeNode[]> {
  const rows = await db
    .selectFrom('material_type')
    .select(['type_code', 'parent_code', 'type_name', 'type_name_en'])
    .where('status', '=', 'ENABLED')
    .orderBy('sort')
    .orderBy('type_code')
    .execute();
  const nodes = new Map<string, MaterialTypeNode>();
  for (const row of rows) {
    const name = lang === 'en_US' && row.type_name_en ? row.type_name_en : row.type_name;
    nodes.set(row.type_code, { typeCode: row.type_code, typeName: name, children: [] });
  }
  const roots: MaterialTypeNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.type_code) as MaterialTypeNode;
    if (row.parent_code === null) roots.push(node);
    else nodes.get(row.parent_code)?.children.push(node);
  }
  return roots;
}
