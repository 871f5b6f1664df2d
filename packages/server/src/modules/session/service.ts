import type { LoginUser } from '@rd/contract';
import type { Kysely } from 'kysely';
import { verifyPassword } from '../../platform/auth/password.js';
import { usableScopes } from '../../platform/access/menuScope.js';
import { isReadCode } from '../../platform/access/supportRead.js';
import { createSession, type Principal } from '../../platform/auth/sessionStore.js';
import type { Config } from '../../platform/config.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/appError.js';
import { buildMenuTree, permissionCodesOf } from '../menu/service.js';
import { supportViewOf } from '../supportView/service.js';
import { allMenuElements, grantedMenuElements } from '../menu/store.js';
import { findLoginCandidate, loadProfile, markSignedIn, recentFailures, recordLogin, roleCodesOf } from './store.js';

export interface SignInInput {
  username: string;
  password: string;
  ip: string;
  userAgent: string;
}

/**
 * Signs a user in and returns a new token. A wrong password and an unknown account give the same
 * answer in the same time; repeated failures lock the account name and the IP for a while.
 */
export async function signIn(db: Kysely<DB>, config: Config, input: SignInInput): Promise<string> {
  const base = { username: input.username, ip: input.ip, userAgent: input.userAgent };
  const perAccount = await recentFailures(db, { username: input.username }, config.loginWindowMinutes);
  const perIp = await recentFailures(db, { ip: input.ip }, config.loginWindowMinutes);
  const blocked = [
    perAccount.failures >= config.loginMaxFailuresPerAccount ? perAccount.retryAfterSeconds : 0,
    perIp.failures >= config.loginMaxFailuresPerIp ? perIp.retryAfterSeconds : 0,
  ];
  const waitSeconds = Math.max(...blocked);
  if (waitSeconds > 0) {
    await recordLogin(db, { ...base, userId: null, companyId: null, result: 'FAILURE', reason: 'THROTTLED' });
    throw new AppError('LOGIN_THROTTLED', { minutes: Math.max(1, Math.ceil(waitSeconds / 60)) });
  }

  const user = await findLoginCandidate(db, input.username);
  const passwordOk = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !passwordOk) {
    await recordLogin(db, {
      ...base,
      userId: user?.id ?? null,
      companyId: user?.company_id ?? null,
      result: 'FAILURE',
      reason: 'BAD_CREDENTIALS',
    });
    throw new AppError('LOGIN_FAILED');
  }
  const disabled = user.status !== 'ENABLED' || (user.company_id !== null && user.company_status !== 'ENABLED');
  if (disabled) {
    await recordLogin(db, { ...base, userId: user.id, companyId: user.company_id, result: 'FAILURE', reason: 'DISABLED' });
    throw new AppError('ACCOUNT_DISABLED');
  }
  const token = await createSession(
    db,
    { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours },
    { userId: user.id, companyId: user.company_id, ip: input.ip, userAgent: input.userAgent },
  );
  await markSignedIn(db, user.id, input.ip);
  await recordLogin(db, { ...base, username: user.username, userId: user.id, companyId: user.company_id, result: 'SUCCESS', reason: '' });
  return token;
}

/** The current user with roles, menu tree and permission codes (spec 3.1, 7.1). */
export async function currentUser(db: Kysely<DB>, config: Config, principal: Principal): Promise<LoginUser> {
  const profile = await loadProfile(db, principal.userId);
  const scopes = usableScopes(principal.companyId);
  const all = (await allMenuElements(db)).filter((m) => scopes.includes(m.scope));
  const supportView = await supportViewOf(db, principal);
  // a support view shows the company's read screens, whatever the staff member's own grants
  const granted = supportView
    ? all.filter((m) => isReadCode(m.permission))
    : principal.userType === '1'
      ? all
      : (await grantedMenuElements(db, principal.userId)).filter((m) => scopes.includes(m.scope));
  return {
    userId: profile.id,
    usercode: profile.user_code,
    username: profile.username,
    name: profile.name,
    avatar: profile.avatar,
    // during a support view the screens serve the company: the account's own type stays in platformUserType
    userType: principal.userType,
    platformUserType: profile.user_type,
    merchantCode: profile.merchant_code ?? '',
    companyName: supportView?.companyName ?? profile.company_name ?? '',
    projectInfo: config.projectCode,
    roles: await roleCodesOf(db, principal.userId),
    menus: buildMenuTree(all, granted),
    permissionList: permissionCodesOf(granted),
    timeZone: config.businessTimeZone,
    supportView,
  };
}
