import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { confirmDialog } from './support/confirmDialog.js';
import { startServer, type RunningServer } from './support/server.js';

const ADMIN_PASSWORD = 'Admin-E2E-Pass-1';
const COMPANY = '/accPortal/enterprise/companyMg';
const OWNER_PASSWORD = 'Owner-E2E-Pass-1';
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

async function signIn(page: Page, username: string, password: string) {
  await page.goto(`${server.baseUrl}/loginPage`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/dashboard/dashboard');
}

const statusOf = (page: Page) => page.locator('.ant-card-head').getByTestId('company-status').first().textContent();

describe('company info in Chromium', () => {
  it('registers on a phone, then walks report → submit → reject with a reason → edit → submit → pass', async () => {
    // Registration on a phone-sized screen: a wrong check character is named under its field first.
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
    phone.setDefaultTimeout(30_000);
    await phone.goto(`${server.baseUrl}/register`);
    await phone.getByTestId('register-fullName').fill('北京瓜香农业科技有限公司');
    await phone.getByTestId('register-licenseNumber').fill('91110108551385082A');
    await phone.getByTestId('register-username').fill('guaxiang');
    await phone.getByTestId('register-name').fill('周九');
    await phone.getByTestId('register-phone').fill('13700137000');
    await phone.getByTestId('register-password').fill(OWNER_PASSWORD);
    await phone.getByTestId('register-confirmPassword').fill(OWNER_PASSWORD);
    await phone.getByTestId('register-submit').click();
    await phone.getByText('请输入正确的统一社会信用代码').waitFor();
    await phone.getByTestId('register-licenseNumber').fill('91110108551385082q');
    await phone.getByTestId('register-submit').click();
    await expect.poll(() => phone.getByTestId('register-success').textContent()).toContain('guaxiang');
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await phone.getByTestId('register-sign-in').click();
    await phone.waitForURL((u) => u.pathname === '/loginPage');

    // The company reports its info (the form starts from the registration) and submits it.
    const owner = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    owner.setDefaultTimeout(30_000);
    await signIn(owner, 'guaxiang', OWNER_PASSWORD);
    await owner.goto(`${server.baseUrl}${COMPANY}/companyInfo`);
    await expect.poll(() => statusOf(owner)).toMatch(/未上报/);
    expect(await owner.getByTestId('company-fullName').inputValue()).toBe('北京瓜香农业科技有限公司');
    expect(await owner.getByTestId('company-licenseNumber').inputValue()).toBe('91110108551385082Q');
    await owner.getByTestId('company-contactPhone').fill('010-61234567');
    await owner.getByTestId('company-introduction').fill('专注庞各庄西瓜种植二十年。');
    await owner.getByTestId('company-save').click();
    await expect.poll(() => statusOf(owner)).toMatch(/草稿/);
    await owner.getByTestId('company-submit').click();
    await confirmDialog(owner);
    await expect.poll(() => statusOf(owner)).toMatch(/待审核/);
    expect(await owner.getByTestId('company-save').count()).toBe(0);
    await owner.getByTestId('company-withdraw').waitFor();

    // The platform auditor rejects it with a reason.
    const auditor = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    auditor.setDefaultTimeout(30_000);
    await signIn(auditor, 'admin', ADMIN_PASSWORD);
    await auditor.goto(`${server.baseUrl}${COMPANY}/companyAudit`);
    await auditor.locator('.ant-table-row').filter({ hasText: '北京瓜香农业科技有限公司' }).locator('[data-testid^="audit-open-"]').click();
    await auditor.getByTestId('review-introduction').filter({ hasText: '专注庞各庄西瓜种植二十年。' }).waitFor();
    await auditor.getByTestId('audit-reject').click();
    await auditor.getByTestId('audit-reject-ok').click();
    await auditor.getByText('请输入驳回原因').waitFor();
    await auditor.getByTestId('audit-reject-reason').fill('请上传营业执照照片，并填写联系人');
    await auditor.getByTestId('audit-reject-ok').click();
    await expect.poll(() => statusOf(auditor)).toMatch(/已驳回/);
    expect(await auditor.getByTestId('audit-pass').count()).toBe(0);

    // The company sees why, corrects its info and submits again.
    await owner.reload();
    await expect.poll(() => statusOf(owner)).toMatch(/已驳回/);
    expect(await owner.getByTestId('company-reject-reason').textContent()).toContain('请上传营业执照照片，并填写联系人');
    await owner.getByTestId('company-contactName').fill('周九');
    await owner.getByTestId('company-save').click();
    await expect.poll(() => statusOf(owner)).toMatch(/草稿/);
    await owner.getByTestId('company-submit').click();
    await confirmDialog(owner);
    await expect.poll(() => statusOf(owner)).toMatch(/待审核/);

    // The auditor passes it; the trail holds every step.
    await auditor.reload();
    await expect.poll(() => statusOf(auditor)).toMatch(/待审核/);
    await auditor.getByTestId('review-contactName').filter({ hasText: '周九' }).waitFor();
    await auditor.getByTestId('audit-pass').click();
    await confirmDialog(auditor);
    await expect.poll(() => statusOf(auditor)).toMatch(/审核通过/);

    // The company now sees APPROVED with the time it passed.
    await owner.reload();
    await expect.poll(() => statusOf(owner), { timeout: 60_000 }).toMatch(/审核通过/);
    await owner.getByTestId('company-last-approved').waitFor();
    expect(await owner.getByTestId('trail-entry').count()).toBe(6);
    expect(await owner.getByTestId('company-trail').textContent()).toContain('请上传营业执照照片，并填写联系人');
  });
});
