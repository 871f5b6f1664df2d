import { CODE_LIST_MAX, FILE_FIELD, UPLOAD_RULES, detectFileType, fileExtension, validationMessage } from '@rd/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/appError.js';
import { requestLang } from '../../platform/http/lang.js';
import { sheetRows } from '../../platform/import/xlsx/sheetReader.js';
import { UnreadableWorkbook } from '../../platform/import/xlsx/unreadableWorkbook.js';
import { cleanFileName } from '../file/fileName.js';
import { receiveUpload } from '../file/receiveUpload.js';
import { spreadsheetZipProblem } from '../file/spreadsheetZipProblem.js';
import { uploadFailed } from '../file/uploadFailed.js';

/**
 * The codes of an uploaded list (multipart field `file`), as people bring them: a .txt of codes (one a line,
 * or separated by commas, semicolons or blanks), a .csv or an .xlsx whose first column holds them (the
 * portal's own downloads), a first line without a digit being a header. At most CODE_LIST_MAX codes are
 * answered; the bulk calls check them against the company's codes. An .xlsx gets the checks of every
 * spreadsheet upload (zip directory read before anything is inflated) and is read by the import's reader.
 */

const EXTENSIONS = ['txt', 'csv', 'xlsx'];
const MAX_BYTES = UPLOAD_RULES.excel.maxBytes;
const SEPARATORS = /[\s,;，；]+/;

function withoutHeader(cells: string[]): string[] {
  if (cells.length > 0 && !/\d/.test(cells[0] as string)) cells.shift();
  return cells.filter(Boolean);
}

export function codesOfText(text: string): string[] {
  return text.split(SEPARATORS).map((c) => c.trim()).filter(Boolean);
}

export function codesOfCsv(text: string): string[] {
  return withoutHeader(text.split(/\r?\n/).map((line) => (line.split(/[,;\t]/)[0] ?? '').replace(/^"|"$/g, '').trim()));
}

async function codesOfSheet(bytes: Buffer): Promise<string[]> {
  const cells: string[] = [];
  // one row past the limit is enough to tell that the list is too long
  for await (const row of sheetRows(bytes)) {
    const first = row.cells[0];
    cells.push(typeof first === 'string' || typeof first === 'number' ? String(first).trim() : '');
    if (cells.length > CODE_LIST_MAX + 1) break;
  }
  return withoutHeader(cells);
}

function refuse(request: FastifyRequest, key: 'validation.required' | 'validation.tooBig', params?: Record<string, string>): AppError {
  const message = validationMessage(key, requestLang(request), params);
  return new AppError('PARAM_CHECK', undefined, [{ field: FILE_FIELD, message }]);
}

export async function receiveCodeList(request: FastifyRequest, reply: FastifyReply): Promise<string[]> {
  const { file } = request.isMultipart() ? await receiveUpload(request, reply, () => MAX_BYTES) : { file: null };
  if (!file) throw refuse(request, 'validation.required');
  const kind = fileExtension(cleanFileName(file.name));
  if (!EXTENSIONS.includes(kind)) throw uploadFailed(request, { key: 'validation.fileType', params: { types: EXTENSIONS.join(', ') } });
  if (file.tooLarge) throw uploadFailed(request, { key: 'validation.fileSize', params: { max: UPLOAD_RULES.excel.maxLabel } });
  if (file.bytes.length === 0) throw uploadFailed(request, { key: 'validation.fileEmpty' });
  let codes: string[];
  if (kind === 'xlsx') {
    if (detectFileType(file.bytes) !== 'xlsx') throw uploadFailed(request, { key: 'validation.fileContent', params: { types: kind } });
    const zipProblem = await spreadsheetZipProblem(file.bytes);
    if (zipProblem) throw uploadFailed(request, zipProblem);
    try {
      codes = await codesOfSheet(file.bytes);
    } catch (error) {
      if (error instanceof UnreadableWorkbook) throw uploadFailed(request, { key: 'validation.archiveCorrupt' });
      throw error;
    }
  } else {
    // a text list is UTF-8 (a BOM is dropped); bytes that are not text are refused rather than guessed at
    if (file.bytes.includes(0)) throw uploadFailed(request, { key: 'validation.fileContent', params: { types: kind } });
    const text = file.bytes.toString('utf8').replace(/^\uFEFF/, '');
    codes = kind === 'csv' ? codesOfCsv(text) : codesOfText(text);
  }
  if (codes.length === 0) throw uploadFailed(request, { key: 'validation.fileEmpty' });
  if (codes.length > CODE_LIST_MAX) throw refuse(request, 'validation.tooBig', { max: String(CODE_LIST_MAX) });
  return codes.map((c) => c.toUpperCase());
}
