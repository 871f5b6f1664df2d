import type { PageResult, RuleAddBody, RuleEditBody, RulePageQuery, RulePreview, RulePreviewBody, RuleRow } from '@rd/contract';
import { apiGet, apiPost } from './http';

const BASE = '/acc/api/rule';

/** Query-cache prefix of everything about rules: a save or delete refreshes lists and details alike. */
export const RULES_QUERY_KEY = ['tagRule'] as const;

export function fetchRulePage(query: RulePageQuery): Promise<PageResult<RuleRow>> {
  return apiPost<PageResult<RuleRow>>(`${BASE}/pageList`, query, { silent: true });
}

export function fetchRule(id: string): Promise<RuleRow> {
  return apiGet<RuleRow>(`${BASE}/getById`, { id }, { silent: true });
}

export function addRule(body: RuleAddBody): Promise<RuleRow> {
  return apiPost<RuleRow>(`${BASE}/add`, body);
}

export function editRule(body: RuleEditBody): Promise<RuleRow> {
  return apiPost<RuleRow>(`${BASE}/edit`, body);
}

export function deleteRule(id: string): Promise<null> {
  return apiPost<null>(`${BASE}/deleteById`, { id });
}

/**
 * Sample codes of the rule being edited. Runs as the form changes: no overlay and no toast; the preview
 * panel shows what the server refused.
 */
export function previewRule(body: RulePreviewBody): Promise<RulePreview> {
  return apiPost<RulePreview>(`${BASE}/preview`, body, { silent: true, showError: false });
}
