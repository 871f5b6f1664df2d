import type {
  GrantableMenuNode,
  PageResult,
  RelationType,
  RoleAddBody,
  RoleEditBody,
  RoleGrants,
  RoleItem,
  RoleListQuery,
  RoleUser,
} from '@rd/contract';
import { apiDelete, apiGet, apiPost, apiPut } from './http';

/** Calls of the roles screen (spec 7.3, /acc/userRole/*). */

/** JSON turns the server's dates into ISO strings. */
export type RoleRow = Omit<RoleItem, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };
export type RoleFilters = Partial<Pick<RoleListQuery, 'roleName' | 'status'>>;
export type RoleQuery = RoleFilters & { pageNum: number; pageSize: number; orderName?: string; orderType?: 'asc' | 'desc' };

/** A user offered for a role (POST /acc/userinfo/queryListForRole). */
export interface RoleCandidate {
  id: string;
  usercode: string;
  username: string;
  name: string;
  status: '1' | '0';
}

/** How many candidates the users dialog loads at once: the API's page-size limit. */
export const CANDIDATES_MAX = 1000;

const enc = encodeURIComponent;

export function fetchRoles(query: RoleQuery) {
  return apiGet<PageResult<RoleRow>>('/acc/userRole/queryUserRoleInfo', query, { silent: true });
}

/** True when the name is free among the roles the caller sees (`id`: the role being edited). */
export function checkRoleName(roleName: string, id?: string) {
  return apiGet<boolean>('/acc/userRole/checkRoleName', id ? { roleName, id } : { roleName }, { silent: true, showError: false });
}

export function addRole(body: Partial<RoleAddBody> & Pick<RoleAddBody, 'roleName'>) {
  return apiPost<{ id: string }>('/acc/userRole/addRole', body);
}

export function editRole(id: string, body: Partial<RoleEditBody> & Pick<RoleEditBody, 'roleName'>) {
  return apiPut<null>(`/acc/userRole/editRole/${enc(id)}`, body);
}

export function deleteRole(id: string) {
  return apiDelete<null>(`/acc/userRole/delRole/${enc(id)}`);
}

/** The menus and buttons the signed-in user may grant. */
export function fetchGrantableMenus() {
  return apiGet<GrantableMenuNode[]>('/acc/userRole/queryAccMenusList', undefined, { silent: true });
}

export function fetchRoleGrants(roleCode: string, relationType: RelationType = 'ALL') {
  return apiGet<RoleGrants>(`/acc/userRole/queryAccMenus/${enc(roleCode)}`, { relationType }, { silent: true });
}

export function saveRoleMenus(roleId: string, menuIds: readonly string[]) {
  return apiPost<null>('/acc/userRole/batchSaveRoleMenu', { roleId, menuIds });
}

export function fetchRoleUsers(roleId: string) {
  return apiGet<RoleUser[]>(`/acc/userRole/queryUserInfoWithRoleCode/${enc(roleId)}`, undefined, { silent: true });
}

/** Users of the caller's company a role can be given to. */
export async function fetchRoleCandidates(): Promise<RoleCandidate[]> {
  const page = await apiPost<PageResult<RoleCandidate>>(
    '/acc/userinfo/queryListForRole',
    { pageNum: 1, pageSize: CANDIDATES_MAX },
    { silent: true },
  );
  return page.list;
}

export function saveRoleUsers(roleId: string, userIds: readonly string[]) {
  return apiPost<null>('/acc/userRole/batchSaveUserRole', { roleId, userIds });
}
