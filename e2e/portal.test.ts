import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { confirmDialog } from './support/confirmDialog.js';
import { allowConsoleError, refusedCall } from './support/pageProblems.js';
import { startServer, type RunningServer } from './support/server.js';

const ADMIN_PASSWORD = 'Admin-E2E-Pass-1';
const NEW_PASSWORD = 'Admin-E2E-Pass-2';
const LOGIN_LOG = '/accPortal/enterprise/systemMg/loginLog';
const ONLINE_USER = '/accPortal/enterprise/systemMg/onlineUser';
const HOME = '/dashboard/dashboard';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

async function signIn(page: Page, username: string, password: string) {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

async function openLeaf(page: Page, group: string, leaf: string) {
  await page.getByTestId(`menu-group-${group}`).hover();
  await page.getByTestId(`menu-leaf-${leaf}`).click();
}

describe('portal shell in Chromium', () => {
  it('sends a protected URL without a token to /loginPage with the redirect parameter', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}${LOGIN_LOG}`);
    await page.waitForURL((url) => url.pathname === '/loginPage');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(LOGIN_LOG);
    await page.context().close();
  });

  it('signs in, opens menus in tabs, keeps and refreshes views, switches language, changes the password and signs out', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/loginPage`);

    // A wrong password shows the server's message as text (the browser logs the refused call, here twice).
    allowConsoleError(refusedCall('/acc/user/login', 401));
    await signIn(page, 'admin', 'wrong-password');
    await expect(page.getByTestId('login-error').textContent()).resolves.toContain('账号或密码不正确');

    // Sign in (the username is trimmed) and land on the dashboard.
    await signIn(page, '  admin  ', ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === HOME);
    await page.getByTestId('dashboard').waitFor();
    expect(await page.title()).toContain('首页');

    // An unknown URL shows the not-found page; an unknown child of the menu area goes home.
    await page.goto(`${server.baseUrl}/no/such/page`);
    await page.getByTestId('not-found').waitFor();
    await page.goto(`${server.baseUrl}/accPortal/enterprise/nothing`);
    await page.waitForURL((url) => url.pathname === HOME);
    await page.getByTestId('dashboard').waitFor();

    // Open two menu entries; each gets a tab.
    await openLeaf(page, 'systemMg', 'loginLog');
    await page.waitForURL((url) => url.pathname === LOGIN_LOG);
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.locator('.ant-table-row').count()).toBeGreaterThanOrEqual(2); // the failed and the good sign-in
    await page.getByTestId('loginlog-username').fill('kept while the tab is open');

    await openLeaf(page, 'systemMg', 'onlineUser');
    await page.waitForURL((url) => url.pathname === ONLINE_USER);
    await page.getByTestId(`tab-${LOGIN_LOG}`).waitFor();
    await page.getByTestId(`tab-${ONLINE_USER}`).waitFor();

    // A cached view keeps its state when its tab is shown again.
    await page.getByTestId(`tab-${LOGIN_LOG}`).click();
    await page.waitForURL((url) => url.pathname === LOGIN_LOG);
    await expect(page.getByTestId('loginlog-username').inputValue()).resolves.toBe('kept while the tab is open');

    // Refresh a tab from its context menu: the view is rebuilt.
    await page.getByTestId(`tab-${LOGIN_LOG}`).click({ button: 'right' });
    await page.getByTestId('tab-menu-refresh').click();
    await page.waitForURL((url) => url.pathname === LOGIN_LOG);
    await expect.poll(() => page.getByTestId('loginlog-username').inputValue()).toBe('');

    // Close others: the home tab stays, the other view's tab goes.
    await page.getByTestId(`tab-${LOGIN_LOG}`).click({ button: 'right' });
    await page.getByTestId('tab-menu-close-others').click();
    await expect.poll(() => page.getByTestId(`tab-${ONLINE_USER}`).count()).toBe(0);
    await expect(page.getByTestId(`tab-${HOME}`).count()).resolves.toBe(1);
    await expect(page.getByTestId(`tab-${LOGIN_LOG}`).count()).resolves.toBe(1);

    // Switch to English and back.
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId(`tab-${LOGIN_LOG}`).textContent()).toContain('Sign-in log');
    await expect.poll(() => page.title()).toContain('Sign-in log');
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId(`tab-${LOGIN_LOG}`).textContent()).toContain('登录日志');

    // Change the password: the dialog checks the rules, then the user must sign in again.
    await page.getByTestId('user-dropdown').click();
    await page.getByTestId('menu-change-password').click();
    await page.getByTestId('password-old').fill(ADMIN_PASSWORD);
    await page.getByTestId('password-new').fill(ADMIN_PASSWORD);
    await page.getByTestId('password-confirm').click();
    await page.getByText('新密码不能与原密码相同').waitFor();
    await page.getByTestId('password-new').fill(NEW_PASSWORD);
    await page.getByTestId('password-confirm').fill('something else');
    await page.getByTestId('password-old').click();
    await page.getByText('两次输入的新密码不一致').waitFor();
    await page.getByTestId('password-confirm').fill(NEW_PASSWORD);
    await page.getByTestId('password-submit').click();
    await confirmDialog(page);
    await page.waitForURL((url) => url.pathname === '/loginPage');

    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.getByTestId('login-error').waitFor();
    await signIn(page, 'admin', NEW_PASSWORD);
    await page.waitForURL((url) => url.pathname === HOME);

    // Sign out: back to the login page, and protected pages are closed again.
    await page.getByTestId('user-dropdown').click();
    await page.getByTestId('menu-logout').click();
    await page.waitForURL((url) => url.pathname === '/loginPage');
    await page.goto(`${server.baseUrl}${HOME}`);
    await page.waitForURL((url) => url.pathname === '/loginPage');
    await page.context().close();
  });
});
