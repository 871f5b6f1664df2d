import { validationMessage, type UploadProblem } from '@rd/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/appError.js';
import { requestLang } from '../../platform/http/lang.js';

/** UPLOAD_FAILED with the reason in the caller's language ("Upload failed: the file cannot be larger than 500 KB"). */
export function uploadFailed(request: FastifyRequest, problem: UploadProblem): AppError {
  return new AppError('UPLOAD_FAILED', { reason: validationMessage(problem.key, requestLang(request), problem.params) });
}
