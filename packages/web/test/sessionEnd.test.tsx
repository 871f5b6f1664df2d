import './support/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import type { SessionEnd } from '@rd/contract';
import { App } from '../src/app/App';
import { appRoutes, discoverMenuRoutes } from '../src/app/router/router';
import { setHttpEffects } from '../src/api/httpEffects';
import { loginUser } from '../src/api/session';
import { sessionEndOf } from '../src/api/sessionEnd';
import { forceLocalLogout } from '../src/app/auth/logout';
import { readSessionEnd, rememberSessionEnd } from '../src/app/auth/sessionEndNotice';
import { setToken } from '../src/app/state/sessionStore';
import { queryClient } from '../src/app/queryClient';
import { emptyPage, envelope, mockApi, USER } from './support/mockApi';

const LOGIN_LOG = '/accPortal/enterprise/systemMg/loginLog';
const ended = (data: unknown) => ({ status: 401, data: { code: 'NO_LOGIN_ERROR', msg: '…', data } });

/** What the app's logoutAndReload does, short of reloading the page (jsdom cannot): the guard takes over. */
const logoutAndReload = vi.fn((end?: SessionEnd | null) => {
  forceLocalLogout();
  if (end) rememberSessionEnd(end);
});

function start(path: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path], patchRoutesOnNavigation: discoverMenuRoutes });
  render(<App router={router} />);
  return router;
}

beforeEach(() => {
  logoutAndReload.mockClear();
  setHttpEffects({ showError: vi.fn(), showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload });
  forceLocalLogout();
  queryClient.clear();
});
afterEach(() => cleanup());

describe('the reason the server gives for an ended session', () => {
  it('reaches the logout with the NO_LOGIN_ERROR; anything it does not know is no reason', async () => {
    const answers: unknown[] = [{ reason: 'IDLE', minutes: 15 }, null, { reason: 'IDLE' }, { reason: 'LOGOUT' }, 'IDLE'];
    for (const data of answers) {
      mockApi(() => ended(data));
      await expect(loginUser()).rejects.toMatchObject({ code: 'NO_LOGIN_ERROR' });
    }
    expect(logoutAndReload.mock.calls.map(([end]) => end)).toEqual([{ reason: 'IDLE', minutes: 15 }, null, null, null, null]);
    expect(sessionEndOf({ reason: 'ABSOLUTE', hours: 12 })).toEqual({ reason: 'ABSOLUTE', hours: 12 });
    expect(sessionEndOf({ reason: 'REVOKED', extra: 1 })).toEqual({ reason: 'REVOKED' });
    expect(sessionEndOf({ reason: 'ABSOLUTE', hours: -1 })).toBeNull();
  });
});

describe('signing in again after the session ended', () => {
  it('says the session ended after N idle minutes (in both languages), then brings the user back to the page', async () => {
    setToken('expired');
    mockApi((config) => (config.url === '/acc/user/loginUser' ? ended({ reason: 'IDLE', minutes: 15 }) : undefined));
    const router = start(`${LOGIN_LOG}?a=1`);
    const notice = await screen.findByTestId('login-session-ended');
    expect(notice.textContent).toBe('已超过 15 分钟无操作，已自动退出，请重新登录');
    expect(router.state.location.pathname).toBe('/loginPage');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(`${LOGIN_LOG}?a=1`)}`);
    fireEvent.click(screen.getByTestId('lang-switch'));
    await waitFor(() => expect(screen.getByTestId('login-session-ended').textContent).toBe('Signed out after 15 minutes without activity, please sign in again'));
    fireEvent.click(screen.getByTestId('lang-switch'));

    mockApi((config) => {
      if (config.url === '/acc/user/login') return envelope({ token: 'fresh' });
      if (config.url === '/acc/userinfo/checkUserPassWord') return envelope({ mustChange: false, reason: null });
      if (config.url === '/acc/user/loginUser') return envelope(USER);
      if (config.url === '/acc/api/loginLog/pageList') return emptyPage;
      return undefined;
    });
    fireEvent.change(screen.getByTestId('login-username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('loginlog-username');
    expect(router.state.location.pathname + router.state.location.search).toBe(`${LOGIN_LOG}?a=1`);
    // said once: a later visit to the login page is quiet
    expect(readSessionEnd()).toBeNull();
  });

  it('says an absolute expiry and a revoked session in their own words', async () => {
    for (const [end, text] of [
      [{ reason: 'ABSOLUTE', hours: 12 }, '登录已满 12 小时，已自动退出，请重新登录'],
      [{ reason: 'REVOKED' }, '登录已被结束（密码已修改、账号已停用或被管理员强制下线），请重新登录'],
    ] as const) {
      forceLocalLogout();
      rememberSessionEnd(end);
      start('/loginPage');
      expect((await screen.findByTestId('login-session-ended')).textContent).toBe(text);
      cleanup();
    }
  });

  it('an explicit sign-out, or an end without a reason, shows no such message', async () => {
    setToken('signed-out');
    mockApi((config) => (config.url === '/acc/user/loginUser' ? ended(null) : undefined));
    const router = start(LOGIN_LOG);
    await screen.findByTestId('login-submit');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(LOGIN_LOG)}`);
    expect(screen.queryByTestId('login-session-ended')).toBeNull();
  });
});
