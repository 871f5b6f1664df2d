import type {
  CommonCodeOption,
  DictEntry,
  DictItemAddBody,
  DictItemEditBody,
  DictItemPageQuery,
  DictItemRow,
  DictTypeAddBody,
  DictTypeEditBody,
  DictTypeOption,
  DictTypePageQuery,
  DictTypeRow,
  LargeDicQuery,
  PageResult,
} from '@rd/contract';
import { apiGet, apiPost } from './http';

/**
 * The fetch-all call: every enabled entry. The server answers with a strong ETag and no-cache, so the
 * browser revalidates its copy and an unchanged dictionary costs a 304.
 */
export function fetchAllDictionaries(): Promise<DictEntry[]> {
  return apiGet<DictEntry[]>('/acc/api/sysDict/all', undefined, { silent: true });
}

/** The enabled items of one type, in order. */
export function fetchDictEntries(typeCode: string): Promise<DictEntry[]> {
  return apiPost<DictEntry[]>('/acc/api/sysDict/list', { typeCode }, { silent: true });
}

/** One page of a big dictionary for a remote-search select. */
export function fetchLargeDic(query: LargeDicQuery): Promise<PageResult<DictEntry>> {
  return apiGet<PageResult<DictEntry>>('/acc/api/sysDict/largeDic', query, { silent: true });
}

export function fetchCodeOptions(codeType: string): Promise<CommonCodeOption[]> {
  return apiGet<CommonCodeOption[]>('/acc/common/code/list', { codeType }, { silent: true });
}

export function fetchEnabledDictTypes(): Promise<DictTypeOption[]> {
  return apiGet<DictTypeOption[]>('/acc/api/sysDictype/list', undefined, { silent: true });
}

// ----- administration (platform) -----

export function fetchDictTypePage(query: DictTypePageQuery): Promise<PageResult<DictTypeRow>> {
  return apiPost<PageResult<DictTypeRow>>('/acc/api/sysDictype/pageList', query, { silent: true });
}

export function addDictType(body: DictTypeAddBody): Promise<DictTypeRow> {
  return apiPost<DictTypeRow>('/acc/api/sysDictype/add', body);
}

export function editDictType(body: DictTypeEditBody): Promise<DictTypeRow> {
  return apiPost<DictTypeRow>('/acc/api/sysDictype/edit', body);
}

export function deleteDictType(id: string): Promise<null> {
  return apiPost<null>('/acc/api/sysDictype/deleteById', { id });
}

export function fetchDictItemPage(query: DictItemPageQuery): Promise<PageResult<DictItemRow>> {
  return apiPost<PageResult<DictItemRow>>('/acc/api/sysDict/pageList', query, { silent: true });
}

export function addDictItem(body: DictItemAddBody): Promise<DictItemRow> {
  return apiPost<DictItemRow>('/acc/api/sysDict/add', body);
}

export function editDictItem(body: DictItemEditBody): Promise<DictItemRow> {
  return apiPost<DictItemRow>('/acc/api/sysDict/edit', body);
}

export function deleteDictItem(id: string): Promise<null> {
  return apiPost<null>('/acc/api/sysDict/deleteById', { id });
}
