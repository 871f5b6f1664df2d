import { FILE_FIELD, UPLOAD_RULES, checkUploadContent, checkUploadName, detectFileType, fileExtension, validationMessage } from '@rd/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/appError.js';
import { requestLang } from '../../platform/http/lang.js';
import type { Spreadsheet } from '../../platform/import/importSheet.js';
import { cleanFileName } from './fileName.js';
import { receiveUpload } from './receiveUpload.js';
import { spreadsheetZipProblem } from './spreadsheetZipProblem.js';
import { uploadFailed } from './uploadFailed.js';

const RULE = UPLOAD_RULES.excel;

/**
 * The spreadsheet of an import request (multipart field `file`), with the checks every upload gets:
 * at most the excel place's size (reading stops at the first byte past it), its name, and its magic bytes,
 * which must be those of its extension: a zip for .xlsx, whose central directory is read before anything is
 * inflated (a zip bomb is refused unopened), the OLE2 compound file of Excel 97–2003 for .xls.
 */
export async function receiveSpreadsheet(request: FastifyRequest, reply: FastifyReply): Promise<Spreadsheet> {
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
  const kind = fileExtension(name) === 'xls' ? 'xls' : 'xlsx';
  if (detectFileType(file.bytes) !== kind) throw uploadFailed(request, { key: 'validation.fileContent', params: { types: kind } });
  if (kind === 'xls') return { bytes: file.bytes, kind };
  const zipProblem = await spreadsheetZipProblem(file.bytes);
  if (zipProblem) throw uploadFailed(request, zipProblem);
  return { bytes: file.bytes, kind };
}
