import type { CodeActivation, CodeRecordRow } from '@rd/contract';
import { apiGet, apiPost } from './http';

/**
 * Putting every code of a finished generation job in force, or voiding them all, in the background
 * (api/codeRecord activate, voidAll, activation).
 */

type ActivationAnswer = Omit<CodeActivation, 'createdAt' | 'finishedAt'> & { createdAt: string; finishedAt: string | null };

export const jobActivationKey = (jobId: string) => ['codeRecord', 'activation', jobId] as const;

export function requestJobActivation(jobId: string): Promise<{ id: string }> {
  return apiPost<{ id: string }>('/acc/api/codeRecord/activate', { id: jobId });
}

/** Voids every code of the job not voided yet; each keeps the reason. */
export function requestJobVoid(jobId: string, reason: string): Promise<{ id: string }> {
  return apiPost<{ id: string }>('/acc/api/codeRecord/voidAll', { id: jobId, reason });
}

/**
 * The newest activation of the job (null: none) with the job's own row, whose tallies say how far it got. The
 * row is asked for after the activation: the last step commits the codes and the end together, so an activation
 * answered as ended comes with the row's final counts (asked side by side, the row could predate the end).
 */
export async function fetchJobActivation(jobId: string): Promise<{ activation: ActivationAnswer | null; job: CodeRecordRow }> {
  const quiet = { silent: true, showError: false } as const;
  const activation = await apiGet<ActivationAnswer | null>('/acc/api/codeRecord/activation', { id: jobId }, quiet);
  const job = await apiGet<CodeRecordRow>('/acc/api/codeRecord/getById', { id: jobId }, quiet);
  return { activation, job };
}
