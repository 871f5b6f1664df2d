import type { UploadProblem } from '@rd/contract';
import type { TFunction } from 'i18next';

const KEYS = {
  'validation.fileType': 'upload.fileType',
  'validation.fileSize': 'upload.fileSize',
  'validation.fileEmpty': 'upload.fileEmpty',
  'validation.fileContent': 'upload.fileContent',
} as const;

/** The message for a refused upload (checkUploadName / checkUploadContent of the contract), in the UI language. */
export function uploadProblemText(problem: UploadProblem, t: TFunction): string {
  const key = (KEYS as Record<string, (typeof KEYS)[keyof typeof KEYS] | undefined>)[problem.key] ?? 'upload.fileContent';
  return t(key, { types: '', max: '', ...problem.params });
}
