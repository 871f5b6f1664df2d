import { sql, type Kysely } from 'kysely';
import type { PageQuery } from '@rd/contract';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/likePattern.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';

const SORT: SortSpec = {
  columns: { lastSeenAt: 's.last_seen_at', createdAt: 's.created_at', username: 'u.username' },
  defaultName: 'lastSeenAt',
  defaultType: 'desc',
  tieBreaker: 's.id',
};

/** Sessions that are still usable: not revoked, not expired, not idle past the limit. */
function liveSessions(db: Kysely<DB>, principal: Principal, idleMinutes: number) {
  let q = db
    .selectFrom('user_session as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .leftJoin('company as c', 'c.id', 's.company_id')
    .where('s.revoked_at', 'is', null)
    .where(sql<boolean>`s.expires_at > now()`)
    .where(sql<boolean>`s.last_seen_at > now() - make_interval(mins => ${idleMinutes})`);
  if (principal.companyId) q = q.where('s.company_id', '=', principal.companyId);
  return q;
}

export async function onlineUserPage(
  db: Kysely<DB>,
  principal: Principal,
  idleMinutes: number,
  query: PageQuery & { username?: string },
) {
  let q = liveSessions(db, principal, idleMinutes).select([
    's.id',
    'u.username',
    'u.name',
    sql<string>`coalesce(c.full_name, '')`.as('companyName'),
    's.ip',
    's.user_agent as userAgent',
    's.created_at as createdAt',
    's.last_seen_at as lastSeenAt',
    sql<boolean>`s.id = ${principal.sessionId}`.as('current'),
  ]);
  if (query.username) q = q.where('u.username', 'ilike', containsPattern(query.username));
  return fetchPage(q, query, SORT);
}

/** The live session's id if the caller may end it (same company, or platform staff). */
export async function findLiveSession(db: Kysely<DB>, principal: Principal, idleMinutes: number, sessionId: string) {
  return liveSessions(db, principal, idleMinutes).select('s.id').where('s.id', '=', sessionId).executeTakeFirst();
}
