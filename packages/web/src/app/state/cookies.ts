import Cookies from 'js-cookie';
import type { Lang } from '@rd/contract';

/** Cookie names kept from the original portal, so a returning browser keeps its preferences. */
export const COOKIE = { sidebarStatus: 'sidebarStatus', size: 'size', language: 'language' } as const;

export const DEFAULT_SIZE = 'medium';

/** 'zh' or 'cn' (also the long form zh_CN) means Chinese; any other value English; no cookie: Chinese. */
export function langFromCookie(value: string | undefined): Lang {
  if (value === undefined || value === '') return 'zh_CN';
  return /^(zh|cn)/i.test(value) ? 'zh_CN' : 'en_US';
}

export function langToCookie(lang: Lang): string {
  return lang === 'zh_CN' ? 'zh' : 'en';
}

/** The sidebar starts open unless the cookie says '0'. */
export function sidebarOpenedFromCookie(value: string | undefined): boolean {
  return value !== '0';
}

export function sidebarToCookie(opened: boolean): string {
  return opened ? '1' : '0';
}

export const readCookie = (name: string): string | undefined => Cookies.get(name);
export const writeCookie = (name: string, value: string): void => {
  Cookies.set(name, value, { path: '/', sameSite: 'lax' });
};

/**
 * Spec 9: session cookies are wiped on each request. The API authenticates by header only, so any other
 * cookie (one left by an older portal or another app on this host) must not ride along with calls.
 */
export function wipeSessionCookies(): void {
  const keep = new Set<string>(Object.values(COOKIE));
  for (const name of Object.keys(Cookies.get())) {
    if (!keep.has(name)) Cookies.remove(name, { path: '/' });
  }
}
