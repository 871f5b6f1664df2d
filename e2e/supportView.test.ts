import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const ADMIN_PASSWORD = 'Admin-E2E-Pass-1';
const DEMO_COMPANY = '北京市大兴区庞各庄西瓜专业合作社';
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'true', ADMIN_PASSWORD });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page, username: string, password: string) {
  await page.goto(`${server.baseUrl}/loginPage`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/dashboard/dashboard');
}

describe('the support view in Chromium', () => {
  it('opens from company audit with a reason, shows the company’s screens read-only under a banner, and leaves', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, 'admin', ADMIN_PASSWORD);
    // a platform account has no company screens of its own
    await page.getByTestId('menu-group-systemMg').waitFor();
    expect(await page.getByTestId('menu-group-productMg').count()).toBe(0);
    expect(await page.getByTestId('support-banner').count()).toBe(0);

    await page.goto(`${server.baseUrl}/accPortal/enterprise/companyMg/companyAudit`);
    await page.locator('.ant-table-row').filter({ hasText: DEMO_COMPANY }).locator('[data-testid^="audit-support-"]').click();
    const form = page.getByTestId('support-form');
    await form.waitFor();
    // under load the dialog may still be opening when the first click lands: ask again until it answers
    const required = form.getByText('请输入查看原因');
    for (let tries = 0; tries < 5 && !(await required.isVisible()); tries += 1) {
      await page.getByRole('button', { name: /确\s?定/ }).click();
      await required.waitFor({ timeout: 5_000 }).catch(() => {});
    }
    await required.waitFor();
    await page.getByTestId('support-reason').fill('工单 4711：批次标签无法验证');
    await page.getByRole('button', { name: /确\s?定/ }).click();

    // the portal starts over on the company's screens, with the banner naming the company
    await page.waitForURL((u) => u.pathname === '/dashboard/dashboard');
    const banner = page.getByTestId('support-banner');
    await expect.poll(() => banner.textContent()).toContain(DEMO_COMPANY);
    await page.getByTestId('menu-group-productMg').waitFor();
    await page.goto(`${server.baseUrl}/accPortal/enterprise/productMg/product`);
    await page.locator('[data-testid^="product-view-"]').first().waitFor();
    expect(await page.getByTestId('product-add').count()).toBe(0);
    expect(await page.locator('[data-testid^="product-edit-"]').count()).toBe(0);
    await expect.poll(() => banner.textContent()).toContain(DEMO_COMPANY);

    // leaving brings back the platform account's own screens
    await page.getByTestId('support-leave').click();
    await page.waitForURL((u) => u.pathname === '/dashboard/dashboard');
    await page.getByTestId('dashboard').waitFor();
    expect(await page.getByTestId('support-banner').count()).toBe(0);
    await page.goto(`${server.baseUrl}/accPortal/enterprise/companyMg/companyAudit`);
    await page.locator('.ant-table-row').filter({ hasText: DEMO_COMPANY }).waitFor();
    expect(await page.getByTestId('menu-group-productMg').count()).toBe(0);
  });
});
