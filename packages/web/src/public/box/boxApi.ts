import type { BoxSummary, BoxUnbindResult } from '@rd/contract';
import type { BoxContentsPage, BoxEventRow } from '../../api/binding';
import { apiGet, apiPost } from '../api';

/** The box view's calls (api/boxCodeRelation, spec 7.8) through the consumer pages' client. */
const BOX = '/acc/api/boxCodeRelation';

/** The public view of a box label: item counts per product. */
export function fetchBoxSummary(code: string): Promise<BoxSummary> {
  return apiGet<BoxSummary>(`${BOX}/summary`, { code });
}

/** One page of a box's items, in packing order (staff of the box's company). */
export function fetchBoxContents(boxCode: string, pageNum: number, pageSize: number): Promise<BoxContentsPage> {
  return apiGet<BoxContentsPage>(`${BOX}/queryListByBoxCode`, { boxCode, pageNum, pageSize });
}

/** Packing events of a box (including items moved out of it), newest first. */
export function fetchBoxHistory(boxCode: string, pageSize = 50): Promise<{ total: number; list: BoxEventRow[] }> {
  return apiGet<{ total: number; list: BoxEventRow[] }>(`${BOX}/history`, { boxCode, pageSize });
}

/** Unpacks the whole box (a carton opened for rework): every item leaves it, each as an UNPACK event. */
export function unpackWholeBox(boxCode: string): Promise<BoxUnbindResult> {
  return apiPost<BoxUnbindResult>(`${BOX}/unbind`, { boxCode });
}
