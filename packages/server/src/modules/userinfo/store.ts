import type { UserExportBody, UserForRoleQuery, UserListQuery, UserRoleRef } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/likePattern.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';

export function passwordState(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('app_user')
    .select(['password_hash', 'must_change_password', sql<number>`extract(epoch from now() - password_changed_at)::int`.as('age_seconds')])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function setPassword(db: Kysely<DB>, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ password_hash: passwordHash, must_change_password: false, password_changed_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

/** A password set by an administrator: the user must replace it at the next sign-in. */
export async function setGeneratedPassword(db: Kysely<DB>, userId: string, passwordHash: string, actorId: string): Promise<void> {
  await db
    .updateTable('app_user')
    .set({
      password_hash: passwordHash,
      must_change_password: true,
      password_changed_at: sql`now()`,
      updated_at: sql`now()`,
      updated_by: actorId,
    })
    .where('id', '=', userId)
    .execute();
}

/** A uuid no row has: matches nothing where a list or a company is empty. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Users the caller may see at all: their own company's for enterprise users; every company's for platform
 * staff, except the super user, whom only a super user sees. Deleted users are never shown.
 */
export function visibleUsers(db: Kysely<DB>, principal: Principal) {
  let q = db.selectFrom('app_user as u').where('u.deleted', '=', false);
  if (principal.userType === '3') q = q.where('u.company_id', '=', principal.companyId ?? NO_ID);
  else if (principal.userType !== '1') q = q.where('u.user_type', '<>', '1');
  return q;
}

const ROLES_OF_USER = sql<UserRoleRef[]>`coalesce((
  SELECT json_agg(json_build_object('id', r.id, 'roleCode', r.role_code, 'roleName', r.role_name, 'roleNameEn', r.role_name_en)
                  ORDER BY r.sort, r.role_code)
  FROM user_role ur JOIN role r ON r.id = ur.role_id
  WHERE ur.user_id = u.id), '[]'::json)`;

/** The user list, its export and the detail read the same rows. */
function userRows(db: Kysely<DB>, principal: Principal) {
  return visibleUsers(db, principal)
    .leftJoin('company as c', 'c.id', 'u.company_id')
    .leftJoin('department as d', 'd.id', 'u.dept_id')
    .select([
      'u.id',
      'u.user_code',
      'u.username',
      'u.name',
      'u.sex',
      'u.user_type',
      'u.company_id',
      sql<string>`coalesce(c.full_name, '')`.as('company_name'),
      'u.dept_id',
      sql<string>`coalesce(d.dept_name, '')`.as('dept_name'),
      'u.job_title',
      'u.phone',
      'u.email',
      'u.avatar',
      'u.status',
      'u.birthdate',
      'u.contract_start',
      'u.contract_end',
      ROLES_OF_USER.as('roles'),
      'u.last_login_at',
      'u.created_at',
    ]);
}

export type UserRow = Awaited<ReturnType<ReturnType<typeof userRows>['executeTakeFirstOrThrow']>>;

export const USER_SORT: SortSpec = {
  columns: {
    createdAt: 'u.created_at',
    username: 'u.username',
    name: 'u.name',
    userCode: 'u.user_code',
    status: 'u.status',
    lastLoginAt: 'u.last_login_at',
    deptName: 'd.dept_name',
  },
  defaultName: 'createdAt',
  defaultType: 'desc',
  tieBreaker: 'u.id',
};

type UserFilters = Omit<UserExportBody, 'orderName' | 'orderType'>;

function filteredUserRows(db: Kysely<DB>, principal: Principal, filters: UserFilters) {
  let q = userRows(db, principal);
  if (filters.ids) q = q.where('u.id', 'in', filters.ids.length ? filters.ids : [NO_ID]);
  if (filters.username) q = q.where('u.username', 'ilike', containsPattern(filters.username));
  if (filters.name) q = q.where('u.name', 'ilike', containsPattern(filters.name));
  if (filters.phone) q = q.where('u.phone', 'like', containsPattern(filters.phone));
  if (filters.status) q = q.where('u.status', '=', filters.status === '1' ? 'ENABLED' : 'DISABLED');
  // Platform users may narrow the list to one company; enterprise users are held to theirs by visibleUsers.
  if (filters.companyId && principal.userType !== '3') q = q.where('u.company_id', '=', filters.companyId);
  if (filters.deptId) {
    const deptId = filters.deptId;
    // The department and everything below it (ancestors holds the comma-separated ids above a department).
    q = q.where((eb) =>
      eb.or([
        eb('d.id', '=', deptId),
        eb(sql<string>`',' || d.ancestors || ','`, 'like', `%,${deptId},%`),
      ]),
    );
  }
  if (filters.roleCode) {
    const roleCode = filters.roleCode;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_role as fur')
          .innerJoin('role as fr', 'fr.id', 'fur.role_id')
          .select('fur.user_id')
          .whereRef('fur.user_id', '=', 'u.id')
          .where('fr.role_code', '=', roleCode),
      ),
    );
  }
  if (filters.beginTime) q = q.where('u.created_at', '>=', filters.beginTime);
  if (filters.endTime) q = q.where('u.created_at', '<=', filters.endTime);
  return q;
}

export function userPage(db: Kysely<DB>, principal: Principal, query: UserListQuery) {
  return fetchPage(filteredUserRows(db, principal, query), query, USER_SORT);
}

const EXPORT_CHUNK = 500;

