import type {
  GrantableMenuNode,
  Lang,
  PageResult,
  RelationType,
  RoleAddBody,
  RoleEditBody,
  RoleGrants,
  RoleItem,
  RoleListQuery,
  RoleMenuSaveBody,
  RoleRef,
  RoleUser,
  RoleUsersSaveBody,
  UserRolesSaveBody,
} from '@rd/contract';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, accessDenied, notFound } from '../../platform/http/appError.js';
import { duplicateField } from '../../platform/http/inputErrors.js';
import { newBusinessCode } from '../../platform/ids.js';
import { ElementTree } from '../menu/elementTree.js';
import { allMenuElements } from '../menu/store.js';
import { notHeldCodes, planGrants, type Held } from './grantPlan.js';
import {
  addRoleHolders,
  addUserRoles,
  assignableEnterpriseRoles,
  deleteRole,
  elementIdsOfRoles,
  findUserInReachByCode,
  findVisibleRole,
  findVisibleRoleByCode,
  grantedElementIds,
  holderIdsInReach,
  insertRole,
  lockRole,
  lockUserInReach,
  removeRoleHolders,
  removeUserRoles,
  replaceRoleMenus,
  roleHolderCount,
  roleHolders,
  roleListPage,
  roleMenuIds,
  roleNameTaken,
  rolesOfUser,
  updateRole,
  usersInReach,
  visibleRolesByIds,
  type RoleRow,
} from './store.js';

const ROLE_NAME_LABEL = { zh_CN: '角色名称', en_US: 'Role name' };

/** A unique index refused the row (SQLSTATE 23505): a concurrent request took the name first. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** Platform users (types '1' and '2') have no company. */
const isPlatformUser = (principal: Principal) => principal.companyId === null;

/**
 * May the caller change this (visible) role: it belongs to the caller's own scope (the company, or the
 * shared roles for platform users), and built-in roles only for the super user.
 */
function isManageable(principal: Principal, role: Pick<RoleRow, 'company_id' | 'builtin'>): boolean {
  const own = isPlatformUser(principal) ? role.company_id === null : role.company_id === principal.companyId;
  return own && (!role.builtin || principal.userType === '1');
}

function assertManageable(principal: Principal, role: RoleRow): void {
  if (!isManageable(principal, role)) throw new AppError('BUILTIN_READONLY');
}

/** Platform roles go to platform users; a company's role to its users; shared enterprise roles to any company's. */
function fitsUser(role: Pick<RoleRow, 'scope' | 'company_id'>, user: { company_id: string | null }): boolean {
  if (role.scope === 'PLATFORM') return user.company_id === null;
  return role.company_id === null ? user.company_id !== null : user.company_id === role.company_id;
}

function toRoleRef(r: Pick<RoleRow, 'id' | 'role_code' | 'role_name' | 'role_name_en' | 'scope' | 'builtin' | 'status'>): RoleRef {
  return {
    id: r.id,
    roleCode: r.role_code,
    roleName: r.role_name,
    roleNameEn: r.role_name_en,
    scope: r.scope,
    builtin: r.builtin,
    status: r.status,
  };
}

