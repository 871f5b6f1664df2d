import { z } from 'zod';
import { pageQuerySchema } from '../paging.js';
import { zString } from '../validators.js';
import { CODE_STATUSES, CODE_TEXT_MAX } from './code.js';

/**
 * Aggregation (api/boxCodeRelation, spec 7.8): item codes packed into box codes, with the history of
 * packing as EPCIS AggregationEvents (PACK = ADD, UNPACK = DELETE, MOVE = DELETE from one box and ADD to
 * another at once). Codes travel as their printed text, upper-cased as they are printed.
 */

/** Items in one bind or unbind call: a full carton scanned in one go, not a whole pallet run. */
export const BOX_ITEMS_PER_CALL_MAX = 500;

/** A code as typed or scanned: trimmed and upper-cased. */
export const scannedCodeSchema = zString()
  .trim()
  .toUpperCase()
  .min(1, 'validation.required')
  .max(CODE_TEXT_MAX, 'validation.tooLong');

const itemCodesSchema = z
  .array(scannedCodeSchema)
  .min(1, 'validation.required')
  .max(BOX_ITEMS_PER_CALL_MAX, 'validation.tooBig');

/**
 * POST /acc/api/boxCodeRelation/bind: pack items into a box, all or none. An item already in another box
 * is refused unless `move` is true (then it is moved, recorded as MOVE). An item already in this box is
 * left as it is and counted as `unchanged`: a scanner that reads one label twice does no harm.
 */
export const boxBindBodySchema = z.object({
  boxCode: scannedCodeSchema,
  itemCodes: itemCodesSchema,
  move: z.boolean().default(false),
});
export type BoxBindBody = z.input<typeof boxBindBodySchema>;

export const boxBindResultSchema = z.object({
  boxCode: z.string(),
  packed: z.number(),
  moved: z.number(),
  unchanged: z.number(),
  /** Items in the box after the call. */
  itemCount: z.number(),
  /** Where each moved item was before, so a packing screen can put it back ("undo"). */
  movedFrom: z.array(z.object({ itemCode: z.string(), boxCode: z.string() })),
});
export type BoxBindResult = z.infer<typeof boxBindResultSchema>;

/**
 * POST /acc/api/boxCodeRelation/unbind: take the given items out of the box (each must be in it), or
 * without `itemCodes` unpack the whole box. Each removal is an UNPACK event.
 */
export const boxUnbindBodySchema = z.object({
  boxCode: scannedCodeSchema,
  itemCodes: itemCodesSchema.optional(),
});
export type BoxUnbindBody = z.input<typeof boxUnbindBodySchema>;
export const boxUnbindResultSchema = z.object({ removed: z.number(), itemCount: z.number() });
export type BoxUnbindResult = z.infer<typeof boxUnbindResultSchema>;

/** GET /acc/api/boxCodeRelation/queryListByBoxCode: a box's items, in packing order, paged. */
export const boxItemsQuerySchema = pageQuerySchema.extend({ boxCode: scannedCodeSchema });
export type BoxItemsQuery = z.input<typeof boxItemsQuerySchema>;

export const boxItemSchema = z.object({
  codeId: z.string(),
  itemCode: z.string(),
  status: z.enum(CODE_STATUSES),
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  batchId: z.string().nullable(),
  batchNo: z.string().nullable(),
  packedAt: z.date(),
  packedBy: z.string().nullable(),
});
export type BoxItem = z.infer<typeof boxItemSchema>;

export const boxContentsSchema = z.object({
  box: z.object({ codeId: z.string(), code: z.string(), status: z.enum(CODE_STATUSES), ruleName: z.string() }),
  total: z.number(),
  list: z.array(boxItemSchema),
  pageNum: z.number(),
  pageSize: z.number(),
});
export type BoxContents = z.infer<typeof boxContentsSchema>;

/**
 * GET /acc/api/boxCodeRelation/summary (public): what a consumer or a shop may learn from a box label —
 * how many items it holds and of which products, never the item codes themselves (each item code is
 * a secret that proves a unit genuine).
 */
export const boxSummaryQuerySchema = z.object({ code: scannedCodeSchema, lang: z.string().optional() });
export const boxSummarySchema = z.object({
  boxCode: z.string(),
  itemCount: z.number(),
  products: z.array(z.object({ productName: z.string(), count: z.number() })),
});
export type BoxSummary = z.infer<typeof boxSummarySchema>;

export const BOX_EVENT_ACTIONS = ['PACK', 'UNPACK', 'MOVE'] as const;
export type BoxEventActionValue = (typeof BOX_EVENT_ACTIONS)[number];

/** GET /acc/api/boxCodeRelation/history: events of a box or of an item, newest first. */
export const boxHistoryQuerySchema = pageQuerySchema
  .extend({ boxCode: scannedCodeSchema.optional(), itemCode: scannedCodeSchema.optional() })
  .refine((q) => (q.boxCode === undefined) !== (q.itemCode === undefined), { path: ['boxCode'], message: 'validation.required' });
export type BoxHistoryQuery = z.input<typeof boxHistoryQuerySchema>;

export const boxEventSchema = z.object({
  id: z.string(),
  action: z.enum(BOX_EVENT_ACTIONS),
  /** EPCIS AggregationEvent action: ADD for PACK and MOVE (into boxCode), DELETE for UNPACK. */
  epcisAction: z.enum(['ADD', 'DELETE']),
  boxCode: z.string(),
  itemCode: z.string(),
  fromBoxCode: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: z.date(),
});
export type BoxEvent = z.infer<typeof boxEventSchema>;
