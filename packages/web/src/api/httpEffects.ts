import type { FieldError, SessionEnd } from '@rd/contract';

/**
 * What the HTTP client does to the user interface. The app installs antd-based effects at start-up
 * (src/app/httpUi.ts); tests install spies. Until then failures only reach the console.
 */
export interface HttpEffects {
  /** Red message for 5 s; `text` is plain text and must be rendered as text. */
  showError(text: string): void;
  /** A PARAM_CHECK answer: the message and each field's error. */
  showParamCheck(msg: string, errors: readonly FieldError[]): void;
  /** Code 401: "you have been logged out" — resolves true when the user chose to sign in again. */
  confirmRelogin(): Promise<boolean>;
  /** Local logout followed by a page reload (codes 4001, NO_LOGIN_ERROR, JWT_VERIFY_FAILED, and relogin); `end`: why the server ended the session. */
  logoutAndReload(end?: SessionEnd | null): void;
}

const consoleEffects: HttpEffects = {
  showError: (text) => console.error(text),
  showParamCheck: (msg, errors) => console.error(msg, errors),
  confirmRelogin: () => Promise.resolve(false),
  logoutAndReload: () => undefined,
};

let current: HttpEffects = consoleEffects;

export function setHttpEffects(effects: HttpEffects): void {
  current = effects;
}

export function httpEffects(): HttpEffects {
  return current;
}
