import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/**
 * Whether a company may generate codes now. DOMAIN.md: generation is refused while the company's information
 * is not approved. Today this asks only that the company exists and is ENABLED.
 * TODO(company-info audit): when the company-info audit exists, also require its approved status here; this
 * function is the one place generation asks.
 */
export async function companyMayGenerate(db: Kysely<DB>, companyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('company')
    .select('id')
    .where('id', '=', companyId)
    .where('status', '=', 'ENABLED')
    .executeTakeFirst();
  return row !== undefined;
}
