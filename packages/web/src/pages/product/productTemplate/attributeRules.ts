import { ATTR_KEY, validationMessage, type AttributeInput, type Lang } from '@rd/contract';

/** An attribute row of the template form. */
export type AttributeRow = Pick<AttributeInput, 'attrKey' | 'label' | 'labelEn' | 'type' | 'required' | 'showOnScan'>;

export const NEW_ATTRIBUTE: AttributeRow = { attrKey: '', label: '', labelEn: '', type: 'TEXT', required: false, showOnScan: false };

/**
 * What is wrong with the key of row `index`, in the reader's language, or null: the contract's pattern,
 * and unique among the template's rows (as the server checks it).
 */
export function attrKeyProblem(rows: readonly Partial<AttributeRow>[] | undefined, index: number, lang: Lang): string | null {
  const key = rows?.[index]?.attrKey?.trim() ?? '';
  if (key === '') return validationMessage('validation.required', lang);
  if (!ATTR_KEY.test(key)) return validationMessage('validation.attrKey', lang);
  const repeated = (rows ?? []).some((row, other) => other < index && row?.attrKey?.trim() === key);
  return repeated ? validationMessage('validation.unique', lang) : null;
}
