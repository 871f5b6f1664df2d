import { PNG } from 'pngjs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { settledPassword } from './support/demoApi.js';

const GROWERS = '/accPortal/enterprise/farmerInfo';
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

/** A small green square as a real PNG file. */
function photoPng(): Buffer {
  const png = new PNG({ width: 16, height: 16 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([40, 160, 60, 255], i);
  return PNG.sync.write(png);
}

describe('growers in Chromium', () => {
  it('adds a grower with a photo, shows the ID card masked in the list, and opens the grower’s page', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${server.baseUrl}/loginPage`);
    await page.getByTestId('login-username').fill('demo');
    await page.getByTestId('login-password').fill(demoPassword);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/dashboard/dashboard');

    // The demo cooperative's growers are listed with their ID cards masked.
    await page.goto(`${server.baseUrl}${GROWERS}/farmerInfo`);
    await page.locator('.ant-table-row').filter({ hasText: '张德福' }).filter({ hasText: '110***********0015' }).waitFor();

    // Add one: a wrong check character is caught on the form, then the right card, a region, a product and a photo.
    await page.getByTestId('farmer-add').click();
    const form = page.getByTestId('farmer-form');
    await form.getByTestId('farmer-form-name').fill('E2E 孙瓜农');
    await form.getByTestId('farmer-form-phone').fill('13700001234');
    await form.getByTestId('farmer-form-idCard').fill('110105194912310021');
    await form.getByTestId('farmer-form-idCard').blur();
    await form.getByText('请输入正确的身份证号码').waitFor();
    await form.getByTestId('farmer-form-idCard').fill('11010519491231002X');
    await form.getByTestId('farmer-form-regionCode').fill('110115');
    await form.getByTestId('farmer-form-regionName').fill('北京市大兴区');
    await form.getByTestId('farmer-form-plantingArea').fill('8.5');
    await form.getByTestId('farmer-form-products').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '庞各庄麒麟西瓜' }).click();
    await page.keyboard.press('Escape');
    await form.locator('input[type="file"]').setInputFiles({ name: 'grower.png', mimeType: 'image/png', buffer: photoPng() });
    await form.getByTestId('image-upload-current').locator('img').waitFor();
    await page.getByRole('button', { name: /确\s*定/ }).click();

    const row = page.locator('.ant-table-row').filter({ hasText: 'E2E 孙瓜农' });
    await row.waitFor();
    expect(await row.textContent()).toContain('110***********002X');
    expect(await row.textContent()).not.toContain('11010519491231002X');
    expect(await row.textContent()).toContain('庞各庄麒麟西瓜');
    await row.locator('img').waitFor();

    // The grower's page: the editor sees the whole card, the photo and the product.
    await row.locator('[data-testid^="farmer-view-"]').click();
    await page.waitForURL((u) => u.pathname === `${GROWERS}/farmerDetail`);
    await page.getByTestId('farmer-detail').waitFor();
    expect(await page.getByTestId('farmer-detail-idCard').textContent()).toBe('11010519491231002X');
    expect(await page.getByTestId('farmer-detail-products').textContent()).toContain('庞各庄麒麟西瓜');
    await expect.poll(() => page.locator('.ant-card img').first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(16);
    await page.getByTestId('farmer-detail-back').click();
    await page.waitForURL((u) => u.pathname === `${GROWERS}/farmerInfo`);
  });
});
