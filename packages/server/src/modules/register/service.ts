import type { Lang, RegisterResult, registerBodySchema } from '@rd/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth/password.js';
import { isUniqueViolation } from '../../platform/db/constraintErrors.js';
import type { DB } from '../../platform/db/schema.js';
import { newBusinessCode } from '../../platform/ids.js';
import { assertLicenseFree } from '../companyInfo/licenseUnique.js';
import { duplicateField } from '../product/fieldError.js';
import { usernameTaken } from '../userinfo/store.js';
import { FIELD_LABELS } from '../userinfo/texts.js';
import { sameNameRegistered, sameNameWarning } from './sameName.js';

type RegisterBody = z.infer<typeof registerBodySchema>;

const duplicateUsername = (username: string, lang: Lang) => duplicateField('username', FIELD_LABELS[lang].username, username, lang);

/**
 * Creates a company and its enterprise administrator, all or nothing. The administrator signs in with the
 * password chosen here (so it need not be changed at once) and holds the built-in ENTERPRISE_ADMIN role.
 * The company starts without company info: it must report it and pass audit before it may generate codes.
 * One credit code registers one company (assertLicenseFree); a full name already registered is a warning the
 * person confirms with `confirmSameName` (sameName.ts), asked once everything else would pass.
 */
export async function registerCompany(db: Kysely<DB>, body: RegisterBody, lang: Lang): Promise<RegisterResult> {
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction().execute(async (trx) => {
      await assertLicenseFree(trx, body.licenseNumber, lang, 'registering');
      if (await usernameTaken(trx, body.username)) throw duplicateUsername(body.username, lang);
      if (!body.confirmSameName && (await sameNameRegistered(trx, body.fullName))) throw sameNameWarning(lang);
      const company = await trx
        .insertInto('company')
        .values({ merchant_code: newBusinessCode('M'), full_name: body.fullName, license_number: body.licenseNumber })
        .returning(['id', 'merchant_code'])
        .executeTakeFirstOrThrow();
      const user = await trx
        .insertInto('app_user')
        .values({
          user_code: newBusinessCode('U'),
          username: body.username,
          name: body.name,
          phone: body.phone,
          password_hash: passwordHash,
          user_type: '3',
          company_id: company.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const role = await trx.selectFrom('role').select('id').where('role_code', '=', 'ENTERPRISE_ADMIN').where('builtin', '=', true).executeTakeFirstOrThrow();
      await trx.insertInto('user_role').values({ user_id: user.id, role_id: role.id }).execute();
      return { merchantCode: company.merchant_code, username: body.username };
    });
  } catch (error) {
    // Two registrations of one username at once: the unique index decides.
    if (isUniqueViolation(error)) throw duplicateUsername(body.username, lang);
    throw error;
  }
}
