import type { Kysely } from 'kysely';
import { generatePassword, hashPassword } from '../platform/auth/password.js';
import type { DB } from '../platform/db/schema.js';
import { newBusinessCode } from '../platform/ids.js';
import { recordGeneratedPassword } from './initialCredentials.js';

export const ADMIN_USERNAME = 'admin';

/**
 * The platform super user, created on the first start. Its password comes from ADMIN_PASSWORD; without it
 * one is generated (never a fixed default) and the user must change it at the first sign-in.
 */
export async function seedAdmin(db: Kysely<DB>, options: { adminPassword: string | null; dataDir: string }): Promise<boolean> {
  const existing = await db.selectFrom('app_user').select('id').where('user_type', '=', '1').executeTakeFirst();
  if (existing) return false;
  const password = options.adminPassword ?? generatePassword();
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('app_user')
      .values({
        user_code: newBusinessCode('U'),
        username: ADMIN_USERNAME,
        name: '系统管理员',
        password_hash: await hashPassword(password),
        user_type: '1',
        company_id: null,
        must_change_password: options.adminPassword === null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const role = await trx.selectFrom('role').select('id').where('role_code', '=', 'PLATFORM_ADMIN').executeTakeFirstOrThrow();
    await trx.insertInto('user_role').values({ user_id: user.id, role_id: role.id }).execute();
  });
  if (options.adminPassword === null) recordGeneratedPassword(options.dataDir, ADMIN_USERNAME, password);
  return true;
}
