import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { BUILTIN_MENUS, BUILTIN_ROLES, type BuiltinRoleCode, type MenuSeed } from './builtinMenus.js';

interface FlatElement {
  code: string;
  parentCode: string | null;
  name: string;
  nameEn: string;
  icon: string;
  url: string;
  type: 'MENU' | 'BUTTON';
  permission: string | null;
  sort: number;
  scope: MenuScope;
  roles: BuiltinRoleCode[];
}

type MenuScope = 'ALL' | 'PLATFORM' | 'COMPANY';

/** An element's scope: its own mark, else its parent's (below a platform-only or company-only menu, all is). */
function scopeOf(mark: { platformOnly?: boolean; companyOnly?: boolean }, inherited: MenuScope): MenuScope {
  if (inherited !== 'ALL') return inherited;
  if (mark.platformOnly) return 'PLATFORM';
  return mark.companyOnly ? 'COMPANY' : 'ALL';
}

function builtinRolesOf(scope: MenuScope, grants: readonly string[] | undefined): BuiltinRoleCode[] {
  const roles: BuiltinRoleCode[] = [];
  if (scope !== 'COMPANY') roles.push('PLATFORM_ADMIN');
  if (scope !== 'PLATFORM') roles.push('ENTERPRISE_ADMIN');
  if (grants?.includes('OPERATOR') && scope !== 'PLATFORM') roles.push('ENTERPRISE_OPERATOR');
  if (grants?.includes('AUDITOR') && scope !== 'COMPANY') roles.push('AUDITOR');
  return roles;
}

/** Parents before children, so each insert finds its parent. */
export function flattenMenus(node: MenuSeed, parentCode: string | null = null, sort = 0, inherited: MenuScope = 'ALL'): FlatElement[] {
  const scope = scopeOf(node, inherited);
  const self: FlatElement = {
    code: node.code,
    parentCode,
    name: node.name,
    nameEn: node.nameEn,
    icon: node.icon ?? '',
    url: node.url ?? '',
    type: 'MENU',
    permission: node.permission ?? null,
    sort,
    scope,
    roles: builtinRolesOf(scope, node.grants),
  };
  const buttons: FlatElement[] = (node.buttons ?? []).map((b, i) => {
    const buttonScope = scopeOf(b, scope);
    return {
      code: b.permission,
      parentCode: node.code,
      name: b.name,
      nameEn: b.nameEn,
      icon: '',
      url: '',
      type: 'BUTTON',
      permission: b.permission,
      sort: i + 1,
      scope: buttonScope,
      roles: builtinRolesOf(buttonScope, b.grants),
    };
  });
  const children = (node.children ?? []).flatMap((c, i) => flattenMenus(c, node.code, i + 1, scope));
  return [self, ...buttons, ...children];
}

/**
 * Creates the built-in roles and menu elements that are missing. Elements already present are left as
 * the administrators edited them; a new element is granted to the built-in roles that should have it.
 */
export async function seedPlatform(db: Kysely<DB>): Promise<void> {
  // One statement each for the roles and the menu elements (PostgreSQL checks a parent's key at the end of
  // the statement): a restart runs this seed and finds nothing to add, in a few round trips, not hundreds.
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('role')
      .values(
        BUILTIN_ROLES.map((role) => ({
          role_code: role.code,
          role_name: role.name,
          role_name_en: role.nameEn,
          company_id: null,
          scope: role.scope,
          builtin: true,
          sort: role.sort,
        })),
      )
      .onConflict((oc) => oc.column('role_code').doNothing())
      .execute();
    const elements = flattenMenus(BUILTIN_MENUS);
    const inserted = await trx
      .insertInto('menu')
      .values(
        elements.map((element) => ({
          menu_code: element.code,
          parent_code: element.parentCode,
          menu_name: element.name,
          menu_name_en: element.nameEn,
          menu_icon: element.icon,
          menu_url: element.url,
          type: element.type,
          permission: element.permission,
          sort: element.sort,
          scope: element.scope,
        })),
      )
      .onConflict((oc) => oc.column('menu_code').doNothing())
      .returning(['id', 'menu_code'])
      .execute();
    if (inserted.length === 0) return;
    const roleIds = await roleIdsByCode(trx);
    const rolesOf = new Map(elements.map((element) => [element.code, element.roles]));
    await trx
      .insertInto('role_menu')
      .values(inserted.flatMap((menu) => rolesOf.get(menu.menu_code)!.map((code) => ({ role_id: roleIds.get(code) as string, menu_id: menu.id }))))
      .execute();
  });
}

async function roleIdsByCode(trx: Transaction<DB>): Promise<Map<string, string>> {
  const rows = await trx.selectFrom('role').select(['id', 'role_code']).where('builtin', '=', true).execute();
  return new Map(rows.map((r) => [r.role_code, r.id]));
}
