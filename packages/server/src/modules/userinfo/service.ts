import {
  catalogueMessage,
  PERMISSIONS,
  USER_SEX_VALUES,
  USER_STATUS_VALUES,
  validationMessage,
  type ChangePasswordBody,
  type Lang,
  type PageResult,
  type PasswordCheck,
  type UserAddBody,
  type UserDeptNode,
  type UserDetail,
  type UserEditBody,
  type UserForRole,
  type UserForRoleQuery,
  type UserInit,
  type UserListItem,
  type UserListQuery,
  type UserOption,
  type UserPasswordResult,
  type UserPictureBody,
  type UserStatus,
  type ValidationKey,
} from '@rd/contract';
import type { Kysely } from 'kysely';
import { loadPermissionCodes } from '../../platform/access/permissions.js';
import { generatePassword, hashPassword, verifyPassword } from '../../platform/auth/password.js';
import { revokeUserSessions, type Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, accessDenied, notFound } from '../../platform/http/appError.js';
import { newBusinessCode } from '../../platform/ids.js';
import { assertAssignable, assertGrantsHeld, assertMayManage, assignableRoles, grantableRoleIds, type RoleHolder } from './assignment.js';
import {
  companyExists,
  companyOptions,
  departmentBelongsTo,
  departmentsOf,
  dictionaryItems,
  insertUser,
  passwordState,
  replaceUserRoles,
  roleIdsOf,
  setAvatar,
  setGeneratedPassword,
  setPassword,
  setUserStatus,
  updateUserProfile,
  userDetailRow,
  usernameTaken,
  userPage,
  usersForRolePage,
  visibleUserTarget,
  type UserProfileValues,
  type UserRow,
} from './store.js';
import { FIELD_LABELS, SEX_LABELS, STATUS_LABELS } from './texts.js';

/** Changes the caller's own password; every session of the user ends, this one included. */
export async function changeOwnPassword(db: Kysely<DB>, userId: string, body: ChangePasswordBody): Promise<void> {
  const state = await passwordState(db, userId);
  if (!(await verifyPassword(state.password_hash, body.oldPassword))) {
    throw new AppError('OLD_PASSWORD_WRONG', undefined, [{ field: 'oldPassword', message: 'OLD_PASSWORD_WRONG' }]);
  }
  await db.transaction().execute(async (trx) => {
    await setPassword(trx, userId, await hashPassword(body.newPassword));
    await revokeUserSessions(trx, userId, 'PASSWORD_CHANGED');
  });
}

/** Whether the user must change the password now: a generated or reset one, or one older than the policy allows. */
export async function checkPassword(db: Kysely<DB>, userId: string, maxAgeDays: number): Promise<PasswordCheck> {
  const state = await passwordState(db, userId);
  if (state.must_change_password) return { mustChange: true, reason: 'INITIAL' };
  if (maxAgeDays > 0 && state.age_seconds > maxAgeDays * 86400) return { mustChange: true, reason: 'EXPIRED' };
  return { mustChange: false, reason: null };
}

// ---------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------

export const statusOf = (status: 'ENABLED' | 'DISABLED'): UserStatus => (status === 'ENABLED' ? '1' : '0');

export function toListItem(row: UserRow): UserListItem {
  return {
    id: row.id,
    userCode: row.user_code,
    username: row.username,
    name: row.name,
    sex: row.sex,
    userType: row.user_type,
    companyId: row.company_id,
    companyName: row.company_name,
    deptId: row.dept_id,
    deptName: row.dept_name,
    jobTitle: row.job_title,
    phone: row.phone,
    email: row.email,
    avatar: row.avatar,
    status: statusOf(row.status),
    birthdate: row.birthdate,
    contractStart: row.contract_start,
    contractEnd: row.contract_end,
    roles: row.roles,
    lastLoginAt: row.last_login_at,
    createdAt: row.created_at,
  };
}

export async function listUsers(db: Kysely<DB>, actor: Principal, query: UserListQuery): Promise<PageResult<UserListItem>> {
  const page = await userPage(db, actor, query);
  return { ...page, list: page.list.map(toListItem) };
}

export async function userDetail(db: Kysely<DB>, actor: Principal, id: string): Promise<UserDetail> {
  const row = await userDetailRow(db, actor, id);
  if (!row) throw notFound();
  return {
    ...toListItem(row),
    remark: row.remark,
    mustChangePassword: row.must_change_password,
    lastLoginIp: row.last_login_ip,
    updatedAt: row.updated_at,
  };
}

/** Dictionary type holding the sex labels; its values must be among USER_SEX_VALUES to be offered. */
const SEX_DICTIONARY = 'sys_user_sex';

/**
 * Sex options: the labels of the sex dictionary when it is there (administrators may relabel them), the
 * built-in labels otherwise. Only values the API accepts are offered.
 */
