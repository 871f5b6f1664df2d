import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { confirmDialog } from './support/confirmDialog.js';
import { allowConsoleError, refusedCall } from './support/pageProblems.js';
import { startServer, type RunningServer } from './support/server.js';
import { settledPassword } from './support/demoApi.js';

const SYSTEM = '/accPortal/enterprise/systemMg';
const NEW_PASSWORD = 'Inspector-Pass-9';
let server: RunningServer;
let browser: Browser;
let demoPassword = '';

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'true', ADMIN_PASSWORD: 'Admin-E2E-Pass-1' });
  demoPassword = await settledPassword(server);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 860 } })).newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto(`${server.baseUrl}/loginPage`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Calls the API from inside the page with the page's own token, as a user could from the console. */
function callApi(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', 'x-rd-request-apitoken': sessionStorage.getItem('token') ?? '' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as { code: string; data: unknown };
    },
    { method, url, body },
  );
}

const checkbox = (page: Page, menuCode: string) =>
  page.locator('.ant-tree-treenode').filter({ has: page.locator(`[data-testid="grant-node-${menuCode}"]`) }).locator('.ant-tree-checkbox');

describe('administration in Chromium', () => {
  it('a role with a few screens and buttons gives a new user exactly those; disabling the user ends their session', async () => {
    // The company administrator prepares a department so that row buttons show.
    const admin = await newPage();
    await signIn(admin, 'demo', demoPassword);
    await admin.waitForURL((u) => u.pathname === '/dashboard/dashboard');
    expect((await callApi(admin, 'POST', '/acc/api/pmcpDept/add', { deptName: '质检部' })).code).toBe('SUCCESS');

    // Create the role and grant: the department screen with its edit button (not delete), and the sign-in log.
    await admin.goto(`${server.baseUrl}${SYSTEM}/userRole`);
    await admin.getByTestId('role-add').click();
    await admin.getByTestId('role-name').fill('质检员');
    await admin.getByRole('button', { name: /确\s?定/ }).click();
    const row = admin.locator('.ant-table-row').filter({ hasText: '质检员' });
    await row.waitFor();
    await row.locator('[data-testid^="role-grant-"]').click();
    await admin.getByTestId('grant-tree').waitFor();
    await admin.getByTestId('grant-linked').click(); // unlinked: a screen without all of its buttons
    await checkbox(admin, 'dept').click();
    await checkbox(admin, 'system:dept:edit').click();
    await checkbox(admin, 'loginLog').click();
    await admin.getByTestId('grant-save').click();
    await admin.getByTestId('role-grant-drawer').waitFor({ state: 'hidden' });

    // Create a user with that role; the generated password is shown once.
    await admin.goto(`${server.baseUrl}${SYSTEM}/userInfo`);
    await admin.getByTestId('user-add').click();
    await admin.getByTestId('user-form-username').fill('inspector');
    await admin.getByTestId('user-form-name').fill('赵质检');
    const roles = admin.getByTestId('user-form').locator('.ant-form-item').filter({ hasText: /角色/ }).locator('.ant-select');
    await roles.click();
    await admin.keyboard.type('质检员');
    await admin.keyboard.press('Enter');
    await admin.keyboard.press('Escape');
    await admin.getByTestId('user-form-submit').click();
    const generated = (await admin.getByTestId('password-once-value').textContent())?.trim() ?? '';
    expect(generated).toMatch(/^\S{8,}$/);

    // The new user signs in, must replace the generated password, then signs in again.
    const user = await newPage();
    await signIn(user, 'inspector', generated);
    await user.getByTestId('password-notice').waitFor();
    await user.getByTestId('password-old').fill(generated);
    await user.getByTestId('password-new').fill(NEW_PASSWORD);
    await user.getByTestId('password-confirm').fill(NEW_PASSWORD);
    await user.getByTestId('password-submit').click();
    await confirmDialog(user);
    await user.waitForURL((u) => u.pathname === '/loginPage');
    await signIn(user, 'inspector', NEW_PASSWORD);
    await user.waitForURL((u) => u.pathname === '/dashboard/dashboard');

    // Only the granted menus…
    await expect.poll(() => user.locator('[data-testid^="menu-group-"]').count()).toBe(1);
    await user.getByTestId('menu-group-systemMg').hover();
    const leaves = await user.locator('[data-testid^="menu-leaf-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(leaves.sort()).toEqual(['menu-leaf-dept', 'menu-leaf-loginLog']);
    // …and only the granted buttons.
    await user.getByTestId('menu-leaf-dept').click();
    await user.locator('[data-testid^="dept-edit-"]').first().waitFor();
    expect(await user.getByTestId('dept-add').count()).toBe(1);
    expect(await user.locator('[data-testid^="dept-delete-"]').count()).toBe(0);

    // A forbidden API called directly is refused by the server (and the browser logs the refusals).
    allowConsoleError(refusedCall('/acc/userinfo/queryList', 403));
    allowConsoleError(refusedCall('/acc/api/pmcpDept/deleteById', 403));
    const forbidden = await callApi(user, 'POST', '/acc/userinfo/queryList', { pageNum: 1, pageSize: 10 });
    expect(forbidden.code).toBe('ACCESS_DENIED_ERROR');
    expect((await callApi(user, 'POST', '/acc/api/pmcpDept/deleteById', { id: '00000000-0000-0000-0000-000000000000' })).code).toBe(
      'ACCESS_DENIED_ERROR',
    );

    // The administrator disables the user; the user's open session ends at the next call.
    await admin.goto(`${server.baseUrl}${SYSTEM}/userInfo`);
    const userRow = admin.locator('.ant-table-row').filter({ hasText: 'inspector' });
    await userRow.locator('[data-testid^="user-status-"]').click();
    await confirmDialog(admin);
    await expect.poll(() => userRow.locator('.ant-switch-checked').count()).toBe(0);

    allowConsoleError(refusedCall('/acc/user/loginUser', 401));
    allowConsoleError(refusedCall('/acc/api/loginLog/pageList', 401));
    expect((await callApi(user, 'GET', '/acc/user/loginUser')).code).toBe('NO_LOGIN_ERROR');
    await user.getByTestId('menu-group-systemMg').hover();
    await user.getByTestId('menu-leaf-loginLog').click();
    await user.waitForURL((u) => u.pathname === '/loginPage');
  });
});
