import { sql, type Kysely } from 'kysely';
import type { Lang } from '@rd/contract';
import type { DB } from '../../platform/db/schema.js';
import { notFound } from '../../platform/http/appError.js';
import { invalidField } from '../../platform/http/inputErrors.js';

export interface JobTargets {
  productId: string | null;
  batchId: string | null;
}

/**
 * The product and batch a job's codes are made for, checked in the caller's company (another company's
 * product or batch is "not found"). A batch belongs to one product: given alone it names its product too,
 * given with a different product it is refused.
 */
export async function resolveJobTargets(
  db: Kysely<DB>,
  companyId: string,
  given: { productId?: string; batchId?: string },
  lang: Lang,
): Promise<JobTargets> {
  let productId = given.productId ?? null;
  if (given.batchId) {
    const batch = await sql<{ product_id: string }>`
      select product_id from product_batch where id = ${given.batchId} and company_id = ${companyId}`.execute(db);
    const owner = batch.rows[0]?.product_id;
    if (!owner) throw notFound();
    if (productId && productId !== owner) throw invalidField(lang, 'batchId', 'validation.invalid');
    productId = owner;
  }
  if (productId) {
    const product = await sql<{ id: string }>`
      select id from product where id = ${productId} and company_id = ${companyId}`.execute(db);
    if (!product.rows[0]) throw notFound();
  }
  return { productId, batchId: given.batchId ?? null };
}
