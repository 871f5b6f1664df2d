import {
  FILE_FIELD,
  UPLOAD_RULES,
  checkUploadContent,
  checkUploadName,
  detectFileType,
  fileDownloadPath,
  fileExtension,
  uploadFieldsSchema,
  validationMessage,
  type DetectedFileType,
  type UploadPlace,
  type UploadedFile,
} from '@rd/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import type { FileStorage } from '../../platform/files/storage.js';
import { AppError } from '../../platform/http/appError.js';
import { fieldErrorsOf } from '../../platform/http/fieldErrors.js';
import { requestLang } from '../../platform/http/lang.js';
import { cleanFileName } from './fileName.js';
import { MAX_UPLOAD_BYTES, receiveUpload } from './receiveUpload.js';
import { spreadsheetZipProblem } from './spreadsheetZipProblem.js';
import { insertStoredFile } from './store.js';
import { uploadFailed } from './uploadFailed.js';

/** The type a file is served as: from its content, never from what the browser claimed. */
const CONTENT_TYPES: Record<DetectedFileType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  pdf: 'application/pdf',
};

function placeOf(request: FastifyRequest, fields: Record<string, string>): UploadPlace {
  const parsed = uploadFieldsSchema.safeParse({ place: fields.place || undefined });
  if (!parsed.success) {
    throw new AppError('PARAM_CHECK', undefined, fieldErrorsOf(parsed.error.issues, requestLang(request)));
  }
  return parsed.data.place;
}

/** The place named before the file sets how much of it is read; otherwise the largest limit of all. */
function readLimit(fields: Record<string, string>): number {
  const place = fields.place as UploadPlace | undefined;
  return place && Object.hasOwn(UPLOAD_RULES, place) ? UPLOAD_RULES[place].maxBytes : MAX_UPLOAD_BYTES;
}

/**
 * Takes one uploaded file (multipart field `file`, optional field `place`): checks its name and size
 * against the place's rules, its content by magic bytes and, for spreadsheets, the zip's index; stores
 * the bytes once by content and records the upload for the caller's company.
 */
export async function acceptUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { db: Kysely<DB>; storage: FileStorage },
  principal: Principal,
): Promise<UploadedFile> {
  if (!request.isMultipart()) throw missingFile(request);
  const { fields, file } = await receiveUpload(request, reply, readLimit);
  const place = placeOf(request, fields);
  if (!file) throw missingFile(request);
  const rule = UPLOAD_RULES[place];
  const name = cleanFileName(file.name);

  const size = file.tooLarge ? rule.maxBytes + 1 : file.bytes.length;
  const nameProblem = checkUploadName(place, name, size);
  if (nameProblem) throw uploadFailed(request, nameProblem);
  const contentProblem = checkUploadContent(place, file.bytes);
  if (contentProblem) throw uploadFailed(request, contentProblem);
  const type = detectFileType(file.bytes) as DetectedFileType;
  if (type === 'xlsx') {
    const zipProblem = await spreadsheetZipProblem(file.bytes);
    if (zipProblem) throw uploadFailed(request, zipProblem);
  }

  // Bytes first, then the row: a row never points at content that is not there.
  const stored = await deps.storage.put(file.bytes);
  const contentType = CONTENT_TYPES[type];
  const fileId = await insertStoredFile(deps.db, {
    companyId: principal.companyId,
    ownerId: principal.userId,
    sha256: stored.sha256,
    size: stored.size,
    contentType,
    extension: fileExtension(name),
    originalName: name,
    place,
  });
  return { fileId, fileName: name, size: stored.size, contentType, url: fileDownloadPath(fileId) };
}

function missingFile(request: FastifyRequest): AppError {
  return new AppError('PARAM_CHECK', undefined, [
    { field: FILE_FIELD, message: validationMessage('validation.required', requestLang(request)) },
  ]);
}
