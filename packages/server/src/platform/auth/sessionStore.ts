import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { newToken, tokenHash } from './token.js';

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

/** The signed-in caller, as the server knows them; never taken from the request body. */
export interface Principal {
  sessionId: string;
  userId: string;
  userType: '1' | '2' | '3';
  username: string;
  companyId: string | null;
  /** Set when a machine calls with a company API key: what the key may do, whatever its maker may. */
  apiKey?: { id: string; permissions: readonly string[] };
  /**
   * Set while platform staff look at one company read-only (the support view): `companyId` is then that
   * company and `userType` '3', so every module's company filter serves that company and nothing else,
   * and the access guard lets only reads through. Ends at `until`, on leaving, and with the session.
   */
  support?: { staffUserType: '1' | '2'; until: Date };
}

export async function createSession(
  db: Kysely<DB>,
  policy: SessionPolicy,
  input: { userId: string; companyId: string | null; ip: string; userAgent: string },
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('user_session')
    .values({
      token_hash: tokenHash(token),
      user_id: input.userId,
      company_id: input.companyId,
      ip: input.ip,
      user_agent: input.userAgent.slice(0, 512),
      expires_at: sql`now() + make_interval(hours => ${policy.absoluteHours})`,
    })
    .execute();
  return token;
}

// Writing last_seen_at on every request would turn each read into a write; a minute's precision is plenty.
const TOUCH_AFTER_SECONDS = 60;

/** The live session of a token, or null when it is unknown, revoked, idle too long, expired or its user disabled. */
export async function resolveSession(db: Kysely<DB>, policy: SessionPolicy, token: string): Promise<Principal | null> {
  const row = await db
    .selectFrom('user_session as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .leftJoin('company as c', 'c.id', 'u.company_id')
    .select([
      's.id',
      's.user_id',
      'u.user_type',
      'u.username',
      'u.company_id',
      sql<boolean>`s.last_seen_at < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS})`.as('stale'),
      // a support view past its time is simply over: the session goes on as the platform account
      sql<string | null>`CASE WHEN s.support_until > now() AND u.company_id IS NULL THEN s.support_company_id END`.as('support_company_id'),
      's.support_until',
    ])
    .where('s.token_hash', '=', tokenHash(token))
    .where('s.revoked_at', 'is', null)
    .where(sql<boolean>`s.expires_at > now()`)
    .where(sql<boolean>`s.last_seen_at > now() - make_interval(mins => ${policy.idleMinutes})`)
    .where('u.status', '=', 'ENABLED')
    .where('u.deleted', '=', false)
    .where((eb) => eb.or([eb('c.id', 'is', null), eb('c.status', '=', 'ENABLED')]))
    .executeTakeFirst();
  if (!row) return null;
  if (row.stale) {
    await db.updateTable('user_session').set({ last_seen_at: sql`now()` }).where('id', '=', row.id).execute();
  }
  const principal: Principal = {
    sessionId: row.id,
    userId: row.user_id,
    userType: row.user_type,
    username: row.username,
    companyId: row.company_id,
  };
  if (row.support_company_id && row.support_until && row.user_type !== '3') {
    return { ...principal, userType: '3', companyId: row.support_company_id, support: { staffUserType: row.user_type, until: new Date(row.support_until) } };
  }
  return principal;
}

export async function revokeSession(db: Kysely<DB>, sessionId: string, reason: string): Promise<void> {
  await db
    .updateTable('user_session')
    .set({ revoked_at: sql`now()`, revoke_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every open session of a user: password change, disabling, deletion. */
export async function revokeUserSessions(db: Kysely<DB>, userId: string, reason: string): Promise<number> {
  const result = await db
    .updateTable('user_session')
    .set({ revoked_at: sql`now()`, revoke_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
