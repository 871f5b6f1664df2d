import type { RouteOptions } from 'fastify';
import { accessOf, type Access } from '../access/declaration.js';
import { mayRecord, type AuditSpec } from '../audit/operationLog.js';

/**
 * What the OpenAPI document says of each operation beyond its contract schemas, so that a generated client
 * reads well: a stable operationId named after the call, the credentials it takes, and the refusals it can
 * answer, each with the envelope (or, under /acc/epcis, the binding's problem details) as its body. The
 * refusals are inferred from what the route declares — its access, its input, its method, whether it is a
 * change the operation log records — as docs/api.md lists. A route that answers a refusal these do not infer
 * names it in `config.refusals` (public registration: 409, a credit code or full name already registered).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Refusals the route answers beyond those inferred from its declaration, by HTTP status. */
    refusals?: number[];
  }
}

const EPCIS_PREFIX = '/acc/epcis';

const upperFirst = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The call's name: the path after /acc/api, /acc or /api/inner/acc, its segments joined in camel case (`/acc/api/rule/pageList`
 * → `rulePageList`, the spec's name for it). Path parameters of the portal's calls are left out
 * (`/acc/userRole/delRole/{id}` → `userRoleDelRole`); the EPCIS binding's resources name theirs
 * (`/acc/epcis/events/{eventID}` → `epcisEventsByEventID`). Where one path has several methods, each but GET
 * adds its own (`epcisQueriesPost`).
 */
