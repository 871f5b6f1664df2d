import { DOSAGE_FORM_DICT, type Lang } from '@rd/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

export interface DosageForm {
  code: string;
  zh_CN: string;
  en_US: string;
}

/** The enabled dosage forms of the dictionary, in its order: what the form and the template offer. */
export async function dosageForms(db: Kysely<DB>): Promise<DosageForm[]> {
  const rows = await db
    .selectFrom('dict_item')
    .select(['dic_code', 'dic_name', 'dic_name_en'])
    .where('type_code', '=', DOSAGE_FORM_DICT)
    .where('status', '=', 'ENABLED')
    .orderBy('sort')
    .orderBy('dic_code')
    .execute();
  return rows.map((r) => ({ code: r.dic_code, zh_CN: r.dic_name, en_US: r.dic_name_en || r.dic_name }));
}

const key = (text: string) => text.trim().toLowerCase();

/**
 * Finds a dosage form by what a spreadsheet cell says: its label in either language (the drop-down
 * offers the reader's) or its code.
 */
export function dosageFormMatcher(forms: readonly DosageForm[]): (text: string) => string | undefined {
  const byText = new Map<string, string>();
  for (const form of forms) {
    for (const text of [form.code, form.zh_CN, form.en_US]) {
      if (!byText.has(key(text))) byText.set(key(text), form.code);
    }
  }
  return (text) => byText.get(key(text));
}

export const dosageFormLabels = (forms: readonly DosageForm[], lang: Lang) => forms.map((f) => f[lang]);
