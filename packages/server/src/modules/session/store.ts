import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

export interface LoginCandidate {
  id: string;
  username: string;
  password_hash: string;
  user_type: '1' | '2' | '3';
  status: 'ENABLED' | 'DISABLED';
  company_id: string | null;
  company_status: 'ENABLED' | 'DISABLED' | null;
}

export function findLoginCandidate(db: Kysely<DB>, username: string): Promise<LoginCandidate | undefined> {
  return db
    .selectFrom('app_user as u')
    .leftJoin('company as c', 'c.id', 'u.company_id')
    .select(['u.id', 'u.username', 'u.password_hash', 'u.user_type', 'u.status', 'u.company_id', 'c.status as company_status'])
    .where(sql`lower(u.username)`, '=', username.toLowerCase())
    .where('u.deleted', '=', false)
    .executeTakeFirst();
}

export interface FailureWindow {
  failures: number;
  /** Seconds until the oldest counted failure leaves the window. */
  retryAfterSeconds: number;
}

/**
 * Failed sign-ins of one account (since its last success) or from one IP within the window. Attempts
 * refused by the throttle itself are not counted, so an attack cannot extend a lock forever.
 */
export async function recentFailures(
  db: Kysely<DB>,
  by: { username: string } | { ip: string },
  windowMinutes: number,
): Promise<FailureWindow> {
  let query = db
    .selectFrom('login_log as l')
    .select([
      sql<number>`count(*)::int`.as('failures'),
      sql<number>`coalesce(ceil(extract(epoch from (min(l.created_at) + make_interval(mins => ${windowMinutes}) - now()))), 0)::int`.as(
        'retry_after',
      ),
    ])
    .where('l.result', '=', 'FAILURE')
    .where('l.reason', '<>', 'THROTTLED')
    .where(sql<boolean>`l.created_at > now() - make_interval(mins => ${windowMinutes})`);
  if ('username' in by) {
    const name = by.username.toLowerCase();
    query = query.where(sql`lower(l.username)`, '=', name).where(
      sql<boolean>`l.created_at > coalesce((SELECT max(s.created_at) FROM login_log s
        WHERE lower(s.username) = ${name} AND s.result = 'SUCCESS'), '-infinity'::timestamptz)`,
    );
  } else {
    query = query.where('l.ip', '=', by.ip);
  }
  const row = await query.executeTakeFirstOrThrow();
  return { failures: row.failures, retryAfterSeconds: Math.max(0, row.retry_after) };
}

export interface LoginRecord {
  username: string;
  userId: string | null;
  companyId: string | null;
  ip: string;
  userAgent: string;
  result: 'SUCCESS' | 'FAILURE';
  reason: string;
}

export async function recordLogin(db: Kysely<DB>, entry: LoginRecord): Promise<void> {
  await db
    .insertInto('login_log')
    .values({
      username: entry.username.slice(0, 64),
      user_id: entry.userId,
      company_id: entry.companyId,
      ip: entry.ip,
      user_agent: entry.userAgent.slice(0, 512),
      result: entry.result,
      reason: entry.reason,
    })
    .execute();
}

export async function markSignedIn(db: Kysely<DB>, userId: string, ip: string): Promise<void> {
  await db.updateTable('app_user').set({ last_login_at: sql`now()`, last_login_ip: ip }).where('id', '=', userId).execute();
}

export function loadProfile(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('app_user as u')
    .leftJoin('company as c', 'c.id', 'u.company_id')
    .select([
      'u.id',
      'u.user_code',
      'u.username',
      'u.name',
      'u.avatar',
      'u.user_type',
      'u.must_change_password',
      'u.password_changed_at',
      'u.last_login_at',
      'c.merchant_code',
      'c.full_name as company_name',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function roleCodesOf(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.id', 'ur.role_id')
    .select('r.role_code')
    .where('ur.user_id', '=', userId)
    .where('r.status', '=', 'ENABLED')
    .orderBy('r.sort')
    .execute();
  return rows.map((r) => r.role_code);
}
