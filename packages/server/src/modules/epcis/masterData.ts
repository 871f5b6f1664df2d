import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/**
 * Master data a partner sends in a document's header (epcisHeader.epcisMasterData.vocabularyList, the
 * standard's way): each vocabulary element's attributes and children, kept per company. The query reads it
 * for WD_readPoint / WD_bizLocation (children: the location hierarchy) and HASATTR_ / EQATTR_
 * (attributes). An element sent again replaces what was known of it, as the standard's master data does.
 */

type Json = Record<string, unknown>;

export interface VocabularyElement {
  vocabulary: string;
  id: string;
  attributes: Record<string, unknown>;
  children: string[];
}

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The vocabulary elements of a document's header, if it has any. */
export function documentMasterData(document: unknown): VocabularyElement[] {
  if (!isObject(document)) return [];
  const header = document['epcisHeader'];
  const masterData = isObject(header) ? header['epcisMasterData'] : undefined;
  const vocabularies = isObject(masterData) ? masterData['vocabularyList'] : undefined;
  const out: VocabularyElement[] = [];
  for (const vocabulary of Array.isArray(vocabularies) ? vocabularies : []) {
    if (!isObject(vocabulary) || typeof vocabulary['type'] !== 'string') continue;
    const elements = vocabulary['vocabularyElementList'];
    for (const element of Array.isArray(elements) ? elements : []) {
      if (!isObject(element) || typeof element['id'] !== 'string') continue;
      const attributes: Record<string, unknown> = {};
      const list = element['attributes'];
      for (const attribute of Array.isArray(list) ? list : []) {
        if (isObject(attribute) && typeof attribute['id'] === 'string') attributes[attribute['id']] = attribute['attribute'] ?? null;
      }
      const children = Array.isArray(element['children']) ? element['children'].filter((c): c is string => typeof c === 'string') : [];
      out.push({ vocabulary: vocabulary['type'], id: element['id'], attributes, children });
    }
  }
  return out;
}

/** Keeps the elements for the company, in the caller's transaction. */
export async function storeMasterData(tx: Kysely<DB>, companyId: string, elements: readonly VocabularyElement[]): Promise<void> {
  // one row per element: the last of a document's repeats wins, as it would if sent one after the other
  const latest = new Map(elements.map((e) => [`${e.vocabulary}\u0000${e.id}`, e]));
  const rows = [...latest.values()];
  if (rows.length === 0) return;
  await sql`
    INSERT INTO epcis_vocabulary_element (company_id, vocabulary, element_id, attributes, children)
    SELECT ${companyId}, v.vocabulary, v.element_id, v.attributes::jsonb, ARRAY(SELECT jsonb_array_elements_text(v.children::jsonb))
      FROM unnest(${sql.val(rows.map((e) => e.vocabulary))}::text[], ${sql.val(rows.map((e) => e.id))}::text[],
                  ${sql.val(rows.map((e) => JSON.stringify(e.attributes)))}::text[], ${sql.val(rows.map((e) => JSON.stringify(e.children)))}::text[])
           AS v(vocabulary, element_id, attributes, children)
    ON CONFLICT (company_id, vocabulary, element_id)
    DO UPDATE SET attributes = EXCLUDED.attributes, children = EXCLUDED.children, updated_at = now()`.execute(tx);
}
