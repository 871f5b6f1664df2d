import {
  STATISTICS_API,
  type AreaCount,
  type ClientTypeCount,
  type CodeRank,
  type PageResult,
  type ProductRank,
  type QuantityDisplay,
  type ScanRecordFilters,
  type ScanRecordPageQuery,
  type ScanRecordRow,
  type ScanTrend,
  type StatRange,
} from '@rd/contract';
import { apiDownload, apiGet, apiPost } from './http';

/** Query-cache prefix of statistics and scan records. */
export const STATISTICS_QUERY_KEY = ['statistics'] as const;

const silent = { silent: true } as const;

export const fetchQuantityDisplay = (range: StatRange) => apiPost<QuantityDisplay>(`${STATISTICS_API}/quantityDisplayList`, range, silent);
export const fetchAreaCounts = (range: StatRange) => apiPost<AreaCount[]>(`${STATISTICS_API}/areaScanningCodeList`, range, silent);
export const fetchScanMap = (range: StatRange) => apiGet<AreaCount[]>(`${STATISTICS_API}/scanMapList`, range, silent);
/** Scans of recalled items by province (`scans`), for the map's recall layer. */
export const fetchRecalledScanMap = (range: StatRange) => apiGet<AreaCount[]>(`${STATISTICS_API}/recalledScanMapList`, range, silent);
export const fetchScanTrend = (range: StatRange) => apiPost<ScanTrend>(`${STATISTICS_API}/weeklyCodeList`, range, silent);
export const fetchClientTypes = (range: StatRange) => apiGet<ClientTypeCount[]>(`${STATISTICS_API}/clientTypeList`, range, silent);
export const fetchProductRanking = (range: StatRange & { limit?: number }) =>
  apiPost<ProductRank[]>(`${STATISTICS_API}/productRankingList`, range, silent);
export const fetchCodeRanking = (range: StatRange & { limit?: number }) =>
  apiGet<CodeRank[]>(`${STATISTICS_API}/scanCodeRankingList`, range, silent);

export function fetchScanRecordPage(query: ScanRecordPageQuery): Promise<PageResult<ScanRecordRow>> {
  return apiPost<PageResult<ScanRecordRow>>(`${STATISTICS_API}/pageList`, query, silent);
}

/** Saves the filtered scan records as .xlsx. */
export function exportScanRecords(filters: Partial<ScanRecordFilters>, fallbackName: string): Promise<string> {
  return apiDownload({ url: `${STATISTICS_API}/export`, params: filters }, fallbackName);
}
