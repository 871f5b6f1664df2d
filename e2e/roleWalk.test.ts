import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { confirmDialog } from './support/confirmDialog.js';
import { callApi } from './support/demoApi.js';
import { reportErrorToasts, reportRefusals } from './support/errorToasts.js';
import { reportPageProblem } from './support/pageProblems.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Every role signs in and walks its whole side menu: each screen opens, each toolbar button that opens a
 * dialog, a drawer or a detail screen is pressed and what it opened is closed again, nothing is saved. A
 * refused call (no permission, no company), an error toast or an error in the console fails the walk, so a
 * role is never shown a menu or a button it may not use. A "{{" in what a screen or a dialog shows fails it
 * too (a message whose variable was left out), and so does a screen's main "add" form whose OK, pressed with
 * the form empty, shows one: the required fields' messages must name their fields. The company and the super
 * administrators then walk their screens again at phone width (390 px): every screen keeps its filters on the
 * screen and shows the first data columns of its lists side by side.
 */
const HOME = '/dashboard/dashboard';
const LIST_ONLY_USER = 'listreader';

let server: RunningServer;
let browser: Browser;
/** Each account's password as it stands, after the first sign-in's forced change. */
const passwords = new Map<string, string>();

beforeAll(async () => {
  // with the demo season: lists with rows, so the phone pass measures columns of real width
  server = await startServer({ SEED_DEMO: 'true', SEED_DEMO_SEASON: 'true', JOB_POLL_MS: '200' });
  const lines = fs.readFileSync(path.join(server.dataDir, 'initial-credentials.txt'), 'utf8').trim().split('\n');
  for (const [name, password] of lines.map((line) => line.split('\t'))) passwords.set(name ?? '', password ?? '');
  // made before the walks start, since they run side by side and this changes the demo user's first password
  await createListOnlyUser();
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

/**
 * Waits until no API call has been open for a moment (a screen's lists and pickers have answered) and the
 * navigation bar has gone (a lazy screen's code has arrived and shown it: on a busy machine the gap between the
 * code arriving and the screen's first call can pass the quiet moment).
 */
async function settle(page: Page, openCalls: () => number, quietMs = 400): Promise<void> {
  const deadline = Date.now() + 15_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await page.waitForTimeout(100);
    if (openCalls() > 0 || (await page.locator('#nprogress').count()) > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
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

/** Reports a "{{" in the text the page shows (dialogs included) or in its fields' placeholders. */
async function expectNoRawPlaceholder(page: Page, where: string): Promise<void> {
  const found = await page.evaluate(() => {
    const texts = [document.body.innerText, ...Array.from(document.querySelectorAll<HTMLInputElement>('[placeholder]'), (e) => e.placeholder)];
    const text = texts.find((t) => t.includes('{{'));
    if (text === undefined) return null;
    const at = text.indexOf('{{');
    return text.slice(Math.max(0, at - 40), at + 40).replace(/\s+/g, ' ');
  });
  if (found !== null) reportPageProblem(`raw placeholder on ${where}: …${found}…`);
}

/** An add form's OK: a dialog's footer button, or a drawer's or a detail screen's submit button. */
const SUBMIT = '.ant-modal-footer .ant-btn-primary, button[type="submit"].ant-btn-primary';
/** Calls that would change something; none may leave while an empty form's OK is pressed. */
const CHANGES = /\/(add|save|edit|create|update|delete|remove|change|batch|import|cancel|close|activate|bind)[^/]*$/i;

/**
 * Presses OK of the empty add form shown in `scope` (the dialog or drawer it opened in, or the screen) and
 * reads what it says: its required fields' messages, in which no "{{" may be left.
 */
async function pressEmptyOk(page: Page, scope: Locator, where: string): Promise<boolean> {
  const ok = scope.locator(SUBMIT).filter({ visible: true }).last();
  if ((await ok.count()) === 0) return false;
  await page.waitForFunction(() => !document.querySelector('.ant-modal[class*="ant-zoom-"], .ant-drawer-content-wrapper[class*="-motion-"]'));
  const refused: string[] = [];
  const guard = (route: Route) => {
    const url = new URL(route.request().url());
    if (route.request().method() !== 'GET' && CHANGES.test(url.pathname)) {
      refused.push(url.pathname);
      return route.abort();
    }
    return route.fallback();
  };
  await page.route('**/acc/**', guard);
  try {
    await ok.click();
    await scope.locator('.ant-form-item-explain-error').filter({ visible: true }).first().waitFor({ timeout: 5000 });
  } finally {
    await page.unroute('**/acc/**', guard);
  }
  expect(refused, `the empty form of ${where} was sent`).toEqual([]);
  await expectNoRawPlaceholder(page, `${where}, OK pressed on the empty form`);
  return true;
}

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

/**
 * Presses each opener of the shown screen in turn, and closes what it opened; returns what was pressed, and
 * the add forms whose OK was pressed empty.
 */
async function pressOpeners(page: Page, openCalls: () => number, reopen: () => Promise<void>): Promise<{ pressed: string[]; submitted: string[] }> {
  const openers = page.locator(OPENERS).filter({ visible: true });
  const names = () => openers.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') || (e.textContent ?? '').trim()));
  const pressed: string[] = [];
  const submitted: string[] = [];
  const count = (await names()).length;
  for (let i = 0; i < count; i += 1) {
    const name = (await names())[i];
    if (name === undefined || LEFT_ALONE.test(name) || !(await openers.nth(i).isEnabled())) continue;
    const where = page.url();
    await openers.nth(i).click();
    pressed.push(name);
    await settle(page, openCalls);
    if (page.url() !== where) {
      // a detail screen of its own: shown (an add screen's form saved empty), then the walk goes back to the list
      if (!/-add/.test(name)) await expectNoRawPlaceholder(page, `${name} (${new URL(page.url()).pathname})`);
      else if (await pressEmptyOk(page, page.locator('main'), `${name} (${new URL(page.url()).pathname})`)) submitted.push(name);
      await reopen();
      continue;
    }
    // an "add" always opens its form (expanding or folding a tree opens nothing)
    if (/-add/.test(name)) {
      const layer = page.locator(OPEN_LAYERS).filter({ visible: true }).last();
      await layer.waitFor({ timeout: 5000 });
      if (await pressEmptyOk(page, layer, `${name} on ${new URL(where).pathname}`)) submitted.push(name);
    } else await expectNoRawPlaceholder(page, `${name} on ${new URL(where).pathname}`);
    await closeLayers(page);
  }
  return { pressed, submitted };
}

/** What a screen at phone width shows past the screen's edges: filters, or data columns of its lists. */
function phoneLayoutProblems(): string[] {
  const KEY_COLUMNS = 3;
  const problems: string[] = [];
  const width = document.documentElement.clientWidth;
  const content = document.querySelector('.app-layout__content');
  if (!content) return ['no content'];
  if (content.scrollWidth > content.clientWidth + 1) problems.push(`the screen scrolls sideways (${content.scrollWidth} px in ${content.clientWidth} px)`);
  const name = (el: Element) => ((el.closest('.ant-form-item')?.querySelector('.ant-form-item-label') ?? el).textContent ?? '').trim().slice(0, 30);
  const shown = (el: Element) => el.getBoundingClientRect().width > 0;
  // the filters (and any form of the screen): each field and control on the screen
  for (const el of Array.from(content.querySelectorAll('form .ant-form-item, form .ant-select, form .ant-picker, form .ant-input-number, form .ant-btn'))) {
    if (el.closest('.ant-table') || !shown(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.left < -0.5 || box.right > width + 0.5) problems.push(`"${name(el)}" lies at ${Math.round(box.left)}–${Math.round(box.right)} px, past the ${width} px screen`);
  }
  // the lists: their first data columns side by side, left of a pinned actions column and within the screen
  for (const table of Array.from(content.querySelectorAll('.ant-table'))) {
    if (!shown(table) || table.parentElement?.closest('.ant-table')) continue;
    const box = (table.querySelector('.ant-table-container') ?? table).getBoundingClientRect();
    const heads = Array.from(table.querySelectorAll('thead > tr:first-child > th'));
    const pinned = heads.filter((th) => /ant-table-cell-fix-(end|right)\b/.test(th.className));
    const right = Math.min(box.right, width, ...pinned.map((th) => th.getBoundingClientRect().left));
    const data = heads.filter((th) => !pinned.includes(th) && !/ant-table-(selection-column|row-expand-icon-cell|cell-scrollbar)\b/.test(th.className));
    for (const th of data.slice(0, KEY_COLUMNS)) {
      const head = th.getBoundingClientRect();
      if (head.width < 1 || head.left < box.left - 1 || head.right > right + 1)
        problems.push(`column "${(th.textContent ?? '').trim()}" lies at ${Math.round(head.left)}–${Math.round(head.right)} px, the list shows ${Math.round(box.left)}–${Math.round(right)} px`);
    }
  }
  return problems;
}

/**
 * Signs in as `username` and walks every screen of the side menu, then, with `phone`, every screen again at
 * 390 px; returns the screens walked, the buttons pressed and the add forms whose OK was pressed empty.
 */
async function walkEverything(username: string, options: { phone?: boolean } = {}): Promise<{ screens: string[]; pressed: string[]; submitted: string[] }> {
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
    const submitted: string[] = [];
    const hrefs: string[] = [];
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
        hrefs.push(new URL(page.url()).pathname);
        await expectNoRawPlaceholder(page, new URL(page.url()).pathname);
        const opened = await pressOpeners(page, openCalls, open);
        pressed.push(...opened.pressed);
        submitted.push(...opened.submitted);
      }
    }
    if (options.phone) {
      // the same screens on a phone, in the same tab: each opened through the router as the menu opens it
      // (a reload would start over, and "quiet" would hold before the screen had asked for anything)
      await page.setViewportSize({ width: 390, height: 844 });
      for (const href of hrefs) {
        await page.evaluate((to) => {
          // the router's own entry (a key of its own, the next index), so the screen counts as a new visit
          const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
          window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, href);
        await page.waitForURL((url) => url.pathname === href);
        // its lists are in the query cache from the walk: a shorter quiet is enough for the refresh to start
        await settle(page, openCalls, 250);
        for (const problem of await page.evaluate(phoneLayoutProblems)) reportPageProblem(`${username} at 390 px on ${href}: ${problem}`);
      }
    }
    return { screens, pressed, submitted };
  } finally {
    await context.close();
  }
}

// The walks run side by side, each in a browser context of its own: most of a walk is waiting for a screen's
// calls to settle, and one at a time they took three minutes.
describe.concurrent('every role walks its whole menu without a refusal, an error toast or a console error', () => {
  it('the company administrator (demo)', async () => {
    const walked = await walkEverything('demo', { phone: true });
    expect(walked.screens).toEqual(expect.arrayContaining(['tagRule', 'product', 'userInfo', 'companyInfo', 'recall']));
    expect(walked.pressed).toEqual(expect.arrayContaining(['rule-add', 'product-add', 'user-add', 'role-add', 'dept-add']));
    // the add forms, dialogs and screens alike, had their OK pressed empty and named their required fields
    expect(walked.submitted).toEqual(expect.arrayContaining(['dealer-add', 'recall-add', 'apikey-add', 'shipment-add', 'rule-add', 'product-add', 'user-add', 'dept-add']));
  });

  it('the company operator', async () => {
    const walked = await walkEverything('operator');
    expect(walked.screens).toEqual(expect.arrayContaining(['tagRule', 'product', 'dealer']));
    expect(walked.screens).not.toContain('userInfo');
    expect(walked.pressed).toEqual(expect.arrayContaining(['rule-add', 'product-add']));
  });

  it('a role of the company with every list and no button', async () => {
    const walked = await walkEverything(LIST_ONLY_USER);
    expect(walked.screens).toEqual(expect.arrayContaining(['tagRule', 'product', 'userInfo']));
    // no button that adds anything (expanding and folding a tree is all it may press)
    expect(walked.pressed.filter((id) => /-add/.test(id))).toEqual([]);
  });

  it('the super administrator (admin)', async () => {
    const walked = await walkEverything('admin', { phone: true });
    expect(walked.screens).toEqual(expect.arrayContaining(['userInfo', 'menuConf', 'dictionary', 'companyAudit']));
    expect(walked.pressed).toEqual(expect.arrayContaining(['user-add', 'menu-add-root']));
    expect(walked.submitted).toEqual(expect.arrayContaining(['user-add', 'menu-add-root']));
  });

  it('the platform auditor', async () => {
    const walked = await walkEverything('auditor');
    expect(walked.screens).toContain('companyAudit');
  });
});
