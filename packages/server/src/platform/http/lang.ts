import { LANG_HEADER, normaliseLang, type Lang } from '@rd/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved before validation, because parsing drops `lang` from the body. */
    lang: Lang | null;
  }
}

/** The request's language: the `lang` field (query or body) first, then the X-RD-Request-Language header. */
export function requestLang(request: FastifyRequest): Lang {
  return request.lang ?? resolveLang(request);
}

export function installLanguage(app: FastifyInstance) {
  app.decorateRequest('lang', null);
  // a callback hook: no promise for work that never waits (it runs on every call, the public scans too)
  app.addHook('preValidation', (request, _reply, done) => {
    request.lang = resolveLang(request);
    done();
  });
}

function resolveLang(request: FastifyRequest): Lang {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.lang;
  const body = request.body;
  const fromBody = body && typeof body === 'object' && !Buffer.isBuffer(body) ? (body as Record<string, unknown>).lang : undefined;
  const value = firstString(fromQuery) ?? firstString(fromBody) ?? firstString(request.headers[LANG_HEADER]);
  return normaliseLang(value);
}

function firstString(value: unknown): string | undefined {
  if (Array.isArray(value)) return firstString(value[0]);
  return typeof value === 'string' && value !== '' ? value : undefined;
}
