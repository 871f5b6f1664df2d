import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { confirmDialog } from './support/confirmDialog.js';
import { callApi } from './support/demoApi.js';
import { reportErrorToasts, reportRefusals } from './support/errorToasts.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Every role signs in and walks its whole side menu: each screen opens, each toolbar button that opens a
 * dialog, a drawer or a detail screen is pressed and what it opened is closed again, nothing is saved. A
 * refused call (no permission, no company), an error toast or an error in the console fails the walk, so a
 * role is never shown a menu or a button it may not use.
 */
const HOME = '/dashboard/dashboard';
const LIST_ONLY_USER = 'listreader';

let server: RunningServer;
let browser: Browser;
/** Each account's password as it stands, after the first sign-in's forced change. */
const passwords = new Map<string, string>();

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'true', JOB_POLL_MS: '200' });
  const lines = fs.readFileSync(path.join(server.dataDir, 'initial-credentials.txt'), 'utf8').trim().split('\n');
  for (const [name, password] of lines.map((line) => line.split('\t'))) passwords.set(name ?? '', password ?? '');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A token of `username` through the API, replacing a password the server wants changed first. */
async function apiToken(username: string): Promise<string> {
  const password = passwords.get(username) ?? '';
  const { token } = await callApi<{ token: string }>(server, '', 'POST', '/acc/user/login', { username, password });
  if ((await callApi<{ mustChange: boolean }>(server, token, 'GET', '/acc/userinfo/checkUserPassWord')).mustChange) {
    const changed = `${password}-Walk1`;
    await callApi(server, token, 'POST', '/acc/userinfo/changePassword', { oldPassword: password, newPassword: changed, confirmPsw: changed });
    passwords.set(username, changed);
    return apiToken(username);
  }
  return token;
}

interface MenuNode {
  id: string;
  type: 'MENU' | 'BUTTON';
  children: MenuNode[];
}

/** A role of the demo company holding every screen it may grant and none of the buttons, and a user holding it. */
async function createListOnlyUser(): Promise<void> {
  const token = await apiToken('demo');
  const tree = await callApi<MenuNode[]>(server, token, 'GET', '/acc/userRole/queryAccMenusList');
  const screens: string[] = [];
  const walk = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      if (node.type === 'MENU') screens.push(node.id);
      walk(node.children);
    }
  };
  walk(tree);
  const role = await callApi<{ id: string }>(server, token, 'POST', '/acc/userRole/addRole', { roleName: '只读查看', roleNameEn: 'Read only' });
  await callApi(server, token, 'POST', '/acc/userRole/batchSaveRoleMenu', { roleId: role.id, menuIds: screens });
  const user = await callApi<{ password: string }>(server, token, 'POST', '/acc/userinfo/add', { username: LIST_ONLY_USER, name: '查看员', roles: [role.id] });
  passwords.set(LIST_ONLY_USER, user.password);
}

/** API calls still under way on the page, so a step can wait for what it started. */
function trackCalls(page: Page): () => number {
  let open = 0;
  const isApi = (url: string) => new URL(url).pathname.startsWith('/acc/');
  page.on('request', (r) => void (isApi(r.url()) && (open += 1)));
  const done = (r: { url(): string }) => void (isApi(r.url()) && (open -= 1));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => open;
}

/** Waits until no API call has been open for a moment (a screen's lists and pickers have answered). */
async function settle(page: Page, openCalls: () => number): Promise<void> {
  const deadline = Date.now() + 15_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await page.waitForTimeout(100);
    if (openCalls() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 400) return;
  }
}

/** Signs in through the login page; a first sign-in's forced password change is made in its dialog. */
async function signIn(page: Page, username: string): Promise<void> {
  await page.goto(`${server.baseUrl}/loginPage`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(passwords.get(username) ?? '');
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === HOME);
  await page.getByTestId('dashboard').waitFor();
  const forced = await page
    .getByTestId('password-notice')
    .waitFor({ timeout: 1500 })
    .then(
      () => true,
      () => false,
    );
  if (!forced) return;
  const old = passwords.get(username) ?? '';
  const changed = `${old}-Walk1`;
  await page.getByTestId('password-old').fill(old);
  await page.getByTestId('password-new').fill(changed);
  await page.getByTestId('password-confirm').fill(changed);
  await page.getByTestId('password-submit').click();
  await confirmDialog(page);
  passwords.set(username, changed);
  await page.waitForURL((url) => url.pathname === '/loginPage');
  await signIn(page, username);
}

/**
 * Buttons of the shown screen's toolbar that open something: above a list, or a screen's own "add".
 * Downloads (exports, spreadsheet templates) and file pickers open nothing to close, and are left alone.
 */
const OPENERS = 'main .paged-table__toolbar button, main [data-testid$="-add"], main [data-testid="menu-add-root"]';
const LEFT_ALONE = /export|template|import/;

