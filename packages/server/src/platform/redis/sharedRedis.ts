import type { Redis } from 'ioredis';
import { lazyPackage } from '../lazyPackage.js';
import type { FastifyInstance } from 'fastify';

/**
 * One Redis connection per application, opened on first use when REDIS_URL is set and closed with the
 * application. Shared by everything that must agree across server instances (rate limits, WeChat tokens).
 * Commands fail fast while Redis is unreachable instead of queueing: callers decide what a failure means.
 */
const clients = new WeakMap<FastifyInstance, Redis>();
/** Only a deployment with REDIS_URL loads the client. */
const ioredis = lazyPackage<typeof import('ioredis')>('ioredis');

export function sharedRedis(app: FastifyInstance, url: string | null): Redis | null {
  if (!url) return null;
  const existing = clients.get(app);
  if (existing) return existing;
  const client = new (ioredis().Redis)(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
  client.on('error', (error: Error) => app.log.warn({ err: error }, 'redis error'));
  clients.set(app, client);
  app.addHook('onClose', async () => {
    clients.delete(app);
    await client.quit().catch(() => client.disconnect());
  });
  return client;
}
