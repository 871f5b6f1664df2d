import type {
  PageResult,
  UserAddBody,
  UserDetail,
  UserEditBody,
  UserExportBody,
  UserInit,
  UserListItem,
  UserListQuery,
  UserPasswordResult,
  UserStatus,
} from '@rd/contract';
import { apiDownload, apiGet, apiPost, apiPut } from './http';

/** Calls of the users screens (spec 7.2, /acc/userinfo/*). */

/** JSON turns the server's dates into ISO strings. */
type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
export type UserRow = Wire<UserListItem>;
export type UserDetailView = Wire<UserDetail>;

/** The filters as the list sends them (everything but paging is optional). */
export type UserFilters = Partial<Omit<UserListQuery, 'pageNum' | 'pageSize' | 'orderName' | 'orderType' | 'beginTime' | 'endTime'>> & {
  /** yyyy-MM-dd HH:mm:ss */
  beginTime?: string;
  endTime?: string;
};

/** Bodies as the form sends them: optional fields may be left out. */
export type UserAddRequest = Partial<UserAddBody> & Pick<UserAddBody, 'username' | 'name'>;
export type UserEditRequest = Partial<UserEditBody> & Pick<UserEditBody, 'username' | 'name'>;

const enc = encodeURIComponent;

export function fetchUsers(query: UserFilters & { pageNum: number; pageSize: number; orderName?: string; orderType?: 'asc' | 'desc' }) {
  return apiPost<PageResult<UserRow>>('/acc/userinfo/queryList', query, { silent: true });
}

export function fetchUserDetail(id: string) {
  return apiGet<UserDetailView>(`/acc/userinfo/queryUserDetail/${enc(id)}`, undefined, { silent: true });
}

/** Departments, assignable roles and option lists; platform users name the company of the user being prepared. */
export function fetchUserInit(companyId?: string) {
  return apiGet<UserInit>('/acc/userinfo/queryUserInit', companyId ? { companyId } : undefined, { silent: true });
}

export function addUser(body: UserAddRequest) {
  return apiPost<UserPasswordResult>('/acc/userinfo/add', body);
}

export function editUser(id: string, body: UserEditRequest) {
  return apiPut<null>(`/acc/userinfo/edit/${enc(id)}`, body);
}

export function resetUserPassword(id: string) {
  return apiPut<UserPasswordResult>(`/acc/userinfo/resetPassword/${enc(id)}`);
}

export function setUserStatus(id: string, value: UserStatus) {
  return apiPut<null>(`/acc/userinfo/isResetStatus/${enc(id)}/${enc(value)}`);
}

/** Saves the .xlsx of the listed users (ids) or of those matching the filters; resolves with the file name. */
export function exportUsers(body: Partial<Omit<UserExportBody, 'beginTime' | 'endTime'>> & Pick<UserFilters, 'beginTime' | 'endTime'>, fallbackName: string) {
  return apiDownload({ method: 'post', url: '/acc/userinfo/export', data: body }, fallbackName);
}
