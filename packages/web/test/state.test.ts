import { beforeEach, describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import { changeSetting, DEFAULT_SETTINGS, settingsStore } from '../src/app/state/settingsStore';
import { langFromCookie, langToCookie, sidebarOpenedFromCookie } from '../src/app/state/cookies';
import {
  appStore,
  closeDrawer,
  closeSidebar,
  collapseDrawer,
  initialAppState,
  openDrawer,
  setCurrentMenuPath,
  setSize,
  toggleSidebar,
} from '../src/app/state/appStore';
import { clearSession, sessionStore, setToken } from '../src/app/state/sessionStore';
import { closeImageViewer, imageViewerStore, openImageViewer } from '../src/app/state/imageViewerStore';

beforeEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  sessionStorage.clear();
});

describe('settings (spec 3.3)', () => {
  it('changeSetting sets a key only if it exists', () => {
    expect(changeSetting('tagsView', false)).toBe(true);
    expect(settingsStore.getState().tagsView).toBe(false);
    expect(changeSetting('unknownKey', true)).toBe(false);
    expect(Object.keys(settingsStore.getState()).sort()).toEqual(['fixedHeader', 'showSettings', 'sidebarLogo', 'tagsView']);
    changeSetting('tagsView', DEFAULT_SETTINGS.tagsView);
  });
});

describe('cookie rules (spec 4)', () => {
  it('language: zh or cn means zh_CN, anything else en_US, default zh', () => {
    expect(langFromCookie(undefined)).toBe('zh_CN');
    expect(langFromCookie('zh')).toBe('zh_CN');
    expect(langFromCookie('cn')).toBe('zh_CN');
    expect(langFromCookie('zh_CN')).toBe('zh_CN');
    expect(langFromCookie('en')).toBe('en_US');
    expect(langFromCookie('fr')).toBe('en_US');
    expect(langToCookie('zh_CN')).toBe('zh');
    expect(langToCookie('en_US')).toBe('en');
  });

  it('sidebar: open unless the cookie says 0', () => {
    expect(sidebarOpenedFromCookie(undefined)).toBe(true);
    expect(sidebarOpenedFromCookie('1')).toBe(true);
    expect(sidebarOpenedFromCookie('0')).toBe(false);
  });

  it('the app state starts from the cookies and session storage', () => {
    expect(initialAppState()).toMatchObject({
      sidebar: { opened: true, withoutAnimation: false },
      language: 'zh_CN',
      size: 'medium',
      device: 'desktop',
      currentMenuPath: '',
    });
    Cookies.set('sidebarStatus', '0');
    Cookies.set('language', 'en');
    Cookies.set('size', 'small');
    sessionStorage.setItem('currentMenuPath', '/accPortal/x');
    expect(initialAppState()).toMatchObject({
      sidebar: { opened: false },
      language: 'en_US',
      size: 'small',
      currentMenuPath: '/accPortal/x',
    });
  });

  it('toggling the sidebar flips it and stores 1 or 0', () => {
    appStore.setState({ sidebar: { opened: true, withoutAnimation: false } });
    toggleSidebar();
    expect(appStore.getState().sidebar.opened).toBe(false);
    expect(Cookies.get('sidebarStatus')).toBe('0');
    toggleSidebar();
    expect(Cookies.get('sidebarStatus')).toBe('1');
    closeSidebar(true);
    expect(appStore.getState().sidebar).toEqual({ opened: false, withoutAnimation: true });
  });

  it('size goes to its cookie; the current menu path to session storage', () => {
    setSize('large');
    expect(Cookies.get('size')).toBe('large');
    setCurrentMenuPath('/accPortal/a');
    expect(sessionStorage.getItem('currentMenuPath')).toBe('/accPortal/a');
  });
});

describe('drawer and image viewer', () => {
  it('the drawer opens with name, class and info, collapses and closes', () => {
    openDrawer('UserCard', { id: 1 }, 'wide');
    expect(appStore.getState().drawer).toEqual({ componentName: 'UserCard', className: 'wide', visible: true, info: { id: 1 } });
    collapseDrawer();
    expect(appStore.getState().drawer.className).toBe('collapsed');
    closeDrawer();
    expect(appStore.getState().drawer.visible).toBe(false);
  });

  it('the image viewer opens from z-index 2000 upwards and closing resets the opened flag', () => {
    openImageViewer(['a.png', 'b.png'], 1);
    expect(imageViewerStore.getState()).toMatchObject({ opened: true, urls: ['a.png', 'b.png'], index: 1, zIndex: 2000 });
    closeImageViewer();
    expect(imageViewerStore.getState().opened).toBe(false);
    openImageViewer(['c.png'], 5);
    expect(imageViewerStore.getState()).toMatchObject({ opened: true, index: 0, zIndex: 2001 });
  });
});

describe('session', () => {
  it('keeps the token in session storage and forgets everything on clear', () => {
    setToken('t-1');
    expect(sessionStorage.getItem('token')).toBe('t-1');
    sessionStorage.setItem('projectInfo', 'p');
    clearSession();
    expect(sessionStore.getState()).toMatchObject({ token: '', user: null, roles: [], buttons: [] });
    expect(sessionStorage.length).toBe(0);
  });
});
