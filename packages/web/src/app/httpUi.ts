import { setHttpEffects } from '../api/httpEffects';
import { logoutAndReload } from './auth/logout';

/** antd's message and modal, loaded with the first effect that needs them (the login page needs none). */
const antdEffects = () => import('./antdHttpEffects').then((module) => module.antdHttpEffects);

/**
 * Connects the HTTP client to the portal's toasts and dialogs. They are drawn with Ant Design, which the
 * login page does not load: the first error loads it, and a failed sign-in is shown by the login form itself.
 */
export function installHttpUi(): void {
  setHttpEffects({
    showError: (text) => void antdEffects().then((effects) => effects.showError(text)),
    showParamCheck: (msg, errors) => void antdEffects().then((effects) => effects.showParamCheck(msg, errors)),
    confirmRelogin: () => antdEffects().then((effects) => effects.confirmRelogin()),
    logoutAndReload,
  });
}