/** A row of the roles list: the reference plus what the list and the edit form show. */
function toRoleItem(principal: Principal, r: RoleRow): RoleItem {
  return {
    ...toRoleRef(r),
    companyId: r.company_id,
    sort: r.sort,
    remark: r.remark,
    editable: isManageable(principal, r),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

// --- roles -----------------------------------------------------------------------------------------

export async function listRoles(db: Kysely<DB>, principal: Principal, query: RoleListQuery): Promise<PageResult<RoleItem>> {
  const page = await roleListPage(db, principal, query);
  return { ...page, list: page.list.map((r) => toRoleItem(principal, r)) };
}

/** True when no role the caller sees carries the name (the role being edited aside). */
export async function isRoleNameFree(db: Kysely<DB>, principal: Principal, roleName: string, exceptId?: string): Promise<boolean> {
  return !(await roleNameTaken(db, principal, roleName, exceptId));
}

/**
 * Creates a role with a generated code. Enterprise users create roles of their company (never platform
 * roles); platform users create shared roles, platform-scoped unless they ask for an enterprise one.
 */
export async function addRole(db: Kysely<DB>, principal: Principal, lang: Lang, body: RoleAddBody): Promise<string> {
  if (!isPlatformUser(principal) && body.scope === 'PLATFORM') throw accessDenied();
  const scope = isPlatformUser(principal) ? (body.scope ?? 'PLATFORM') : 'ENTERPRISE';
  if (await roleNameTaken(db, principal, body.roleName)) throw duplicateField(lang, 'roleName', ROLE_NAME_LABEL, body.roleName);
  try {
    return await insertRole(db, {
      role_code: newBusinessCode('R'),
      role_name: body.roleName,
      role_name_en: body.roleNameEn,
      sort: body.sort,
      status: body.status,
      remark: body.remark,
      company_id: principal.companyId,
      scope,
    });
  } catch (error) {
    // Two administrators adding the same name at once: the unique index decides.
    if (isUniqueViolation(error)) throw duplicateField(lang, 'roleName', ROLE_NAME_LABEL, body.roleName);
    throw error;
  }
}

export async function editRole(db: Kysely<DB>, principal: Principal, lang: Lang, id: string, body: RoleEditBody): Promise<void> {
  const role = await findVisibleRole(db, principal, id);
  if (!role) throw notFound();
  assertManageable(principal, role);
  if (await roleNameTaken(db, principal, body.roleName, id)) throw duplicateField(lang, 'roleName', ROLE_NAME_LABEL, body.roleName);
  try {
    await updateRole(db, id, {
      role_name: body.roleName,
      role_name_en: body.roleNameEn,
      sort: body.sort,
      status: body.status,
      remark: body.remark,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateField(lang, 'roleName', ROLE_NAME_LABEL, body.roleName);
    throw error;
  }
}

/** Deletes a role nobody holds; built-in roles only by the super user. */
export async function removeRole(db: Kysely<DB>, principal: Principal, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const role = await findVisibleRole(trx, principal, id);
    if (!role) throw notFound();
    assertManageable(principal, role);
    await lockRole(trx, id);
    if ((await roleHolderCount(trx, id)) > 0) throw new AppError('ROLE_IN_USE');
    await deleteRole(trx, id);
  });
}

// --- grants ----------------------------------------------------------------------------------------

/** What the caller may hand out: everything for the super user, else their elements and those elements' ancestors. */
export async function heldBy(db: Kysely<DB>, principal: Principal, tree: ElementTree): Promise<Held> {
  if (principal.userType === '1') return 'ALL';
  return tree.withAncestors(await grantedElementIds(db, principal.userId));
}

/** The tree of menu and button elements the caller may grant. */
export async function grantableTree(db: Kysely<DB>, principal: Principal): Promise<GrantableMenuNode[]> {
  const tree = new ElementTree(await allMenuElements(db));
  const held = await heldBy(db, principal, tree);
  return tree.build<GrantableMenuNode>(
    (m) => held === 'ALL' || held.has(m.id),
    (m, children) => ({
      id: m.id,
      menuCode: m.menu_code,
      menuName: m.menu_name,
      menuNameEn: m.menu_name_en,
      type: m.type,
      permission: m.permission,
      scope: m.scope,
      children,
    }),
  );
}

export async function grantsOfRole(db: Kysely<DB>, principal: Principal, roleCode: string, relationType: RelationType): Promise<RoleGrants> {
  const role = await findVisibleRoleByCode(db, principal, roleCode);
  if (!role) throw notFound();
  const rows = await roleMenuIds(db, role.id, relationType);
  return { menuIds: rows.map((r) => r.id), menuCodes: rows.map((r) => r.menu_code) };
}

/** Replaces a role's grants in one transaction (see planGrants for the rules). */
export async function saveRoleMenus(db: Kysely<DB>, principal: Principal, body: RoleMenuSaveBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const role = await findVisibleRole(trx, principal, body.roleId);
    if (!role) throw notFound();
    assertManageable(principal, role);
    await lockRole(trx, role.id);
    const tree = new ElementTree(await allMenuElements(trx));
    const current = new Set((await roleMenuIds(trx, role.id)).map((r) => r.id));
    const next = planGrants({
      tree,
      held: await heldBy(trx, principal, tree),
      current,
      requested: body.menuIds,
      enterpriseTarget: role.scope === 'ENTERPRISE',
    });
    await replaceRoleMenus(trx, role.id, next);
  });
}

