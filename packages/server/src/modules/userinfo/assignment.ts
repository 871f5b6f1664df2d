import { catalogueMessage, type Lang } from '@rd/contract';
import type { Kysely } from 'kysely';
import { loadPermissionCodes } from '../../platform/access/permissions.js';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, accessDenied } from '../../platform/http/appError.js';

/**
 * Who may hold which roles, and who may hand them out. Roles are what turn an account into power, so
 * every rule that keeps an administrator from growing beyond their own rights lives here.
 */

/** The kind of account a role would be given to. */
export interface RoleHolder {
  userType: '1' | '2' | '3';
  companyId: string | null;
}

/**
 * Roles an account may hold: an enterprise user the shared ENTERPRISE roles and their own company's;
 * platform staff the PLATFORM roles. Never another company's roles, never across the two scopes.
 */
export function assignableRoles(db: Kysely<DB>, holder: RoleHolder) {
  let q = db.selectFrom('role as r').select(['r.id', 'r.role_code', 'r.role_name', 'r.role_name_en', 'r.scope', 'r.builtin']);
  if (holder.userType === '3') {
    const companyId = holder.companyId;
    q = q
      .where('r.scope', '=', 'ENTERPRISE')
      .where((eb) => (companyId ? eb.or([eb('r.company_id', 'is', null), eb('r.company_id', '=', companyId)]) : eb('r.company_id', 'is', null)));
  } else {
    q = q.where('r.scope', '=', 'PLATFORM');
  }
  return q.orderBy('r.sort').orderBy('r.role_code').execute();
}

export async function assertAssignable(db: Kysely<DB>, lang: Lang, holder: RoleHolder, roleIds: readonly string[]): Promise<void> {
  if (roleIds.length === 0) return;
  const allowed = new Set((await assignableRoles(db, holder)).map((r) => r.id));
  const refused = [...new Set(roleIds)].filter((id) => !allowed.has(id));
  if (refused.length) {
    const params = { roles: refused.join(', ') };
    throw new AppError('ROLE_NOT_ASSIGNABLE', params, [{ field: 'roles', message: catalogueMessage('ROLE_NOT_ASSIGNABLE', lang, params) }]);
  }
}

/** Every permission code the given roles grant. */
export async function permissionsOfRoles(db: Kysely<DB>, roleIds: readonly string[]): Promise<Set<string>> {
  if (roleIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('role_menu as rm')
    .innerJoin('menu as m', 'm.id', 'rm.menu_id')
    .select('m.permission')
    .distinct()
    .where('rm.role_id', 'in', [...new Set(roleIds)])
    .where('m.permission', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.permission as string));
}

/** Codes the actor holds; the super user holds every code, so for them this is never consulted. */
function heldCodes(db: Kysely<DB>, actor: Principal): Promise<Set<string>> {
  return loadPermissionCodes(db, actor.userId);
}

/** Nobody hands out a permission they do not hold themselves (the super user holds all). */
export async function assertGrantsHeld(db: Kysely<DB>, actor: Principal, roleIds: readonly string[]): Promise<void> {
  if (actor.userType === '1' || roleIds.length === 0) return;
  const wanted = await permissionsOfRoles(db, roleIds);
  const held = await heldCodes(db, actor);
  const missing = [...wanted].filter((code) => !held.has(code)).sort();
  if (missing.length) throw new AppError('GRANT_NOT_HELD', { codes: missing.join(', ') });
}

/** For the form: which of these roles the actor could hand out. */
export async function grantableRoleIds(db: Kysely<DB>, actor: Principal, roleIds: readonly string[]): Promise<Set<string>> {
  if (actor.userType === '1' || roleIds.length === 0) return new Set(roleIds);
  const held = await heldCodes(db, actor);
  const rows = await db
    .selectFrom('role_menu as rm')
    .innerJoin('menu as m', 'm.id', 'rm.menu_id')
    .select(['rm.role_id', 'm.permission'])
    .where('rm.role_id', 'in', [...new Set(roleIds)])
    .where('m.permission', 'is not', null)
    .execute();
  const grantable = new Set(roleIds);
  for (const row of rows) if (!held.has(row.permission as string)) grantable.delete(row.role_id);
  return grantable;
}

/**
 * Editing, resetting the password of, disabling or changing the picture of another account needs every
 * permission that account holds: otherwise a user with the reset-password button could take over their
 * own administrator's account.
 */
export async function assertMayManage(db: Kysely<DB>, actor: Principal, targetId: string): Promise<void> {
  if (actor.userType === '1' || actor.userId === targetId) return;
  const theirs = await loadPermissionCodes(db, targetId);
  const mine = await heldCodes(db, actor);
  if ([...theirs].some((code) => !mine.has(code))) throw accessDenied();
}
