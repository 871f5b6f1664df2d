import './support/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../src/app/App';
import { appRoutes, discoverMenuRoutes } from '../src/app/router/router';
import { setHttpEffects } from '../src/api/httpEffects';
import { forceLocalLogout } from '../src/app/auth/logout';
import { sessionStore, setToken } from '../src/app/state/sessionStore';
import { HOME_VIEW, tagsViewStore } from '../src/app/state/tagsViewStore';
import { queryClient } from '../src/app/queryClient';
import { emptyPage, envelope, mockApi, USER } from './support/mockApi';

const LOGIN_LOG = '/accPortal/enterprise/systemMg/loginLog';
const ONLINE_USER = '/accPortal/enterprise/systemMg/onlineUser';

function start(path: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path], patchRoutesOnNavigation: discoverMenuRoutes });
  render(<App router={router} />);
  return router;
}

const showError = vi.fn();

beforeEach(() => {
  showError.mockReset();
  setHttpEffects({ showError, showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload: vi.fn() });
  forceLocalLogout();
  tagsViewStore.setState({ visitedViews: [HOME_VIEW], generations: {} });
  queryClient.clear();
});

afterEach(() => cleanup());

describe('the app shell', () => {
  it('sends a visitor without a token to the login page with the path asked for', async () => {
    mockApi(() => undefined);
    const router = start(`${LOGIN_LOG}?a=1`);
    await screen.findByTestId('login-submit');
    expect(router.state.location.pathname).toBe('/loginPage');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(`${LOGIN_LOG}?a=1`)}`);
    // The title follows the page in an effect of the root route, after the lazily loaded page has rendered.
    await waitFor(() => expect(document.title).toBe('登录 - 产品追溯防伪平台'));
  });

  it('signs in, then opens the page asked for', async () => {
    const calls = mockApi((config) => {
      if (config.url === '/acc/user/login') return envelope({ token: 'tok' });
      if (config.url === '/acc/userinfo/checkUserPassWord') return envelope({ mustChange: false, reason: null });
      if (config.url === '/acc/user/loginUser') return envelope(USER);
      if (config.url === '/acc/api/loginLog/pageList') return emptyPage;
      return undefined;
    });
    const router = start(`/loginPage?redirect=${encodeURIComponent(LOGIN_LOG)}`);
    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: '  admin ' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('loginlog-username');
    expect(router.state.location.pathname).toBe(LOGIN_LOG);
    expect(JSON.parse(calls[0]!.data as string)).toEqual({ username: 'admin', password: 'secret-pass', lang: 'zh_CN' });
    expect(sessionStore.getState().token).toBe('tok');
  });

  it('shows the server message when sign-in is refused', async () => {
    mockApi(() => ({ status: 429, data: { code: 'LOGIN_THROTTLED', msg: '登录失败次数过多，请 15 分钟后再试', data: null } }));
    start('/loginPage');
    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('登录失败次数过多，请 15 分钟后再试');
    expect(showError).not.toHaveBeenCalled();
  });

  it('with a token: loads the user, adds the menu routes and opens the screen in a tab', async () => {
    setToken('tok');
    const calls = mockApi((config) => {
      if (config.url === '/acc/user/loginUser') return envelope(USER);
      if (config.url?.endsWith('/pageList')) return emptyPage;
      return undefined;
    });
    const router = start(LOGIN_LOG);
    await screen.findByTestId('loginlog-username');
    expect(calls.filter((c) => c.url === '/acc/user/loginUser')).toHaveLength(1);
    expect(screen.getByTestId(`tab-${LOGIN_LOG}`)).toBeTruthy();
    expect(screen.getByTestId('tab-/dashboard/dashboard').textContent).toBe('首页');
    expect(screen.getByTestId('menu-group-systemMg')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('loginLog标题 - 产品追溯防伪平台'));

    // Another screen through the side menu: the first one stays mounted (hidden), with its input.
    fireEvent.mouseEnter(screen.getByTestId('menu-group-systemMg'));
    fireEvent.click(await screen.findByTestId('menu-leaf-onlineUser'));
    await screen.findByTestId('onlineuser-username');
    expect(router.state.location.pathname).toBe(ONLINE_USER);
    const loginLogInput = screen.getByTestId('loginlog-username') as HTMLInputElement;
    expect(loginLogInput).toBeTruthy();

    // Closing its tab unmounts it.
    fireEvent.click(screen.getByTestId(`tab-close-${LOGIN_LOG}`));
    await waitFor(() => expect(screen.queryByTestId('loginlog-username')).toBeNull());
    expect(screen.getByTestId('onlineuser-username')).toBeTruthy();
  });

  it('keeps what was typed in a tab while another tab is shown', async () => {
    setToken('tok');
    mockApi((config) => {
      if (config.url === '/acc/user/loginUser') return envelope(USER);
      if (config.url?.endsWith('/pageList')) return emptyPage;
      return undefined;
    });
    const router = start(LOGIN_LOG);
    fireEvent.change(await screen.findByTestId('loginlog-username'), { target: { value: 'kept' } });
    await act(() => router.navigate(ONLINE_USER));
    await screen.findByTestId('onlineuser-username');
    await act(() => router.navigate(LOGIN_LOG));
    expect((screen.getByTestId('loginlog-username') as HTMLInputElement).value).toBe('kept');
  });

  it('a current-user answer without data logs out locally and goes to sign in', async () => {
    setToken('tok');
    mockApi((config) => (config.url === '/acc/user/loginUser' ? envelope(null) : undefined));
    const router = start('/dashboard/dashboard');
    await screen.findByTestId('login-submit');
    expect(router.state.location.pathname).toBe('/loginPage');
    expect(sessionStore.getState().token).toBe('');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(showError).toHaveBeenCalledWith('验证失败，请重新登录。');
  });

  it('unknown paths: a not-found page, or "/" inside the permission area', async () => {
    setToken('tok');
    mockApi((config) => (config.url === '/acc/user/loginUser' ? envelope(USER) : undefined));
    const router = start('/no/such/page');
    await screen.findByTestId('not-found');
    await act(() => router.navigate('/accPortal/enterprise/nothing'));
    await screen.findByTestId('dashboard');
    expect(router.state.location.pathname).toBe('/dashboard/dashboard');
  });

  it('a signed-in user asking for the login page goes home', async () => {
    setToken('tok');
    mockApi((config) => (config.url === '/acc/user/loginUser' ? envelope(USER) : undefined));
    const router = start('/loginPage');
    await screen.findByTestId('dashboard');
    expect(router.state.location.pathname).toBe('/dashboard/dashboard');
  });

  it('switches the language live', async () => {
    setToken('tok');
    mockApi((config) => (config.url === '/acc/user/loginUser' ? envelope(USER) : undefined));
    start('/dashboard/dashboard');
    await screen.findByTestId('dashboard');
    fireEvent.click(screen.getByTestId('lang-switch'));
    await waitFor(() => expect(screen.getByTestId('tab-/dashboard/dashboard').textContent).toBe('Home'));
    await waitFor(() => expect(document.title).toBe('Home - Product Traceability Portal'));
    fireEvent.click(screen.getByTestId('lang-switch'));
    await waitFor(() => expect(screen.getByTestId('tab-/dashboard/dashboard').textContent).toBe('首页'));
  });

  it('after sign-in with an initial password, opens the change-password dialog with a notice', async () => {
    mockApi((config) => {
      if (config.url === '/acc/user/login') return envelope({ token: 'tok' });
      if (config.url === '/acc/userinfo/checkUserPassWord') return envelope({ mustChange: true, reason: 'INITIAL' });
      if (config.url === '/acc/user/loginUser') return envelope(USER);
      return undefined;
    });
    start('/loginPage');
    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'initial-pass' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('password-notice')).textContent).toContain('您正在使用初始密码');
    // Forced: no cancel, only completing it or logging out.
    expect(screen.queryByTestId('password-cancel')).toBeNull();
    expect(screen.getByTestId('password-logout')).toBeTruthy();
  });

  it('checks the change-password fields on blur and rechecks the related ones', async () => {
    setToken('tok');
    mockApi((config) => (config.url === '/acc/user/loginUser' ? envelope(USER) : undefined));
    start('/dashboard/dashboard');
    await screen.findByTestId('dashboard');
    fireEvent.click(screen.getByTestId('user-dropdown'));
    fireEvent.click(await screen.findByTestId('menu-change-password'));
    const old = await screen.findByTestId('password-old');
    const next = screen.getByTestId('password-new');
    const confirm = screen.getByTestId('password-confirm');
    fireEvent.change(next, { target: { value: 'Same-pass-1' } });
    fireEvent.blur(next);
    fireEvent.change(confirm, { target: { value: 'Other-pass-1' } });
    fireEvent.blur(confirm);
    expect(await screen.findByText('两次输入的新密码不一致')).toBeTruthy();
    // The old password equal to the new one: leaving the old field flags the new one.
    fireEvent.change(old, { target: { value: 'Same-pass-1' } });
    fireEvent.blur(old);
    expect(await screen.findByText('新密码不能与原密码相同')).toBeTruthy();
    fireEvent.change(next, { target: { value: 'short' } });
    fireEvent.blur(next);
    expect(await screen.findByText('密码长度不能少于 8 位')).toBeTruthy();
  });
});
