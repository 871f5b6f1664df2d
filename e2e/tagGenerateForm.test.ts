import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { dialogsAtRest } from './support/confirmDialog.js';
import { callApi, settledPassword } from './support/demoApi.js';
import { startServer, type RunningServer } from './support/server.js';

const GENERATE = '/accPortal/enterprise/tagMg/tagGenerate';
const RULE_NAME = 'E2E 生成表单规则';
let server: RunningServer;
let browser: Browser;
let password = '';
let token = '';
let ruleId = '';

beforeAll(async () => {
  // No PUBLIC_BASE_URL: labels would point at this machine's localhost, which the form must say.
  server = await startServer({ SEED_DEMO: 'true', ADMIN_PASSWORD: 'Admin-E2E-Pass-1' });
  password = await settledPassword(server);
  token = (await callApi<{ token: string }>(server, '', 'POST', '/acc/user/login', { username: 'demo', password })).token;
  ruleId = (
    await callApi<{ id: string }>(server, token, 'POST', '/acc/api/rule/add', {
      ruleName: RULE_NAME,
      kind: 'ITEM',
      bodyLength: 12,
      alphabet: 'CROCKFORD32',
      checkScheme: 'DAMM',
      hiddenLength: 0,
    })
  ).id;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function jobsWithRemark(remark: string): Promise<number> {
  const page = await callApi<{ list: Array<{ remark: string }> }>(server, token, 'POST', '/acc/api/codeRecord/pageList', { ruleId, pageSize: 100 });
  return page.list.filter((job) => job.remark === remark).length;
}

describe('the generation form in Chromium', () => {
  it('keeps an out-of-range quantity as typed with a message, asks before a big job, and queues a double-clicked job once', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${server.baseUrl}/loginPage`);
    await page.getByTestId('login-username').fill('demo');
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/dashboard/dashboard');
    await page.goto(`${server.baseUrl}${GENERATE}`);

    const warning = page.getByTestId('generate-localhost-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toContain(`http://localhost:${new URL(server.baseUrl).port}`);

    await page.getByTestId('generate-rule').click();
    await page.locator('.ant-select-item-option').filter({ hasText: RULE_NAME }).click();
    const quantity = page.getByTestId('generate-quantity');
    const field = page.locator('.ant-form-item').filter({ has: quantity });
    for (const [typed, shown, said] of [
      ['20000000', '20,000,000', '不能大于10000000'],
      ['-5', '-5', '不能小于1'],
      ['2.5', '2.5', '请输入整数'],
    ]) {
      await quantity.fill(typed as string);
      await quantity.press('Tab');
      await expect.poll(() => field.locator('.ant-form-item-explain').textContent()).toContain(said);
      expect(await quantity.inputValue()).toBe(shown);
    }

    await quantity.fill('2000000');
    await page.getByTestId('generate-submit').click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.getByTestId('generate-estimate').waitFor();
    expect(await dialog.textContent()).toContain('生成 2,000,000 个标签码？');
    expect(await dialog.textContent()).toMatch(/预计用时：约 .*估算值/);
    expect(await dialog.textContent()).toMatch(/CSV 约 \d+(\.\d)? MB/);
    // a click aimed while the dialog still zooms in can land beside the button (confirmDialog.ts)
    await dialogsAtRest(page);
    await dialog.getByRole('button', { name: /取\s?消/ }).click();
    await dialog.waitFor({ state: 'detached' });

    await quantity.fill('7');
    await page.locator('#remark, [id$="_remark"]').first().fill('e2e double click');
    await page.getByTestId('generate-submit').dblclick();
    await page.locator('.ant-message').filter({ hasText: '生成任务已提交' }).first().waitFor();
    await page.waitForTimeout(500);
    expect(await jobsWithRemark('e2e double click')).toBe(1);
    await page.context().close();
  });
});