/** Refuses to give roles whose elements the caller does not hold (the codes are named). */
async function assertRolesHeld(trx: Kysely<DB>, principal: Principal, roleIds: readonly string[]): Promise<void> {
  if (roleIds.length === 0 || principal.userType === '1') return;
  const tree = new ElementTree(await allMenuElements(trx));
  const held = await heldBy(trx, principal, tree);
  const elements = [...(await elementIdsOfRoles(trx, roleIds)).values()].flat();
  const missing = notHeldCodes(tree, held, elements);
  if (missing.length > 0) throw new AppError('GRANT_NOT_HELD', { codes: missing.join(', ') });
}

// --- holders ---------------------------------------------------------------------------------------

export async function holdersOfRole(db: Kysely<DB>, principal: Principal, roleId: string): Promise<RoleUser[]> {
  const role = await findVisibleRole(db, principal, roleId);
  if (!role) throw notFound();
  const rows = await roleHolders(db, principal, roleId);
  return rows.map((u) => ({
    id: u.id,
    usercode: u.usercode,
    username: u.username,
    name: u.name,
    status: u.status === 'ENABLED' ? '1' : '0',
    companyName: u.companyName,
  }));
}

/**
 * Makes exactly the listed users (of those within the caller's reach) hold the role. Holders outside the
 * caller's reach (other companies sharing a built-in role) are not touched.
 */
export async function saveRoleHolders(db: Kysely<DB>, principal: Principal, body: RoleUsersSaveBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const role = await findVisibleRole(trx, principal, body.roleId);
    if (!role) throw notFound();
    await lockRole(trx, role.id);
    const wanted = [...new Set(body.userIds)];
    const users = await usersInReach(trx, principal, wanted);
    if (users.length !== wanted.length) throw notFound();
    const misfits = users.filter((u) => !fitsUser(role, u));
    if (misfits.length > 0) {
      throw new AppError('ROLE_SCOPE_MISMATCH', { roles: role.role_name, users: misfits.map((u) => u.username).join(', ') });
    }
    const current = new Set(await holderIdsInReach(trx, principal, role.id));
    const added = wanted.filter((id) => !current.has(id));
    const removed = [...current].filter((id) => !wanted.includes(id));
    if (added.length > 0) await assertRolesHeld(trx, principal, [role.id]);
    await addRoleHolders(trx, role.id, added);
    await removeRoleHolders(trx, role.id, removed);
  });
}

// --- a user's roles ------------------------------------------------------------------------------

export async function rolesOfUserByCode(db: Kysely<DB>, principal: Principal, userCode: string): Promise<RoleRef[]> {
  const user = await findUserInReachByCode(db, principal, userCode);
  if (!user) throw notFound();
  return (await rolesOfUser(db, user.id)).map(toRoleRef);
}

/**
 * Makes the user's roles, among those the caller sees, exactly the listed ones. Roles the caller cannot
 * see (another scope's) stay as they are.
 */
export async function saveUserRoles(db: Kysely<DB>, principal: Principal, body: UserRolesSaveBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await lockUserInReach(trx, principal, body.userId);
    if (!user) throw notFound();
    const wanted = [...new Set(body.roleIds)];
    const roles = await visibleRolesByIds(trx, principal, wanted);
    if (roles.length !== wanted.length) throw notFound();
    const misfits = roles.filter((r) => !fitsUser(r, user));
    if (misfits.length > 0) {
      // The same answer as when the roles come with the user's form (userinfo add/edit).
      throw new AppError('ROLE_NOT_ASSIGNABLE', { roles: misfits.map((r) => r.role_name).join(', ') });
    }
    const currentIds = (await rolesOfUser(trx, user.id)).map((r) => r.id);
    const currentVisible = (await visibleRolesByIds(trx, principal, currentIds)).map((r) => r.id);
    const added = wanted.filter((id) => !currentIds.includes(id));
    const removed = currentVisible.filter((id) => !wanted.includes(id));
    await assertRolesHeld(trx, principal, added);
    await addUserRoles(trx, user.id, added);
    await removeUserRoles(trx, user.id, removed);
  });
}

export async function enterpriseRoleChoices(db: Kysely<DB>, principal: Principal): Promise<RoleRef[]> {
  return (await assignableEnterpriseRoles(db, principal)).map(toRoleRef);
}
