import type { Kysely } from 'kysely';
import type { Principal } from '../platform/auth/sessionStore.js';
import type { AppContext } from '../platform/context.js';
import type { DB } from '../platform/db/schema.js';

/** What the demo season runs with: the database (and its kind, for the job kinds) and the configuration. */
export type DemoContext = Pick<AppContext, 'database' | 'db' | 'config'>;

/**
 * The demo company's administrator as the services see a signed-in caller: the season is made by calling the
 * same service functions the routes call, as this user, so every rule of the product applies to it.
 */
export async function demoAdministrator(db: Kysely<DB>): Promise<Principal> {
  const user = await db
    .selectFrom('app_user')
    .select(['id', 'username', 'company_id'])
    .where('username', '=', 'demo')
    .where('user_type', '=', '3')
    .executeTakeFirstOrThrow();
  return { sessionId: '', userId: user.id, userType: '3', username: user.username, companyId: user.company_id };
}
