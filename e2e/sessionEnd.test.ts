import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { allowConsoleError, refusedCall } from './support/pageProblems.js';
import { startServer, type RunningServer } from './support/server.js';

const ADMIN_PASSWORD = 'Admin-E2E-Pass-1';
const IDLE_MINUTES = 7;
const SETTINGS = { ADMIN_PASSWORD, SESSION_IDLE_MINUTES: String(IDLE_MINUTES) };
const LOGIN_LOG = '/accPortal/enterprise/systemMg/loginLog';
const HOME = '/dashboard/dashboard';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer(SETTINGS);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page) {
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
}

/**
 * Lets every session of the server go idle for longer than SESSION_IDLE_MINUTES: the server is stopped, the
 * sessions' last request moved back in its embedded database, and the server started again on the same port,
 * so the open page (its origin and tab storage) still holds its token.
 */
async function idleAllSessions(): Promise<void> {
  const port = new URL(server.baseUrl).port;
  const dataDir = server.dataDir;
  await server.stop({ keepData: true });
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    await db.query(`UPDATE user_session SET last_seen_at = now() - make_interval(mins => $1)`, [IDLE_MINUTES + 1]);
  } finally {
    await db.close();
  }
  server = await startServer({ ...SETTINGS, PORT: port }, dataDir);
}

describe('a session that ended while the portal was open', () => {
  it('says it ended after N idle minutes when the user acts, and signing in again returns to the page; a sign-out says nothing', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.baseUrl}/loginPage`);
    await signIn(page);
    await page.waitForURL((url) => url.pathname === HOME);
    await page.goto(`${server.baseUrl}${LOGIN_LOG}`);
    await page.locator('.ant-table-row').first().waitFor();

    await idleAllSessions();

    // the user searches the list: the server refuses the idle token, the portal signs out and says why
    allowConsoleError(refusedCall('/acc/api/loginLog/pageList', 401));
    await page.getByTestId('loginlog-username').fill('admin');
    await page.getByTestId('table-search').click();
    await page.waitForURL((url) => url.pathname === '/loginPage');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(LOGIN_LOG);
    await expect(page.getByTestId('login-session-ended').textContent()).resolves.toBe(`已超过 ${IDLE_MINUTES} 分钟无操作，已自动退出，请重新登录`);
    await page.getByTestId('lang-switch').click();
    await expect
      .poll(() => page.getByTestId('login-session-ended').textContent())
      .toBe(`Signed out after ${IDLE_MINUTES} minutes without activity, please sign in again`);

    await signIn(page);
    await page.waitForURL((url) => url.pathname === LOGIN_LOG);
    await page.locator('.ant-table-row').first().waitFor();

    // an explicit sign-out goes to the login page without any such message
    await page.getByTestId('user-dropdown').click();
    await page.getByTestId('menu-logout').click();
    await page.waitForURL((url) => url.pathname === '/loginPage');
    await page.getByTestId('login-submit').waitFor();
    expect(await page.getByTestId('login-session-ended').count()).toBe(0);
    await context.close();
  });
});
