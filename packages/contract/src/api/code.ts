import { z } from 'zod';
import { pageQuerySchema } from '../paging.js';
import { zString } from '../validators.js';
import { zDateTimeFilter } from './dateTimeText.js';

/**
 * Codes (api/code, spec 7.6) and the downloads of a generation job's codes (api/codeRecord downloadCode,
 * downloadQRCode). Messages are validation keys.
 */

export const CODE_STATUSES = ['NOT_ACTIVATED', 'ACTIVATED', 'VOIDED'] as const;
export type CodeStatusValue = (typeof CODE_STATUSES)[number];
/** The dictionary that labels code statuses (DictTag 'code_status'). */
export const CODE_STATUS_DICT = 'code_status';

/** How the `code` filter matches: the whole code, or codes starting with it. */
export const CODE_MATCHES = ['PREFIX', 'EXACT'] as const;
/** Columns the code list may be sorted by (orderName). */
export const CODE_SORTS = ['createdAt', 'code', 'status', 'activatedAt', 'voidedAt'] as const;

export const CODE_TEXT_MAX = 64;
export const VOID_REASON_MAX = 200;
/** Codes activated in one call. */
export const ACTIVATE_BATCH_MAX = 1000;

/** bigint ids travel as decimal text. */
const codeId = zString().regex(/^[1-9]\d{0,18}$/, 'validation.invalid');
const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalUuid = z.preprocess(blankAsMissing, z.uuid('validation.invalid').optional());

/** The filters shared by the list (body) and the export (query string). */
export const codeFilterShape = {
  ruleId: optionalUuid,
  /** The generation job (codeRecord). */
  recordId: optionalUuid,
  status: z.preprocess(blankAsMissing, z.enum(CODE_STATUSES, 'validation.oneOf').optional()),
  productId: optionalUuid,
  batchId: optionalUuid,
  /** Codes are printed in upper case; what a person types is matched in upper case too. */
  code: z.preprocess(blankAsMissing, zString().trim().toUpperCase().max(CODE_TEXT_MAX, 'validation.tooLong').optional()),
  codeMatch: z.preprocess(blankAsMissing, z.enum(CODE_MATCHES, 'validation.oneOf').default('PREFIX')),
  /** The items packed in this box code (aggregation), matched exactly, in upper case like `code`. */
  boxCode: z.preprocess(blankAsMissing, zString().trim().toUpperCase().max(CODE_TEXT_MAX, 'validation.tooLong').optional()),
  beginTime: zDateTimeFilter,
  endTime: zDateTimeFilter,
};

const timeOrder = (q: { beginTime?: Date; endTime?: Date }) => !q.beginTime || !q.endTime || q.beginTime <= q.endTime;
const timeOrderIssue = { path: ['endTime'], message: 'validation.timeOrder' };

/** POST /acc/api/code/pageList */
export const codeListQuerySchema = pageQuerySchema.extend(codeFilterShape).refine(timeOrder, timeOrderIssue);
export type CodeListQuery = z.input<typeof codeListQuerySchema>;
/** The filters alone, as parsed (what the server's queries receive). */
export const codeFiltersSchema = z.object(codeFilterShape);
export type CodeFilters = z.output<typeof codeFiltersSchema>;

/** code/export: Excel for people (codes as text), CSV for other systems. */
export const CODE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type CodeExportFormat = (typeof CODE_EXPORT_FORMATS)[number];

/** GET /acc/api/code/export: the list's filters (and order) as query parameters, and the file's format. */
export const codeExportQuerySchema = z
  .object({
    ...codeFilterShape,
    format: z.preprocess(blankAsMissing, z.enum(CODE_EXPORT_FORMATS, 'validation.oneOf').default('csv')),
    lang: z.string().optional(),
  })
  .refine(timeOrder, timeOrderIssue);

/**
 * Codes of a generation job or a batch by state: assigned to a batch (at generation or by binding), in force,
 * voided. Kept as tallies by the server, so lists show them however many codes there are.
 */
export const codeTalliesShape = {
  boundCount: z.number(),
  activatedCount: z.number(),
  voidedCount: z.number(),
};

