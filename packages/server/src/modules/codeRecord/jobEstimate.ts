import type { CodeRecordEstimate, Lang } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { notFound } from '../../platform/http/appError.js';
import { codeUrl, randomCodes } from '../rule/codeMaker.js';
import { resolveJobTargets } from './jobTargets.js';

/**
 * Codes a second assumed until this installation has finished a large job of its own: what
 * `npm run bench:codes` measured on a 2-core machine for 1,000,000 codes through the job runner (148,000/s on
 * PostgreSQL, 44,600/s on the embedded database, which writes 1,000 codes a transaction on the connection the
 * API shares), rounded down. See docs/codes.md, "Code generation jobs".
 */
export const REFERENCE_CODES_PER_SECOND = { postgres: 140_000, pglite: 40_000 } as const;
/** Jobs at least this large measure the rate; small ones are mostly start-up time. */
const MEASURING_JOB_MIN = 100_000;
/** The newest finished jobs the measured rate is taken from. */
const MEASURING_JOBS = 5;

/** Codes a second of this installation's newest large finished jobs (all companies: the machine is shared). */
async function measuredRate(db: Kysely<DB>): Promise<number | null> {
  const { rows } = await sql<{ codes: string | number | null; seconds: string | number | null }>`
    select sum(quantity) as codes, sum(extract(epoch from finished_at - started_at)) as seconds
    from (select quantity, started_at, finished_at from code_record
          where status = 'DONE' and quantity >= ${MEASURING_JOB_MIN} and started_at is not null and finished_at > started_at
          order by finished_at desc limit ${MEASURING_JOBS}) recent`.execute(db);
  const codes = Number(rows[0]?.codes ?? 0);
  const seconds = Number(rows[0]?.seconds ?? 0);
  return codes > 0 && seconds > 0 ? codes / seconds : null;
}

/** The time a job of `quantity` codes of the rule should take, and the size of its code files. */
export async function estimateJob(
  db: Kysely<DB>,
  site: { companyId: string; publicBaseUrl: string; databaseKind: 'pglite' | 'postgres' },
  body: { ruleId: string; quantity: number; productId?: string; batchId?: string },
  lang: Lang,
): Promise<CodeRecordEstimate> {
  const targets = await resolveJobTargets(db, site.companyId, body, lang);
  const rule = await db
    .selectFrom('tag_rule')
    .select(['prefix', 'body_length as bodyLength', 'alphabet', 'check_scheme as checkScheme', 'hidden_length as hiddenLength', 'url_form as urlForm'])
    .where('id', '=', body.ruleId)
    .where('company_id', '=', site.companyId)
    .executeTakeFirst();
  if (!rule) throw notFound();
  const product = targets.productId
    ? await db.selectFrom('product').select('gtin').where('id', '=', targets.productId).executeTakeFirst()
    : undefined;
  const batch = targets.batchId
    ? await db.selectFrom('product_batch').select('batch_no').where('id', '=', targets.batchId).executeTakeFirst()
    : undefined;

  // Every code of a rule has the same length, and its URL differs from a sample's only by the code.
  const sample = randomCodes(rule, 1)[0] as string;
  const url = codeUrl(site.publicBaseUrl, sample, { urlForm: rule.urlForm, gtin: product?.gtin, batchNo: batch?.batch_no });
  const cells = [sample.length, url.length, ...(rule.hiddenLength > 0 ? [rule.hiddenLength] : [])];
  const lineBytes = cells.reduce((sum, n) => sum + n, 0) + (cells.length - 1) + 2; // separators and CR LF
  // CSV: a byte-order mark and a header row of a few short words.
  const csvHeaderBytes = 3 + 40;

  const measured = await measuredRate(db);
  const codesPerSecond = Math.round(measured ?? REFERENCE_CODES_PER_SECOND[site.databaseKind]);
  return {
    quantity: body.quantity,
    codeLength: sample.length,
    codesPerSecond,
    rateSource: measured === null ? 'REFERENCE' : 'MEASURED',
    seconds: Math.ceil(body.quantity / codesPerSecond),
    files: [
      { format: 'csv', bytes: csvHeaderBytes + body.quantity * lineBytes },
      { format: 'txt', bytes: body.quantity * lineBytes },
    ],
  };
}
