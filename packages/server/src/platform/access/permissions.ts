import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { isGrantedTo } from './grants.js';

/** Codes the user holds through enabled roles and direct grants. User type '1' is not asked: it holds all. */
export async function loadPermissionCodes(db: Kysely<DB>, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('menu as m')
    .select('m.permission')
    .where('m.permission', 'is not', null)
    .where((eb) => isGrantedTo(eb, userId))
    .execute();
  return new Set(rows.map((r) => r.permission as string));
}
