import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/appError.js';
import type { RateLimitStore } from './rateLimitStore.js';

const MINUTE_MS = 60_000;

/**
 * An onRequest hook limiting one kind of public call ("bucket") to `perMinute` calls per client IP and
 * minute; 0 turns the limit off. The IP is Fastify's request.ip, which believes X-Forwarded-For only from
 * the proxies in TRUST_PROXY. Beyond the limit: TOO_MANY_REQUESTS (429) with Retry-After. When the store
 * fails (Redis down) the call is let through and the failure logged: scans matter more than the limit.
 */
export function perIpLimit(store: RateLimitStore, bucket: string, perMinute: number) {
  // no hook at all when the limit is off: the public calls are the busiest of the server
  if (perMinute <= 0) return [];
  return async function limitByIp(request: FastifyRequest, reply: { header(name: string, value: string): unknown }) {
    let result: { count: number; resetMs: number };
    try {
      result = await store.hit(`${bucket}:${request.ip}`, MINUTE_MS);
    } catch (error) {
      request.log.warn({ err: error, bucket }, 'rate limit store unavailable; call let through');
      return;
    }
    if (result.count > perMinute) {
      const seconds = Math.max(1, Math.ceil(result.resetMs / 1000));
      reply.header('retry-after', String(seconds));
      throw new AppError('TOO_MANY_REQUESTS', { seconds });
    }
  };
}
