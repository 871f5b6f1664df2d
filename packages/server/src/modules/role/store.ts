import type { RelationType, RoleListQuery } from '@rd/contract';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { isGrantedTo } from '../../platform/access/grants.js';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/likePattern.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';

type RoleScopeEb = ExpressionBuilder<DB & { r: DB['role'] }, 'r'>;
type UserScopeEb = ExpressionBuilder<DB & { u: DB['app_user'] }, 'u'>;

/**
 * Roles a caller sees. Platform users: the shared roles (company NULL: platform roles and the built-in
 * ones). Enterprise users: their company's roles and the shared enterprise roles (read-only to them).
 */
export function roleVisibleTo(principal: Principal) {
  return (eb: RoleScopeEb) =>
    principal.companyId === null
      ? eb('r.company_id', 'is', null)
      : eb.or([
          eb('r.company_id', '=', principal.companyId),
          eb.and([eb('r.company_id', 'is', null), eb('r.scope', '=', 'ENTERPRISE')]),
        ]);
}

/** Users a caller may manage: enterprise users their own company's, platform users everyone's. */
export function userInReachOf(principal: Principal) {
  return (eb: UserScopeEb) =>
    principal.companyId === null
      ? eb('u.deleted', '=', false)
      : eb.and([eb('u.deleted', '=', false), eb('u.company_id', '=', principal.companyId)]);
}

const ROLE_COLUMNS = [
  'r.id',
  'r.role_code',
  'r.role_name',
  'r.role_name_en',
  'r.scope',
  'r.builtin',
  'r.company_id',
  'r.sort',
  'r.status',
  'r.remark',
  'r.created_at',
  'r.updated_at',
] as const;

const SORT: SortSpec = {
  columns: { sort: 'r.sort', roleName: 'r.role_name', roleCode: 'r.role_code', status: 'r.status', createdAt: 'r.created_at' },
  defaultName: 'sort',
  defaultType: 'asc',
  tieBreaker: 'r.role_code',
};

export function roleListPage(db: Kysely<DB>, principal: Principal, query: RoleListQuery) {
  let q = db.selectFrom('role as r').select(ROLE_COLUMNS).where(roleVisibleTo(principal));
  if (query.roleName) {
    const pattern = containsPattern(query.roleName);
    q = q.where((eb) => eb.or([eb('r.role_name', 'ilike', pattern), eb('r.role_name_en', 'ilike', pattern)]));
  }
  if (query.status) q = q.where('r.status', '=', query.status);
  return fetchPage(q, query, SORT);
}

export type RoleRow = NonNullable<Awaited<ReturnType<typeof findVisibleRole>>>;

export function findVisibleRole(db: Kysely<DB>, principal: Principal, id: string) {
  return db.selectFrom('role as r').select(ROLE_COLUMNS).where('r.id', '=', id).where(roleVisibleTo(principal)).executeTakeFirst();
}

export function findVisibleRoleByCode(db: Kysely<DB>, principal: Principal, roleCode: string) {
  return db
    .selectFrom('role as r')
    .select(ROLE_COLUMNS)
    .where('r.role_code', '=', roleCode)
    .where(roleVisibleTo(principal))
    .executeTakeFirst();
}

/** Serialises changes to one role's grants or holders: the second saver waits and then sees the first's result. */
export async function lockRole(trx: Kysely<DB>, id: string): Promise<void> {
  await trx.selectFrom('role').select('id').where('id', '=', id).forUpdate().execute();
}

