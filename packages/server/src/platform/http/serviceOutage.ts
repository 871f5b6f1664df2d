/**
 * Whether an error says that a service this server needs — PostgreSQL, Redis, the object store — cannot be
 * reached right now, rather than that the request or the code is wrong. Such calls answer 503
 * SERVICE_UNAVAILABLE with Retry-After (errorHandler.ts), which a balancer and a client can act on, and the
 * next call tries again: the pools reconnect by themselves once the service is back.
 */

/** Node's network errors: refused, reset, timed out, unreachable, unknown host. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * PostgreSQL's SQLSTATEs of a server going away or not taking connections: class 08 (connection exception),
 * 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections.
 */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;

/** What the drivers say when the connection is gone without a code (pg's pool and client, ioredis). */
const LOST_CONNECTION = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|Reached the max retries per request limit/i;

export function isServiceOutage(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code))) return true;
  if (LOST_CONNECTION.test(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isServiceOutage(inner, depth + 1))) return true;
  return isServiceOutage(error.cause, depth + 1);
}
