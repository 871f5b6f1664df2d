import { z } from 'zod';
import { pageQuerySchema } from '../paging.js';
import { RECALL_LEVELS } from '../scan/scanPage.js';
import { zString } from '../validators.js';
import { zId, zPlainText } from './products/fields.js';
import { createdByShape } from './person.js';

/**
 * Recalls (api/recall, 召回): a company calls back batches, one outbound order, a range of a sequential
 * (box) rule, or an uploaded list of codes. DRAFT (its codes are gathered in the background) → ACTIVE
 * (consumers' checks show it) → CLOSED (with a summary and the disposition of what is left).
 */

export const RECALL_STATES = ['DRAFT', 'ACTIVE', 'CLOSED'] as const;
export type RecallState = (typeof RECALL_STATES)[number];
export const RECALL_SELECTION_KINDS = ['BATCH', 'SHIPMENT', 'RANGE', 'LIST'] as const;
export type RecallSelectionKind = (typeof RECALL_SELECTION_KINDS)[number];
/**
 * What becomes of the recalled items when a recall closes, as the CBV 2.0 disposition written for them:
 * destroyed, cleared and back in force (active), or kept off sale (non_sellable_other).
 */
export const RECALL_CLOSE_DISPOSITIONS = ['destroyed', 'active', 'non_sellable_other'] as const;
export type RecallCloseDisposition = (typeof RECALL_CLOSE_DISPOSITIONS)[number];
export type { RecallLevel } from '../scan/scanPage.js';

export const RECALL_REASON_MAX = 1000;
export const RECALL_INSTRUCTION_MAX = 2000;
export const RECALL_CONTACT_MAX = 200;
export const RECALL_SUMMARY_MAX = 2000;
/** Batches one recall may name. */
export const RECALL_BATCHES_MAX = 100;
/** Codes one uploaded list may hold (about 300 KB of JSON). */
export const RECALL_LIST_MAX = 10_000;
/** Serials one range may span. */
export const RECALL_RANGE_MAX = 10_000_000;
const CODE_TEXT_MAX = 200;

const zCodeText = zString().trim().min(1, 'validation.required').max(CODE_TEXT_MAX, 'validation.tooLong');
/** Multi-line text that must say something. */
const zStatement = (max: number) => zPlainText(max).refine((text) => text.trim().length > 0, 'validation.required');

export const recallLevelSchema = z.literal(RECALL_LEVELS, { error: 'validation.oneOf' });

/** What is recalled: one kind per recall. */
export const recallSelectionSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('BATCH'),
      batchIds: z
        .array(zId, { error: 'validation.required' })
        .min(1, 'validation.required')
        .max(RECALL_BATCHES_MAX, 'validation.tooBig')
        .refine((ids) => new Set(ids).size === ids.length, 'validation.unique'),
    }),
    /** The items and boxes of a completed outbound order. */
    z.object({ kind: z.literal('SHIPMENT'), shipmentId: zId }),
    /** From one code to another of the same sequential rule, both included (their serials); boxes bring what is in them. */
    z.object({ kind: z.literal('RANGE'), fromCode: zCodeText, toCode: zCodeText }),
    /** Codes as printed (read from a file in the browser); boxes bring what is in them. */
    z.object({
      kind: z.literal('LIST'),
      codes: z.array(zCodeText, { error: 'validation.required' }).min(1, 'validation.required').max(RECALL_LIST_MAX, 'validation.tooBig'),
    }),
  ],
  { error: 'validation.oneOf' },
);
export type RecallSelection = z.infer<typeof recallSelectionSchema>;

const recallFields = {
  level: recallLevelSchema,
  reason: zStatement(RECALL_REASON_MAX),
  /** What consumers are to do with the item, where to return it. */
  instruction: zStatement(RECALL_INSTRUCTION_MAX),
  /** Who to contact: a phone, an address. */
  contact: zString().trim().min(1, 'validation.required').max(RECALL_CONTACT_MAX, 'validation.tooLong'),
};

/** recall/add: a new draft; its codes are gathered in the background. */
export const recallAddBodySchema = z.object({ ...recallFields, selection: recallSelectionSchema });
export type RecallAddBody = z.input<typeof recallAddBodySchema>;

/** recall/edit: a draft's fields; a selection sent replaces the old one and its codes are gathered anew. */
export const recallEditBodySchema = z.object({ id: zId, ...recallFields, selection: recallSelectionSchema.optional() });
export type RecallEditBody = z.input<typeof recallEditBodySchema>;

export const recallIdBodySchema = z.object({ id: zId });
export const recallIdQuerySchema = z.object({ id: zId });

