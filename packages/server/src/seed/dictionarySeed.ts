import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { seedMaterialTypes } from '../modules/materialType/seed.js';
import { BUILTIN_DICTIONARIES } from './builtinDictionaries.js';

/**
 * Inserts the built-in dictionary types and items that are missing. Rows already present are left as
 * the administrators edited them; an item added by a later release joins its existing type.
 */
export async function seedDictionaries(db: Kysely<DB>): Promise<void> {
  // Two statements for all types and items: a restart finds nothing to add, in two round trips.
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('dict_type')
      .values(BUILTIN_DICTIONARIES.map((type, typeIndex) => ({ type_code: type.typeCode, type_name: type.typeName, type_name_en: type.typeNameEn, sort: typeIndex + 1 })))
      .onConflict((oc) => oc.column('type_code').doNothing())
      .execute();
    await trx
      .insertInto('dict_item')
      .values(
        BUILTIN_DICTIONARIES.flatMap((type) =>
          type.items.map((item, itemIndex) => ({
            type_code: type.typeCode,
            dic_code: item.code,
            dic_name: item.name,
            dic_name_en: item.nameEn,
            tag_color: item.tagColor ?? '',
            sort: itemIndex + 1,
          })),
        ),
      )
      .onConflict((oc) => oc.columns(['type_code', 'dic_code']).doNothing())
      .execute();
  });
  // the material types of farming records are reference data of the same kind, kept the same way
  await seedMaterialTypes(db);
}
