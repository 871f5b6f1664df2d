import { z } from 'zod';
import { pageQuerySchema } from '../paging.js';
import { zString } from '../validators.js';
import { zId, zIsoDate } from './products/fields.js';

/**
 * Channel-conflict alerts (api/channelConflict, 窜货预警): consumer checks of shipped items made outside
 * the receiving dealer's sales area.
 */

const AREA_CODE = /^\d{6}$/;

export const channelConflictFilterSchema = z.object({
  dealerId: zId.optional(),
  productId: zId.optional(),
  batchId: zId.optional(),
  /** Where the scan was: a province (its cities included) or a city. */
  areaCode: zString().regex(AREA_CODE, 'validation.invalid').optional(),
  /** Scanned on or after this day, on or before that one (business time zone). */
  beginDate: zIsoDate.optional(),
  endDate: zIsoDate.optional(),
});
export type ChannelConflictFilter = z.input<typeof channelConflictFilterSchema>;

export const channelConflictPageQuerySchema = pageQuerySchema.extend(channelConflictFilterSchema.shape);

export const channelConflictRowSchema = z.object({
  id: z.string(),
  scannedAt: z.date(),
  code: z.string(),
  productName: z.string().nullable(),
  batchNo: z.string().nullable(),
  dealerId: z.string(),
  dealerCode: z.string(),
  dealerName: z.string(),
  orderNo: z.string(),
  /** The dealer's sales area when the scan was made. */
  dealerAreaCodes: z.array(z.string()),
  scanAreaCode: z.string(),
  scanCityCode: z.string(),
  province: z.string(),
  city: z.string(),
  ip: z.string(),
  /** What placed the scan: its IP, or the position the consumer let the page send. */
  locatedBy: z.enum(['IP', 'POSITION']),
});
export type ChannelConflictRow = z.infer<typeof channelConflictRowSchema>;

/** Alerts counted by where the scans were (provinces), for the map and the per-dealer view. */
export const channelConflictAreaCountSchema = z.object({ areaCode: z.string(), count: z.number() });
export const channelConflictSummarySchema = z.object({
  total: z.number(),
  provinces: z.array(channelConflictAreaCountSchema),
  /** The dealers with the most alerts (all of them when the filter names one). */
  dealers: z.array(z.object({ dealerId: z.string(), dealerCode: z.string(), dealerName: z.string(), count: z.number() })),
});
export type ChannelConflictSummary = z.infer<typeof channelConflictSummarySchema>;
export const CHANNEL_CONFLICT_TOP_DEALERS = 10;