/** recall/close: an active recall ends (a draft is withdrawn unused); the disposition is for active ones. */
export const recallCloseBodySchema = z.object({
  id: zId,
  disposition: z.enum(RECALL_CLOSE_DISPOSITIONS, { error: 'validation.oneOf' }).optional(),
  summary: zStatement(RECALL_SUMMARY_MAX),
});
export type RecallCloseBody = z.input<typeof recallCloseBodySchema>;

export const recallPageQuerySchema = pageQuerySchema.extend({
  recallNo: z.string().trim().max(40).optional(),
  state: z.enum(RECALL_STATES, { error: 'validation.oneOf' }).optional(),
  level: z.coerce.number().pipe(recallLevelSchema).optional(),
});

/** Background work on a recall and how far it is. */
export const recallJobSchema = z.object({
  kind: z.enum(['RESOLVE', 'RECALLED', 'CLOSED']),
  status: z.enum(['QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED']),
  /** Codes gathered (RESOLVE) or given their event (RECALLED, CLOSED) so far. */
  progress: z.number(),
  error: z.string(),
  createdAt: z.date(),
  finishedAt: z.date().nullable(),
});
export type RecallJob = z.infer<typeof recallJobSchema>;

export const recallRowSchema = z.object({
  id: z.string(),
  recallNo: z.string(),
  state: z.enum(RECALL_STATES),
  level: z.number(),
  reason: z.string(),
  instruction: z.string(),
  contact: z.string(),
  startedAt: z.date().nullable(),
  selectionKind: z.enum(RECALL_SELECTION_KINDS),
  /** Codes the selection covers (while `resolvedAt` is null, gathered so far). */
  codeCount: z.number(),
  resolvedAt: z.date().nullable(),
  closeDisposition: z.enum(RECALL_CLOSE_DISPOSITIONS).nullable(),
  closeSummary: z.string(),
  /** The login name of who created it (kept for existing clients; screens show createdByName). */
  createdBy: z.string().describe("The login name of who created it (kept for existing clients; show createdByName)"),
  ...createdByShape,
  createdAt: z.date(),
  updatedAt: z.date(),
  closedAt: z.date().nullable(),
});
export type RecallRow = z.infer<typeof recallRowSchema>;

/** One recall with its selection in words and numbers, and its background work. */
export const recallDetailSchema = recallRowSchema.extend({
  selection: z.object({
    kind: z.enum(RECALL_SELECTION_KINDS),
    batches: z.array(z.object({ id: z.string(), batchNo: z.string(), productName: z.string() })),
    shipment: z.object({ id: z.string(), orderNo: z.string(), dealerName: z.string() }).nullable(),
    range: z.object({ ruleId: z.string(), ruleName: z.string(), fromCode: z.string(), toCode: z.string(), fromSerial: z.string(), toSerial: z.string() }).nullable(),
    /** LIST: how many codes were uploaded. */
    listedCount: z.number(),
  }),
  jobs: z.array(recallJobSchema),
});
export type RecallDetail = z.infer<typeof recallDetailSchema>;

export const recallCodeQuerySchema = pageQuerySchema.extend({ id: zId });
export const recallCodeRowSchema = z.object({
  code: z.string(),
  isBox: z.boolean(),
  status: z.string(),
  productName: z.string().nullable(),
  batchNo: z.string().nullable(),
  /** The dealer holding the item now, if any. */
  dealerName: z.string().nullable(),
});
export type RecallCodeRow = z.infer<typeof recallCodeRowSchema>;

/** Where the recalled items are, and what has come of the recall so far. */
export const recallExposureSchema = z.object({
  codeCount: z.number(),
  items: z.number(),
  boxes: z.number(),
  /** Items at dealers now (code_shipment), and by dealer, most first. */
  atDealers: z.number(),
  dealers: z.array(
    z.object({ dealerId: z.string(), dealerCode: z.string(), dealerName: z.string(), level: z.number(), areaCodes: z.array(z.string()), items: z.number() }),
  ),
  /** Items at no dealer: never shipped, or back. */
  atCompany: z.number(),
  /** Items brought back by returns completed since the recall started. */
  returned: z.number(),
  /** Consumers' scans of recalled items since the recall started (until it closed), and the items scanned. */
  scans: z.number(),
  scannedItems: z.number(),
  /** Scans by province area code ('' unknown or abroad), most first. */
  provinces: z.array(z.object({ areaCode: z.string(), scans: z.number(), items: z.number() })),
});
export type RecallExposure = z.infer<typeof recallExposureSchema>;

/** The trace report of a recall, or of one of its lots. */
export const recallTraceQuerySchema = z.object({ id: zId, batchId: zId.optional() });
