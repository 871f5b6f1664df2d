import { randomBytes } from 'node:crypto';
import { USCC_ALPHABET, usccCheckChar } from '@rd/contract';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../src/platform/auth/password.js';
import type { DB } from '../../src/platform/db/schema.js';
import { newBusinessCode } from '../../src/platform/ids.js';
import { namedSnapshot, writeApprovedInfo } from '../../src/modules/companyInfo/approvedInfo.js';

/**
 * Inserts a company and returns its id. Its company info is approved unless `approved: false`, so it may
 * generate codes like a real company that passed audit; with `approved: false` it has not reported yet.
 */
export async function createCompany(db: Kysely<DB>, name: string, options: { approved?: boolean } = {}): Promise<string> {
  const row = await db
    .insertInto('company')
    .values({ merchant_code: newBusinessCode('M'), full_name: name })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.approved !== false) await approveCompanyInfo(db, row.id);
  return row.id;
}

/**
 * A unified social credit code of its own for a test company: an enterprise (91) of Haidian, Beijing
 * (110108), nine random characters and the GB 32100-2015 check character. One code registers one company.
 */
export function testLicenseNumber(): string {
  const random = randomBytes(9);
  let body = '91110108';
  for (const b of random) body += USCC_ALPHABET[b % USCC_ALPHABET.length];
  return body + usccCheckChar(body);
}

/**
 * Gives the company approved company info (reported, submitted and passed), named like the company, so
 * the generation gate lets it generate codes.
 */
export async function approveCompanyInfo(db: Kysely<DB>, companyId: string): Promise<void> {
  const company = await db.selectFrom('company').select('full_name').where('id', '=', companyId).executeTakeFirstOrThrow();
  await writeApprovedInfo(db, companyId, namedSnapshot(company.full_name, testLicenseNumber()), { reporter: null, auditor: null });
}

/** Inserts a user with the given built-in or custom role codes. */
export async function createUser(
  db: Kysely<DB>,
  input: { username: string; password: string; userType: '1' | '2' | '3'; companyId?: string | null; roles?: string[]; name?: string },
): Promise<string> {
  const user = await db
    .insertInto('app_user')
    .values({
      user_code: newBusinessCode('U'),
      username: input.username,
      name: input.name ?? input.username,
      password_hash: await hashPassword(input.password),
      user_type: input.userType,
      company_id: input.companyId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const code of input.roles ?? []) {
    const role = await db.selectFrom('role').select('id').where('role_code', '=', code).executeTakeFirstOrThrow();
    await db.insertInto('user_role').values({ user_id: user.id, role_id: role.id }).execute();
  }
  return user.id;
}

/** A role of a company granted exactly the given menu or button codes. */
export async function createRole(db: Kysely<DB>, input: { code: string; companyId: string | null; menuCodes: string[] }) {
  const role = await db
    .insertInto('role')
    .values({ role_code: input.code, role_name: input.code, company_id: input.companyId, scope: 'ENTERPRISE' })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.menuCodes.length) {
    const menus = await db.selectFrom('menu').select('id').where('menu_code', 'in', input.menuCodes).execute();
    await db.insertInto('role_menu').values(menus.map((m) => ({ role_id: role.id, menu_id: m.id }))).execute();
  }
  return role.id;
}
