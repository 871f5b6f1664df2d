import { timingSafeEqual } from 'node:crypto';
import type { App, AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/http/appError.js';

/** `Authorization: Bearer <token>` compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /acc/metrics, Prometheus text format, for the monitoring system only: with METRICS_TOKEN unset the
 * path does not exist (404); otherwise it answers only `Authorization: Bearer $METRICS_TOKEN`, anything
 * else being the same 404, so the path tells nothing to whoever lacks the token.
 */
export async function metricsRoutes(app: App, { config }: AppContext) {
  app.get('/acc/metrics', {
    config: { access: 'public', audit: false },
    schema: { hide: true },
    handler: async (request, reply) => {
      if (!config.metricsToken || !bearerMatches(request.headers.authorization, config.metricsToken)) throw notFound();
      const { registry } = app.metrics;
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(await registry.metrics());
    },
  });
}
