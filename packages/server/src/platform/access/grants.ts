import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * "Menu element m is granted to the user": through an enabled role, or directly (user_menu).
 * The one definition behind both the permission check and the menu tree.
 */
export function isGrantedTo(eb: ExpressionBuilder<DB & { m: DB['menu'] }, 'm'>, userId: string) {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('role_menu as rm')
        .innerJoin('user_role as ur', 'ur.role_id', 'rm.role_id')
        .innerJoin('role as r', 'r.id', 'rm.role_id')
        .select('rm.menu_id')
        .whereRef('rm.menu_id', '=', 'm.id')
        .where('ur.user_id', '=', userId)
        .where('r.status', '=', 'ENABLED'),
    ),
    eb.exists(
      eb.selectFrom('user_menu as um').select('um.menu_id').whereRef('um.menu_id', '=', 'm.id').where('um.user_id', '=', userId),
    ),
  ]);
}
