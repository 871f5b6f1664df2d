import { maskIdCard } from '@rd/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** What a route records in the operation log; `false` records nothing (reads that change nothing). */
export type AuditSpec = { module: string; action: string } | false;

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditSpec;
  }
  interface FastifyRequest {
    /** The envelope code the request ended with, set by the error handler; null means success. */
    resultCode: string | null;
    /** What a change that touches many rows did (counts, the reason asked for), logged before the request's input. */
    auditOutcome: Record<string, unknown> | null;
  }
}

const CHANGING_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
/**
 * Spec 7 sends most calls as POST, reads included (queryList, pageList, list, getById...). A route whose
 * last path word reads like this changes nothing and is not logged unless it declares `audit`.
 */
const READ_WORDS = /^(query|page|list|get|check|info|permissions|preview|search|largeDic|all|modules)/i;

/** True when the route, by its name, only reads. */
export function isReadRoute(routeUrl: string): boolean {
  const words = routeUrl.split('/').filter((w) => w && !w.startsWith(':'));
  return READ_WORDS.test(words[words.length - 1] ?? '');
}
const SECRET_KEY = /pass|psw|pwd|token|secret/i;
/** Personal identity numbers are logged masked, as lists show them. */
const ID_CARD_KEY = /^idCard$/i;
const PARAMS_MAX = 2000;

/** Action names by the verb that starts the route's last path word (add, editReport, deleteById, ...). */
const ACTIONS: Array<[RegExp, string]> = [
  [/^(add|insert|create|save(?!OrUpdate)|report|register)/i, 'INSERT'],
  [/^(edit|update|saveOrUpdate|change|reset|is|set|submit|unSubmit|audit)/i, 'UPDATE'],
  [/^(del|delete|remove)/i, 'DELETE'],
  [/^(batchSave|grant)/i, 'GRANT'],
  [/^export|^download/i, 'EXPORT'],
  [/^import|^upload/i, 'IMPORT'],
  [/^login$/i, 'LOGIN'],
  [/^logout$/i, 'LOGOUT'],
  [/^forceLogout$/i, 'FORCE_LOGOUT'],
];

/** Module and action from a route pattern such as /acc/api/pmcpDept/deleteById or /acc/userinfo/edit/:id. */
export function deriveAudit(routeUrl: string, method: string): { module: string; action: string } {
  const words = routeUrl.split('/').filter((w) => w && !w.startsWith(':') && w !== 'acc' && w !== 'api' && w !== 'inner');
  const module = words[0] ?? 'unknown';
  const last = words.length > 1 ? (words[words.length - 1] as string) : '';
  const found = ACTIONS.find(([pattern]) => pattern.test(last));
  return { module, action: found ? found[1] : method === 'DELETE' ? 'DELETE' : 'OTHER' };
}

/** The request's input as text for the log: secrets masked, long values cut. */
export function describeParams(body: unknown): string {
  if (body === undefined || body === null || typeof body !== 'object' || Buffer.isBuffer(body)) return '';
  const text = JSON.stringify(body, (key, value: unknown) => {
    if (key && SECRET_KEY.test(key)) return '***';
    if (ID_CARD_KEY.test(key) && typeof value === 'string') return maskIdCard(value);
    return value;
  });
  return text.length > PARAMS_MAX ? `${text.slice(0, PARAMS_MAX)}…` : text;
}

function targetOf(request: FastifyRequest): string {
  const params = request.params as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | undefined;
  // Downloads name their object in the query string (GET .../downloadCode?id=...).
  const query = request.query as Record<string, unknown> | undefined;
  const value =
    params?.id ?? params?.guid ?? (body && typeof body === 'object' ? (body.id ?? body.guid) : undefined) ?? query?.id;
  return typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 200) : '';
}

/** A column of the live account with this name, as a subquery (no row: NULL). */
function ofAccountNamed(db: Kysely<DB>, username: string, column: 'id' | 'company_id') {
  return db
    .selectFrom('app_user')
    .select(column)
    .where(sql<boolean>`lower(username) = lower(${username})`)
    .where('deleted', '=', false);
}

/**
 * Records every change (and every sign-in) just before its response is sent, so that once a client has
 * its answer the entry exists: who, company, module, action,
 * target, IP, user agent, result, duration. Handlers write nothing by hand; a route may name its module and
 * action in `config.audit`, or opt out of the log with `audit: false`.
 */
export function installOperationLog(app: FastifyInstance, db: Kysely<DB>) {
  app.decorateRequest('resultCode', null);
  app.decorateRequest('auditOutcome', null);
  // The hook is given only to the routes that may record something, decided once as each route is
  // registered: reads (the public scans among them) do not pay for a hook that would return at once.
  app.addHook('onRoute', (route) => {
    if (!mayRecord(route.url, route.method, route.config?.audit)) return;
    const given = route.onSend;
    route.onSend = [...(Array.isArray(given) ? given : given ? [given] : []), recordOperation];
  });

  async function recordOperation(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const routeUrl = request.routeOptions.url ?? '';
    const declared = request.routeOptions.config.audit;
    if (declared === false) return payload;
    if (declared === undefined && (!CHANGING_METHODS.includes(request.method) || isReadRoute(routeUrl))) return payload;
    const { module, action } = declared ?? deriveAudit(routeUrl, request.method);
    const principal = request.principal;
    const body = request.body as Record<string, unknown> | undefined;
    const failed = request.resultCode !== null && request.resultCode !== 'SUCCESS';
    const named = typeof body?.username === 'string' ? body.username.trim().slice(0, 64) : '';
    try {
      // A sign-in has no session yet: its entry belongs to the account the form named (and so to that
      // account's company, whose administrators read it), when such an account exists. Looked up inside
      // the insert, so the entry still takes one round trip.
      await db
        .insertInto('operation_log')
        .values({
          user_id: principal ? principal.userId : named ? ofAccountNamed(db, named, 'id') : null,
          username: principal?.username ?? named,
          company_id: principal ? principal.companyId : named ? ofAccountNamed(db, named, 'company_id') : null,
          module,
          action,
          target: targetOf(request),
          method: request.method,
          url: (request.url.split('?')[0] ?? '').slice(0, 500),
          ip: request.ip,
          user_agent: (request.headers['user-agent'] ?? '').slice(0, 512),
          params: describeParams(request.auditOutcome ? { outcome: request.auditOutcome, ...body } : body),
          result: failed || reply.statusCode >= 400 ? 'FAILURE' : 'SUCCESS',
          error_code: failed ? (request.resultCode as string) : reply.statusCode >= 400 ? String(reply.statusCode) : '',
          duration_ms: Math.round(reply.elapsedTime),
        })
        .execute();
    } catch (error) {
      request.log.error({ err: error }, 'operation log not written');
    }
    return payload;
  }
}

/** Whether a route can record anything: an API route that declares what it records, or that by method and name changes data. */
export function mayRecord(routeUrl: string, method: string | string[], declared: AuditSpec | undefined): boolean {
  if (!routeUrl.startsWith('/acc/') && !routeUrl.startsWith('/api/')) return false;
  if (declared !== undefined) return declared !== false;
  const methods = Array.isArray(method) ? method : [method];
  return methods.some((m) => CHANGING_METHODS.includes(m)) && !isReadRoute(routeUrl);
}