export const codeItemSchema = z.object({
  id: z.string(),
  code: z.string(),
  companyId: z.string(),
  ruleId: z.string(),
  ruleName: z.string(),
  recordId: z.string(),
  serial: z.string().nullable(),
  status: z.enum(CODE_STATUSES),
  productId: z.string().nullable(),
  batchId: z.string().nullable(),
  createdAt: z.date(),
  activatedAt: z.date().nullable(),
  voidedAt: z.date().nullable(),
  voidReason: z.string(),
});
export type CodeItem = z.infer<typeof codeItemSchema>;

/** One code with what its label carries: the URL of its QR image (never its hidden code). */
export const codeDetailSchema = codeItemSchema.extend({
  url: z.string(),
  ruleKind: z.string(),
  recordCreatedAt: z.date(),
  /** The box the item is packed in now, or null. */
  boxCode: z.string().nullable(),
  boxCodeId: z.string().nullable(),
  /** Names of what the code is bound to now (productId, batchId), and the dealer holding it (shipped, not returned). */
  productName: z.string().nullable(),
  batchName: z.string().nullable(),
  dealerId: z.string().nullable(),
  dealerName: z.string().nullable(),
});
export type CodeDetail = z.infer<typeof codeDetailSchema>;

export const codeIdQuerySchema = z.object({ id: codeId, lang: z.string().optional() });
export const codeTextQuerySchema = z.object({
  code: zString().trim().toUpperCase().min(1, 'validation.required').max(CODE_TEXT_MAX, 'validation.tooLong'),
  lang: z.string().optional(),
});

/** POST /acc/api/code/activate: one code (`id`) or several (`ids`), all or none. */
export const codeActivateBodySchema = z
  .object({
    id: codeId.optional(),
    ids: z.array(codeId).min(1, 'validation.required').max(ACTIVATE_BATCH_MAX, 'validation.tooBig').optional(),
  })
  .refine((b) => (b.id === undefined) !== (b.ids === undefined), { path: ['id'], message: 'validation.required' });
export type CodeActivateBody = z.input<typeof codeActivateBodySchema>;

/** POST /acc/api/code/void */
export const codeVoidBodySchema = z.object({
  id: codeId,
  reason: zString().trim().min(1, 'validation.required').max(VOID_REASON_MAX, 'validation.tooLong'),
});
export type CodeVoidBody = z.input<typeof codeVoidBodySchema>;

export const codeActivateResultSchema = z.object({ activated: z.number() });

// ---------------------------------------------------------------------------------------------------
// Downloads of a generation job's codes
// ---------------------------------------------------------------------------------------------------

/** downloadCode: code lists (code, URL, hidden code where the rule has one). */
export const CODE_FILE_FORMATS = ['csv', 'txt', 'xlsx'] as const;
export type CodeFileFormat = (typeof CODE_FILE_FORMATS)[number];
/** downloadQRCode: a ZIP of one image per code, or a PDF label sheet. */
export const QR_DOWNLOAD_FORMATS = ['svg', 'png', 'pdf'] as const;
export type QrDownloadFormat = (typeof QR_DOWNLOAD_FORMATS)[number];
/** Label sheets: paper, columns x rows. */
export const LABEL_LAYOUTS = ['A4_3x8', 'A4_4x10'] as const;
export type LabelLayoutName = (typeof LABEL_LAYOUTS)[number];

/** Images and label sheets are for print runs; larger jobs are downloaded as CSV or TXT. */
export const QR_DOWNLOAD_MAX_CODES = 100_000;
// XLSX code lists have no limit: past a worksheet's 1,048,576 rows they go on in further sheets.

const jobId = z.uuid('validation.invalid');

export const downloadCodeQuerySchema = z.object({
  id: jobId,
  format: z.preprocess(blankAsMissing, z.enum(CODE_FILE_FORMATS, 'validation.oneOf').default('csv')),
  lang: z.string().optional(),
});
export type DownloadCodeQuery = z.input<typeof downloadCodeQuerySchema>;

export const downloadQrQuerySchema = z.object({
  id: jobId,
  format: z.preprocess(blankAsMissing, z.enum(QR_DOWNLOAD_FORMATS, 'validation.oneOf').default('svg')),
  layout: z.preprocess(blankAsMissing, z.enum(LABEL_LAYOUTS, 'validation.oneOf').default('A4_3x8')),
  lang: z.string().optional(),
});
export type DownloadQrQuery = z.input<typeof downloadQrQuerySchema>;
