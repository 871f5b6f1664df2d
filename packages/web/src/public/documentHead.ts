import type { Lang } from '@rd/contract';

/**
 * The document's language and title, set by the consumer pages and, for a scan, already by the document's
 * inline script when it draws the verdict (scan/earlyVerdict.ts). No dependencies, so that script stays small.
 */

/** BCP 47 tags of the document for each language, for screen readers and the browser's own features. */
const DOCUMENT_LANG: Record<Lang, string> = { zh_CN: 'zh-CN', en_US: 'en' };

/** The document says which language it is in. */
export function applyDocumentLanguage(lang: Lang): void {
  document.documentElement.lang = DOCUMENT_LANG[lang];
}

/** As the portal titles its screens: "<page> - <product>", in the page's language. */
export function applyDocumentTitle(page: string, product: string): void {
  document.title = `${page} - ${product}`;
}
