import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../src/platform/db/schema.js';
import { randomCodes, type CodeShape } from '../../src/modules/rule/codeMaker.js';

/** Rules, jobs and codes written straight into the tables, for the codes and downloads tests. */

let ruleCount = 0;

export async function insertRule(
  db: Kysely<DB>,
  companyId: string,
  options: { hiddenLength?: number; urlForm?: 'SCAN' | 'GS1'; prefix?: string; name?: string; shape?: Omit<CodeShape, 'prefix'> } = {},
): Promise<string> {
  const row = await db
    .insertInto('tag_rule')
    .values({
      company_id: companyId,
      rule_name: options.name ?? `rule-${++ruleCount}`,
      prefix: options.prefix ?? '',
      // by default the shape rules had before the Damm check: codes made the old way
      body_length: options.shape?.bodyLength ?? 12,
      alphabet: options.shape?.alphabet ?? 'CROCKFORD32',
      check_scheme: options.shape?.checkScheme ?? 'MOD37_36',
      hidden_length: options.hiddenLength ?? 0,
      url_form: options.urlForm ?? 'SCAN',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface InsertedJob {
  id: string;
  /** In insertion order. */
  codes: string[];
  codeIds: string[];
}

/**
 * A finished job with `count` random codes of the rule (or the given codes), inserted in the given order,
 * which is deliberately not the sorted order, so "insertion order" can be told apart from "by code".
 */
export async function insertJob(
  db: Kysely<DB>,
  input: {
    companyId: string;
    ruleId: string;
    count?: number;
    codes?: string[];
    prefix?: string;
    status?: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED' | 'CANCELLED';
    productId?: string | null;
    batchId?: string | null;
  },
): Promise<InsertedJob> {
  const codes =
    input.codes ??
    randomCodes({ prefix: input.prefix ?? '', bodyLength: 12, alphabet: 'CROCKFORD32', checkScheme: 'MOD37_36' }, input.count ?? 5);
  const job = await db
    .insertInto('code_record')
    .values({
      company_id: input.companyId,
      rule_id: input.ruleId,
      quantity: Math.max(1, codes.length),
      progress: codes.length,
      status: input.status ?? 'DONE',
      product_id: input.productId ?? null,
      batch_id: input.batchId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const codeIds: string[] = [];
  for (let i = 0; i < codes.length; i += 1000) {
    const rows = await db
      .insertInto('code')
      .values(
        codes.slice(i, i + 1000).map((code) => ({
          code,
          company_id: input.companyId,
          rule_id: input.ruleId,
          record_id: job.id,
          product_id: input.productId ?? null,
          batch_id: input.batchId ?? null,
        })),
      )
      .returning('id')
      .execute();
    codeIds.push(...rows.map((r) => r.id));
  }
  return { id: job.id, codes, codeIds };
}

/** A product (with a GTIN) and one of its batches. */
export async function insertProductWithBatch(
  db: Kysely<DB>,
  companyId: string,
  options: { gtin?: string | null; batchNo?: string } = {},
): Promise<{ productId: string; batchId: string }> {
  const product = await sql<{ id: string }>`
    INSERT INTO product (company_id, name, gtin) VALUES (${companyId}, 'Melon', ${options.gtin ?? null}) RETURNING id`.execute(db);
  const productId = (product.rows[0] as { id: string }).id;
  const batch = await sql<{ id: string }>`
    INSERT INTO product_batch (company_id, product_id, batch_no) VALUES (${companyId}, ${productId}, ${options.batchNo ?? 'B1'})
    RETURNING id`.execute(db);
  return { productId, batchId: (batch.rows[0] as { id: string }).id };
}
