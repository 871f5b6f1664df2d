import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HOURS } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { AppError, conflict } from '../http/appError.js';

/** A hash of what a keyed request asks for: the route and its checked body, keys in a fixed order. */
export function requestFingerprint(route: string, body: Record<string, unknown>): string {
  const ordered = Object.keys(body)
    .sort()
    .map((name) => [name, body[name] ?? null]);
  return createHash('sha256').update(JSON.stringify([route, ordered])).digest('hex');
}

/** Deletes the keys older than the time they are kept; any instance may run it, the rows are few. */
export async function sweepExpiredKeys(db: Kysely<DB>): Promise<void> {
  await db
    .deleteFrom('idempotency_key')
    .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`)
    .execute();
}

export type KeyClaim = { kind: 'new' } | { kind: 'answered'; resourceId: string };

/**
 * Claims a key for this request inside the caller's transaction. A first use inserts the key (the caller
 * then stores what it creates and calls `rememberResource`). While another transaction holds an uncommitted
 * insert of the same key, PostgreSQL makes this insert wait for it: once that one commits, its row is found
 * here; if it rolled back, this insert goes through. So concurrent requests with one key create one thing.
 * The same key with another fingerprint is refused (IDEMPOTENCY_KEY_REUSED).
 */
export async function claimKey(trx: Kysely<DB>, companyId: string, key: string, fingerprint: string): Promise<KeyClaim> {
  const inserted = await trx
    .insertInto('idempotency_key')
    .values({ company_id: companyId, key, fingerprint })
    .onConflict((oc) => oc.columns(['company_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return { kind: 'new' };
  const earlier = await trx
    .selectFrom('idempotency_key')
    .select(['fingerprint', 'resource_id'])
    .where('company_id', '=', companyId)
    .where('key', '=', key)
    .executeTakeFirst();
  // Gone between the two statements: swept as expired in that instant. Asking again is safe.
  if (!earlier) throw conflict();
  if (earlier.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  if (!earlier.resource_id) throw conflict();
  return { kind: 'answered', resourceId: earlier.resource_id };
}

/** Records what the first request with the key created, in the same transaction as its creation. */
export async function rememberResource(trx: Kysely<DB>, companyId: string, key: string, resourceId: string): Promise<void> {
  await trx.updateTable('idempotency_key').set({ resource_id: resourceId }).where('company_id', '=', companyId).where('key', '=', key).execute();
}
