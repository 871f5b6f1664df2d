import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { notFound } from '../../platform/http/appError.js';
import type { CompanyScope } from './counts.js';

/**
 * Whose scans a call covers. A company's users: their own company, and asking for another one is a
 * NOT_FOUND like any other company's data. Platform users: the company they picked, or every company.
 */
export async function statScope(db: Kysely<DB>, principal: Principal, requested: string | undefined): Promise<CompanyScope> {
  if (principal.companyId) {
    if (requested && requested !== principal.companyId) throw notFound();
    return principal.companyId;
  }
  if (!requested) return null;
  const company = await db.selectFrom('company').select('id').where('id', '=', requested).executeTakeFirst();
  if (!company) throw notFound();
  return company.id;
}
