import type { Lang } from '@rd/contract';
import { createStore } from './createStore';
import {
  COOKIE,
  DEFAULT_SIZE,
  langFromCookie,
  langToCookie,
  readCookie,
  sidebarOpenedFromCookie,
  sidebarToCookie,
  writeCookie,
} from './cookies';
import { SESSION_KEY, readSession, writeSession } from './sessionKeys';

export type Device = 'desktop' | 'mobile';

/** Below this width the layout switches to the mobile device and the sidebar closes (spec 9). */
export const MOBILE_BREAKPOINT = 992;

export interface DrawerState {
  componentName: string;
  className: string;
  visible: boolean;
  info: unknown;
}

/** App and layout state (spec 3.4), initialised from cookies and session storage. */
export interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  language: Lang;
  size: string;
  device: Device;
  helpMessage: string;
  helpClass: string;
  /** Views whose help banner the user dismissed during this visit. */
  helpDismissed: readonly string[];
  drawer: DrawerState;
  currentMenuPath: string;
}

const CLOSED_DRAWER: DrawerState = { componentName: '', className: '', visible: false, info: null };

export function initialAppState(): AppState {
  return {
    sidebar: { opened: sidebarOpenedFromCookie(readCookie(COOKIE.sidebarStatus)), withoutAnimation: false },
    language: langFromCookie(readCookie(COOKIE.language)),
    size: readCookie(COOKIE.size) || DEFAULT_SIZE,
    device: 'desktop',
    helpMessage: '',
    helpClass: '',
    helpDismissed: [],
    drawer: CLOSED_DRAWER,
    currentMenuPath: readSession(SESSION_KEY.currentMenuPath),
  };
}

export const appStore = createStore<AppState>(initialAppState());

export function toggleSidebar(): void {
  const opened = !appStore.getState().sidebar.opened;
  writeCookie(COOKIE.sidebarStatus, sidebarToCookie(opened));
  appStore.setState({ sidebar: { opened, withoutAnimation: false } });
}

export function closeSidebar(withoutAnimation: boolean): void {
  writeCookie(COOKIE.sidebarStatus, sidebarToCookie(false));
  appStore.setState({ sidebar: { opened: false, withoutAnimation } });
}

export function setDevice(device: Device): void {
  if (appStore.getState().device !== device) appStore.setState({ device });
}

export function setSize(size: string): void {
  writeCookie(COOKIE.size, size);
  appStore.setState({ size });
}

/** Only the state and the cookie; src/i18n/changeLanguage.ts also switches i18next, antd and dayjs. */
export function setLanguageState(language: Lang): void {
  writeCookie(COOKIE.language, langToCookie(language));
  appStore.setState({ language });
}

export function setHelp(helpMessage: string, helpClass: string): void {
  const state = appStore.getState();
  if (state.helpMessage !== helpMessage || state.helpClass !== helpClass) appStore.setState({ helpMessage, helpClass });
}

export function dismissHelp(viewName: string): void {
  const { helpDismissed } = appStore.getState();
  if (!helpDismissed.includes(viewName)) appStore.setState({ helpDismissed: [...helpDismissed, viewName] });
}

export function openDrawer(componentName: string, info: unknown = null, className = ''): void {
  appStore.setState({ drawer: { componentName, className, visible: true, info } });
}

export function collapseDrawer(): void {
  appStore.setState((s) => ({ drawer: { ...s.drawer, className: 'collapsed' } }));
}

export function expandDrawer(): void {
  appStore.setState((s) => ({ drawer: { ...s.drawer, className: '' } }));
}

export function closeDrawer(): void {
  appStore.setState({ drawer: CLOSED_DRAWER });
}

export function setCurrentMenuPath(currentMenuPath: string): void {
  if (appStore.getState().currentMenuPath === currentMenuPath) return;
  writeSession(SESSION_KEY.currentMenuPath, currentMenuPath);
  appStore.setState({ currentMenuPath });
}
