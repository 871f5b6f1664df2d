import type { Lang } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/appError.js';

/*
 * A second company under a full name already registered: warned, not refused.
 *
 * DOMAIN.md makes the unified social credit code (licenseNumber, with its check character) the company's identity:
 * one code registers one company, and a second registration of it is refused (companyInfo/licenseUnique.ts). The
 * full name is not an identity. Registration authorities keep names apart only within their own area, so two real
 * companies can share one; and refusing a name would let whoever typed it first — a typo, a test, a squatter with
 * any valid code — keep the real company out. So the same name is a warning: the registration answers
 * SAME_NAME_REGISTERED and creates nothing until the person confirms (`confirmSameName`), and the audit of the
 * company info that follows is where a platform auditor looks at who the company is.
 *
 * The warning says only that the name is registered: never which company, its merchant code, credit code or
 * people (DOMAIN.md "Tenancy").
 */

/** ASCII capitals, full-width brackets and the blanks a name may hold, and what each becomes (nothing for blanks). */
const FROM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ（）';
const TO = 'abcdefghijklmnopqrstuvwxyz()';
const BLANKS = ' \t\n\r\f\v\u00a0\u3000';
const BLANK = new RegExp(`[${BLANKS}]`, 'g');

/**
 * What makes two full names the same: blanks dropped, full-width brackets read as ASCII ones, ASCII letters in
 * lower case ("北京瓜香（集团）有限公司" = "北京瓜香 (集团) 有限公司"). The SQL below takes the same steps.
 */
export function companyNameKey(name: string): string {
  return name.replace(BLANK, '').replace(/[A-Z（）]/g, (c) => TO[FROM.indexOf(c)] as string);
}

/** Whether any company is registered under the same full name (registered, or approved since). */
export async function sameNameRegistered(db: Kysely<DB>, fullName: string): Promise<boolean> {
  const found = await db
    .selectFrom('company')
    .select('id')
    .where(sql<string>`translate(full_name, ${FROM + BLANKS}, ${TO})`, '=', companyNameKey(fullName))
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

const ON_FIELD: Record<Lang, string> = { zh_CN: '已有同名企业注册', en_US: 'A company of this full name is registered' };

/** The warning: the envelope's message says what to do, the field's that the name is registered. */
export function sameNameWarning(lang: Lang): AppError {
  return new AppError('SAME_NAME_REGISTERED', undefined, [{ field: 'fullName', message: ON_FIELD[lang] }]);
}
