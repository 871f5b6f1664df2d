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
  return { kind: 'forceLogout', to: isPublicPath(pathname) ? pathname + search : LOGIN_PATH };
}

export function loginRedirect(target: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`;
}

/**
 * Where to go after sign-in: the redirect parameter when it is a path inside this app (never another
 * site: '//host' and '/\host' are rejected), otherwise the home page.
 */
export function afterLoginTarget(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return HOME_PATH;
  if (redirect === LOGIN_PATH || redirect.startsWith(`${LOGIN_PATH}?`)) return HOME_PATH;
  return redirect;
}
