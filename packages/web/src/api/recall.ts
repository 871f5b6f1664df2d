import type { PageResult, RecallAddBody, RecallCloseBody, RecallCodeRow, RecallDetail, RecallEditBody, RecallExposure, RecallRow, RecallState } from '@rd/contract';
import type { PageParams } from './admin';
import { apiDownload, apiGet, apiPost } from './http';

/** The recall calls: list, draft, activate, close, progress and its files. */

export const RECALLS_QUERY_KEY = ['recall'] as const;
const BASE = '/acc/api/recall';

export type RecallFilters = { recallNo?: string; state?: RecallState; level?: number };
export const fetchRecallPage = (query: RecallFilters & PageParams) => apiPost<PageResult<RecallRow>>(`${BASE}/pageList`, query, { silent: true });
export const fetchRecall = (id: string) => apiGet<RecallDetail>(`${BASE}/getById`, { id }, { silent: true });
export const fetchRecallCodes = (query: { id: string } & PageParams) => apiPost<PageResult<RecallCodeRow>>(`${BASE}/codes`, query, { silent: true });
export const fetchRecallExposure = (id: string) => apiGet<RecallExposure>(`${BASE}/exposure`, { id }, { silent: true });
/** Field errors of a refused draft come back on the error, for the form. */
export const addRecall = (body: RecallAddBody) => apiPost<RecallDetail>(`${BASE}/add`, body);
export const editRecall = (body: RecallEditBody) => apiPost<RecallDetail>(`${BASE}/edit`, body);
export const activateRecall = (id: string) => apiPost<RecallDetail>(`${BASE}/activate`, { id });
export const closeRecall = (body: RecallCloseBody) => apiPost<RecallDetail>(`${BASE}/close`, body);
export const exportRecallExposure = (id: string) => apiDownload({ url: `${BASE}/exportExposure`, params: { id }, timeout: 0 }, 'recall-progress.xlsx');
export const exportTraceReport = (id: string) => apiDownload({ url: `${BASE}/traceReport`, params: { id }, timeout: 0 }, 'trace-report.xlsx');
