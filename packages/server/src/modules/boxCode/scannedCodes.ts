import { sql, type Kysely, type Transaction } from 'kysely';
import type { CodeStatus, DB, RuleKind } from '../../platform/db/schema.js';

/** A company's code looked up by its printed text, with the kind of its rule. */
export interface ScannedCode {
  id: string;
  code: string;
  status: CodeStatus;
  kind: RuleKind;
  productId: string | null;
  batchId: string | null;
  activatedAt: Date | null;
}

/**
 * The company's codes among `texts`. `lock`: 'share' keeps them from being voided until the transaction
 * ends (voiding updates the row), 'update' when the caller changes the rows itself. Locks are taken in id
 * order so two calls over the same codes queue instead of deadlocking.
 */
export async function scannedCodes(
  db: Kysely<DB> | Transaction<DB>,
  companyId: string,
  texts: readonly string[],
  lock: 'share' | 'update' | 'none' = 'none',
): Promise<ScannedCode[]> {
  if (texts.length === 0) return [];
  let q = db
    .selectFrom('code as c')
    .innerJoin('tag_rule as r', 'r.id', 'c.rule_id')
    .select(['c.id', 'c.code', 'c.status', 'r.kind', 'c.product_id as productId', 'c.batch_id as batchId', 'c.activated_at as activatedAt'])
    .where('c.company_id', '=', companyId)
    .where('c.code', 'in', [...texts])
    .orderBy('c.id');
  if (lock === 'share') q = q.modifyEnd(sql`FOR SHARE OF c`);
  if (lock === 'update') q = q.modifyEnd(sql`FOR UPDATE OF c`);
  const rows = await q.execute();
  return rows;
}

/** Distinct texts in the order first given (a scanner may send one label twice). */
export function distinct(texts: readonly string[]): string[] {
  return [...new Set(texts)];
}
