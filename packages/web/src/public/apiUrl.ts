import type { Lang } from '@rd/contract';
import { COOKIE, langFromCookie, readCookie } from '../app/state/cookies';

/**
 * Addresses of API calls, apart from the client itself: the scan page's inline start-up script builds the
 * check's address with these too, and must stay a few hundred bytes.
 */

export type Query = Record<string, string | number | undefined>;

/** The language of this visit, as the portal reads it: the language cookie, Chinese without one. */
export function visitLanguage(): Lang {
  return langFromCookie(readCookie(COOKIE.language));
}

/** A GET's address: the query (empty values left out) and `lang`, as every call of spec 7 carries it. */
export function apiUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  params.set('lang', visitLanguage());
  return `${path}?${params.toString()}`;
}

