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

export function installSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeadersOf(SECURITY_POLICY);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
