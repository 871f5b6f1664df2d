import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

export function passwordState(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('app_user')
    .select(['password_hash', 'must_change_password', sql<number>`extract(epoch from now() - password_changed_at)::int`.as('age_seconds')])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function setPassword(db: Kysely<DB>, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ password_hash: passwordHash, must_change_password: false, password_changed_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}