export async function sexOptions(db: Kysely<DB>, lang: Lang): Promise<UserOption[]> {
  const accepted = new Set<string>(USER_SEX_VALUES);
  const items = (await dictionaryItems(db, SEX_DICTIONARY)).filter((i) => accepted.has(i.dic_code));
  if (items.length === 0) return USER_SEX_VALUES.map((value) => ({ value, label: SEX_LABELS[lang][value] }));
  return items.map((i) => ({ value: i.dic_code, label: lang === 'en_US' && i.dic_name_en ? i.dic_name_en : i.dic_name }));
}

/** Departments as a tree; a department whose parent is not in the list becomes a root. */
export function buildDeptTree(rows: ReadonlyArray<{ id: string; parent_id: string | null; dept_name: string; status: 'ENABLED' | 'DISABLED' }>): UserDeptNode[] {
  const nodes = new Map<string, UserDeptNode>(
    rows.map((r) => [r.id, { id: r.id, parentId: r.parent_id, deptName: r.dept_name, status: r.status, children: [] }]),
  );
  const roots: UserDeptNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/**
 * What the user form offers: departments and roles of the company the new user would belong to (the
 * caller's; for platform users the one asked for, or the platform itself), and the option lists.
 */
export async function userInit(db: Kysely<DB>, actor: Principal, lang: Lang, companyId: string | undefined): Promise<UserInit> {
  let holder: RoleHolder;
  if (actor.userType === '3') holder = { userType: '3', companyId: actor.companyId };
  else if (companyId) {
    if (!(await companyExists(db, companyId))) throw notFound();
    holder = { userType: '3', companyId };
  } else holder = { userType: '2', companyId: null };

  const roles = await assignableRoles(db, holder);
  const grantable = await grantableRoleIds(
    db,
    actor,
    roles.map((r) => r.id),
  );
  return {
    depts: buildDeptTree(await departmentsOf(db, holder.companyId)),
    roles: roles.map((r) => ({
      id: r.id,
      roleCode: r.role_code,
      roleName: r.role_name,
      roleNameEn: r.role_name_en,
      scope: r.scope,
      builtin: r.builtin,
      grantable: grantable.has(r.id),
    })),
    sexOptions: await sexOptions(db, lang),
    statusOptions: USER_STATUS_VALUES.map((value) => ({ value, label: STATUS_LABELS[lang][value] })),
    companies: actor.userType === '3' ? [] : (await companyOptions(db)).map((c) => ({ value: c.id, label: c.full_name })),
  };
}

/** Users of the caller's company (platform users: of the company asked for, else platform staff) for role assignment. */
export async function usersForRole(db: Kysely<DB>, actor: Principal, query: UserForRoleQuery): Promise<PageResult<UserForRole>> {
  const companyId = actor.userType === '3' ? actor.companyId : (query.companyId ?? null);
  const page = await usersForRolePage(db, companyId, query);
  return {
    ...page,
    list: page.list.map((u) => ({ id: u.id, usercode: u.user_code, username: u.username, name: u.name, status: statusOf(u.status) })),
  };
}

// ---------------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------------

function fieldError(lang: Lang, field: string, key: ValidationKey): AppError {
  return new AppError('PARAM_CHECK', undefined, [{ field, message: validationMessage(key, lang) }]);
}

function duplicateUsername(lang: Lang, username: string): AppError {
  const params = { field: FIELD_LABELS[lang].username, value: username };
  return new AppError('DUPLICATE', params, [{ field: 'username', message: catalogueMessage('DUPLICATE', lang, params) }]);
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

async function assertUsernameFree(db: Kysely<DB>, lang: Lang, username: string, exceptId?: string): Promise<void> {
  if (await usernameTaken(db, username, exceptId)) throw duplicateUsername(lang, username);
}

async function assertDepartment(db: Kysely<DB>, lang: Lang, deptId: string | undefined, companyId: string | null): Promise<void> {
  // Another company's department is refused like one that does not exist.
  if (deptId && !(await departmentBelongsTo(db, deptId, companyId))) throw fieldError(lang, 'deptId', 'validation.invalid');
}

/** The profile columns from a form; absent optional fields are stored empty. */
function profileValues(body: UserEditBody, avatar: string): UserProfileValues {
  return {
    username: body.username,
    name: body.name,
    sex: body.sex,
    dept_id: body.deptId ?? null,
    job_title: body.jobTitle ?? '',
    email: body.email ?? '',
    phone: body.phone ?? '',
    birthdate: body.birthdate ?? null,
    contract_start: body.contractStart ?? null,
    contract_end: body.contractEnd ?? null,
    remark: body.remark ?? '',
    avatar,
  };
}

/**
 * The type and company of a new user. Enterprise users create enterprise users of their own company only;
 * platform users create platform staff, or enterprise users of an existing company.
 */
async function newUserHolder(db: Kysely<DB>, actor: Principal, lang: Lang, body: UserAddBody): Promise<RoleHolder & { userType: '2' | '3' }> {
  if (actor.userType === '3') {
    if (body.userType === '2' || (body.companyId && body.companyId !== actor.companyId)) throw accessDenied();
    return { userType: '3', companyId: actor.companyId };
  }
  const userType = body.userType ?? (body.companyId ? '3' : '2');
  if (userType === '2') {
    if (body.companyId) throw fieldError(lang, 'companyId', 'validation.invalid');
    return { userType: '2', companyId: null };
  }
  if (!body.companyId) throw fieldError(lang, 'companyId', 'validation.required');
  if (!(await companyExists(db, body.companyId))) throw fieldError(lang, 'companyId', 'validation.invalid');
  return { userType: '3', companyId: body.companyId };
}

/** Creates a user with a generated password, which is returned this once; it must be changed at the first sign-in. */
export async function addUser(db: Kysely<DB>, actor: Principal, lang: Lang, body: UserAddBody): Promise<UserPasswordResult> {
  const holder = await newUserHolder(db, actor, lang, body);
  await assertDepartment(db, lang, body.deptId, holder.companyId);
  await assertUsernameFree(db, lang, body.username);
  const roles = body.roles ?? [];
  await assertAssignable(db, lang, holder, roles);
  await assertGrantsHeld(db, actor, roles);

  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  try {
    const id = await db.transaction().execute(async (trx) => {
      const userId = await insertUser(trx, {
        ...profileValues(body, body.avatar ?? ''),
        user_code: newBusinessCode('U'),
        password_hash: passwordHash,
        user_type: holder.userType,
        company_id: holder.companyId,
        created_by: actor.userId,
      });
      await replaceUserRoles(trx, userId, roles);
      return userId;
    });
    return { id, password };
  } catch (error) {
    // Two administrators adding the same name at once: the unique index decides.
    if (isUniqueViolation(error)) throw duplicateUsername(lang, body.username);
    throw error;
  }
}

/** A user the caller may see and manage, or NOT_FOUND / ACCESS_DENIED_ERROR. */
async function managedTarget(db: Kysely<DB>, actor: Principal, id: string) {
  const target = await visibleUserTarget(db, actor, id);
  if (!target) throw notFound();
  await assertMayManage(db, actor, id);
  return target;
}

export async function editUser(db: Kysely<DB>, actor: Principal, lang: Lang, id: string, body: UserEditBody): Promise<void> {
  const target = await managedTarget(db, actor, id);
  const holder: RoleHolder = { userType: target.user_type, companyId: target.company_id };
  await assertDepartment(db, lang, body.deptId, holder.companyId);
  await assertUsernameFree(db, lang, body.username, id);
  const roles = body.roles;
  if (roles) {
    await assertAssignable(db, lang, holder, roles);
    // Roles the user already holds were granted before; only new ones are grants by this actor.
    const current = new Set(await roleIdsOf(db, id));
    await assertGrantsHeld(
      db,
      actor,
      roles.filter((r) => !current.has(r)),
    );
  }
  const avatar = body.avatar ?? target.avatar;
  try {
    await db.transaction().execute(async (trx) => {
      await updateUserProfile(trx, id, profileValues(body, avatar), actor.userId);
      if (roles) await replaceUserRoles(trx, id, roles);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateUsername(lang, body.username);
    throw error;
  }
}

/** A new generated password, returned this once; the user's open sessions end and the password must be changed. */
export async function resetPassword(db: Kysely<DB>, actor: Principal, id: string): Promise<UserPasswordResult> {
  await managedTarget(db, actor, id);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await setGeneratedPassword(trx, id, passwordHash, actor.userId);
    await revokeUserSessions(trx, id, 'PASSWORD_RESET');
  });
  return { id, password };
}

/** Enables ('1') or disables ('0') an account; disabling ends its open sessions at once. */
export async function setStatus(db: Kysely<DB>, actor: Principal, id: string, value: UserStatus): Promise<void> {
  if (id === actor.userId && value === '0') {
    // Checked before anything else, so the refusal does not depend on who else could see the account.
    throw new AppError('CANNOT_DISABLE_SELF');
  }
  await managedTarget(db, actor, id);
  await db.transaction().execute(async (trx) => {
    await setUserStatus(trx, id, value === '1' ? 'ENABLED' : 'DISABLED', actor.userId);
    if (value === '0') await revokeUserSessions(trx, id, 'USER_DISABLED');
  });
}

/** Sets the caller's own picture, or with system:user:edit another user's. */
export async function setPicture(db: Kysely<DB>, actor: Principal, body: UserPictureBody): Promise<void> {
  const targetId = body.id ?? actor.userId;
  if (targetId !== actor.userId) {
    if (actor.userType !== '1' && !(await loadPermissionCodes(db, actor.userId)).has(PERMISSIONS.userEdit)) throw accessDenied();
    await managedTarget(db, actor, targetId);
  }
  await setAvatar(db, targetId, body.avatar, actor.userId);
}
