import type { SessionEnd } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { AppError } from '../http/appError.js';
import type { SessionPolicy } from './sessionStore.js';
import { tokenHash } from './token.js';

/** NO_LOGIN_ERROR that also says why the caller's session ended; the portal tells the user. */
export class SessionEnded extends AppError {
  constructor(readonly end: SessionEnd) {
    super('NO_LOGIN_ERROR');
  }
}

/**
 * The refusal for a token that opens no session. Only the token's holder learns why its session ended;
 * a token never issued and one its user signed out answer the same plain NO_LOGIN_ERROR, so the answer says
 * nothing about tokens the caller does not hold and an explicit sign-out raises no "expired" message.
 */
export async function refusalForToken(db: Kysely<DB>, policy: SessionPolicy, token: string | null): Promise<AppError> {
  const end = token === null ? null : await sessionEndOf(db, policy, token);
  return end ? new SessionEnded(end) : new AppError('NO_LOGIN_ERROR');
}

async function sessionEndOf(db: Kysely<DB>, policy: SessionPolicy, token: string): Promise<SessionEnd | null> {
  const idleEnd = sql`s.last_seen_at + make_interval(mins => ${policy.idleMinutes})`;
  const row = await db
    .selectFrom('user_session as s')
    .select([
      's.revoked_at',
      's.revoke_reason',
      sql<boolean>`s.expires_at <= now()`.as('past_absolute'),
      sql<boolean>`${idleEnd} <= now()`.as('past_idle'),
      // both past: whichever came first ended it
      sql<boolean>`${idleEnd} < s.expires_at`.as('idle_first'),
    ])
    .where('s.token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  if (!row) return null;
  if (row.revoked_at !== null) return row.revoke_reason === 'LOGOUT' ? null : { reason: 'REVOKED' };
  if (row.past_idle && (row.idle_first || !row.past_absolute)) return { reason: 'IDLE', minutes: policy.idleMinutes };
  if (row.past_absolute) return { reason: 'ABSOLUTE', hours: policy.absoluteHours };
  // live session of a user or company disabled since
  return { reason: 'REVOKED' };
}
