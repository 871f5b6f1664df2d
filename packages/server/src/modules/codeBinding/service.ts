import { BINDABLE_BATCHES_MAX, BINDING_UNDO_MINUTES, type BindBatchResult, type Lang, bindBatchBodySchema } from '@rd/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/http/appError.js';
import { recordCommissioning, recordDecommissioning } from '../epcis/codeEvents.js';
import type { EventSite } from '../epcis/portalEvents.js';
import { ownCompany } from '../product/ownCompany.js';
import { Refusals, fieldOf } from '../boxCode/refusals.js';
import { distinct, scannedCodes } from '../boxCode/scannedCodes.js';
import { batchLabels, bindableBatches, bindCodes, lockBatch, lockBindingForUndo, productNames, restoreCode, type CodeToBind } from './store.js';
import { UNDO_REASONS } from './texts.js';

type BindBody = z.output<typeof bindBatchBodySchema>;

/**
 * Code binding at production (DOMAIN.md "Tag rules and codes"): item codes are bound to a product batch and
 * put in force. All or none, in one transaction that first locks the batch row (see lockBatch).
 *
 * Per code: unknown or another company's → NOT_FOUND; a box code → NOT_AN_ITEM; voided → VOIDED; bound to
 * another batch → BOUND_TO_OTHER_BATCH; generated for another product → OTHER_PRODUCT; bound to this
 * batch already → unchanged (a label read twice does no harm). A code put in force by hand before keeps
 * its activation time.
 */
export async function bindToBatch(db: Kysely<DB>, principal: Principal, body: BindBody, lang: Lang, site: EventSite): Promise<BindBatchResult> {
  const companyId = ownCompany(principal);
  const texts = distinct(body.codes);
  return db.transaction().execute(async (tx) => {
    const batch = await lockBatch(tx, companyId, body.batchId);
    if (!batch) throw notFound();
    const codes = await scannedCodes(tx, companyId, texts, 'update');
    const byText = new Map(codes.map((c) => [c.code, c]));
    const refusals = new Refusals(lang);
    const toBind: CodeToBind[] = [];
    const elsewhere: Array<{ field: string; code: string; batchId: string | null; productId: string | null }> = [];
    let unchanged = 0;
    for (const text of texts) {
      const code = byText.get(text);
      const field = fieldOf('codes', body.codes, text);
      if (!code) refusals.add(field, 'NOT_FOUND');
      else if (code.kind !== 'ITEM') refusals.add(field, 'NOT_AN_ITEM', {}, code.code);
      else if (code.status === 'VOIDED') refusals.add(field, 'VOIDED', {}, code.code);
      else if (code.batchId === batch.id && code.status === 'ACTIVATED') unchanged += 1;
      else if ((code.batchId && code.batchId !== batch.id) || (code.productId && code.productId !== batch.productId)) {
        elsewhere.push({ field, code: code.code, batchId: code.batchId, productId: code.productId });
      } else toBind.push({ ...code, status: code.status });
    }
    if (elsewhere.length > 0) await refuseElsewhere(tx, refusals, elsewhere);
    refusals.throwIfAny();
    await bindCodes(tx, { companyId, productId: batch.productId, batchId: batch.id, userId: principal.userId }, toBind);
    // commissioned with the batch as their lot (a code in force before is commissioned again, now with its lot)
    await recordCommissioning(tx, site, toBind.map((c) => c.id));
    return { bound: toBind.length, unchanged, productName: batch.productName, batchNo: batch.batchNo };
  });
}

async function refuseElsewhere(
  tx: Parameters<typeof batchLabels>[0],
  refusals: Refusals,
  codes: ReadonlyArray<{ field: string; code: string; batchId: string | null; productId: string | null }>,
): Promise<void> {
  const batches = new Map((await batchLabels(tx, distinct(codes.flatMap((c) => (c.batchId ? [c.batchId] : []))))).map((b) => [b.id, b]));
  const products = new Map((await productNames(tx, distinct(codes.flatMap((c) => (c.productId ? [c.productId] : []))))).map((p) => [p.id, p.name]));
  for (const c of codes) {
    const other = c.batchId ? batches.get(c.batchId) : undefined;
    if (other) refusals.add(c.field, 'BOUND_TO_OTHER_BATCH', { batch: `${other.productName} ${other.batchNo}` }, c.code);
    else refusals.add(c.field, 'OTHER_PRODUCT', { product: (c.productId && products.get(c.productId)) || '' }, c.code);
  }
}

/**
 * Undoes one binding: the worker scanned a wrong label. Allowed only for the caller's own binding, within
 * BINDING_UNDO_MINUTES, and while no consumer scan has counted the code (once a consumer has seen it in
 * force, taking it back would change what they were told). An undo that would take the code out of force
 * waits until it is out of its box and out of any open order. The code returns to its state before.
 */
export async function undoBinding(db: Kysely<DB>, principal: Principal, code: string, lang: Lang, site: EventSite): Promise<void> {
  const companyId = ownCompany(principal);
  await db.transaction().execute(async (tx) => {
    const row = await lockBindingForUndo(tx, companyId, code);
    if (!row) throw notFound();
    const refuse = (reason: keyof (typeof UNDO_REASONS)['zh_CN'], params: Record<string, string> = {}) =>
      new AppError('BINDING_UNDO_REFUSED', { code, reason: UNDO_REASONS[lang][reason].replace(/\{(\w+)\}/g, (whole, key: string) => params[key] ?? whole) });
    if (!row.boundAt || !row.priorStatus) throw refuse('notBound');
    if (row.boundBy !== principal.userId) throw refuse('notYours');
    if (Date.now() - row.boundAt.getTime() > BINDING_UNDO_MINUTES * 60_000) throw refuse('tooLate');
    if (row.status !== 'ACTIVATED') throw refuse('changedSince');
    if (row.scanned) throw refuse('scanned');
    // taken out of force, a packed or ordered item would make its box or order one shipping refuses
    if (row.priorStatus !== 'ACTIVATED' && row.inBox) throw refuse('packed', { box: row.inBox });
    if (row.priorStatus !== 'ACTIVATED' && row.openOrderNo) throw refuse('inOrder', { order: row.openOrderNo });
    await restoreCode(tx, row.id, {
      status: row.priorStatus,
      productId: row.priorProductId,
      batchId: row.priorBatchId,
      activatedAt: row.priorActivatedAt,
    });
    // the event log is never rewritten: the undo is an event of its own
    if (row.priorStatus === 'ACTIVATED') await recordCommissioning(tx, site, [row.id]);
    else await recordDecommissioning(tx, site, [row.id]);
  });
}

/**
 * The company's batches for the binding page (the worker needs the bind permission only, not the batch list's);
 * `linkedBatchId`, the batch a portal link preselects, is offered however old it is (another company's is not).
 */
export function batchesForBinding(db: Kysely<DB>, principal: Principal, linkedBatchId?: string) {
  return bindableBatches(db, ownCompany(principal), BINDABLE_BATCHES_MAX, linkedBatchId);
}
