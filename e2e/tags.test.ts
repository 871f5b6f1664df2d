import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { finishedJob, settledPassword } from './support/demoApi.js';
import { confirmDialog } from './support/confirmDialog.js';

const TAGS = '/accPortal/enterprise/tagMg';
let server: RunningServer;
let browser: Browser;
let demoPassword = '';

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'true', ADMIN_PASSWORD: 'Admin-E2E-Pass-1', JOB_POLL_MS: '200' });
  demoPassword = await settledPassword(server);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function portalPage(): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(`${server.baseUrl}/loginPage`);
  await page.getByTestId('login-username').fill('demo');
  await page.getByTestId('login-password').fill(demoPassword);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/dashboard/dashboard');
  return page;
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return fs.readFileSync(file);
}

describe('tags in Chromium', () => {
  it('creates a rule, generates 1,000 codes to 100%, downloads CSV and QR ZIP, opens a code and voids it', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true })).newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${server.baseUrl}/loginPage`);
    await page.getByTestId('login-username').fill('demo');
    await page.getByTestId('login-password').fill(demoPassword);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/dashboard/dashboard');

    // A rule with the form's defaults (Crockford base32, 12 characters, MOD 37-36 check character).
    await page.goto(`${server.baseUrl}${TAGS}/tagRule`);
    await page.getByTestId('rule-add').click();
    await page.getByTestId('rule-form-ruleName').fill('E2E 西瓜单品码');
    await page.getByTestId('rule-preview-sample').first().waitFor();
    await page.getByTestId('rule-form-save').click();
    await page.locator('.ant-table-row').filter({ hasText: 'E2E 西瓜单品码' }).waitFor();

    // Generate 1,000 codes and watch the job reach 100%.
    await page.goto(`${server.baseUrl}${TAGS}/tagGenerate`);
    await page.getByTestId('generate-rule').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'E2E 西瓜单品码' }).click();
    await page.getByTestId('generate-quantity').fill('1000');
    await page.getByTestId('generate-submit').click();
    const status = page.locator('[data-testid^="job-status-"]').first();
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(/完成|DONE/);
    const progress = page.locator('[data-testid^="job-progress-"]').first();
    await expect.poll(() => progress.locator('[role="progressbar"]').getAttribute('aria-valuenow')).toBe('100');
    expect(await progress.textContent()).toContain('1,000 / 1,000');

    // Downloads: a CSV with 1,000 codes and their URLs, and a ZIP with 1,000 SVG QR codes.
    const menu = page.locator('[data-testid^="job-downloads-"]').first();
    const csv = (await downloadOf(page, async () => {
      await menu.click();
      await page.getByRole('menuitem', { name: /CSV/ }).click();
    })).toString('utf8');
    const rows = csv.trim().split(/\r?\n/);
    expect(rows).toHaveLength(1001);
    expect(rows[1]).toMatch(/antiCounterfeiting\?code=/);
    const zip = await downloadOf(page, async () => {
      await menu.click();
      await page.getByRole('menuitem', { name: /SVG/ }).click();
    });
    const entries = zip.toString('latin1').split('PK\x01\x02').length - 1;
    expect(entries).toBe(1000);

    // Open a code's page and void it with a reason.
    await page.goto(`${server.baseUrl}${TAGS}/tagDetail`);
    await page.locator('[data-testid^="code-view-"]').first().click();
    await page.getByTestId('code-detail').waitFor();
    const code = (await page.getByTestId('code-detail').textContent()) ?? '';
    expect(code.length).toBeGreaterThan(0);
    await page.getByTestId('code-detail-void').click();
    await page.getByTestId('void-code-reason').fill('标签印刷损坏');
    await page.getByRole('button', { name: /确\s?定/ }).click();
    await expect.poll(() => page.getByTestId('code-detail').textContent()).toContain('已作废');
    expect(await page.getByTestId('code-detail-void').count()).toBe(0);
  });

  it('after 全部激活 the job row counts its codes in force without a reload', async () => {
    const login = await fetch(`${server.baseUrl}/acc/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: demoPassword }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const jobId = await finishedJob(server, token, 'ITEM', 5, { ruleName: `E2E 全部激活 ${Date.now()}` });
    const page = await portalPage();
    await page.goto(`${server.baseUrl}${TAGS}/tagGenerate`);
    const counts = page.getByTestId(`job-counts-${jobId}`);
    await expect.poll(() => counts.textContent()).toContain('已激活 0');
    const activate = page.getByTestId(`job-activate-${jobId}`);
    await expect.poll(() => activate.isEnabled()).toBe(true);
    await activate.click();
    await confirmDialog(page);
    // the row follows the background activation to its end: 5 in force, nothing left to activate
    await expect.poll(() => counts.textContent(), { timeout: 10_000 }).toContain('已激活 5');
    expect(await activate.isDisabled()).toBe(true);
  });
});
