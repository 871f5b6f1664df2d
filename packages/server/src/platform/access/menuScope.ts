import type { MenuScope } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * Menu scopes an account can use. A company's users: the shared and the company-only elements; platform
 * accounts (no company): the shared and the platform-only ones. Applied when the menus and the permission
 * codes are read, so a grant that does not fit the account (an older grant, a moved element) leads nowhere.
 */
export function usableScopes(companyId: string | null): readonly MenuScope[] {
  return companyId ? ['ALL', 'COMPANY'] : ['ALL', 'PLATFORM'];
}

/** Whether every element that carries the permission manages a company's own data. */
export async function isCompanyOnlyPermission(db: Kysely<DB>, permission: string): Promise<boolean> {
  const row = await db
    .selectFrom('menu')
    .select(sql<boolean>`bool_and(scope = 'COMPANY')`.as('companyOnly'))
    .where('permission', '=', permission)
    .executeTakeFirst();
  return row?.companyOnly === true;
}
