import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/**
 * The batch codes are bound to, locked FOR KEY SHARE until the binding commits. `code` has no foreign key
 * to product_batch (0012), so this lock is what keeps a concurrent delete of the batch (which takes the
 * row FOR UPDATE, then checks that no code names it) from slipping in between: the delete waits and then
 * sees the bound codes, or it went first and the batch is not found here. Edits of the batch's fields
 * (FOR NO KEY UPDATE) are not held up.
 */
export function lockBatch(tx: Transaction<DB>, companyId: string, batchId: string) {
  return tx
    .selectFrom('product_batch as b')
    .innerJoin('product as p', 'p.id', 'b.product_id')
    .select(['b.id', 'b.product_id as productId', 'b.batch_no as batchNo', 'p.name as productName'])
    .where('b.id', '=', batchId)
    .where('b.company_id', '=', companyId)
    .modifyEnd(sql`FOR KEY SHARE OF b`)
    .executeTakeFirst();
}

/** The batch number and product name of other batches, for the refusal texts. */
export function batchLabels(tx: Transaction<DB>, batchIds: readonly string[]) {
  if (batchIds.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('product_batch as b')
    .innerJoin('product as p', 'p.id', 'b.product_id')
    .select(['b.id', 'b.batch_no as batchNo', 'p.name as productName'])
    .where('b.id', 'in', [...batchIds])
    .execute();
}

export function productNames(tx: Transaction<DB>, productIds: readonly string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return tx.selectFrom('product').select(['id', 'name']).where('id', 'in', [...productIds]).execute();
}

export interface CodeToBind {
  id: string;
  status: 'NOT_ACTIVATED' | 'ACTIVATED';
  productId: string | null;
  batchId: string | null;
  activatedAt: Date | null;
}

/**
 * Binds codes (already locked FOR UPDATE) to the batch and puts them in force, remembering for each what it
 * was before (for the undo). A code in force already keeps its activation time.
 */
export async function bindCodes(
  tx: Transaction<DB>,
  binding: { companyId: string; productId: string; batchId: string; userId: string },
  codes: readonly CodeToBind[],
): Promise<void> {
  if (codes.length === 0) return;
  const ids = codes.map((c) => c.id);
  await tx
    .insertInto('code_binding')
    .values(
      codes.map((c) => ({
        code_id: c.id,
        company_id: binding.companyId,
        product_id: binding.productId,
        batch_id: binding.batchId,
        bound_by: binding.userId,
        prior_status: c.status,
        prior_product_id: c.productId,
        prior_batch_id: c.batchId,
        prior_activated_at: c.activatedAt,
      })),
    )
    // A code bound before and undone has no row; one still bound is refused before this point.
    .onConflict((oc) =>
      oc.column('code_id').doUpdateSet((eb) => ({
        product_id: eb.ref('excluded.product_id'),
        batch_id: eb.ref('excluded.batch_id'),
        bound_by: eb.ref('excluded.bound_by'),
        bound_at: sql`now()`,
        prior_status: eb.ref('excluded.prior_status'),
        prior_product_id: eb.ref('excluded.prior_product_id'),
        prior_batch_id: eb.ref('excluded.prior_batch_id'),
        prior_activated_at: eb.ref('excluded.prior_activated_at'),
      })),
    )
    .execute();
  await tx
    .updateTable('code')
    .set({
      product_id: binding.productId,
      batch_id: binding.batchId,
      status: 'ACTIVATED',
      activated_at: sql`coalesce(activated_at, now())`,
    })
    .where('id', 'in', ids)
    .execute();
}

/** A binding the undo may take back, with the code locked: the caller's own, recent, code not voided since. */
export function lockBindingForUndo(tx: Transaction<DB>, companyId: string, code: string) {
  return tx
    .selectFrom('code as c')
    .leftJoin('code_binding as cb', 'cb.code_id', 'c.id')
    .select([
      'c.id',
      'c.status',
      'cb.bound_by as boundBy',
      'cb.bound_at as boundAt',
      'cb.prior_status as priorStatus',
      'cb.prior_product_id as priorProductId',
      'cb.prior_batch_id as priorBatchId',
      'cb.prior_activated_at as priorActivatedAt',
      sql<boolean>`EXISTS (SELECT 1 FROM code_scan s WHERE s.code_id = c.id AND s.scan_count > 0)`.as('scanned'),
      sql<string | null>`(SELECT b.code FROM box_item bi JOIN code b ON b.id = bi.box_code_id WHERE bi.item_code_id = c.id)`.as('inBox'),
      sql<string | null>`(SELECT s.order_no FROM open_line ol JOIN shipment s ON s.id = ol.shipment_id WHERE ol.code_id = c.id)`.as('openOrderNo'),
    ])
    .where('c.company_id', '=', companyId)
    .where('c.code', '=', code)
    .modifyEnd(sql`FOR UPDATE OF c`)
    .executeTakeFirst();
}

export async function restoreCode(
  tx: Transaction<DB>,
  codeId: string,
  prior: { status: 'NOT_ACTIVATED' | 'ACTIVATED'; productId: string | null; batchId: string | null; activatedAt: Date | null },
): Promise<void> {
  await tx
    .updateTable('code')
    .set({ status: prior.status, product_id: prior.productId, batch_id: prior.batchId, activated_at: prior.activatedAt })
    .where('id', '=', codeId)
    .execute();
  await tx.deleteFrom('code_binding').where('code_id', '=', codeId).execute();
}

/**
 * Batches a worker may bind codes to: the company's, newest first, with their product's name; `alsoBatchId`, when
 * the company's and not among them, after them.
 */
export async function bindableBatches(db: Kysely<DB>, companyId: string, limit: number, alsoBatchId?: string) {
  const batches = () =>
    db
      .selectFrom('product_batch as b')
      .innerJoin('product as p', 'p.id', 'b.product_id')
      .select(['b.id as batchId', 'b.batch_no as batchNo', 'b.product_id as productId', 'p.name as productName', 'b.production_date as productionDate'])
      .where('b.company_id', '=', companyId);
  const newest = await batches().orderBy('b.created_at', 'desc').orderBy('b.id').limit(limit).execute();
  if (!alsoBatchId || newest.some((b) => b.batchId === alsoBatchId)) return newest;
  const linked = await batches().where('b.id', '=', alsoBatchId).executeTakeFirst();
  return linked ? [...newest, linked] : newest;
}
