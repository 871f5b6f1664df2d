import type { CodeActivation, CodeRecordRow } from '@rd/contract';
import { apiGet, apiPost } from './http';

/** Putting every code of a finished generation job in force, in the background (api/codeRecord activate, activation). */

type ActivationAnswer = Omit<CodeActivation, 'createdAt' | 'finishedAt'> & { createdAt: string; finishedAt: string | null };

export const jobActivationKey = (jobId: string) => ['codeRecord', 'activation', jobId] as const;

export function requestJobActivation(jobId: string): Promise<{ id: string }> {
  return apiPost<{ id: string }>('/acc/api/codeRecord/activate', { id: jobId });
}

/** The newest activation of the job (null: none) with the job's own row, whose tallies say how far it got. */
export async function fetchJobActivation(jobId: string): Promise<{ activation: ActivationAnswer | null; job: CodeRecordRow }> {
  const quiet = { silent: true, showError: false } as const;
  const [activation, job] = await Promise.all([
    apiGet<ActivationAnswer | null>('/acc/api/codeRecord/activation', { id: jobId }, quiet),
    apiGet<CodeRecordRow>('/acc/api/codeRecord/getById', { id: jobId }, quiet),
  ]);
  return { activation, job };
}
