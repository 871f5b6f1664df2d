import type {
  BatchOption,
  CodeExportFormat,
  CodeFileFormat,
  CodeListQuery,
  CodeStatusValue,
  LabelLayoutName,
  PageResult,
  ProductOption,
  QrDownloadFormat,
  RuleOption,
} from '@rd/contract';
import { apiDownload, apiGet, apiPost, type ApiConfig } from './http';

/** Codes (api/code) and the downloads of a generation job's codes (api/codeRecord). */

export interface CodeRow {
  id: string;
  code: string;
  companyId: string;
  ruleId: string;
  ruleName: string;
  recordId: string;
  serial: string | null;
  status: CodeStatusValue;
  productId: string | null;
  batchId: string | null;
  /** ISO 8601 */
  createdAt: string;
  activatedAt: string | null;
  voidedAt: string | null;
  voidReason: string;
}

export interface CodeDetail extends CodeRow {
  /** What the code's QR image carries. */
  url: string;
  ruleKind: string;
  recordCreatedAt: string;
  /** The box the item is packed in now (aggregation), or null. */
  boxCode: string | null;
  boxCodeId: string | null;
  /** Names of what the code is bound to now, and of the dealer holding it (shipped, not returned). */
  productName: string | null;
  batchName: string | null;
  dealerId: string | null;
  dealerName: string | null;
}

export type CodeFilters = Omit<CodeListQuery, 'pageNum' | 'pageSize' | 'orderName' | 'orderType'>;

/** Query-cache prefix of everything about codes: an activation or a void refreshes lists and details. */
export const CODES_QUERY_KEY = ['tagDetail'] as const;

export function fetchCodePage(query: CodeListQuery): Promise<PageResult<CodeRow>> {
  return apiPost<PageResult<CodeRow>>('/acc/api/code/pageList', query, { silent: true });
}

export function fetchCode(by: { id: string } | { code: string }): Promise<CodeDetail> {
  return 'id' in by
    ? apiGet<CodeDetail>('/acc/api/code/getById', by, { silent: true })
    : apiGet<CodeDetail>('/acc/api/code/getByCode', by, { silent: true });
}

export function activateCodes(body: { id: string } | { ids: string[] }): Promise<{ activated: number }> {
  return apiPost<{ activated: number }>('/acc/api/code/activate', body);
}

export function voidCode(body: { id: string; reason: string }): Promise<null> {
  return apiPost<null>('/acc/api/code/void', body);
}

/** Large files take as long as they take: no timeout, and never sent twice. */
const FILE_CONFIG: ApiConfig = { timeout: 0, 'axios-retry': { retries: 0 } };

/** The codes matching the list's filters: an Excel file for people (codes as text), or CSV for other systems. */
export function exportCodes(filters: CodeFilters, format: CodeExportFormat, fallbackName: string): Promise<string> {
  return apiDownload({ ...FILE_CONFIG, url: '/acc/api/code/export', params: { ...filters, format } }, fallbackName);
}

export function downloadJobCodes(jobId: string, format: CodeFileFormat, fallbackName: string): Promise<string> {
  return apiDownload({ ...FILE_CONFIG, url: '/acc/api/codeRecord/downloadCode', params: { id: jobId, format } }, fallbackName);
}

export function downloadJobQrCodes(jobId: string, format: QrDownloadFormat, layout: LabelLayoutName, fallbackName: string): Promise<string> {
  const params = format === 'pdf' ? { id: jobId, format, layout } : { id: jobId, format };
  return apiDownload({ ...FILE_CONFIG, method: 'post', url: '/acc/api/codeRecord/downloadQRCode', data: params }, fallbackName);
}

// Options of the search form's selects. They come from other screens' permissions, so a user without
// them simply gets no options (no error toast).
const OPTIONS_CONFIG: ApiConfig = { silent: true, showError: false };

export function fetchRuleOptions(): Promise<RuleOption[]> {
  return apiPost<RuleOption[]>('/acc/api/rule/list', {}, OPTIONS_CONFIG);
}

export function fetchProductOptions(): Promise<ProductOption[]> {
  return apiPost<ProductOption[]>('/acc/api/product/list', {}, OPTIONS_CONFIG);
}

export function fetchBatchOptions(productId: string | undefined): Promise<BatchOption[]> {
  return apiPost<BatchOption[]>('/acc/api/productBatch/list', productId ? { productId } : {}, OPTIONS_CONFIG);
}
