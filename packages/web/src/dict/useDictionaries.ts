import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DictEntry } from '@rd/contract';
import { fetchAllDictionaries } from '../api/dict';
import { useStore } from '../app/state/createStore';
import { appStore } from '../app/state/appStore';
import { groupByType, labelOf, type DictGroups, type DictOption, type DictValue } from './dictionaries';

/** The query-cache key of the fetch-all call; dictionary edits invalidate it. */
export const DICTIONARIES_QUERY_KEY = ['dictionaries'] as const;
/** Dictionaries change rarely; within this time screens use the cached copy without asking. */
export const DICTIONARIES_STALE_MS = 5 * 60_000;

const NO_ENTRIES: readonly DictEntry[] = [];
const NO_OPTIONS: readonly DictOption[] = [];

export interface Dictionaries {
  entries: readonly DictEntry[];
  /** Options by typeCode, labelled in the current language. */
  groups: DictGroups;
  /** The label of a value of a type; the raw value when there is no match. */
  dictLabel: (typeCode: string, value: DictValue) => string;
  isLoading: boolean;
}

/**
 * Every enabled dictionary entry, fetched once and shared by all screens. The labels follow the language
 * without another call: the entries carry both languages.
 */
export function useDictionaries(): Dictionaries {
  const lang = useStore(appStore, (s) => s.language);
  const query = useQuery({ queryKey: DICTIONARIES_QUERY_KEY, queryFn: fetchAllDictionaries, staleTime: DICTIONARIES_STALE_MS });
  const entries = query.data ?? NO_ENTRIES;
  const groups = useMemo(() => groupByType(entries, lang), [entries, lang]);
  const dictLabel = useCallback((typeCode: string, value: DictValue) => labelOf(groups, typeCode, value), [groups]);
  return { entries, groups, dictLabel, isLoading: query.isLoading };
}

/** The options of one dictionary type, for a Select or Radio.Group. */
export function useDictOptions(typeCode: string): readonly DictOption[] {
  return useDictionaries().groups[typeCode] ?? NO_OPTIONS;
}
