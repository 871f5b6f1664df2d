import { describe, expect, it } from 'vitest';
import { afterLoginTarget, afterSessionLoad, decideNavigation, loginRedirect } from '../src/app/router/guard';
import { PUBLIC_PATHS } from '../src/app/router/paths';

const base = { search: '', hasToken: false, rolesLoaded: false };

describe('guard (spec 2.2)', () => {
  it('lets every public route through without a token', () => {
    expect(PUBLIC_PATHS).toEqual([
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
    ]);
    for (const pathname of PUBLIC_PATHS) expect(decideNavigation({ ...base, pathname })).toEqual({ kind: 'allow' });
  });

  it('sends any other route without a token to the login page, remembering path and query', () => {
    expect(decideNavigation({ ...base, pathname: '/accPortal/enterprise/systemMg/loginLog', search: '?a=1&b=2' })).toEqual({
      kind: 'redirect',
      to: '/loginPage?redirect=%2FaccPortal%2Fenterprise%2FsystemMg%2FloginLog%3Fa%3D1%26b%3D2',
    });
    expect(decideNavigation({ ...base, pathname: '/' })).toEqual({ kind: 'redirect', to: loginRedirect('/') });
    // Public paths match exactly, not by prefix.
    expect(decideNavigation({ ...base, pathname: '/wx/other' }).kind).toBe('redirect');
  });

  it('sends a signed-in user away from the login page', () => {
    for (const rolesLoaded of [true, false]) {
      expect(decideNavigation({ ...base, hasToken: true, rolesLoaded, pathname: '/loginPage' })).toEqual({
        kind: 'redirect',
        to: '/dashboard/dashboard',
      });
    }
  });

  it('loads the session first when the roles are not loaded', () => {
    expect(decideNavigation({ ...base, hasToken: true, pathname: '/dashboard/dashboard' })).toEqual({ kind: 'loadSession' });
  });

  it('just continues when the roles are loaded', () => {
    expect(decideNavigation({ ...base, hasToken: true, rolesLoaded: true, pathname: '/anything' })).toEqual({ kind: 'allow' });
  });

  it('re-enters the same route after loading, or forces a logout to the login page on failure', () => {
    expect(afterSessionLoad(true, '/accPortal/x', '?id=1')).toEqual({ kind: 'reenter', to: '/accPortal/x?id=1' });
    // signing in again leads back to the page
    expect(afterSessionLoad(false, '/accPortal/x', '?id=1')).toEqual({ kind: 'forceLogout', to: '/loginPage?redirect=%2FaccPortal%2Fx%3Fid%3D1' });
    // an expired token on a public page ends the session but keeps the page (a consumer's scan, a worker's sign-in)
    expect(afterSessionLoad(false, '/antiCounterfeiting', '?code=AB12')).toEqual({ kind: 'forceLogout', to: '/antiCounterfeiting?code=AB12' });
    expect(afterSessionLoad(false, '/codeBinding', '')).toEqual({ kind: 'forceLogout', to: '/codeBinding' });
  });

  it('after sign-in goes to the redirect target inside the app, else home', () => {
    expect(afterLoginTarget('/accPortal/x?id=1')).toBe('/accPortal/x?id=1');
    expect(afterLoginTarget(null)).toBe('/dashboard/dashboard');
    expect(afterLoginTarget('')).toBe('/dashboard/dashboard');
    expect(afterLoginTarget('https://evil.example')).toBe('/dashboard/dashboard');
    expect(afterLoginTarget('//evil.example/x')).toBe('/dashboard/dashboard');
    expect(afterLoginTarget('/\\evil.example')).toBe('/dashboard/dashboard');
    expect(afterLoginTarget('/loginPage?redirect=%2F')).toBe('/dashboard/dashboard');
  });

  it('honours only portal paths of this origin as the redirect target', () => {
    expect(afterLoginTarget('/accPortal/x?id=1#part')).toBe('/accPortal/x?id=1#part');
    // what a browser would resolve to another site
    for (const elsewhere of ['/\t/evil.example', '/\n/evil.example', '\\evil.example', '/\\/evil.example', 'javascript:alert(1)', ' //evil.example']) {
      expect(afterLoginTarget(elsewhere), JSON.stringify(elsewhere)).toBe('/dashboard/dashboard');
    }
    // the server's own paths and the login page itself
    expect(afterLoginTarget('/acc/user/loginUser')).toBe('/dashboard/dashboard');
    expect(afterLoginTarget('/api/inner/acc/file/view/1')).toBe('/dashboard/dashboard');
    expect(afterLoginTarget('/loginPage')).toBe('/dashboard/dashboard');
    expect(afterLoginTarget('/loginPage/../loginPage')).toBe('/dashboard/dashboard');
  });
});
