import { z } from 'zod';
import { scannedCodeSchema } from './boxCode.js';

/**
 * Code binding at production (/codeBindingProduce): item codes of the caller's company are bound to a
 * product batch and put in force (ACTIVATED) in one step.
 */

/** Codes bound in one call. */
export const BIND_CODES_PER_CALL_MAX = 500;
/** How long the worker who bound a code may take the binding back (a mistaken scan). */
export const BINDING_UNDO_MINUTES = 10;

/**
 * POST /acc/api/code/bindBatch: all or none. A code already bound to this batch is `unchanged`; bound to
 * another batch, voided, a box code, another company's or unknown: the call fails naming each code.
 */
export const bindBatchBodySchema = z.object({
  batchId: z.uuid('validation.invalid'),
  codes: z.array(scannedCodeSchema).min(1, 'validation.required').max(BIND_CODES_PER_CALL_MAX, 'validation.tooBig'),
});
export type BindBatchBody = z.input<typeof bindBatchBodySchema>;

export const bindBatchResultSchema = z.object({
  bound: z.number(),
  unchanged: z.number(),
  productName: z.string(),
  batchNo: z.string(),
});
export type BindBatchResult = z.infer<typeof bindBatchResultSchema>;

/**
 * POST /acc/api/code/unbindBatch: undo one binding — only the caller's own, within BINDING_UNDO_MINUTES,
 * and only while no consumer scan has counted the code. The code returns to what it was before.
 */
export const unbindBatchBodySchema = z.object({ code: scannedCodeSchema });
export type UnbindBatchBody = z.input<typeof unbindBatchBodySchema>;

/**
 * GET /acc/api/code/bindableBatches: the batches offered on the binding page, newest first. `batchId` (a link
 * from the portal's batch list, job list or code list) is offered too, after them, when it is older than the
 * newest BINDABLE_BATCHES_MAX.
 */
export const BINDABLE_BATCHES_MAX = 500;
export const bindableBatchesQuerySchema = z.object({ batchId: z.uuid('validation.invalid').optional() });
export type BindableBatchesQuery = z.input<typeof bindableBatchesQuerySchema>;
export const bindableBatchSchema = z.object({
  batchId: z.string(),
  batchNo: z.string(),
  productId: z.string(),
  productName: z.string(),
  productionDate: z.string().nullable(),
});
export type BindableBatch = z.infer<typeof bindableBatchSchema>;
