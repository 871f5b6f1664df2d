import type { FastifyInstance } from 'fastify';
import { sharedRedis } from '../redis/sharedRedis.js';
import { memoryRateLimitStore, redisRateLimitStore, type RateLimitStore } from './rateLimitStore.js';

const stores = new WeakMap<FastifyInstance, RateLimitStore>();

/** The application's one rate-limit store: in Redis when REDIS_URL is set (shared by instances), else in memory. */
export function appRateLimitStore(app: FastifyInstance, redisUrl: string | null): RateLimitStore {
  let store = stores.get(app);
  if (!store) {
    const redis = sharedRedis(app, redisUrl);
    store = redis ? redisRateLimitStore(redis) : memoryRateLimitStore();
    stores.set(app, store);
  }
  return store;
}
