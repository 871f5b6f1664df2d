import { HOME_PATH, LOGIN_PATH, isPublicPath } from './paths';

/** What the guard knows about one navigation. */
export interface GuardInput {
  pathname: string;
  search: string;
  hasToken: boolean;
  rolesLoaded: boolean;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Load the current user and menus first, then decide again with `afterSessionLoad`. */
  | { kind: 'loadSession' };

/** Spec 2.2, as a pure function so each rule is testable on its own. */
export function decideNavigation({ pathname, search, hasToken, rolesLoaded }: GuardInput): GuardDecision {
  if (!hasToken) {
    if (isPublicPath(pathname)) return { kind: 'allow' };
    return { kind: 'redirect', to: loginRedirect(pathname + search) };
  }
  if (pathname === LOGIN_PATH) return { kind: 'redirect', to: HOME_PATH };
  if (rolesLoaded) return { kind: 'allow' };
  return { kind: 'loadSession' };
}

export type AfterLoadDecision =
  /** Re-enter the route asked for: the freshly added routes can now match it. */
  | { kind: 'reenter'; to: string }
  /**
   * Any failure ends the session locally and sends the user to sign in, except on the other public pages:
   * a phone holding an expired token must still open a scanned label (or the page's own staff sign-in).
   */
  | { kind: 'forceLogout'; to: string };

export function afterSessionLoad(succeeded: boolean, pathname: string, search: string): AfterLoadDecision {
  if (succeeded) return { kind: 'reenter', to: pathname + search };
  // after signing in again the user lands back where they were going
  return { kind: 'forceLogout', to: isPublicPath(pathname) ? pathname + search : loginRedirect(pathname + search) };
}

export function loginRedirect(target: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`;
}

/** The server's own paths: a redirect there would leave the portal for a raw API answer. */
const SERVER_PREFIXES = ['/acc/', '/api/'];
/** Stands for the portal's origin while parsing: only a target that keeps it is a path of this app. */
const PORTAL_ORIGIN = 'https://portal.invalid';

/**
 * Where to go after sign-in: the redirect parameter when it is a portal path of this app, otherwise the home
 * page. It is parsed as a browser would resolve it, so nothing that resolves to another site gets through
 * ('//host', '/\\host', '/\t/host', 'https://host'); the server's API paths and the login page are not targets.
 */
export function afterLoginTarget(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/')) return HOME_PATH;
  let url: URL;
  try {
    url = new URL(redirect, PORTAL_ORIGIN);
  } catch {
    return HOME_PATH;
  }
  if (url.origin !== PORTAL_ORIGIN) return HOME_PATH;
  if (url.pathname === LOGIN_PATH || SERVER_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return HOME_PATH;
  return url.pathname + url.search + url.hash;
}
