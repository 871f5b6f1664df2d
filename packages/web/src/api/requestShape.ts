import { LANG_HEADER, TOKEN_HEADER, type Lang } from '@rd/contract';
import type { InternalAxiosRequestConfig } from 'axios';

/** Methods whose parameters travel in the query string (spec 7: lang as query for GET and DELETE). */
const QUERY_METHODS = ['get', 'delete', 'head', 'options'];

type Params = Record<string, unknown>;

/** Page numbers start at 1; a 0 from a zero-based pager means the first page. */
export function fixPageNum<T extends Params>(values: T): T {
  const pageNum = values.pageNum;
  return pageNum === 0 || pageNum === '0' ? { ...values, pageNum: 1 } : values;
}

function isPlainObject(value: unknown): value is Params {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Adds what every call carries (spec 7): `lang` in the query (GET/DELETE), in the JSON body (POST/PUT)
 * or as a FormData field; pageNum 0 → 1; and once signed in, the token and language headers.
 */
export function shapeRequest(
  config: InternalAxiosRequestConfig,
  context: { lang: Lang; token: string },
): InternalAxiosRequestConfig {
  const method = (config.method ?? 'get').toLowerCase();
  const params: Params = fixPageNum({ ...((config.params as Params | undefined) ?? {}) });
  const data: unknown = config.data;

  if (QUERY_METHODS.includes(method)) {
    params.lang = context.lang;
  } else if (typeof FormData !== 'undefined' && data instanceof FormData) {
    if (!data.has('lang')) data.append('lang', context.lang);
  } else if (data === undefined || data === null || isPlainObject(data)) {
    config.data = fixPageNum({ ...(data ?? {}), lang: context.lang });
  } else {
    // Arrays, strings and binary bodies have no field to put it in: send it in the query instead.
    params.lang = context.lang;
  }
  config.params = params;

  if (context.token) {
    config.headers.set(TOKEN_HEADER, context.token);
    config.headers.set(LANG_HEADER, context.lang);
  }
  return config;
}
