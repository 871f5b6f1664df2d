import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { namedSnapshot, writeApprovedInfo } from '../../packages/server/src/modules/companyInfo/approvedInfo.js';
import type { Principal } from '../../packages/server/src/platform/auth/sessionStore.js';
import type { DB } from '../../packages/server/src/platform/db/schema.js';

/**
 * A company whose info has passed audit (generation is refused before), an enterprise account acting for it,
 * and a random rule of 20 Crockford characters without a check character.
 */
export async function seedBenchCompany(db: Kysely<DB>, name = 'Bench company'): Promise<{ principal: Principal; ruleId: string }> {
  const tag = randomBytes(3).toString('hex');
  const company = await db
    .insertInto('company')
    .values({ merchant_code: `MBENCH${tag}`, full_name: name })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('app_user')
    .values({ user_code: `UBENCH${tag}`, username: `bench-${tag}`, name: 'bench', password_hash: '-', user_type: '3', company_id: company.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rule = await db
    .insertInto('tag_rule')
    .values({ company_id: company.id, rule_name: 'bench', body_length: 20, alphabet: 'CROCKFORD32', check_scheme: 'NONE', created_by: user.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeApprovedInfo(db, company.id, namedSnapshot(name, '91350100M000100Y43'), { reporter: user.id, auditor: null });
  const principal: Principal = { sessionId: 'bench', userId: user.id, userType: '3', username: `bench-${tag}`, companyId: company.id };
  return { principal, ruleId: rule.id };
}
