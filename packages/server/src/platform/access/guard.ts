import { TOKEN_HEADER } from '@rd/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { bearerApiKey, resolveApiKey } from '../auth/apiKeys.js';
import { refusalForToken } from '../auth/sessionEnd.js';
import { resolveSession, type Principal, type SessionPolicy } from '../auth/sessionStore.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../http/appError.js';
import { accessOf, describeAccess, type Access } from './declaration.js';
import { isCompanyOnlyPermission, usableScopes } from './menuScope.js';
import { assertSupportRead } from './supportRead.js';
import { holdsPermission } from './permissions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every route that is not public; the only source of who is calling and for which company. */
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Every registered route with what it declares; the access test reads it. */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: string;
}

const API_PREFIXES = ['/acc/', '/api/'];

/**
 * Refuses to register an API route that does not say who may call it, and enforces what each route
 * says before its input is even parsed: no token → NO_LOGIN_ERROR, no permission → ACCESS_DENIED_ERROR.
 */
export function installAccessGuard(app: FastifyInstance, db: Kysely<DB>, policy: SessionPolicy) {
  app.decorate('routeTable', [] as RouteEntry[]);
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    const access = accessOf(route);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) app.routeTable.push({ method, url: route.url, access: describeAccess(access) });
    const isApi = API_PREFIXES.some((p) => route.url.startsWith(p));
    if (isApi && access === undefined) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no access (config.access)`);
    }
  });

  app.addHook('onRequest', (request, _reply, done) => {
    if (request.is404) return done();
    const access = accessOf({ config: request.routeOptions.config, url: request.routeOptions.url ?? '' });
    if (access === undefined) return done();
    // Public routes still learn who is calling when a token is sent (e.g. sign-out). Without a token
    // there is nothing to wait for: the busiest public calls (scans) take no promise here.
    if (access === 'public' && tokenOf(request) === null) return done();
    authorise(request, access, db, policy).then(() => done(), done);
  });
}

async function authorise(request: FastifyRequest, access: Access, db: Kysely<DB>, policy: SessionPolicy) {
  if (access === 'public') {
    request.principal = await principalOf(request, db, policy);
    return;
  }
  const key = typeof access === 'object' && access.apiKey ? bearerApiKey(request.headers.authorization) : null;
  const principal = key ? await resolveApiKey(db, key) : await principalOf(request, db, policy);
  if (!principal) throw key ? new AppError('NO_LOGIN_ERROR') : await refusalForToken(db, policy, tokenOf(request));
  request.principal = principal;
  if (principal.support) await assertSupportRead(db, request, access);
  else await assertPermission(db, principal, access);
}

function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers[TOKEN_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  return token && token.length <= 256 ? token : null;
}

async function principalOf(request: FastifyRequest, db: Kysely<DB>, policy: SessionPolicy) {
  const token = tokenOf(request);
  return token === null ? null : resolveSession(db, policy, token);
}

async function assertPermission(db: Kysely<DB>, principal: Principal, access: Exclude<Access, 'public'>) {
  if (principal.apiKey) {
    // a key holds exactly what it was given, only on routes open to keys
    if (access === 'session' || !access.apiKey || !principal.apiKey.permissions.includes(access.permission)) throw new AppError('ACCESS_DENIED_ERROR');
    return;
  }
  if (access === 'session') return;
  const holdsAll = principal.userType === '1';
  if (!holdsAll && (await holdsPermission(db, principal.userId, access.permission, usableScopes(principal.companyId)))) return;
  // A platform account asking for a company's own data is told what it lacks: a company, not a grant.
  if (!principal.companyId && (await isCompanyOnlyPermission(db, access.permission))) throw new AppError('COMPANY_REQUIRED');
  if (!holdsAll) throw new AppError('ACCESS_DENIED_ERROR');
}

/** The caller of a route that is not public; the guard has already refused anonymous calls. */
export function currentPrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('NO_LOGIN_ERROR');
  return request.principal;
}
