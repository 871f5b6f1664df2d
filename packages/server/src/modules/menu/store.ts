import { sql, type Kysely } from 'kysely';
import { isGrantedTo } from '../../platform/access/grants.js';
import type { MenuScope } from '@rd/contract';
import type { DB } from '../../platform/db/schema.js';

/** What an element is made of: the columns written on insert and update. */
export interface MenuFields {
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
  scope: MenuScope;
}

export interface MenuElementRow extends MenuFields {
  id: string;
}

const COLUMNS = [
  'm.id',
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
  'm.scope',
] as const;

/** Elements in display order: by sort, then by code. */
function elementsInOrder(db: Kysely<DB>) {
  return db.selectFrom('menu as m').select(COLUMNS).orderBy('m.sort').orderBy('m.menu_code');
}

export function allMenuElements(db: Kysely<DB>): Promise<MenuElementRow[]> {
  return elementsInOrder(db).execute();
}

/** Elements granted to the user through enabled roles or directly. */
export function grantedMenuElements(db: Kysely<DB>, userId: string): Promise<MenuElementRow[]> {
  return elementsInOrder(db).where((eb) => isGrantedTo(eb, userId)).execute();
}

/**
 * Keeps other menu writers (and grants, whose foreign keys read the menu) out until the transaction ends,
 * so two moves cannot build a cycle and a delete cannot race a new child. Reads go on.
 */
export async function lockMenuTable(trx: Kysely<DB>): Promise<void> {
  await sql`lock table menu in exclusive mode`.execute(trx);
}

export async function insertMenu(trx: Kysely<DB>, fields: MenuFields): Promise<string> {
  const row = await trx.insertInto('menu').values(fields).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Children follow a new menu code through the foreign key's ON UPDATE CASCADE. */
export async function updateMenu(trx: Kysely<DB>, id: string, fields: MenuFields): Promise<void> {
  await trx
    .updateTable('menu')
    .set({ ...fields, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function menuCodeTaken(trx: Kysely<DB>, menuCode: string, exceptId: string | undefined): Promise<boolean> {
  let q = trx.selectFrom('menu').select('id').where('menu_code', '=', menuCode);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function hasChildren(trx: Kysely<DB>, menuCode: string): Promise<boolean> {
  const row = await trx.selectFrom('menu').select('id').where('parent_code', '=', menuCode).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Deletes the element; its grants (role_menu, user_menu) go with it through ON DELETE CASCADE. */
export async function deleteMenu(trx: Kysely<DB>, id: string): Promise<void> {
  await trx.deleteFrom('menu').where('id', '=', id).execute();
}

/**
 * Marks elements platform-only (or company-only) and withdraws them from every enterprise (or platform)
 * role and user, so "platform elements are never granted to companies" (and "company elements never to
 * platform accounts") holds after the change too.
 */
export async function confineScope(trx: Kysely<DB>, ids: readonly string[], scope: 'PLATFORM' | 'COMPANY'): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('menu')
    .set({ scope, updated_at: sql`now()` })
    .where('id', 'in', ids)
    .where('scope', '<>', scope)
    .execute();
  const otherRoles = scope === 'PLATFORM' ? 'ENTERPRISE' : 'PLATFORM';
  await trx
    .deleteFrom('role_menu')
    .where('menu_id', 'in', ids)
    .where('role_id', 'in', (eb) => eb.selectFrom('role').select('id').where('scope', '=', otherRoles))
    .execute();
  await trx
    .deleteFrom('user_menu')
    .where('menu_id', 'in', ids)
    .where('user_id', 'in', (eb) =>
      eb.selectFrom('app_user').select('id').where('company_id', scope === 'PLATFORM' ? 'is not' : 'is', null),
    )
    .execute();
}
