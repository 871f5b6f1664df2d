import type { BatchAddBody, BatchDetail, BatchEditBody, BatchListQuery, BatchOption, BatchPageQuery, BatchRow, PageResult } from '@rd/contract';
import { apiDownload, apiGet, apiPost } from './http';

const BASE = '/acc/api/productBatch';

/** Query-cache prefix of batches. */
export const BATCHES_QUERY_KEY = ['productBatch'] as const;

export function fetchBatchPage(query: BatchPageQuery): Promise<PageResult<BatchRow>> {
  return apiPost<PageResult<BatchRow>>(`${BASE}/pageList`, query, { silent: true });
}

/** Batches for a select; of one product when productId is given (sent in the query string, as the spec has it). */
export function fetchBatchOptions(query: BatchListQuery = {}): Promise<BatchOption[]> {
  const { productId, ...body } = query;
  return apiPost<BatchOption[]>(`${BASE}/list`, body, { silent: true, params: productId ? { productId } : undefined });
}

export function fetchBatch(id: string): Promise<BatchDetail> {
  return apiGet<BatchDetail>(`${BASE}/getById`, { id }, { silent: true });
}

export function addBatch(body: BatchAddBody): Promise<BatchDetail> {
  return apiPost<BatchDetail>(`${BASE}/add`, body);
}

export function editBatch(body: BatchEditBody): Promise<BatchDetail> {
  return apiPost<BatchDetail>(`${BASE}/edit`, body);
}

export function deleteBatch(id: string): Promise<null> {
  return apiPost<null>(`${BASE}/deleteById`, { id });
}

/** Saves the .xlsx of the codes bound to a batch (code, status, activated at). */
export function exportBatchCodes(id: string, fallbackName: string): Promise<string> {
  return apiDownload({ url: `${BASE}/exportFlagCode`, params: { id } }, fallbackName);
}
