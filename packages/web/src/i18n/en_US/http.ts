import type http from '../zh_CN/http';

/** Messages of the HTTP client (English); typed by the Chinese file. */
const httpEn: typeof http = {
  timeout: 'The request timed out, please retry later',
  loginDisabled: 'The account is disabled or does not exist, please sign in again',
  forbidden: 'Insufficient permission, contact the administrator',
  systemError: 'System error, please retry later',
  loggedOutTitle: 'Confirm logout',
  loggedOut: 'You have been logged out. Cancel to stay on this page, or log in again.',
  relogin: 'Log in again',
  paramCheckTitle: 'Parameter check failed',
  downloadFailed: 'Download failed',
};

export default httpEn;
