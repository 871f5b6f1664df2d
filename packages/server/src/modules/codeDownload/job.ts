import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { conflict, notFound } from '../../platform/http/appError.js';

/**
 * A generation job as its downloads need it: how many codes it holds, and what every label carries
 * (the rule's hidden-code length and URL form, the product's GTIN and the batch number).
 */
export interface DownloadJob {
  id: string;
  companyId: string;
  status: string;
  /** Codes stored so far (the job advances it in the same transaction as the codes). */
  progress: number;
  createdAt: Date;
  ruleName: string;
  hiddenLength: number;
  urlForm: 'SCAN' | 'GS1';
  gtin: string | null;
  batchNo: string | null;
}

/**
 * The job, if the caller may see it (an enterprise user: their company's; platform users: any), and if its
 * codes are all written: a queued or running job is still writing them (CONFLICT).
 */
export async function downloadableJob(db: Kysely<DB>, principal: Principal, id: string): Promise<DownloadJob> {
  let q = db
    .selectFrom('code_record as j')
    .innerJoin('tag_rule as r', 'r.id', 'j.rule_id')
    .leftJoin('product as p', 'p.id', 'j.product_id')
    .leftJoin('product_batch as b', 'b.id', 'j.batch_id')
    .select([
      'j.id',
      'j.company_id as companyId',
      'j.status',
      'j.progress',
      'j.created_at as createdAt',
      'r.rule_name as ruleName',
      'r.hidden_length as hiddenLength',
      'r.url_form as urlForm',
      'p.gtin',
      'b.batch_no as batchNo',
    ])
    .where('j.id', '=', id);
  if (principal.companyId) q = q.where('j.company_id', '=', principal.companyId);
  const job = await q.executeTakeFirst();
  if (!job) throw notFound();
  if (job.status === 'QUEUED' || job.status === 'RUNNING') throw conflict();
  return job;
}

/** Records one more download of the job. */
export async function countDownload(db: Kysely<DB>, jobId: string): Promise<void> {
  await db
    .updateTable('code_record')
    .set({ download_count: sql`download_count + 1` })
    .where('id', '=', jobId)
    .execute();
}
