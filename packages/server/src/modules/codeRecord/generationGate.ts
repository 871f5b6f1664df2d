import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/**
 * Whether a company may generate codes now: it exists, is ENABLED, and its company info has passed audit
 * at least once (DOMAIN.md "Tenancy": a company must report its info and pass audit before generating).
 * What counts is the approved snapshot, not the working copy's status: a company that edits its approved
 * info into a new draft, or has that revision under audit or rejected, keeps generating on its last
 * approved info. This function is the one place generation asks.
 */
export async function companyMayGenerate(db: Kysely<DB>, companyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('company as c')
    .innerJoin('company_info as i', 'i.company_id', 'c.id')
    .select('c.id')
    .where('c.id', '=', companyId)
    .where('c.status', '=', 'ENABLED')
    .where(sql<boolean>`i.approved IS NOT NULL`)
    .executeTakeFirst();
  return row !== undefined;
}
