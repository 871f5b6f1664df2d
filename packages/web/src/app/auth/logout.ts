import type { SessionEnd } from '@rd/contract';
import { logout } from '../../api/session';
import { LOGIN_PATH } from '../router/paths';
import { menuRoutesStore } from '../router/menuRoutesStore';
import { clearSession } from '../state/sessionStore';
import { resetSessionLoad } from './loadSession';
import { rememberSessionEnd } from './sessionEndNotice';

/** Forgets the session in this tab only (no server call): token, user, menus and session storage. */
export function forceLocalLogout(): void {
  clearSession();
  resetSessionLoad();
  menuRoutesStore.setState({ routes: [], groups: [] });
}

/**
 * The user's own logout: tell the server, then start over on the login page with a full page load,
 * which also drops the routes, tabs, kept-alive views and cached queries of this user.
 */
export async function logoutToLogin(): Promise<void> {
  try {
    await logout();
  } catch {
    // The session is ended locally whatever the server answered.
  }
  forceLocalLogout();
  window.location.assign(LOGIN_PATH);
}

/**
 * Session expiry (codes 4001, NO_LOGIN_ERROR, JWT_VERIFY_FAILED, or "log in again" after 401). The reload
 * meets the guard without a token, which sends the user to sign in with this page as the redirect; the
 * login page says why the session ended when the server told.
 */
export function logoutAndReload(end: SessionEnd | null = null): void {
  forceLocalLogout();
  if (end) rememberSessionEnd(end);
  window.location.reload();
}

/** After the password change: the server already ended the session, so only the local part remains. */
export function endSessionToLogin(): void {
  forceLocalLogout();
  window.location.assign(LOGIN_PATH);
}
