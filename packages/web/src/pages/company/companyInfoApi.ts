import type { CompanyInfoFieldsInput, CompanyInfoPageQuery, CompanyInfoRow, CompanyInfoView, PageResult } from '@rd/contract';
import { apiGet, apiPost } from '../../api/http';

const BASE = '/acc/api/companyInfo';

/** Query-cache prefix of company info (own and audited). */
export const COMPANY_INFO_QUERY_KEY = ['companyInfo'] as const;

export function fetchOwnCompanyInfo(): Promise<CompanyInfoView> {
  return apiGet<CompanyInfoView>(`${BASE}/getCompanyInfo`, undefined, { silent: true });
}

/** The first report, or a change of the report (the server decides from the state which one is allowed). */
export function saveReport(body: CompanyInfoFieldsInput, first: boolean): Promise<CompanyInfoView> {
  return apiPost<CompanyInfoView>(`${BASE}/${first ? 'report' : 'editReport'}`, body);
}

export function submitReport(): Promise<CompanyInfoView> {
  return apiPost<CompanyInfoView>(`${BASE}/submit`);
}

export function withdrawReport(): Promise<CompanyInfoView> {
  return apiPost<CompanyInfoView>(`${BASE}/unSubmit`);
}

export function fetchAuditPage(query: CompanyInfoPageQuery): Promise<PageResult<CompanyInfoRow>> {
  return apiPost<PageResult<CompanyInfoRow>>(`${BASE}/pageList`, query, { silent: true });
}

export function fetchAuditView(companyId: string): Promise<CompanyInfoView> {
  return apiGet<CompanyInfoView>(`${BASE}/getById`, { id: companyId }, { silent: true });
}

export function passReport(companyId: string): Promise<CompanyInfoView> {
  return apiPost<CompanyInfoView>(`${BASE}/auditPass`, { id: companyId });
}

export function rejectReport(companyId: string, reason: string): Promise<CompanyInfoView> {
  return apiPost<CompanyInfoView>(`${BASE}/auditReject`, { id: companyId, reason });
}
