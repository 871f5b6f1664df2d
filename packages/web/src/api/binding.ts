import type {
  BindBatchBody,
  BindBatchResult,
  BindableBatch,
  BoxBindBody,
  BoxBindResult,
  BoxSummary,
  BoxUnbindBody,
  BoxUnbindResult,
  CodeStatusValue,
} from '@rd/contract';
import { apiGet, apiPost, type ApiConfig } from './http';

/**
 * Box packing (api/boxCodeRelation) and code binding to a batch (api/code/bindBatch), called from the
 * public production-line pages. Every call is silent (no full-screen overlay: the scanner keeps going)
 * and leaves its error to the page, which shows it next to the scanned code.
 */
const QUIET: ApiConfig = { silent: true, showError: false };
const BOX = '/acc/api/boxCodeRelation';

export function packItems(body: BoxBindBody): Promise<BoxBindResult> {
  return apiPost<BoxBindResult>(`${BOX}/bind`, body, QUIET);
}

export function unpackItems(body: BoxUnbindBody): Promise<BoxUnbindResult> {
  return apiPost<BoxUnbindResult>(`${BOX}/unbind`, body, QUIET);
}

export interface BoxItemRow {
  codeId: string;
  itemCode: string;
  status: CodeStatusValue;
  productId: string | null;
  productName: string | null;
  batchId: string | null;
  batchNo: string | null;
  /** ISO 8601 */
  packedAt: string;
  packedBy: string | null;
}

export interface BoxContentsPage {
  box: { codeId: string; code: string; status: CodeStatusValue; ruleName: string };
  total: number;
  list: BoxItemRow[];
  pageNum: number;
  pageSize: number;
}

export function fetchBoxContents(boxCode: string, pageNum = 1, pageSize = 50): Promise<BoxContentsPage> {
  return apiGet<BoxContentsPage>(`${BOX}/queryListByBoxCode`, { boxCode, pageNum, pageSize }, QUIET);
}

/** The public view of a box label: item counts per product. */
export function fetchBoxSummary(code: string): Promise<BoxSummary> {
  return apiGet<BoxSummary>(`${BOX}/summary`, { code }, QUIET);
}

export interface BoxEventRow {
  id: string;
  action: 'PACK' | 'UNPACK' | 'MOVE';
  epcisAction: 'ADD' | 'DELETE';
  boxCode: string;
  itemCode: string;
  fromBoxCode: string | null;
  userName: string | null;
  /** ISO 8601 */
  createdAt: string;
}

/** Packing events of a box (including items moved out of it), newest first. */
export function fetchBoxHistory(boxCode: string, pageSize = 50): Promise<{ total: number; list: BoxEventRow[] }> {
  return apiGet<{ total: number; list: BoxEventRow[] }>(`${BOX}/history`, { boxCode, pageSize }, QUIET);
}

/** The batches to pick from; `batchId` (the one a link names) is among them however old it is. */
export function fetchBindableBatches(batchId?: string): Promise<BindableBatch[]> {
  return apiGet<BindableBatch[]>('/acc/api/code/bindableBatches', batchId ? { batchId } : undefined, QUIET);
}

export function bindToBatch(body: BindBatchBody): Promise<BindBatchResult> {
  return apiPost<BindBatchResult>('/acc/api/code/bindBatch', body, QUIET);
}

export function undoBatchBinding(code: string): Promise<null> {
  return apiPost<null>('/acc/api/code/unbindBatch', { code }, QUIET);
}

export { refusalText } from './HttpError';
