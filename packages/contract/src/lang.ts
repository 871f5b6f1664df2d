/** Languages of the product. The web client sends `lang` on every request and the header once signed in. */
export const LANGS = ['zh_CN', 'en_US'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh_CN';
export const LANG_HEADER = 'x-rd-request-language';
export const TOKEN_HEADER = 'x-rd-request-apitoken';

/** Accepts zh_CN / en_US and the short forms zh, cn, en; anything else falls back to the default. */
export function normaliseLang(value: unknown): Lang {
  if (typeof value !== 'string') return DEFAULT_LANG;
  const v = value.trim().toLowerCase();
  if (v === 'en_us' || v === 'en' || v === 'en-us') return 'en_US';
  return DEFAULT_LANG;
}

/** What separates the items of a list written in a sentence or a cell: 、 in Chinese, a comma in English. */
export const listSeparator = (lang: Lang): string => (lang === 'zh_CN' ? '、' : ', ');
