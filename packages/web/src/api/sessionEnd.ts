import type { SessionEnd } from '@rd/contract';

/**
 * Why the server ended the session, from the data of its NO_LOGIN_ERROR; null when it gives no reason the
 * portal knows (a sign-out, an unknown token, an older server). Checked by hand: zod stays out of the
 * login page's bundle.
 */
export function sessionEndOf(data: unknown): SessionEnd | null {
  if (typeof data !== 'object' || data === null) return null;
  const { reason, minutes, hours } = data as Record<string, unknown>;
  const count = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;
  if (reason === 'IDLE' && count(minutes)) return { reason, minutes };
  if (reason === 'ABSOLUTE' && count(hours)) return { reason, hours };
  if (reason === 'REVOKED') return { reason };
  return null;
}
