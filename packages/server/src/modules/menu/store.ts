import type { Kysely } from 'kysely';
import { isGrantedTo } from '../../platform/access/grants.js';
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

/** Elements granted to the user through enabled roles or directly. */
export function grantedMenuElements(db: Kysely<DB>, userId: string): Promise<MenuElementRow[]> {
  return db
    .selectFrom('menu as m')
    .select(COLUMNS)
    .where((eb) => isGrantedTo(eb, userId))
    .orderBy('m.sort')
    .orderBy('m.menu_code')
    .execute();
}
