import { API_KEY_PREFIX } from '@rd/contract';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Principal } from './sessionStore.js';
import { tokenHash } from './token.js';

/**
 * Company API keys as credentials: `rdk_` and 192 random bits, URL-safe. Only the SHA-256 is stored, as for
 * session tokens; the first characters are kept to tell keys apart on the screen.
 */

const KEY_SHAPE = /^rdk_[A-Za-z0-9_-]{32}$/;
const PREFIX_LENGTH = API_KEY_PREFIX.length + 6;
// as for sessions: recording the last use on every call would make each read a write
const TOUCH_AFTER_SECONDS = 60;

export function newApiKey(): { key: string; prefix: string; hash: Buffer } {
  const key = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
  return { key, prefix: key.slice(0, PREFIX_LENGTH), hash: tokenHash(key) };
}

/** The key in an `Authorization: Bearer …` header, or null when there is none of the right shape. */
export function bearerApiKey(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match && KEY_SHAPE.test(match[1] as string) ? (match[1] as string) : null;
}

/**
 * The caller behind a live key (not revoked, not expired, its company enabled): its company, its maker as
 * the user actions are recorded under, and the key's own permissions. Null for any other key.
 */
export async function resolveApiKey(db: Kysely<DB>, key: string): Promise<Principal | null> {
  const row = await db
    .selectFrom('api_key as k')
    .innerJoin('company as c', 'c.id', 'k.company_id')
    .select(['k.id', 'k.name', 'k.company_id', 'k.created_by', 'k.permissions', sql<boolean>`k.last_used_at IS NULL OR k.last_used_at < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS})`.as('stale')])
    .where('k.key_hash', '=', tokenHash(key))
    .where('k.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('k.expires_at', 'is', null), eb('k.expires_at', '>', sql<Date>`now()`)]))
    .where('c.status', '=', 'ENABLED')
    .executeTakeFirst();
  if (!row) return null;
  if (row.stale) await db.updateTable('api_key').set({ last_used_at: sql`now()` }).where('id', '=', row.id).execute();
  return {
    sessionId: '',
    userId: row.created_by,
    userType: '3',
    username: `API key: ${row.name}`,
    companyId: row.company_id,
    apiKey: { id: row.id, permissions: row.permissions },
  };
}
