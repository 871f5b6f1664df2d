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