/** Every matching user in list order, read a chunk at a time so an export never holds the whole table. */
export async function* exportedUsers(
  db: Kysely<DB>,
  principal: Principal,
  body: UserExportBody,
  order: { column: string; direction: 'asc' | 'desc' },
): AsyncGenerator<UserRow> {
  const q = filteredUserRows(db, principal, body).orderBy(sql.ref(order.column), order.direction).orderBy('u.id', order.direction);
  for (let offset = 0; ; offset += EXPORT_CHUNK) {
    const rows = await q.limit(EXPORT_CHUNK).offset(offset).execute();
    yield* rows;
    if (rows.length < EXPORT_CHUNK) return;
  }
}

export function userDetailRow(db: Kysely<DB>, principal: Principal, id: string) {
  return userRows(db, principal)
    .select([
      'u.remark',
      'u.must_change_password',
      'u.last_login_ip',
      'u.updated_at',
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();
}

/** The type and company of a user the caller may see, or undefined (another company's user is "not found"). */
export function visibleUserTarget(db: Kysely<DB>, principal: Principal, id: string) {
  return visibleUsers(db, principal).select(['u.id', 'u.user_type', 'u.company_id', 'u.status', 'u.avatar']).where('u.id', '=', id).executeTakeFirst();
}

export async function usernameTaken(db: Kysely<DB>, username: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('app_user')
    .select('id')
    .where(sql`lower(username)`, '=', sql`lower(${username})`)
    .where('deleted', '=', false);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function departmentBelongsTo(db: Kysely<DB>, deptId: string, companyId: string | null): Promise<boolean> {
  const row = await db
    .selectFrom('department')
    .select('id')
    .where('id', '=', deptId)
    .where(companyId === null ? sql<boolean>`company_id IS NULL` : sql<boolean>`company_id = ${companyId}`)
    .executeTakeFirst();
  return row !== undefined;
}

export function departmentsOf(db: Kysely<DB>, companyId: string | null) {
  return db
    .selectFrom('department')
    .select(['id', 'parent_id', 'dept_name', 'status', 'sort'])
    .where(companyId === null ? sql<boolean>`company_id IS NULL` : sql<boolean>`company_id = ${companyId}`)
    .orderBy('sort')
    .orderBy('dept_name')
    .execute();
}

export async function companyExists(db: Kysely<DB>, companyId: string): Promise<boolean> {
  return (await db.selectFrom('company').select('id').where('id', '=', companyId).executeTakeFirst()) !== undefined;
}

export function companyOptions(db: Kysely<DB>) {
  return db.selectFrom('company').select(['id', 'full_name']).orderBy('full_name').orderBy('id').execute();
}

export async function roleIdsOf(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_role').select('role_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.role_id);
}

export async function replaceUserRoles(db: Kysely<DB>, userId: string, roleIds: readonly string[]): Promise<void> {
  await db.deleteFrom('user_role').where('user_id', '=', userId).execute();
  if (roleIds.length) {
    await db
      .insertInto('user_role')
      .values([...new Set(roleIds)].map((roleId) => ({ user_id: userId, role_id: roleId })))
      .execute();
  }
}

export interface UserProfileValues {
  username: string;
  name: string;
  sex: '0' | '1' | '2';
  dept_id: string | null;
  job_title: string;
  email: string;
  phone: string;
  birthdate: string | null;
  contract_start: string | null;
  contract_end: string | null;
  remark: string;
  avatar: string;
}

export async function insertUser(
  db: Kysely<DB>,
  values: UserProfileValues & {
    user_code: string;
    password_hash: string;
    user_type: '2' | '3';
    company_id: string | null;
    created_by: string;
  },
): Promise<string> {
  const row = await db
    .insertInto('app_user')
    .values({ ...values, must_change_password: true, updated_by: values.created_by })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUserProfile(db: Kysely<DB>, userId: string, values: UserProfileValues, actorId: string): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ ...values, updated_by: actorId, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

export async function setUserStatus(db: Kysely<DB>, userId: string, status: 'ENABLED' | 'DISABLED', actorId: string): Promise<void> {
  await db.updateTable('app_user').set({ status, updated_by: actorId, updated_at: sql`now()` }).where('id', '=', userId).execute();
}

export async function setAvatar(db: Kysely<DB>, userId: string, avatar: string, actorId: string): Promise<void> {
  await db.updateTable('app_user').set({ avatar, updated_by: actorId, updated_at: sql`now()` }).where('id', '=', userId).execute();
}

/** Users a role may be given to: of one company, or platform staff when `companyId` is null. */
export function usersForRolePage(db: Kysely<DB>, companyId: string | null, query: UserForRoleQuery) {
  let q = db
    .selectFrom('app_user as u')
    .select(['u.id', 'u.user_code', 'u.username', 'u.name', 'u.status'])
    .where('u.deleted', '=', false);
  q = companyId === null ? q.where('u.user_type', '=', '2') : q.where('u.company_id', '=', companyId);
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    q = q.where((eb) => eb.or([eb('u.username', 'ilike', pattern), eb('u.name', 'ilike', pattern), eb('u.user_code', 'ilike', pattern)]));
  }
  return fetchPage(q, query, FOR_ROLE_SORT);
}

const FOR_ROLE_SORT: SortSpec = {
  columns: { username: 'u.username', name: 'u.name', userCode: 'u.user_code' },
  defaultName: 'username',
  defaultType: 'asc',
  tieBreaker: 'u.id',
};

/** Enabled items of a dictionary type in their order (the labels administrators may have edited). */
export function dictionaryItems(db: Kysely<DB>, typeCode: string) {
  return db
    .selectFrom('dict_item as i')
    .innerJoin('dict_type as t', 't.type_code', 'i.type_code')
    .select(['i.dic_code', 'i.dic_name', 'i.dic_name_en'])
    .where('i.type_code', '=', typeCode)
    .where('i.status', '=', 'ENABLED')
    .where('t.status', '=', 'ENABLED')
    .orderBy('i.sort')
    .orderBy('i.dic_code')
    .execute();
}
