import type { OperationResult, PageResult } from '@rd/contract';
import type { PageParams } from './admin';
import { apiGet, apiPost } from './http';

export interface OperationLogRow {
  id: string;
  /** The login name the entry recorded. */
  username: string;
  /** Who acted, as the portal names people: their name, else the recorded login name. */
  operatorName: string;
  companyName: string;
  module: string;
  action: string;
  target: string;
  method: string;
  url: string;
  ip: string;
  userAgent: string;
  params: string;
  result: OperationResult;
  errorCode: string;
  durationMs: number;
  /** ISO 8601 */
  createdAt: string;
}

export interface OperationLogFilters {
  username?: string;
  module?: string;
  action?: string[];
  result?: OperationResult;
  ip?: string;
  /** yyyy-MM-dd HH:mm:ss */
  beginTime?: string;
  endTime?: string;
}

export function fetchOperationLogs(query: OperationLogFilters & PageParams): Promise<PageResult<OperationLogRow>> {
  return apiPost<PageResult<OperationLogRow>>('/acc/api/qfOperationRecord/pageList', query, { silent: true });
}

/** Module names found among the entries the user may read, for the filter list. */
export function fetchOperationLogModules(): Promise<string[]> {
  return apiGet<string[]>('/acc/api/qfOperationRecord/modules', undefined, { silent: true });
}
