import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

export interface MenuElementRow {
  menu_code: string;
  parent_code: string | null;
  menu_name: string;
  menu_name_en: string;
  menu_icon: string;
  menu_url: string;
  type: 'MENU' | 'BUTTON';
  permission: string | null;
  is_show: '0' | '1';
  sort: number;
}

const COLUMNS = [
  'm.menu_code',
  'm.parent_code',
  'm.menu_name',
  'm.menu_name_en',
  'm.menu_icon',
  'm.menu_url',
  'm.type',
  'm.permission',
  'm.is_show',
  'm.sort',
] as const;

export function allMenuElements(db: Kysely<DB>): Promise<MenuElementRow[]> {
  return db.selectFrom('menu as m').select(COLUMNS).orderBy('m.sort').orderBy('m.menu_code').execute();
}

/** Elements granted to the user through enabled roles. */
export function grantedMenuElements(db: Kysely<DB>, userId: string): Promise<MenuElementRow[]> {
  return db
    .selectFrom('menu as m')
    .select(COLUMNS)
    .where((eb) =>
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
    )
    .orderBy('m.sort')
    .orderBy('m.menu_code')
    .execute();
}
