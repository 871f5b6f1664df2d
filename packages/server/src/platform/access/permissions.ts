import type { MenuScope } from '@rd/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { isGrantedTo } from './grants.js';

/**
 * Codes the user holds through enabled roles and direct grants (among elements of the given scopes, when
 * given). User type '1' is not asked: it holds all.
 */
export async function loadPermissionCodes(db: Kysely<DB>, userId: string, scopes?: readonly MenuScope[]): Promise<Set<string>> {
  let query = db
    .selectFrom('menu as m')
    .select('m.permission')
    .where('m.permission', 'is not', null)
    .where((eb) => isGrantedTo(eb, userId));
  if (scopes) query = query.where('m.scope', 'in', scopes);
  const rows = await query.execute();
  return new Set(rows.map((r) => r.permission as string));
}

/**
 * Whether the user holds this one code (among elements of the given scopes): the question every guarded request
 * asks, answered with at most one row rather than every code the user holds. User type '1' is not asked.
 */
export async function holdsPermission(db: Kysely<DB>, userId: string, permission: string, scopes: readonly MenuScope[]): Promise<boolean> {
  const row = await db
    .selectFrom('menu as m')
    .select('m.id')
    .where('m.permission', '=', permission)
    .where('m.scope', 'in', scopes)
    .where((eb) => isGrantedTo(eb, userId))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
