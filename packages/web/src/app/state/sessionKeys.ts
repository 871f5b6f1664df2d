/** What survives a page reload inside one browser tab (sessionStorage), and nothing more. */
export const SESSION_KEY = {
  token: 'token',
  projectInfo: 'projectInfo',
  userId: 'userId',
  currentMenuPath: 'currentMenuPath',
  passwordNotice: 'passwordNotice',
  /** Why the server ended the last session (see sessionEndNotice.ts). */
  sessionEnd: 'sessionEnd',
} as const;

export function readSession(key: string): string {
  try {
    return sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

export function writeSession(key: string, value: string): void {
  try {
    if (value) sessionStorage.setItem(key, value);
    else sessionStorage.removeItem(key);
  } catch {
    // Storage can be disabled (private mode); the in-memory state still works for this page.
  }
}

export function clearSessionStorage(): void {
  try {
    sessionStorage.clear();
  } catch {
    // see writeSession
  }
}
