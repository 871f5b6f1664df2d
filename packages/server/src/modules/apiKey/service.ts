import { type ApiKeyCreated, type ApiKeyRow, type apiKeyAddBodySchema, type apiKeyPageQuerySchema, type Lang, type PageResult } from '@rd/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { loadPermissionCodes } from '../../platform/access/permissions.js';
import { newApiKey } from '../../platform/auth/apiKeys.js';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { businessClock, businessDayStart } from '../../platform/export/businessClock.js';
import { AppError, conflict, notFound } from '../../platform/http/appError.js';
import { invalidField } from '../../platform/http/inputErrors.js';
import { ownCompany } from '../product/ownCompany.js';
import { apiKeyPage, insertApiKey, revokeApiKey } from './store.js';

/**
 * A key is made by a person of the company and can do no more than they can: each permission given to it
 * must be one its maker holds. Afterwards it belongs to the company: it works until revoked or expired,
 * whoever made it.
 */
export async function createApiKey(
  db: Kysely<DB>,
  principal: Principal,
  body: z.infer<typeof apiKeyAddBodySchema>,
  timeZone: string,
  lang: Lang,
): Promise<ApiKeyCreated> {
  const companyId = ownCompany(principal);
  const held = principal.userType === '1' ? null : await loadPermissionCodes(db, principal.userId);
  if (held && body.permissions.some((p) => !held.has(p))) throw new AppError('ACCESS_DENIED_ERROR');
  let expiresAt: Date | null = null;
  if (body.expiresOn) {
    // the key works through the whole of its last day, in the business time zone
    expiresAt = businessDayStart(timeZone, body.expiresOn, 1);
    if (Number.isNaN(expiresAt.getTime()) || body.expiresOn < businessClock(timeZone).date()) throw invalidField(lang, 'expiresOn', 'validation.date');
  }
  const { key, prefix, hash } = newApiKey();
  const id = await insertApiKey(db, { companyId, name: body.name, prefix, hash, permissions: [...new Set(body.permissions)], createdBy: principal.userId, expiresAt });
  return { id, key, keyPrefix: prefix };
}

export async function listApiKeys(
  db: Kysely<DB>,
  principal: Principal,
  query: z.infer<typeof apiKeyPageQuerySchema>,
  timeZone: string,
): Promise<PageResult<ApiKeyRow>> {
  const page = await apiKeyPage(db, ownCompany(principal), query);
  // the last day it works: the day of the second before it stops
  const day = (at: Date) => businessClock(timeZone).date(new Date(at.getTime() - 1000));
  return {
    ...page,
    list: page.list.map(({ expiresAt, ...row }) => ({ ...row, expiresOn: expiresAt ? day(expiresAt) : null })),
  };
}

export async function revokeKey(db: Kysely<DB>, principal: Principal, id: string): Promise<void> {
  const result = await revokeApiKey(db, ownCompany(principal), id, principal.userId);
  if (result === 'missing') throw notFound();
  if (result === 'revoked') throw conflict();
}
