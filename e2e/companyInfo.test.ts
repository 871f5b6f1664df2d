import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { confirmDialog } from './support/confirmDialog.js';
import { allowConsoleError, refusedCall } from './support/pageProblems.js';
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
  it('warns of a registered full name before registering it again, and says what the business term and website should be (zh and en)', async () => {
    const NAME = '浙江同名瓜业有限公司';
    const first = await fetch(`${server.baseUrl}/acc/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: NAME, licenseNumber: '91330106MA27XL0Q1E', username: 'tongming1', name: '吴一', password: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD }),
    });
    expect(((await first.json()) as { code: string }).code).toBe('SUCCESS');

    // on a phone, in English: the same name is a warning under it and in a dialog; going on registers
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
    phone.setDefaultTimeout(30_000);
    allowConsoleError(refusedCall('/acc/api/register', 409));
    await phone.goto(`${server.baseUrl}/register`);
    await phone.getByTestId('lang-switch').click();
    await phone.getByTestId('register-fullName').fill(NAME);
    await phone.getByTestId('register-licenseNumber').fill('91310115MA1K3YJ271');
    await phone.getByTestId('register-username').fill('tongming2');
    await phone.getByTestId('register-name').fill('Wu Er');
    await phone.getByTestId('register-password').fill(OWNER_PASSWORD);
    await phone.getByTestId('register-confirmPassword').fill(OWNER_PASSWORD);
    await phone.getByTestId('register-submit').click();
    const dialog = phone.locator('.ant-modal-confirm');
    await dialog.waitFor();
    expect(await phone.getByTestId('register-same-name').textContent()).toContain(`“${NAME}” is registered here already`);
    expect(await phone.locator('.ant-form-item-explain-warning').textContent()).toBe('A company of this full name is registered');
    await phone.waitForFunction(() => !document.querySelector('.ant-modal[class*="ant-zoom-"]'));
    await dialog.getByRole('button', { name: 'Register anyway' }).click();
    await expect.poll(() => phone.getByTestId('register-success').textContent()).toContain('tongming2');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // the company form says what a business term is, in the screen's language; a bare host gets https://
    const owner = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    owner.setDefaultTimeout(30_000);
    await signIn(owner, 'tongming2', OWNER_PASSWORD);
    await owner.goto(`${server.baseUrl}${COMPANY}/companyInfo`);
    const term = owner.getByTestId('company-businessTerm');
    await term.fill('yesterday');
    await term.blur();
    await owner.getByText('营业期限请填写“开始日期 至 结束日期”或“开始日期 至 长期”，日期格式为 YYYY-MM-DD，如 2012-04-16 至 长期').waitFor();
    await term.fill('2024-02-30 至 长期');
    await term.blur();
    await owner.getByText('营业期限中的日期不存在，请检查年（1900–2999）、月、日').waitFor();
    const website = owner.getByTestId('company-website');
    await website.fill('yesterday');
    await website.blur();
    await owner.getByText('企业网站请填写网址，如 www.example.com 或 https://www.example.com').waitFor();
    await website.fill('www.tongming.cn');
    await website.blur();
    await expect.poll(() => website.inputValue()).toBe('https://www.tongming.cn');
    await term.fill('2012-04-16 至 长期');
    await term.blur();
    await owner.getByTestId('company-save').click();
    await expect.poll(() => statusOf(owner)).toMatch(/草稿/);

    // in English the saved term reads in English words, and a wrong one is named in English
    await owner.getByTestId('lang-switch').click();
    await owner.getByText('Business term', { exact: true }).waitFor();
    // a form being typed in keeps what was typed; opened in English, the term reads in English words
    await owner.reload();
    await expect.poll(() => owner.getByTestId('company-businessTerm').inputValue()).toBe('2012-04-16 to open-ended');
    await owner.getByTestId('company-businessTerm').fill('2020-01-02 to 2020-01-01');
    await owner.getByTestId('company-businessTerm').blur();
    await owner.getByText('Business term: the end date cannot be earlier than the start date').waitFor();
    await owner.getByTestId('company-website').fill('javascript:alert(1)');
    await owner.getByTestId('company-website').blur();
    await owner.getByText('Website: enter a web address, e.g. www.example.com or https://www.example.com').waitFor();
    await phone.context().close();
    await owner.context().close();
  });
});
