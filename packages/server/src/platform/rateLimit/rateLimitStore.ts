import type { Redis } from 'ioredis';

/** Hits counted in fixed windows per key: how many this window, and milliseconds until it ends. */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
}

/** One process's counters; enough for a single instance. Expired windows are swept as time goes by. */
export function memoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      if (now >= nextSweep) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        nextSweep = now + windowMs;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetMs: window.resetAt - now };
    },
  };
}

// INCR and the expiry of a new window in one atomic step, so every instance sees the same count.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/** Counters in Redis, shared by every server instance using the same REDIS_URL. */
export function redisRateLimitStore(redis: Redis, prefix = 'rl:'): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, `${prefix}${key}`, String(windowMs))) as [number, number];
      return { count, resetMs: ttl };
    },
  };
}
