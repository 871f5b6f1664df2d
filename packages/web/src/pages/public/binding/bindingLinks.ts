import type { BindableBatch } from '@rd/contract';

/**
 * Where the portal sends a user to bind codes: the production-line pages, reached from the batch list, the job
 * list and the code list (links shown to users with the bind permission). /codeBindingProduce takes the product
 * and batch to start with from its address, so a link from a batch or a job made for a batch opens ready to scan.
 */
export const PRODUCE_PATH = '/codeBindingProduce';
export const PACK_PATH = '/codeBinding';
export const PRODUCT_PARAM = 'productId';
export const BATCH_PARAM = 'batchId';

/** The page binding item codes to a batch, with the product and batch picked when given. */
export function produceLink(pick: { productId?: string | null; batchId?: string | null } = {}): string {
  const params = new URLSearchParams();
  if (pick.productId) params.set(PRODUCT_PARAM, pick.productId);
  if (pick.batchId) params.set(BATCH_PARAM, pick.batchId);
  const query = params.toString();
  return query ? `${PRODUCE_PATH}?${query}` : PRODUCE_PATH;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The batch an address names, as the batch list is asked for it (an id of another shape is not sent). */
export function linkedBatchId(search: URLSearchParams): string | undefined {
  const id = search.get(BATCH_PARAM)?.trim();
  return id && UUID.test(id) ? id : undefined;
}

export interface Preselection {
  productId?: string;
  batchId?: string;
  /** The address named a product or batch that is not among those offered (deleted, or another company's). */
  missing: boolean;
}

/**
 * What the binding page starts with: the batch the address names (and its product), else the product it names;
 * nothing when it names neither. A batch named with another product than its own is taken with its own.
 */
export function preselection(search: URLSearchParams, batches: readonly BindableBatch[]): Preselection {
  const batchParam = search.get(BATCH_PARAM)?.trim();
  const productParam = search.get(PRODUCT_PARAM)?.trim();
  if (batchParam) {
    const batch = batches.find((b) => b.batchId === batchParam);
    if (batch) return { productId: batch.productId, batchId: batch.batchId, missing: false };
  }
  if (productParam && batches.some((b) => b.productId === productParam)) return { productId: productParam, missing: Boolean(batchParam) };
  return { missing: Boolean(batchParam || productParam) };
}
