import { IDEMPOTENCY_HEADER, type CodeRecordAddBody, type CodeRecordEstimate, type CodeRecordPageQuery, type CodeRecordRow, type PageResult, type RuleOption } from '@rd/contract';
import { apiGet, apiPost } from './http';

const BASE = '/acc/api/codeRecord';

/** Query-cache prefix of the jobs list; one job's live state lives under CODE_RECORD_JOB_KEY. */
export const CODE_RECORD_LIST_KEY = ['codeRecord', 'list'] as const;
export const codeRecordJobKey = (id: string) => ['codeRecord', 'job', id] as const;

export function fetchCodeRecordPage(query: CodeRecordPageQuery): Promise<PageResult<CodeRecordRow>> {
  return apiPost<PageResult<CodeRecordRow>>(`${BASE}/pageList`, query, { silent: true });
}

/** One job, polled every second while it runs: no overlay, and a failed poll is simply retried. */
export function fetchCodeRecord(id: string): Promise<CodeRecordRow> {
  return apiGet<CodeRecordRow>(`${BASE}/getById`, { id }, { silent: true, showError: false });
}

/** `idempotencyKey` names the intended job: sending it again (double click, retry) answers the same job. */
export function addCodeRecord(body: CodeRecordAddBody, idempotencyKey: string): Promise<CodeRecordRow> {
  return apiPost<CodeRecordRow>(`${BASE}/add`, body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** What a job would take (time, download sizes), asked before a big job is queued. */
export function fetchJobEstimate(body: CodeRecordAddBody): Promise<CodeRecordEstimate> {
  return apiPost<CodeRecordEstimate>(`${BASE}/estimate`, body);
}

export function cancelCodeRecord(id: string): Promise<CodeRecordRow> {
  return apiPost<CodeRecordRow>(`${BASE}/edit`, { id, action: 'CANCEL' });
}

/** The company's enabled rules, for the rule select (api/rule/list). */
export function fetchGenerationRules(): Promise<RuleOption[]> {
  return apiPost<RuleOption[]>('/acc/api/rule/list', {}, { silent: true });
}
