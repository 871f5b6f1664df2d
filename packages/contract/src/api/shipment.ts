import { z } from 'zod';
import { pageQuerySchema } from '../paging.js';
import { zString } from '../validators.js';
import { zId, zIsoDate, zText } from './products/fields.js';
import { createdByShape } from './person.js';

/**
 * Shipping and receiving by scan (api/shipment): outbound orders (出库) to a dealer and returns (退货) from
 * one, filled by scanning item and box codes while open, then completed, received or cancelled.
 */

export const SHIPMENT_KINDS = ['OUTBOUND', 'RETURN'] as const;
export const SHIPMENT_STATUSES = ['OPEN', 'COMPLETED', 'RECEIVED', 'CANCELLED'] as const;
export type ShipmentKind = (typeof SHIPMENT_KINDS)[number];
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
/** Codes one scan call may carry: a pallet of 100 boxes, or a few hundred loose items. */
export const SHIPMENT_SCAN_MAX = 1000;
/** Items one order may hold. */
export const SHIPMENT_ITEMS_MAX = 200_000;
export const SHIPMENT_REMARK_MAX = 200;
const CODE_TEXT_MAX = 200;

/** A new order: outbound (shipment/add) or a return (shipment/return/add). */
export const shipmentAddBodySchema = z.object({
  dealerId: zId,
  remark: zText(SHIPMENT_REMARK_MAX),
});
export type ShipmentAddBody = z.input<typeof shipmentAddBodySchema>;

export const shipmentCodesBodySchema = z.object({
  id: zId,
  codes: z
    .array(zString().trim().min(1, 'validation.required').max(CODE_TEXT_MAX, 'validation.tooLong'), { error: 'validation.required' })
    .min(1, 'validation.required')
    .max(SHIPMENT_SCAN_MAX, 'validation.tooBig'),
});
export type ShipmentCodesBody = z.input<typeof shipmentCodesBodySchema>;

/**
 * A scan into an open order. A code that sits in a box (an item in a carton, a carton on a pallet) goes in
 * with its box: scanned alone it is refused (`IN_BOX`), unless `unpack` is true — then it is taken out of its
 * box first, recorded as unpacking (an EPCIS AggregationEvent DELETE), and named in the answer's `unpacked`.
 */
export const shipmentScanBodySchema = shipmentCodesBodySchema.extend({
  unpack: z.boolean().default(false),
});
export type ShipmentScanBody = z.input<typeof shipmentScanBodySchema>;

export const shipmentIdBodySchema = z.object({ id: zId });
export const shipmentIdQuerySchema = z.object({ id: zId });

export const shipmentScanResultSchema = z.object({
  /** Items added by this call (a box counts the items inside it). */
  addedItems: z.number(),
  addedBoxes: z.number(),
  /** Codes already in the order: a label read twice does no harm. */
  unchanged: z.number(),
  itemCount: z.number(),
  boxCount: z.number(),
  /** Codes this call took out of their box (asked for with `unpack`), each with the box it left. */
  unpacked: z.array(z.object({ code: z.string(), boxCode: z.string() })),
});
export type ShipmentScanResult = z.infer<typeof shipmentScanResultSchema>;

export const shipmentPageQuerySchema = pageQuerySchema.extend({
  orderNo: z.string().trim().max(40).optional(),
  kind: z.enum(SHIPMENT_KINDS, { error: 'validation.oneOf' }).optional(),
  status: z.enum(SHIPMENT_STATUSES, { error: 'validation.oneOf' }).optional(),
  dealerId: zId.optional(),
  /** Created on or after this day, on or before that one (business time zone). */
  createdFrom: zIsoDate.optional(),
  createdTo: zIsoDate.optional(),
});

export const shipmentRowSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  kind: z.enum(SHIPMENT_KINDS),
  status: z.enum(SHIPMENT_STATUSES),
  dealerId: z.string(),
  dealerCode: z.string(),
  dealerName: z.string(),
  itemCount: z.number(),
  boxCount: z.number(),
  remark: z.string(),
  /** The login name of who created it (kept for existing clients; screens show createdByName). */
  createdBy: z.string().describe("The login name of who created it (kept for existing clients; show createdByName)"),
  ...createdByShape,
  createdAt: z.date(),
  completedAt: z.date().nullable(),
  receivedAt: z.date().nullable(),
  cancelledAt: z.date().nullable(),
});
export type ShipmentRow = z.infer<typeof shipmentRowSchema>;

export const shipmentLineQuerySchema = pageQuerySchema.extend({ id: zId });
export const shipmentLineSchema = z.object({
  code: z.string(),
  isBox: z.boolean(),
  viaBox: z.string().nullable(),
  productName: z.string().nullable(),
  batchNo: z.string().nullable(),
  addedAt: z.date(),
});
export type ShipmentLine = z.infer<typeof shipmentLineSchema>;
