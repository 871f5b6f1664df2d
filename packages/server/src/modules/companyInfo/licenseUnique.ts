import type { Lang } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { duplicateField } from '../product/fieldError.js';

const LICENSE_LABEL: Record<Lang, string> = { zh_CN: '统一社会信用代码', en_US: 'Unified social credit code' };

/**
 * One unified social credit code belongs to one company: registering it, or reporting it as another
 * company's info, answers DUPLICATE on `licenseNumber`. The code is compared with the companies' registered
 * codes (each approved report is copied there). Callers holding the same code queue on a transaction
 * advisory lock, so the check and their write cannot interleave; run it inside the writing transaction.
 */
export async function assertLicenseFree(trx: Kysely<DB>, licenseNumber: string, lang: Lang, exceptCompanyId?: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`company-license:${licenseNumber}`}))`.execute(trx);
  let q = trx.selectFrom('company').select('id').where('license_number', '=', licenseNumber);
  if (exceptCompanyId) q = q.where('id', '<>', exceptCompanyId);
  if (await q.executeTakeFirst()) throw duplicateField('licenseNumber', LICENSE_LABEL[lang], licenseNumber, lang);
}
