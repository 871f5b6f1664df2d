import type { MenuScope } from '@rd/contract';
import type { Kysely } from 'kysely';
import { isGrantedTo } from '../../platform/access/grants.js';
import type { DB } from '../../platform/db/schema.js';

/** Elements granted to the user directly (user_menu). */
export async function directGrantIds(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_menu').select('menu_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.menu_id);
}

/** Elements the user holds through enabled roles. */
export async function roleGrantIds(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('role_menu as rm')
    .innerJoin('user_role as ur', 'ur.role_id', 'rm.role_id')
    .innerJoin('role as r', 'r.id', 'rm.role_id')
    .select('rm.menu_id')
    .distinct()
    .where('ur.user_id', '=', userId)
    .where('r.status', '=', 'ENABLED')
    .execute();
  return rows.map((r) => r.menu_id);
}

/** Makes the user's direct grants exactly `menuIds`. */
export async function replaceDirectGrants(trx: Kysely<DB>, userId: string, menuIds: ReadonlySet<string>): Promise<void> {
  const keep = [...menuIds];
  let removal = trx.deleteFrom('user_menu').where('user_id', '=', userId);
  if (keep.length > 0) removal = removal.where('menu_id', 'not in', keep);
  await removal.execute();
  if (keep.length === 0) return;
  await trx
    .insertInto('user_menu')
    .values(keep.map((menu_id) => ({ user_id: userId, menu_id })))
    .onConflict((oc) => oc.columns(['user_id', 'menu_id']).doNothing())
    .execute();
}

/** Permission codes of one element type: every one that exists, or those the user holds. */
export async function permissionCodesByType(
  db: Kysely<DB>,
  type: 'MENU' | 'BUTTON',
  holderId: string | null,
  scopes: readonly MenuScope[],
): Promise<string[]> {
  let q = db
    .selectFrom('menu as m')
    .select('m.permission')
    .distinct()
    .where('m.type', '=', type)
    .where('m.permission', 'is not', null)
    .where('m.scope', 'in', scopes);
  if (holderId !== null) q = q.where((eb) => isGrantedTo(eb, holderId));
  const rows = await q.orderBy('m.permission').execute();
  return rows.map((r) => r.permission as string);
}
