import type { ChangePasswordBody, LoginResult, LoginUser, PasswordCheck } from '@rd/contract';
import i18n from '../i18n';
import { apiGet, apiPost, apiRequest } from './http';

/** POST /acc/user/login → the token. The caller shows the server's message (e.g. throttling) itself. */
export async function login(username: string, password: string): Promise<string> {
  const result = await apiPost<LoginResult>(
    '/acc/user/login',
    { username: username.trim(), password },
    { showError: false },
  );
  return result.token;
}

export function logout(): Promise<null> {
  return apiPost<null>('/acc/user/logout', undefined, { silent: true });
}

/** GET /acc/user/loginUser: profile, roles, menu tree and button codes in one answer. */
export async function loginUser(): Promise<LoginUser> {
  const envelope = await apiRequest<LoginUser | null>({ method: 'get', url: '/acc/user/loginUser', silent: true });
  if (!envelope.data) throw new Error(i18n.t('session.verifyFailed'));
  return envelope.data;
}

export function changePassword(body: ChangePasswordBody): Promise<null> {
  return apiPost<null>('/acc/userinfo/changePassword', body);
}

export function checkUserPassWord(): Promise<PasswordCheck> {
  return apiGet<PasswordCheck>('/acc/userinfo/checkUserPassWord', undefined, { silent: true });
}
