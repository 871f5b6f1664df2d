import type { PageResult } from '@rd/contract';
import { apiGet, apiPost } from './http';

/** Paging and sorting sent by every list screen (spec 7.9). */
export interface PageParams {
  pageNum: number;
  pageSize: number;
  orderName?: string;
  orderType?: 'asc' | 'desc';
}

export type SignInOutcome = 'SUCCESS' | 'FAILURE';

export interface LoginLogRow {
  id: string;
  username: string;
  ip: string;
  userAgent: string;
  result: SignInOutcome;
  reason: string | null;
  /** ISO 8601 */
  createdAt: string;
}

export interface LoginLogQuery extends PageParams {
  username?: string;
  result?: SignInOutcome;
  /** yyyy-MM-dd HH:mm:ss */
  beginTime?: string;
  endTime?: string;
}

export function fetchLoginLogs(query: LoginLogQuery): Promise<PageResult<LoginLogRow>> {
  return apiGet<PageResult<LoginLogRow>>('/acc/api/loginLog/pageList', query, { silent: true });
}

export interface OnlineUserRow {
  id: string;
  username: string;
  name: string;
  companyName: string;
  ip: string;
  userAgent: string;
  createdAt: string;
  lastSeenAt: string;
  /** The session making this request. */
  current: boolean;
}

export interface OnlineUserQuery extends PageParams {
  username?: string;
}

export function fetchOnlineUsers(query: OnlineUserQuery): Promise<PageResult<OnlineUserRow>> {
  return apiGet<PageResult<OnlineUserRow>>('/acc/api/onlineUser/pageList', query, { silent: true });
}

export function forceLogout(id: string): Promise<null> {
  return apiPost<null>(`/acc/api/onlineUser/forceLogout/${encodeURIComponent(id)}`);
}
