import type {
  FarmerAddBody,
  FarmerDetail,
  FarmerEditBody,
  FarmerPageQuery,
  FarmerRelation,
  FarmerRelationQuery,
  FarmerRow,
  PageResult,
} from '@rd/contract';
import { apiGet, apiPost } from './http';

const BASE = '/acc/api/farmer';

/** Query-cache prefix of growers: a save or delete refreshes lists, selects and details alike. */
export const FARMERS_QUERY_KEY = ['farmer'] as const;

export function fetchFarmerPage(query: FarmerPageQuery): Promise<PageResult<FarmerRow>> {
  return apiPost<PageResult<FarmerRow>>(`${BASE}/pageList`, query, { silent: true });
}

export function fetchFarmer(id: string): Promise<FarmerDetail> {
  return apiGet<FarmerDetail>(`${BASE}/getById`, { id }, { silent: true });
}

export function addFarmer(body: FarmerAddBody): Promise<FarmerDetail> {
  return apiPost<FarmerDetail>(`${BASE}/add`, body);
}

export function editFarmer(body: FarmerEditBody): Promise<FarmerDetail> {
  return apiPost<FarmerDetail>(`${BASE}/edit`, body);
}

export function deleteFarmer(id: string): Promise<null> {
  return apiPost<null>(`${BASE}/deleteById`, { id });
}

/** Products of a grower, or growers of a product. */
export function fetchFarmerRelations(query: FarmerRelationQuery): Promise<FarmerRelation[]> {
  return apiPost<FarmerRelation[]>('/acc/api/farmerProductRelation/list', query, { silent: true });
}
