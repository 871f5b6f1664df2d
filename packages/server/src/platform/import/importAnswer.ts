import type { ImportResult } from '@rd/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { XLSX_CONTENT_TYPE } from '../export/xlsx.js';
import { asAttachment } from '../http/attachment.js';
import { ok } from '../http/envelope.js';

/**
 * The import answer: SUCCESS with what was done. When rows failed nothing was written; the operation log
 * then records the import as failed (IMPORT_ROWS_INVALID) while the client reads the rows' problems.
 */
export function importAnswer(request: FastifyRequest, result: ImportResult) {
  if (result.errorCount > 0) request.resultCode = 'IMPORT_ROWS_INVALID';
  return ok(request, result);
}

/** An import template as a download under its file name in the reader's language. */
export function sendTemplate(reply: FastifyReply, template: { bytes: Buffer; fileName: string }) {
  return asAttachment(reply, template.fileName, XLSX_CONTENT_TYPE).header('content-length', template.bytes.length).send(template.bytes);
}
