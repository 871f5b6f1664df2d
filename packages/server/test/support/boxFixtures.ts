import type { Kysely } from 'kysely';
import type { DB } from '../../src/platform/db/schema.js';
import { insertJob, insertRule } from './codeFixtures.js';

/**
 * Codes of a company for packing: `items` ITEM-kind codes and `boxes` BOX-kind codes (optionally of a product
 * and batch). Items are not in force unless `activated` (packing takes only items in force).
 */
export async function packingCodes(
  db: Kysely<DB>,
  companyId: string,
  counts: { items: number; boxes: number },
  refs: { productId?: string; batchId?: string; activated?: boolean } = {},
): Promise<{ items: string[]; boxes: string[] }> {
  const itemRule = await insertRule(db, companyId);
  const boxRule = await insertRule(db, companyId);
  await db.updateTable('tag_rule').set({ kind: 'BOX' }).where('id', '=', boxRule).execute();
  const { activated, ...job } = refs;
  const items = counts.items > 0 ? (await insertJob(db, { companyId, ruleId: itemRule, count: counts.items, ...job })).codes : [];
  if (activated && items.length > 0) await db.updateTable('code').set({ status: 'ACTIVATED', activated_at: new Date() }).where('code', 'in', items).execute();
  const boxes = counts.boxes > 0 ? (await insertJob(db, { companyId, ruleId: boxRule, count: counts.boxes })).codes : [];
  return { items, boxes };
}
