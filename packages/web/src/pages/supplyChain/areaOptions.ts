import { PROVINCES, type Lang } from '@rd/contract';
import { citiesOf } from '@rd/contract/areas';

/** Provinces with their cities for a Cascader; a province alone stands for all its cities. */
export function areaCascaderOptions(lang: Lang) {
  return PROVINCES.map((p) => ({
    value: p.code,
    label: lang === 'zh_CN' ? p.shortName : p.nameEn,
    children: citiesOf(p.code).map((c) => ({ value: c.code, label: c.name })),
  }));
}

/** Cascader paths ([province] or [province, city]) → area codes, and back. */
export const pathsToAreaCodes = (paths: string[][]): string[] => paths.map((path) => path[path.length - 1] as string);
export const areaCodesToPaths = (codes: readonly string[]): string[][] =>
  codes.map((code) => (code.endsWith('0000') ? [code] : [`${code.slice(0, 2)}0000`, code]));
