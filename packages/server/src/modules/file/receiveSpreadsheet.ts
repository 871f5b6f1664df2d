import { FILE_FIELD, UPLOAD_RULES, checkUploadContent, checkUploadName, detectFileType, validationMessage } from '@rd/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/appError.js';
import { requestLang } from '../../platform/http/lang.js';
import { SPREADSHEET_ZIP_LIMITS, checkZip } from '../../platform/files/zipCheck.js';
import { cleanFileName } from './fileName.js';
import { receiveUpload } from './receiveUpload.js';
import { uploadFailed } from './uploadFailed.js';

const MB = 1024 * 1024;
const RULE = UPLOAD_RULES.excel;

/**
 * The spreadsheet of an import request (multipart field `file`), with the checks every upload gets:
 * at most the excel place's size (reading stops at the first byte past it), its name, its magic bytes
 * (an .xlsx is a zip; the old binary .xls is refused, the reader cannot take it), and the zip's central
 * directory read before anything is inflated, so a zip bomb is refused unopened.
 */
export async function receiveSpreadsheet(request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  const { file } = request.isMultipart() ? await receiveUpload(request, reply, () => RULE.maxBytes) : { file: null };
  if (!file) {
    throw new AppError('PARAM_CHECK', undefined, [{ field: FILE_FIELD, message: validationMessage('validation.required', requestLang(request)) }]);
  }
  const name = cleanFileName(file.name);
  const size = file.tooLarge ? RULE.maxBytes + 1 : file.bytes.length;
  const nameProblem = checkUploadName('excel', name, size);
  if (nameProblem) throw uploadFailed(request, nameProblem);
  const contentProblem = checkUploadContent('excel', file.bytes);
  if (contentProblem) throw uploadFailed(request, contentProblem);
  if (detectFileType(file.bytes) !== 'xlsx') throw uploadFailed(request, { key: 'validation.fileContent', params: { types: 'xlsx' } });
  const zip = await checkZip(file.bytes, SPREADSHEET_ZIP_LIMITS);
  if (!zip.ok) {
    if (zip.problem === 'TOO_MANY_ENTRIES') {
      throw uploadFailed(request, { key: 'validation.archiveEntries', params: { max: String(SPREADSHEET_ZIP_LIMITS.maxEntries) } });
    }
    if (zip.problem === 'TOO_LARGE') {
      throw uploadFailed(request, { key: 'validation.archiveSize', params: { max: `${SPREADSHEET_ZIP_LIMITS.maxUncompressedBytes / MB} MB` } });
    }
    throw uploadFailed(request, { key: 'validation.archiveCorrupt' });
  }
  return file.bytes;
}