const OPEN_LAYERS = '.ant-modal-wrap, .ant-drawer-content-wrapper';

/** Closes whatever dialogs and drawers are open, the way a user backs out: Escape, or the close button. */
async function closeLayers(page: Page): Promise<void> {
  for (let tries = 0; tries < 5; tries += 1) {
    const open = page.locator(OPEN_LAYERS).filter({ visible: true });
    if ((await open.count()) === 0) return;
    await page.keyboard.press('Escape');
    await page.waitForTimeout(400);
    if ((await open.count()) === 0) return;
    const close = page.locator('.ant-modal-close, .ant-drawer-close').filter({ visible: true });
    if ((await close.count()) > 0) await close.last().click();
    await page.waitForTimeout(400);
  }
  throw new Error(`a dialog or drawer would not close on ${page.url()}`);
}

/** Presses each opener of the shown screen in turn, and closes what it opened; returns what was pressed. */
async function pressOpeners(page: Page, openCalls: () => number, reopen: () => Promise<void>): Promise<string[]> {
  const openers = page.locator(OPENERS).filter({ visible: true });
  const names = () => openers.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') || (e.textContent ?? '').trim()));
  const pressed: string[] = [];
  const count = (await names()).length;
  for (let i = 0; i < count; i += 1) {
    const name = (await names())[i];
    if (name === undefined || LEFT_ALONE.test(name) || !(await openers.nth(i).isEnabled())) continue;
    const where = page.url();
    await openers.nth(i).click();
    pressed.push(name);
    await settle(page, openCalls);
    if (page.url() !== where) {
      // a detail screen of its own: shown, then the walk goes back to the list
      await reopen();
      continue;
    }
    // an "add" always opens its form (expanding or folding a tree opens nothing)
    if (/-add/.test(name)) await page.locator(OPEN_LAYERS).filter({ visible: true }).first().waitFor({ timeout: 5000 });
    await closeLayers(page);
  }
  return pressed;
}

/** Signs in as `username` and walks every screen of the side menu; returns the screens walked and buttons pressed. */
async function walkEverything(username: string): Promise<{ screens: string[]; pressed: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: false });
  const label = username;
  await reportErrorToasts(context, label);
  reportRefusals(context, label);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const openCalls = trackCalls(page);
  try {
    await signIn(page, username);
    await settle(page, openCalls);
    const screens: string[] = [];
    const pressed: string[] = [];
    const groups = await page.locator('[data-testid^="menu-group-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
    for (const group of groups) {
      await page.getByTestId(group).hover();
      await page.getByTestId('menu-panel').waitFor();
      const leaves = await page.locator('[data-testid^="menu-leaf-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
      for (const leaf of leaves) {
        const open = async () => {
          await page.getByTestId(group).hover();
          const link = page.getByTestId(leaf);
          const href = (await link.getAttribute('href')) ?? '';
          await link.click();
          await page.waitForURL((url) => url.pathname === href);
          await settle(page, openCalls);
        };
        await open();
        screens.push(leaf.replace('menu-leaf-', ''));
        pressed.push(...(await pressOpeners(page, openCalls, open)));
      }
    }
    return { screens, pressed };
  } finally {
    await context.close();
  }
}

describe('every role walks its whole menu without a refusal, an error toast or a console error', () => {
  it('the company administrator (demo)', async () => {
    const walked = await walkEverything('demo');
    expect(walked.screens).toEqual(expect.arrayContaining(['tagRule', 'product', 'userInfo', 'companyInfo', 'recall']));
    expect(walked.pressed).toEqual(expect.arrayContaining(['rule-add', 'product-add', 'user-add', 'role-add', 'dept-add']));
  });

  it('the company operator', async () => {
    const walked = await walkEverything('operator');
    expect(walked.screens).toEqual(expect.arrayContaining(['tagRule', 'product', 'dealer']));
    expect(walked.screens).not.toContain('userInfo');
    expect(walked.pressed).toEqual(expect.arrayContaining(['rule-add', 'product-add']));
  });

  it('a role of the company with every list and no button', async () => {
    await createListOnlyUser();
    const walked = await walkEverything(LIST_ONLY_USER);
    expect(walked.screens).toEqual(expect.arrayContaining(['tagRule', 'product', 'userInfo']));
    // no button that adds anything (expanding and folding a tree is all it may press)
    expect(walked.pressed.filter((id) => /-add/.test(id))).toEqual([]);
  });

  it('the super administrator (admin)', async () => {
    const walked = await walkEverything('admin');
    expect(walked.screens).toEqual(expect.arrayContaining(['userInfo', 'menuConf', 'dictionary', 'companyAudit']));
    expect(walked.pressed).toEqual(expect.arrayContaining(['user-add', 'menu-add-root']));
  });

  it('the platform auditor', async () => {
    const walked = await walkEverything('auditor');
    expect(walked.screens).toContain('companyAudit');
  });
});
