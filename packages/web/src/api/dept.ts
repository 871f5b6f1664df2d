import type { DeptAddBody, DeptEditBody, DeptNode, DeptPageQuery, DeptRow, DeptTreeQuery, PageResult } from '@rd/contract';
import { apiGet, apiPost } from './http';

const BASE = '/acc/api/pmcpDept';

/** The department tree of the signed-in user's company; filters keep the matches and their ancestors. */
export function fetchDeptTree(filters: DeptTreeQuery = {}): Promise<DeptNode[]> {
  return apiPost<DeptNode[]>(`${BASE}/list`, filters, { silent: true });
}

export function fetchDeptPage(query: DeptPageQuery): Promise<PageResult<DeptRow>> {
  return apiPost<PageResult<DeptRow>>(`${BASE}/pageList`, query, { silent: true });
}

export function fetchDept(id: string): Promise<DeptRow> {
  return apiGet<DeptRow>(`${BASE}/getById`, { id });
}

export function addDept(body: DeptAddBody): Promise<DeptRow> {
  return apiPost<DeptRow>(`${BASE}/add`, body);
}

export function editDept(body: DeptEditBody): Promise<DeptRow> {
  return apiPost<DeptRow>(`${BASE}/edit`, body);
}

export function deleteDept(id: string): Promise<null> {
  return apiPost<null>(`${BASE}/deleteById`, { id });
}
