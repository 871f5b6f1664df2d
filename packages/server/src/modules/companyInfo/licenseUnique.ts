import { type Lang } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/appError.js';

const LICENSE_LABEL: Record<Lang, string> = { zh_CN: '统一社会信用代码', en_US: 'Unified social credit code' };

/**
 * What the person is told under the field: at registration, that the company is there already and how to get in;
 * in a company's own report, that the code is another company's. Neither says which company (DOMAIN.md "Tenancy").
 */
const TAKEN: Record<'registering' | 'reporting', Record<Lang, string>> = {
  registering: {
    zh_CN: '该统一社会信用代码的企业已在本平台注册，不能重复注册：请联系贵公司的管理员为您开通账号',
    en_US: "A company with this unified social credit code is already registered and cannot register again: ask your company's administrator for an account",
  },
  reporting: {
    zh_CN: '该统一社会信用代码已由本平台的另一家企业注册，请核对',
    en_US: 'Another company on the platform is registered with this unified social credit code: check it',
  },
};

/**
 * One unified social credit code belongs to one company: registering it, or reporting it as another
 * company's info, answers DUPLICATE on `licenseNumber`. The code is compared with the companies' registered
 * codes (each approved report is copied there). Callers holding the same code queue on a transaction
 * advisory lock, so the check and their write cannot interleave; run it inside the writing transaction.
 * `who`: a registration, or the company reporting (its own code is no duplicate).
 */
export async function assertLicenseFree(trx: Kysely<DB>, licenseNumber: string, lang: Lang, who: 'registering' | { companyId: string }): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`company-license:${licenseNumber}`}))`.execute(trx);
  let q = trx.selectFrom('company').select('id').where('license_number', '=', licenseNumber);
  if (who !== 'registering') q = q.where('id', '<>', who.companyId);
  if (await q.executeTakeFirst()) {
    const message = TAKEN[who === 'registering' ? 'registering' : 'reporting'][lang];
    throw new AppError('DUPLICATE', { field: LICENSE_LABEL[lang], value: licenseNumber }, [{ field: 'licenseNumber', message }]);
  }
}