export function operationIdOf(method: string, url: string, methodsAtUrl: readonly string[]): string {
  const epcis = url === EPCIS_PREFIX || url.startsWith(`${EPCIS_PREFIX}/`);
  const path = url.replace(/^(\/api\/inner)?\/acc(\/api)?\//, '/');
  const words: string[] = [];
  for (const segment of path.split('/').filter(Boolean)) {
    const param = /^[:{](\w+)\}?$/.exec(segment);
    if (!param) words.push(segment);
    else if (epcis) words.push(`by${upperFirst(param[1]!)}`);
  }
  const name = words.map((word, i) => (i === 0 ? word : upperFirst(word))).join('');
  const verb = method.toLowerCase();
  return methodsAtUrl.length > 1 && verb !== 'get' ? `${name}${upperFirst(verb)}` : name;
}

/** The security requirement of an operation: none for public calls, the session token, or a token or API key. */
export function securityOf(access: Access | undefined): Array<Record<string, string[]>> {
  if (access === 'public') return [];
  if (typeof access === 'object' && access.apiKey) return [{ token: [] }, { apiKey: [] }];
  return [{ token: [] }];
}

/** Why each refusal comes, as the document says it. */
const REFUSALS: Record<number, string> = {
  400: 'PARAM_CHECK: the input was refused; `errors` names each field and why',
  401: 'NO_LOGIN_ERROR: no credentials, or the session ended',
  403: 'ACCESS_DENIED_ERROR (or COMPANY_REQUIRED, SUPPORT_VIEW_READ_ONLY): signed in without the right to this call',
  404: 'NOT_FOUND: no such record, or one of another company',
  409: "CONFLICT (or a call's own code): the record's state does not allow this",
  413: 'PAYLOAD_TOO_LARGE: the body is over the limit',
  429: 'RATE_LIMITED: too many requests; the message says how long to wait',
  503: 'SERVICE_UNAVAILABLE: the database or another service is out of reach for the moment; try again',
};

/** A record named in the input: a path parameter, or a field `id`, `…Id` or `…ID`. */
function namesARecord(route: Pick<RouteOptions, 'url' | 'schema'>): boolean {
  if (/[:{]/.test(route.url)) return true;
  const schema = route.schema as { querystring?: unknown; body?: unknown } | undefined;
  return [schema?.querystring, schema?.body].some((input) => {
    const shape = (input as { shape?: Record<string, unknown> } | undefined)?.shape;
    return shape !== undefined && Object.keys(shape).some((key) => key === 'id' || /I[dD]$/.test(key));
  });
}

/** The refusals an operation can answer, by status. */
export function refusalsOf(route: Pick<RouteOptions, 'url' | 'method' | 'schema' | 'config'>, method: string): number[] {
  const access = accessOf(route);
  const schema = route.schema as { querystring?: unknown; body?: unknown; params?: unknown } | undefined;
  const writes = !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
  // a change: what the operation log records (POST reads, as spec 7 has many, are not)
  const changes = mayRecord(route.url, method, (route.config as { audit?: AuditSpec } | undefined)?.audit);
  const statuses = new Set<number>([503]);
  if (schema?.querystring || schema?.body || schema?.params) statuses.add(400);
  if (access !== 'public') statuses.add(401);
  if (typeof access === 'object') statuses.add(403);
  if (namesARecord(route)) statuses.add(404);
  if (changes && access !== 'public') statuses.add(409);
  if (writes && schema?.body) statuses.add(413);
  if (access === 'public' || route.url === '/acc/user/login') statuses.add(429);
  for (const status of (route.config as { refusals?: number[] } | undefined)?.refusals ?? []) if (REFUSALS[status]) statuses.add(status);
  return [...statuses].sort();
}

/** The response objects of an operation's refusals: the envelope, or the binding's problem details under /acc/epcis. */
export function refusalResponses(route: Pick<RouteOptions, 'url' | 'method' | 'schema' | 'config'>, method: string): Record<number, unknown> {
  const epcis = route.url === EPCIS_PREFIX || route.url.startsWith(`${EPCIS_PREFIX}/`);
  const content = epcis
    ? { 'application/problem+json': { schema: { $ref: '#/components/schemas/EpcisProblem' } } }
    : { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } };
  return Object.fromEntries(refusalsOf(route, method).map((status) => [status, { description: REFUSALS[status], content }]));
}

/**
 * The success of an operation whose contract declares no answer body: a file, an EPCIS document, or a status
 * with headers only (the binding's 201, 202 and 204).
 */
export function successResponse(url: string, method: string): Record<number, { description: string }> {
  const verb = method.toUpperCase();
  if (verb === 'OPTIONS') return { 204: { description: 'What the resource supports, in headers: Allow and the EPCIS and CBV versions' } };
  if (verb === 'DELETE') return { 204: { description: 'Deleted' } };
  if (verb === 'POST' && url === `${EPCIS_PREFIX}/capture`) return { 202: { description: 'Captured: the capture job, in the Location header' } };
  if (verb === 'POST' && url.startsWith(`${EPCIS_PREFIX}/queries`)) return { 201: { description: 'Created: where it is, in the Location header' } };
  return { 200: { description: 'The answer the summary names: a file, an image or an EPCIS document' } };
}

const FIELD_ERROR = {
  type: 'object',
  required: ['field', 'message'],
  properties: {
    field: { type: 'string', description: 'The field, as a path: `name`, `items.3` (for programs; never part of a text shown to a person)' },
    message: { type: 'string', description: 'Why, in the request’s language, for a person' },
    reason: { type: 'string', description: 'CODES_REJECTED: a stable key for why the code was refused (`IN_BOX`, `NOT_ACTIVATED`, …)' },
  },
};

/** The schemas the refusals refer to. */
export const REFUSAL_COMPONENTS = {
  ErrorEnvelope: {
    type: 'object',
    description: 'A refused call: `code` is a stable key (docs/api.md lists them), `msg` says it in the request’s language',
    required: ['code', 'msg', 'data'],
    properties: {
      code: { type: 'string', example: 'PARAM_CHECK' },
      msg: { type: 'string' },
      data: { description: 'null, or what the code says more (a session’s end: its reason)' },
      errors: { type: 'array', items: FIELD_ERROR, description: 'PARAM_CHECK and CODES_REJECTED: each refused field' },
      requestId: { type: 'string', description: 'On a 500: the request in the logs' },
    },
  },
  EpcisProblem: {
    type: 'object',
    description: 'The EPCIS REST binding’s problem details (RFC 7807), with the envelope’s fields kept in them',
    required: ['type', 'title', 'status'],
    properties: {
      type: { type: 'string', example: 'epcisException:QueryParameterException' },
      title: { type: 'string' },
      status: { type: 'integer' },
      detail: { type: 'string' },
      instance: { type: 'string' },
      code: { type: 'string' },
      msg: { type: 'string' },
      errors: { type: 'array', items: FIELD_ERROR },
    },
  },
};
