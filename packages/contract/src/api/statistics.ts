import { z } from 'zod';
import { pageQuerySchema } from '../paging.js';
import { SCAN_CLIENT_TYPES, SCAN_SOURCES, SCAN_VERDICTS } from './scan.js';
import { zId, zIsoDate } from './products/fields.js';

/**
 * Scan statistics and scan records (spec 7.7, api/scanCodeRecord). Every call covers whole business days
 * from beginDate to endDate (both included) in the server's business time zone; the date shortcuts of
 * spec 9 are resolved by the client. Statistics count consumer checks and scans (source CHECK or SCAN) of
 * known codes; the staff simulator's TEST scans are left out.
 */

export const STATISTICS_API = '/acc/api/scanCodeRecord';

/** The longest range a statistics call accepts, in days (about three years). */
export const STAT_RANGE_DAYS_MAX = 1100;
/** Rows of a ranking at most. */
export const STAT_RANKING_MAX = 100;
export const STAT_RANKING_DEFAULT = 10;

function daysBetween(begin: string, end: string): number {
  return (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${begin}T00:00:00Z`)) / 86_400_000;
}

const rangeFields = {
  beginDate: zIsoDate,
  endDate: zIsoDate,
  /** Platform users may look at one company (none: every company); a company's users always see their own. */
  companyId: z.preprocess((v) => (v === '' ? undefined : v), zId.optional()),
};

/** The end may not come before the beginning, and the range is bounded. */
function rangeInOrder(value: { beginDate: string; endDate: string }, ctx: z.core.$RefinementCtx) {
  if (typeof value.beginDate !== 'string' || typeof value.endDate !== 'string') return;
  const days = daysBetween(value.beginDate, value.endDate);
  if (days < 0) ctx.addIssue({ code: 'custom', message: 'validation.dateOrder', path: ['endDate'] });
  else if (days >= STAT_RANGE_DAYS_MAX) ctx.addIssue({ code: 'custom', message: 'validation.tooBig', path: ['endDate'] });
}

export const statRangeSchema = z.object(rangeFields).superRefine(rangeInOrder);
export type StatRange = z.input<typeof statRangeSchema>;

export const statRankingQuerySchema = z
  .object({ ...rangeFields, limit: z.coerce.number().int().min(1).max(STAT_RANKING_MAX).default(STAT_RANKING_DEFAULT) })
  .superRefine(rangeInOrder);
export type StatRankingQuery = z.input<typeof statRankingQuerySchema>;

/** quantityDisplayList: the key figures. Issued and activated codes are totals to date, not range counts. */
export const quantityDisplaySchema = z.object({
  codesIssued: z.number(),
  codesActivated: z.number(),
  /** Counted scans in the range. */
  scans: z.number(),
  /** Counted scans of the business day that is today (whatever the range). */
  todayScans: z.number(),
  suspiciousScans: z.number(),
  /** Counted scans in the range of items whose batch had expired (the consumer was told). */
  expiredScans: z.number(),
  /** Counted scans in the range of items under an active recall (the consumer saw the recall). */
  recalledScans: z.number(),
  /** Checks in the range of mistyped codes of the company's shape (CHECK_FAILED): not scans of any code, counted apart. */
  checkFailedScans: z.number(),
});
export type QuantityDisplay = z.infer<typeof quantityDisplaySchema>;

/** Scans of one province (area code 440000; '' = place unknown or abroad). */
export const areaCountSchema = z.object({ areaCode: z.string(), scans: z.number(), suspicious: z.number() });
export type AreaCount = z.infer<typeof areaCountSchema>;

export const dayCountSchema = z.object({ date: z.string(), scans: z.number(), suspicious: z.number() });
export type DayCount = z.infer<typeof dayCountSchema>;

/** weeklyCodeList: every day of the range and every week touching it (weeks start on Sunday), zeros included. */
export const scanTrendSchema = z.object({
  days: z.array(dayCountSchema),
  /** `date` is the Sunday starting the week; the first and last weeks count only days inside the range. */
  weeks: z.array(dayCountSchema),
});
export type ScanTrend = z.infer<typeof scanTrendSchema>;

export const clientTypeCountSchema = z.object({ clientType: z.enum(SCAN_CLIENT_TYPES), scans: z.number() });
export type ClientTypeCount = z.infer<typeof clientTypeCountSchema>;

export const productRankSchema = z.object({ productId: z.string().nullable(), productName: z.string(), scans: z.number() });
export type ProductRank = z.infer<typeof productRankSchema>;

export const codeRankSchema = z.object({
  codeId: z.string(),
  code: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  scans: z.number(),
});
export type CodeRank = z.infer<typeof codeRankSchema>;

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), zId.optional());

/** Filters of the scan-record list and its export (dates optional there: none = all time). */
const recordFilterFields = {
  beginDate: z.preprocess((v) => (v === '' || v === null ? undefined : v), zIsoDate.optional()),
  endDate: z.preprocess((v) => (v === '' || v === null ? undefined : v), zIsoDate.optional()),
  companyId: optionalId,
  productId: optionalId,
  batchId: optionalId,
  areaCode: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().regex(/^\d{6}$/, 'validation.invalid').optional()),
  clientType: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(SCAN_CLIENT_TYPES, { error: 'validation.oneOf' }).optional()),
  verdict: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(SCAN_VERDICTS, { error: 'validation.oneOf' }).optional()),
  /** true / false, or the strings a query string carries. */
  suspicious: z.preprocess(
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v === '' || v === null ? undefined : v),
    z.boolean().optional(),
  ),
  /** The scanned code contains this text. */
  code: z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.string().max(128, 'validation.tooLong').optional()),
  /** TEST rows are listed only when asked for (they never count in statistics). */
  source: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(SCAN_SOURCES, { error: 'validation.oneOf' }).optional()),
};

function optionalRangeInOrder(value: { beginDate?: string; endDate?: string }, ctx: z.core.$RefinementCtx) {
  if (value.beginDate && value.endDate && value.endDate < value.beginDate) {
    ctx.addIssue({ code: 'custom', message: 'validation.dateOrder', path: ['endDate'] });
  }
}

export const scanRecordFilterSchema = z.object(recordFilterFields).superRefine(optionalRangeInOrder);
export type ScanRecordFilters = z.infer<typeof scanRecordFilterSchema>;

export const SCAN_RECORD_SORTS = ['scannedAt'] as const;
export const scanRecordPageQuerySchema = pageQuerySchema.extend(recordFilterFields).superRefine(optionalRangeInOrder);
export type ScanRecordPageQuery = z.input<typeof scanRecordPageQuerySchema>;

export const scanRecordRowSchema = z.object({
  id: z.string(),
  companyId: z.string().nullable(),
  codeId: z.string().nullable(),
  code: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  batchId: z.string().nullable(),
  batchNo: z.string(),
  source: z.enum(SCAN_SOURCES),
  verdict: z.enum(SCAN_VERDICTS).nullable(),
  scanSeq: z.number().nullable(),
  suspicious: z.boolean(),
  ip: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  isp: z.string(),
  areaCode: z.string(),
  clientType: z.enum(SCAN_CLIENT_TYPES),
  os: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  scannedAt: z.date(),
});
export type ScanRecordRow = Omit<z.infer<typeof scanRecordRowSchema>, 'scannedAt'> & { scannedAt: string };
