import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

export interface SupportViewRow {
  companyId: string;
  companyName: string;
  until: Date;
}

/** Points the session at the company until `minutes` from now; the company must exist. */
export async function startSupportView(db: Kysely<DB>, sessionId: string, companyId: string, minutes: number): Promise<SupportViewRow | null> {
  const row = await db
    .updateTable('user_session as s')
    .from('company as c')
    .set({ support_company_id: sql`c.id`, support_until: sql`now() + make_interval(mins => ${minutes})` })
    .where('s.id', '=', sessionId)
    .where('c.id', '=', companyId)
    .returning(['c.id as companyId', 'c.full_name as companyName', 's.support_until as until'])
    .executeTakeFirst();
  return row ? { companyId: row.companyId, companyName: row.companyName, until: new Date(row.until as Date) } : null;
}

export async function endSupportView(db: Kysely<DB>, sessionId: string): Promise<void> {
  await db.updateTable('user_session').set({ support_company_id: null, support_until: null }).where('id', '=', sessionId).execute();
}

/** The session's support view while it lasts. */
export async function currentSupportView(db: Kysely<DB>, sessionId: string): Promise<SupportViewRow | null> {
  const row = await db
    .selectFrom('user_session as s')
    .innerJoin('company as c', 'c.id', 's.support_company_id')
    .select(['c.id as companyId', 'c.full_name as companyName', 's.support_until as until'])
    .where('s.id', '=', sessionId)
    .where(sql<boolean>`s.support_until > now()`)
    .executeTakeFirst();
  return row ? { companyId: row.companyId, companyName: row.companyName, until: new Date(row.until as Date) } : null;
}
