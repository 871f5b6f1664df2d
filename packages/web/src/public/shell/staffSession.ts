import i18n from 'i18next';
import type { LoginResult, LoginUser } from '@rd/contract';
import { clearSession, sessionStore, setToken, setUser } from '../../app/state/sessionStore';
import { apiGet, apiPost } from '../api';

/**
 * Staff signed in on a consumer page (the box view shows them every item code). The same token, in the same
 * tab storage, as the portal and its production-line pages, so a worker who packed a box on /codeBinding is
 * still signed in when the link brings them here; it dies with the tab.
 */

/** The signed-in user of this tab's token, loaded once per page; a token the server refuses is dropped. */
let loading: Promise<LoginUser> | null = null;

export function loadStaffUser(): Promise<LoginUser> {
  const known = sessionStore.getState().user;
  if (known) return Promise.resolve(known);
  loading ??= apiGet<LoginUser | null>('/acc/user/loginUser')
    .then((user) => {
      if (!user) throw new Error(i18n.t('session.verifyFailed'));
      setUser(user);
      return user;
    })
    .catch((error: unknown) => {
      loading = null;
      clearSession();
      throw error;
    });
  return loading;
}

export async function signIn(username: string, password: string): Promise<LoginUser> {
  const { token } = await apiPost<LoginResult>('/acc/user/login', { username: username.trim(), password });
  setToken(token);
  return loadStaffUser();
}

/** Ends the session on the server, then here; the page shows the public view again. */
export async function signOut(): Promise<void> {
  try {
    await apiPost<null>('/acc/user/logout');
  } catch {
    // Signed out locally whatever the server answered.
  }
  loading = null;
  clearSession();
}
