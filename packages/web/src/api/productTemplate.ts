import type { PageResult, TemplateAddBody, TemplateDetail, TemplateEditBody, TemplateListQuery, TemplateOption, TemplatePageQuery, TemplateRow } from '@rd/contract';
import { apiGet, apiPost } from './http';

const BASE = '/acc/api/productTemplate';

/** Query-cache prefix of templates: a save or delete refreshes lists, selects and details alike. */
export const TEMPLATES_QUERY_KEY = ['productTemplate'] as const;

export function fetchTemplatePage(query: TemplatePageQuery): Promise<PageResult<TemplateRow>> {
  return apiPost<PageResult<TemplateRow>>(`${BASE}/pageList`, query, { silent: true });
}

export function fetchTemplateOptions(query: TemplateListQuery = {}): Promise<TemplateOption[]> {
  return apiPost<TemplateOption[]>(`${BASE}/list`, query, { silent: true });
}

export function fetchTemplate(id: string): Promise<TemplateDetail> {
  return apiGet<TemplateDetail>(`${BASE}/getById`, { id }, { silent: true });
}

export function addTemplate(body: TemplateAddBody): Promise<TemplateDetail> {
  return apiPost<TemplateDetail>(`${BASE}/add`, body);
}

export function editTemplate(body: TemplateEditBody): Promise<TemplateDetail> {
  return apiPost<TemplateDetail>(`${BASE}/edit`, body);
}

export function deleteTemplate(id: string): Promise<null> {
  return apiPost<null>(`${BASE}/deleteById`, { id });
}
