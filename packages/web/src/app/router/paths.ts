/** Paths the shell itself knows. */
export const LOGIN_PATH = '/loginPage';
export const HOME_PATH = '/dashboard/dashboard';
export const REDIRECT_PREFIX = '/redirect';
export const NOT_FOUND_NAME = 'NotFound';

/**
 * Routes reachable without a token (spec 2.1). Only the login page has a screen so far; the public
 * pages add their routes in router.tsx (publicRoutes) and keep their path listed here.
 */
export const PUBLIC_PATHS: readonly string[] = [
  '/loginPage',
  '/mobilePhone',
  '/wx',
  '/test',
  '/test1',
  '/antiCounterfeiting',
  '/register',
  '/boxCodeView',
  '/codeBindingProduce',
  '/codeBinding',
];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname);
}
