import { FILE_FIELD, type CodeBulkAction, type CodeBulkPreview, type CodeBulkResult, type CodeBulkSelection, type CodeListFile } from '@rd/contract';
import { apiPost } from './http';

/** Activating and voiding codes in bulk (api/code bulkActivate, bulkVoid and their previews, readCodeList). */

const PATHS: Record<CodeBulkAction, string> = { ACTIVATE: '/acc/api/code/bulkActivate', VOID: '/acc/api/code/bulkVoid' };

export function previewBulk(action: CodeBulkAction, selection: CodeBulkSelection): Promise<CodeBulkPreview> {
  return apiPost<CodeBulkPreview>(`${PATHS[action]}/preview`, { selection });
}

export function applyBulk(action: CodeBulkAction, selection: CodeBulkSelection, reason: string): Promise<CodeBulkResult> {
  return apiPost<CodeBulkResult>(PATHS[action], action === 'VOID' ? { selection, reason } : { selection });
}

/** The codes of a .txt, .csv or .xlsx file, read by the server (first column, at most 10,000). */
export async function readCodeListFile(file: File): Promise<string[]> {
  const form = new FormData();
  form.append(FILE_FIELD, file, file.name);
  return (await apiPost<CodeListFile>('/acc/api/code/readCodeList', form)).codes;
}
