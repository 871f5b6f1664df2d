import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CodeStatus, DB } from '../../src/platform/db/schema.js';

/** A stored file row of a company (no bytes: product rules only look at the row). */
export async function storedFile(db: Kysely<DB>, companyId: string, contentType = 'image/png'): Promise<string> {
  const extension = contentType === 'image/png' ? 'png' : 'pdf';
  const row = await db
    .insertInto('stored_file')
    .values({
      company_id: companyId,
      owner_id: null,
      sha256: randomBytes(32).toString('hex'),
      size_bytes: 10,
      content_type: contentType,
      extension,
      original_name: `f.${extension}`,
      place: 'image',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A rule and a finished generation job of a company, to hang codes on. */
export async function generationJob(db: Kysely<DB>, companyId: string, refs: { productId?: string; batchId?: string } = {}) {
  const rule = await db
    .insertInto('tag_rule')
    .values({ company_id: companyId, rule_name: `rule ${randomBytes(4).toString('hex')}`, body_length: 12, alphabet: 'DIGITS' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const record = await db
    .insertInto('code_record')
    .values({
      company_id: companyId,
      rule_id: rule.id,
      quantity: 10,
      status: 'DONE',
      product_id: refs.productId ?? null,
      batch_id: refs.batchId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ruleId: rule.id, recordId: record.id };
}

/** A code row bound to a product and batch, as code binding at production leaves it. */
export async function boundCode(
  db: Kysely<DB>,
  companyId: string,
  job: { ruleId: string; recordId: string },
  refs: { code: string; productId: string | null; batchId: string | null; status?: CodeStatus; activatedAt?: Date | null },
): Promise<void> {
  await db
    .insertInto('code')
    .values({
      code: refs.code,
      company_id: companyId,
      rule_id: job.ruleId,
      record_id: job.recordId,
      status: refs.status ?? 'NOT_ACTIVATED',
      product_id: refs.productId,
      batch_id: refs.batchId,
      activated_at: refs.activatedAt ?? null,
    })
    .execute();
}
