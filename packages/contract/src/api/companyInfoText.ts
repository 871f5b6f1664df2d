import type { Lang } from '../lang.js';

/*
 * Rules of the company's free-looking fields that have a shape: the business term (营业期限) and the website.
 * The form and the API read them with these same functions, so what the form accepts the API accepts, and
 * both store the same text.
 */

// ---------------------------------------------------------------------------------------------------
// Business term
// ---------------------------------------------------------------------------------------------------

/** The words for an open end, as stored (the business licence's own) and as the English screens write it. */
export const BUSINESS_TERM_OPEN: Record<Lang, string> = { zh_CN: '长期', en_US: 'open-ended' };
const BUSINESS_TERM_TO: Record<Lang, string> = { zh_CN: '至', en_US: 'to' };

/**
 * A business term as typed: a start date, 至 (or "to"), and an end date or 长期 (or "open-ended"); dates
 * as YYYY-MM-DD. Blanks around the words may be left out ("2012-04-16至长期").
 */
const BUSINESS_TERM = /^(\d{4}-\d{2}-\d{2})(?:\s*至\s*|\s+to\s+)(\d{4}-\d{2}-\d{2}|长期|open[-\s]?ended)$/i;

export interface BusinessTerm {
  /** YYYY-MM-DD */
  start: string;
  /** YYYY-MM-DD, or null: open-ended (长期). */
  end: string | null;
}

/** Why a business term is refused: the i18n keys of its messages, each naming the field. */
export type BusinessTermProblem = 'validation.businessTerm' | 'validation.businessTermDate' | 'validation.businessTermOrder';

/** A calendar date that exists (2023-02-29 does not), from 1900 to 2999: a licence's years, not a typo's. */
function isRealDate(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  if (year < 1900 || year > 2999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Reads a business term in either language's words; a problem key when it is not one. */
export function parseBusinessTerm(text: string): BusinessTerm | BusinessTermProblem {
  const match = BUSINESS_TERM.exec(text.trim().replace(/\s+/g, ' '));
  if (!match) return 'validation.businessTerm';
  const start = match[1] as string;
  const endText = match[2] as string;
  const end = /^\d/.test(endText) ? endText : null;
  if (!isRealDate(start) || (end !== null && !isRealDate(end))) return 'validation.businessTermDate';
  if (end !== null && end < start) return 'validation.businessTermOrder';
  return { start, end };
}

/** A business term in a language's words: "2012-04-16 至 长期", "2012-04-16 to open-ended". */
export function formatBusinessTerm(term: BusinessTerm, lang: Lang): string {
  return `${term.start} ${BUSINESS_TERM_TO[lang]} ${term.end ?? BUSINESS_TERM_OPEN[lang]}`;
}

/**
 * What the API stores for a typed business term: '' for none, else the Chinese words of the licence
 * ("2012-04-16 至 长期") whichever language it was typed in, so every company's term reads alike. Text that is
 * not a business term is returned as it came (the schema then refuses it).
 */
export function storedBusinessTerm(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const term = parseBusinessTerm(trimmed);
  return typeof term === 'string' ? trimmed : formatBusinessTerm(term, 'zh_CN');
}

/** A stored business term as a screen in `lang` shows it; text that is not one (older data) as it is. */
export function shownBusinessTerm(stored: string, lang: Lang): string {
  if (stored.trim() === '') return stored;
  const term = parseBusinessTerm(stored);
  return typeof term === 'string' ? stored : formatBusinessTerm(term, lang);
}

/** null when the text is '' or a business term, else why not. */
export function businessTermProblem(text: string): BusinessTermProblem | null {
  if (text.trim() === '') return null;
  const term = parseBusinessTerm(text);
  return typeof term === 'string' ? term : null;
}

// ---------------------------------------------------------------------------------------------------
// Website
// ---------------------------------------------------------------------------------------------------

/**
 * The company's website: http(s)://, a host name with at least one dot (letters of any script, as in
 * 中文域名) or an IPv4 address, an optional port, then a path, query or fragment without blanks.
 */
export const COMPANY_WEBSITE =
  /^https?:\/\/(?:(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}[\p{L}\p{N}-]{0,62}|\d{1,3}(?:\.\d{1,3}){3})(?::\d{1,5})?(?:[/?#]\S*)?$/iu;

/**
 * The website as typed, ready to check and store: trimmed, and a bare host ("www.example.com",
 * "//example.com/about") given https:// as a browser would. Text naming another scheme ("ftp://…",
 * "javascript:…") is left for the check to refuse.
 */
export function normaliseWebsite(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  // a scheme: letters, then ':' not followed by a port's digits ("example.com:8080" is a host)
  if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}

/** '' (no website) or an address the scan page can link to. */
export function isCompanyWebsite(text: string): boolean {
  return text === '' || COMPANY_WEBSITE.test(text);
}
