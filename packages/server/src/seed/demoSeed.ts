import { usccCheckChar } from '@rd/contract';
import type { Kysely } from 'kysely';
import { generatePassword, hashPassword } from '../platform/auth/password.js';
import type { Config } from '../platform/config.js';
import type { DB } from '../platform/db/schema.js';
import { newBusinessCode } from '../platform/ids.js';
import { recordGeneratedPassword } from './initialCredentials.js';
import { seedDemoProducts } from './demoProducts.js';
import { seedDemoFarmers } from './demoFarmers.js';
import { seedDemoCompanyInfo } from './demoCompanyInfo.js';

const DEMO_LICENSE_BODY = '93110115MA01XK7P2'; // a farmers' cooperative (9 3) registered in Daxing, Beijing

/** A demo company, a watermelon growers' cooperative, with its administrator, an operator and an auditor. */
export const DEMO_USERS = [
  { username: 'demo', name: '王建国', type: '3', role: 'ENTERPRISE_ADMIN' },
  { username: 'operator', name: '李秀英', type: '3', role: 'ENTERPRISE_OPERATOR' },
  { username: 'auditor', name: '张敏', type: '2', role: 'AUDITOR' },
] as const;

/**
 * Loaded on the first start of the embedded database so a new user sees a living portal: the company, its
 * accounts, products and growers; its season of codes, dealers, scans and recalls follows (demoSeason.ts).
 * `startDay` (yyyy-MM-dd, the first start's business day) dates the first batches.
 */
export async function seedDemo(db: Kysely<DB>, config: Pick<Config, 'dataDir'>, startDay?: string): Promise<void> {
  const passwords: Array<[string, string]> = [];
  await db.transaction().execute(async (trx) => {
    const company = await trx
      .insertInto('company')
      .values({
        merchant_code: 'M10001',
        full_name: '北京市大兴区庞各庄西瓜专业合作社',
        simple_name: '庞各庄西瓜合作社',
        register_address: '北京市大兴区庞各庄镇政府街 18 号',
        license_number: DEMO_LICENSE_BODY + usccCheckChar(DEMO_LICENSE_BODY),
        business_term: '2012-04-16 至 长期',
        business_scope: '组织成员种植、销售西瓜、甜瓜及其他瓜果；提供农业技术培训与信息服务。',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let adminId: string | null = null;
    let auditorId: string | null = null;
    const roles = await trx.selectFrom('role').select(['id', 'role_code']).where('builtin', '=', true).execute();
    for (const demo of DEMO_USERS) {
      const password = generatePassword();
      passwords.push([demo.username, password]);
      const user = await trx
        .insertInto('app_user')
        .values({
          user_code: newBusinessCode('U'),
          username: demo.username,
          name: demo.name,
          password_hash: await hashPassword(password),
          // a generated password is replaced at the first sign-in, as admin's is
          must_change_password: true,
          user_type: demo.type,
          company_id: demo.type === '3' ? company.id : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const role = roles.find((r) => r.role_code === demo.role);
      if (role) await trx.insertInto('user_role').values({ user_id: user.id, role_id: role.id }).execute();
      if (demo.username === 'demo') adminId = user.id;
      if (demo.username === 'auditor') auditorId = user.id;
    }
    await seedDemoProducts(trx, company.id, adminId, startDay);
    await seedDemoFarmers(trx, company.id, adminId);
    await seedDemoCompanyInfo(trx, company.id, { reporter: adminId, auditor: auditorId });
  });
  for (const [username, password] of passwords) recordGeneratedPassword(config.dataDir, username, password);
}
