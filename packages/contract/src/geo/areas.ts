import divisions from 'china-area-data/v5/data.json' with { type: 'json' };
import { CITY_NAMES_EN } from './cityNamesEn.js';
import { PROVINCES, provinceCode, type Province } from './provinces.js';

/**
 * Sales areas: provinces and prefecture-level cities by their GB/T 2260 codes (the division table of the
 * npm package china-area-data), the same codes the statistics map keys provinces on. Municipalities and
 * the special administrative regions are areas as a whole (the IP database names no smaller unit there),
 * and county-level places governed by a province directly are left out for the same reason.
 * Not part of the contract's index: only the screens and calls that pick areas load this table.
 */

export interface City {
  /** e.g. 330100 */
  code: string;
  /** e.g. 杭州市 */
  name: string;
  /** e.g. Hangzhou (cityNamesEn.ts) */
  nameEn: string;
  provinceCode: string;
}

const table = divisions as Record<string, Record<string, string>>;
const WHOLE = new Set(['110000', '120000', '310000', '500000', '810000', '820000']);

export const CITIES: readonly City[] = PROVINCES.flatMap((province) =>
  WHOLE.has(province.code)
    ? []
    : Object.entries(table[province.code] ?? {})
        .filter(([code, name]) => code.endsWith('00') && !name.includes('直辖'))
        .map(([code, name]) => ({ code, name, nameEn: CITY_NAMES_EN[code] ?? name, provinceCode: province.code })),
);

const provinceByCode = new Map(PROVINCES.map((p) => [p.code, p]));
const cityByCode = new Map(CITIES.map((c) => [c.code, c]));

export function isAreaCode(code: string): boolean {
  return provinceByCode.has(code) || cityByCode.has(code);
}

export function cityOf(code: string): City | undefined {
  return cityByCode.get(code);
}

export function citiesOf(provinceCode: string): readonly City[] {
  return CITIES.filter((c) => c.provinceCode === provinceCode);
}

/** The province of an area code (itself for a province). */
export function provinceOfArea(code: string): Province | undefined {
  return provinceByCode.get(`${code.slice(0, 2)}0000`);
}

/** An area's name for people: 浙江 / Zhejiang, 浙江 杭州市 / Zhejiang Hangzhou. */
export function areaName(code: string, lang: 'zh_CN' | 'en_US'): string {
  const province = provinceOfArea(code);
  if (!province) return code;
  const provinceName = lang === 'zh_CN' ? province.shortName : province.nameEn;
  const city = cityByCode.get(code);
  if (!city) return provinceName;
  return `${provinceName} ${lang === 'zh_CN' ? city.name : city.nameEn}`;
}

const cityByName = new Map(CITIES.map((c) => [`${c.provinceCode}|${c.name}`, c.code]));
/** By the English name too (lower case), as an English dealer export writes it: Zhejiang Hangzhou. */
const cityByEnglishName = new Map(CITIES.map((c) => [`${c.provinceCode}|${c.nameEn.toLowerCase()}`, c.code]));

/**
 * The city code of a place in a province as the IP database names it (杭州市 or 杭州) or as English writes it
 * (Hangzhou), or '' when unknown.
 */
export function cityCodeOf(provinceCode: string, cityName: string): string {
  if (!cityName) return '';
  return (
    cityByName.get(`${provinceCode}|${cityName}`) ??
    cityByName.get(`${provinceCode}|${cityName}市`) ??
    cityByEnglishName.get(`${provinceCode}|${cityName.toLowerCase()}`) ??
    ''
  );
}

/**
 * Whether a place lies in a sales area: the area names its province or its city. A place whose city is
 * not known lies in the area only through its province.
 */
export function placeInAreas(areaCodes: readonly string[], provinceCode: string, cityCode: string): boolean {
  if (!provinceCode) return false;
  return areaCodes.includes(provinceCode) || (cityCode !== '' && areaCodes.includes(cityCode));
}

/** Cities by their name alone (杭州市 and 杭州); a name two cities share answers neither. */
const citiesByBareName = new Map<string, string[]>();
for (const city of CITIES) {
  for (const name of new Set([city.name, city.name.replace(/市$/, '')])) {
    citiesByBareName.set(name, [...(citiesByBareName.get(name) ?? []), city.code]);
  }
}

/** What separates the areas of a list written in one cell: 、 , ， ; ； and line breaks. */
const AREA_LIST_SEPARATOR = /[、,，;；\r\n]+/;

/** The areas of a list written in one cell, each trimmed, blanks dropped. */
export function areaListItems(text: string): string[] {
  return text
    .split(AREA_LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * The code of one area written the way the dealer export writes it or people type it: a code (330100), a
 * province in any spelling (浙江, 浙江省, Zhejiang), a province and one of its cities (浙江 杭州市,
 * 浙江省杭州市, Zhejiang 杭州市, Zhejiang Hangzhou), or a city alone when no other city has its name (杭州市, 杭州).
 * '' when it names none of them.
 */
export function areaCodeOfText(text: string): string {
  const written = text.trim();
  if (/^\d{6}$/.test(written)) return isAreaCode(written) ? written : '';
  const province = provinceCode(written);
  if (province) return province;
  // the longest leading province, then the rest as its city
  for (let end = written.length - 1; end >= 2; end -= 1) {
    const provinceOfPrefix = provinceCode(written.slice(0, end));
    if (!provinceOfPrefix) continue;
    const city = cityCodeOf(provinceOfPrefix, written.slice(end).trim());
    if (city) return city;
  }
  const cities = citiesByBareName.get(written);
  return cities?.length === 1 ? (cities[0] as string) : '';
}
