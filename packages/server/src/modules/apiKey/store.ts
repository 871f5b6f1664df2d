import type { apiKeyPageQuerySchema } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/likePattern.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';
import { personName, personUsername } from '../userinfo/personName.js';

const SORT: SortSpec = {
  columns: { name: 'k.name', createdAt: 'k.created_at', lastUsedAt: 'k.last_used_at', expiresAt: 'k.expires_at' },
  defaultName: 'createdAt',
  defaultType: 'desc',
  tieBreaker: 'k.id',
};

const STATE = sql<'ACTIVE' | 'REVOKED' | 'EXPIRED'>`CASE WHEN k.revoked_at IS NOT NULL THEN 'REVOKED'
  WHEN k.expires_at IS NOT NULL AND k.expires_at <= now() THEN 'EXPIRED' ELSE 'ACTIVE' END`;

export function apiKeyPage(db: Kysely<DB>, companyId: string, query: z.infer<typeof apiKeyPageQuerySchema>) {
  let q = db
    .selectFrom('api_key as k')
    .innerJoin('app_user as u', 'u.id', 'k.created_by')
    .where('k.company_id', '=', companyId)
    .select([
      'k.id',
      'k.name',
      'k.key_prefix as keyPrefix',
      'k.permissions',
      'u.username as createdBy',
      personName('u').as('createdByName'),
      personUsername('u').as('createdByUsername'),
      'k.created_at as createdAt',
      'k.last_used_at as lastUsedAt',
      'k.expires_at as expiresAt',
      'k.revoked_at as revokedAt',
      STATE.as('state'),
    ]);
  if (query.name) q = q.where('k.name', 'ilike', containsPattern(query.name));
  if (query.state) q = q.where(STATE, '=', query.state);
  return fetchPage(q, query, SORT);
}

export async function insertApiKey(
  db: Kysely<DB>,
  key: { companyId: string; name: string; prefix: string; hash: Buffer; permissions: string[]; createdBy: string; expiresAt: Date | null },
): Promise<string> {
  const row = await db
    .insertInto('api_key')
    .values({
      company_id: key.companyId,
      name: key.name,
      key_prefix: key.prefix,
      key_hash: key.hash,
      permissions: key.permissions,
      created_by: key.createdBy,
      expires_at: key.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Revokes a live key of the company; 'revoked' already, or 'missing' when the company has no such key. */
export async function revokeApiKey(db: Kysely<DB>, companyId: string, id: string, userId: string): Promise<'done' | 'revoked' | 'missing'> {
  const row = await db
    .updateTable('api_key')
    .set({ revoked_at: sql`now()`, revoked_by: userId })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (row) return 'done';
  const exists = await db.selectFrom('api_key').select('id').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  return exists ? 'revoked' : 'missing';
}
