import type { ChangePasswordBody, PasswordCheck } from '@rd/contract';
import type { Kysely } from 'kysely';
import { hashPassword, verifyPassword } from '../../platform/auth/password.js';
import { revokeUserSessions } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/appError.js';
import { passwordState, setPassword } from './store.js';

/** Changes the caller's own password; every session of the user ends, this one included. */
export async function changeOwnPassword(db: Kysely<DB>, userId: string, body: ChangePasswordBody): Promise<void> {
  const state = await passwordState(db, userId);
  if (!(await verifyPassword(state.password_hash, body.oldPassword))) {
    throw new AppError('OLD_PASSWORD_WRONG', undefined, [{ field: 'oldPassword', message: 'OLD_PASSWORD_WRONG' }]);
  }
  await db.transaction().execute(async (trx) => {
    await setPassword(trx, userId, await hashPassword(body.newPassword));
    await revokeUserSessions(trx, userId, 'PASSWORD_CHANGED');
  });
}

/** Whether the user must change the password now: a generated or reset one, or one older than the policy allows. */
export async function checkPassword(db: Kysely<DB>, userId: string, maxAgeDays: number): Promise<PasswordCheck> {
  const state = await passwordState(db, userId);
  if (state.must_change_password) return { mustChange: true, reason: 'INITIAL' };
  if (maxAgeDays > 0 && state.age_seconds > maxAgeDays * 86400) return { mustChange: true, reason: 'EXPIRED' };
  return { mustChange: false, reason: null };
}
