import type { RouteOptions } from 'fastify';

/**
 * What a route needs from its caller. Every API route declares one in `config.access`:
 * - 'public': anyone, no session;
 * - 'session': any signed-in user (their own profile, sign-out);
 * - { permission }: a signed-in user holding that permission code (user type '1' holds all);
 *   with `apiKey: true` also a company API key given that permission (the machine interfaces).
 */
export type Access = 'public' | 'session' | { permission: string; apiKey?: true };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** Routes added by plugins that serve the API documentation; public by construction. */
export const DOCS_PREFIX = '/acc/docs';

export function accessOf(route: Pick<RouteOptions, 'config' | 'url'>): Access | undefined {
  const declared = (route.config as { access?: Access } | undefined)?.access;
  if (declared) return declared;
  if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) return 'public';
  return undefined;
}

export function describeAccess(access: Access | undefined): string {
  if (access === undefined) return 'UNDECLARED';
  return typeof access === 'string' ? access : `permission:${access.permission}`;
}