/** Whether a role the caller sees already carries the name (the role being edited aside). */
export async function roleNameTaken(db: Kysely<DB>, principal: Principal, roleName: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('role as r').select('r.id').where('r.role_name', '=', roleName).where(roleVisibleTo(principal));
  if (exceptId) q = q.where('r.id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export interface RoleFields {
  role_name: string;
  role_name_en: string;
  sort: number;
  status: 'ENABLED' | 'DISABLED';
  remark: string;
}

export async function insertRole(
  db: Kysely<DB>,
  fields: RoleFields & { role_code: string; company_id: string | null; scope: 'PLATFORM' | 'ENTERPRISE' },
): Promise<string> {
  const row = await db.insertInto('role').values(fields).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRole(db: Kysely<DB>, id: string, fields: RoleFields): Promise<void> {
  await db
    .updateTable('role')
    .set({ ...fields, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function roleHolderCount(db: Kysely<DB>, roleId: string): Promise<number> {
  const row = await db
    .selectFrom('user_role as ur')
    .innerJoin('app_user as u', 'u.id', 'ur.user_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('ur.role_id', '=', roleId)
    .where('u.deleted', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the role; its grants and any links to deleted users go with it (ON DELETE CASCADE). */
export async function deleteRole(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('role').where('id', '=', id).execute();
}

// --- grants ----------------------------------------------------------------------------------------

/** Ids of the elements the user holds through enabled roles or directly. */
export async function grantedElementIds(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('menu as m')
    .select('m.id')
    .where((eb) => isGrantedTo(eb, userId))
    .execute();
  return rows.map((r) => r.id);
}

export async function roleMenuIds(db: Kysely<DB>, roleId: string, relationType: RelationType = 'ALL') {
  let q = db
    .selectFrom('role_menu as rm')
    .innerJoin('menu as m', 'm.id', 'rm.menu_id')
    .select(['m.id', 'm.menu_code'])
    .where('rm.role_id', '=', roleId);
  if (relationType !== 'ALL') q = q.where('m.type', '=', relationType);
  return q.orderBy('m.sort').orderBy('m.menu_code').execute();
}

/** Element ids granted to each of the given roles. */
export async function elementIdsOfRoles(db: Kysely<DB>, roleIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return out;
  const rows = await db.selectFrom('role_menu').select(['role_id', 'menu_id']).where('role_id', 'in', roleIds).execute();
  for (const row of rows) out.get(row.role_id)?.push(row.menu_id);
  return out;
}

/** Makes the role's grants exactly `menuIds`. */
export async function replaceRoleMenus(trx: Kysely<DB>, roleId: string, menuIds: ReadonlySet<string>): Promise<void> {
  const keep = [...menuIds];
  let removal = trx.deleteFrom('role_menu').where('role_id', '=', roleId);
  if (keep.length > 0) removal = removal.where('menu_id', 'not in', keep);
  await removal.execute();
  if (keep.length === 0) return;
  await trx
    .insertInto('role_menu')
    .values(keep.map((menu_id) => ({ role_id: roleId, menu_id })))
    .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
    .execute();
}

// --- holders ---------------------------------------------------------------------------------------

const USER_COLUMNS = [
  'u.id',
  'u.user_code as usercode',
  'u.username',
  'u.name',
  'u.status',
  'u.company_id',
  sql<string>`coalesce(c.full_name, '')`.as('companyName'),
] as const;

/** Users within the caller's reach who hold the role. */
export function roleHolders(db: Kysely<DB>, principal: Principal, roleId: string) {
  return db
    .selectFrom('user_role as ur')
    .innerJoin('app_user as u', 'u.id', 'ur.user_id')
    .leftJoin('company as c', 'c.id', 'u.company_id')
    .select(USER_COLUMNS)
    .where('ur.role_id', '=', roleId)
    .where(userInReachOf(principal))
    .orderBy('u.username')
    .execute();
}

/** The given users, those within the caller's reach only. */
export function usersInReach(db: Kysely<DB>, principal: Principal, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('app_user as u')
    .select(['u.id', 'u.username', 'u.company_id', 'u.user_type'])
    .where('u.id', 'in', userIds)
    .where(userInReachOf(principal))
    .execute();
}

export function findUserInReachByCode(db: Kysely<DB>, principal: Principal, userCode: string) {
  return db
    .selectFrom('app_user as u')
    .select(['u.id', 'u.username', 'u.company_id'])
    .where('u.user_code', '=', userCode)
    .where(userInReachOf(principal))
    .executeTakeFirst();
}

export function findUserInReach(db: Kysely<DB>, principal: Principal, userId: string) {
  return db
    .selectFrom('app_user as u')
    .select(['u.id', 'u.username', 'u.company_id', 'u.user_type'])
    .where('u.id', '=', userId)
    .where(userInReachOf(principal))
    .executeTakeFirst();
}

/** Locks the user row so two saves of one user's roles or grants run one after the other. */
export function lockUserInReach(trx: Kysely<DB>, principal: Principal, userId: string) {
  return trx
    .selectFrom('app_user as u')
    .select(['u.id', 'u.username', 'u.company_id', 'u.user_type'])
    .where('u.id', '=', userId)
    .where(userInReachOf(principal))
    .forUpdate()
    .executeTakeFirst();
}

/** Ids of the caller-reachable users holding the role. */
export async function holderIdsInReach(db: Kysely<DB>, principal: Principal, roleId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_role as ur')
    .innerJoin('app_user as u', 'u.id', 'ur.user_id')
    .select('u.id')
    .where('ur.role_id', '=', roleId)
    .where(userInReachOf(principal))
    .execute();
  return rows.map((r) => r.id);
}

export async function addRoleHolders(trx: Kysely<DB>, roleId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await trx
    .insertInto('user_role')
    .values(userIds.map((user_id) => ({ user_id, role_id: roleId })))
    .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
    .execute();
}

export async function removeRoleHolders(trx: Kysely<DB>, roleId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await trx.deleteFrom('user_role').where('role_id', '=', roleId).where('user_id', 'in', userIds).execute();
}

// --- a user's roles ------------------------------------------------------------------------------

const ROLE_REF_COLUMNS = ['r.id', 'r.role_code', 'r.role_name', 'r.role_name_en', 'r.scope', 'r.builtin', 'r.status', 'r.company_id'] as const;

export function rolesOfUser(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.id', 'ur.role_id')
    .select(ROLE_REF_COLUMNS)
    .where('ur.user_id', '=', userId)
    .orderBy('r.sort')
    .orderBy('r.role_code')
    .execute();
}

export function visibleRolesByIds(db: Kysely<DB>, principal: Principal, roleIds: readonly string[]) {
  if (roleIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('role as r').select(ROLE_REF_COLUMNS).where('r.id', 'in', roleIds).where(roleVisibleTo(principal)).execute();
}

export async function addUserRoles(trx: Kysely<DB>, userId: string, roleIds: readonly string[]): Promise<void> {
  if (roleIds.length === 0) return;
  await trx
    .insertInto('user_role')
    .values(roleIds.map((role_id) => ({ user_id: userId, role_id })))
    .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
    .execute();
}

export async function removeUserRoles(trx: Kysely<DB>, userId: string, roleIds: readonly string[]): Promise<void> {
  if (roleIds.length === 0) return;
  await trx.deleteFrom('user_role').where('user_id', '=', userId).where('role_id', 'in', roleIds).execute();
}

/**
 * Enabled enterprise roles assignable in the caller's company: the shared enterprise roles, plus the
 * company's own for enterprise users.
 */
export function assignableEnterpriseRoles(db: Kysely<DB>, principal: Principal) {
  return db
    .selectFrom('role as r')
    .select(ROLE_REF_COLUMNS)
    .where('r.scope', '=', 'ENTERPRISE')
    .where('r.status', '=', 'ENABLED')
    .where(roleVisibleTo(principal))
    .orderBy('r.sort')
    .orderBy('r.role_code')
    .execute();
}
