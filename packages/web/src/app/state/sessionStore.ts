import type { LoginUser, MenuNode } from '@rd/contract';
import { createStore } from './createStore';
import { SESSION_KEY, clearSessionStorage, readSession, writeSession } from './sessionKeys';

export type PasswordNotice = 'INITIAL' | 'EXPIRED' | '';

/**
 * The signed-in user (spec 3.1). `user` stays null until GET /acc/user/loginUser answered: the guard
 * reads that as "roles not loaded". The token lives in session storage only, so it dies with the tab.
 */
export interface SessionState {
  token: string;
  projectInfo: string;
  userId: string;
  user: LoginUser | null;
  roles: readonly string[];
  menus: readonly MenuNode[];
  /** Button permission codes (permissionList of the current-user answer). */
  buttons: readonly string[];
  /** Set after sign-in when the server asks for a password change; the layout opens the dialog. */
  passwordNotice: PasswordNotice;
}

function initialSession(): SessionState {
  return {
    token: readSession(SESSION_KEY.token),
    projectInfo: readSession(SESSION_KEY.projectInfo),
    userId: readSession(SESSION_KEY.userId),
    user: null,
    roles: [],
    menus: [],
    buttons: [],
    passwordNotice: readSession(SESSION_KEY.passwordNotice) as PasswordNotice,
  };
}

export const sessionStore = createStore<SessionState>(initialSession());

export function setToken(token: string): void {
  writeSession(SESSION_KEY.token, token);
  sessionStore.setState({ token });
}

export function setUser(user: LoginUser): void {
  writeSession(SESSION_KEY.projectInfo, user.projectInfo);
  writeSession(SESSION_KEY.userId, user.userId);
  sessionStore.setState({
    user,
    projectInfo: user.projectInfo,
    userId: user.userId,
    roles: user.roles,
    menus: user.menus,
    buttons: user.permissionList,
  });
}

export function setPasswordNotice(passwordNotice: PasswordNotice): void {
  writeSession(SESSION_KEY.passwordNotice, passwordNotice);
  sessionStore.setState({ passwordNotice });
}

/** Forgets everything about the session locally: state, token and the whole session storage. */
export function clearSession(): void {
  clearSessionStorage();
  sessionStore.setState({ ...initialSession(), token: '', projectInfo: '', userId: '', passwordNotice: '' });
}

export const hasToken = (): boolean => sessionStore.getState().token !== '';
export const rolesLoaded = (): boolean => sessionStore.getState().user !== null;
