import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The browser security policy of every answer, pages and API alike. */
export const SECURITY_POLICY: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // antd writes its styles at run time; the API docs page needs inline styles and images too.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      // WeChat's JS-SDK is only published at WeChat's own address; /wx loads it there, inside WeChat only.
      scriptSrc: ["'self'", 'https://res.wx.qq.com'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  hsts: false,
};

/**
 * The headers helmet sets for a policy, worked out once. Without nonces they depend on the policy alone,
 * so every answer can carry the same object; rebuilding helmet's middleware per request (as the Fastify
 * plugin does) parsed the whole policy again for every public scan.
 */
export function securityHeadersOf(policy: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    // helmet takes away Express's X-Powered-By, which Node never sets
    removeHeader() {},
  };
  helmet(policy)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * What an API call answers with: data (JSON, a file, a picture), never a document to render. The headers
 * of the OWASP REST security cheat sheet: nothing may run, load or frame it, nothing may cache it, and no
 * other site may read it. Much shorter than a page's policy, which matters on the public scans, the
 * busiest answers of the server.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * Pages (the portal, the public scan pages, the API documentation) get the full browser policy; API calls
 * (every route that declares who may call it) get API_HEADERS. A route that sets its own cache-control
 * (scan pictures) replaces the default afterwards.
 */
export function installSecurityHeaders(app: FastifyInstance) {
  const documentHeaders = securityHeadersOf(SECURITY_POLICY);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config?.access === undefined ? documentHeaders : API_HEADERS);
    done();
  });
}
