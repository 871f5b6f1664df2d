import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** Codes the user holds through their enabled roles. User type '1' is not asked: it holds all. */
export async function loadPermissionCodes(db: Kysely<DB>, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.id', 'ur.role_id')
    .innerJoin('role_menu as rm', 'rm.role_id', 'r.id')
    .innerJoin('menu as m', 'm.id', 'rm.menu_id')
    .select('m.permission')
    .distinct()
    .where('ur.user_id', '=', userId)
    .where('r.status', '=', 'ENABLED')
    .where('m.permission', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.permission as string));
}
