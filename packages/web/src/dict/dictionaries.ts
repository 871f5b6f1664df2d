import type { DictEntry, DictTagColor, Lang } from '@rd/contract';
import { appStore } from '../app/state/appStore';

/** One option of a dictionary: what a select shows (label) and what it stores (value). */
export interface DictOption {
  label: string;
  value: string;
  color: DictTagColor;
}

/** Options by typeCode (spec 3.5). */
export type DictGroups = Readonly<Record<string, readonly DictOption[]>>;

/** The label in a language; an entry without an English label shows its Chinese one. */
export function entryLabel(entry: Pick<DictEntry, 'dicName' | 'dicNameEn'>, lang: Lang): string {
  return lang === 'en_US' && entry.dicNameEn ? entry.dicNameEn : entry.dicName;
}

/**
 * Groups the fetched entries by typeCode into option lists, each in its items' sort order, with labels in
 * `lang` (the current language unless told).
 */
export function groupByType(entries: readonly DictEntry[], lang: Lang = appStore.getState().language): DictGroups {
  const groups: Record<string, Array<DictOption & { sort: number }>> = {};
  for (const entry of entries) {
    (groups[entry.typeCode] ??= []).push({ label: entryLabel(entry, lang), value: entry.dicCode, color: entry.tagColor, sort: entry.sort });
  }
  const result: Record<string, DictOption[]> = {};
  for (const [typeCode, options] of Object.entries(groups)) {
    // Array.prototype.sort is stable: equal sorts keep the server's order.
    result[typeCode] = options.sort((a, b) => a.sort - b.sort).map(({ label, value, color }) => ({ label, value, color }));
  }
  return result;
}

/** A stored value as dictionary values are kept (text); numbers from older rows compare equal. */
export type DictValue = string | number | null | undefined;

export function findOption(groups: DictGroups, typeCode: string, value: DictValue): DictOption | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value);
  return groups[typeCode]?.find((o) => o.value === text);
}

/** The label of a value; a value with no match shows as it is (spec 3.5), a missing value as ''. */
export function labelOf(groups: DictGroups, typeCode: string, value: DictValue): string {
  if (value === null || value === undefined) return '';
  return findOption(groups, typeCode, value)?.label ?? String(value);
}
