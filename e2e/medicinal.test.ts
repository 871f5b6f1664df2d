import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { settledPassword } from './support/demoApi.js';
import { closeDialog } from './support/confirmDialog.js';

const MEDICINAL = '/accPortal/enterprise/medicinalMg';
let server: RunningServer;
let browser: Browser;
let demoPassword = '';
let workDir = '';

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'true', ADMIN_PASSWORD: 'Admin-E2E-Pass-1' });
  demoPassword = await settledPassword(server);
  browser = await launchBrowser();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-e2e-medicinal-'));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

async function downloadOf(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return fs.readFileSync(await download.path());
}

async function importFile(page: Page, file: string) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('batch-import').click()]);
  await chooser.setFiles(file);
}

const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

describe('medicinal products in Chromium', () => {
  it('adds a product, imports a batch template with an error, sees it, fixes it, imports it, sees the rows', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true })).newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${server.baseUrl}/loginPage`);
    await page.getByTestId('login-username').fill('demo');
    await page.getByTestId('login-password').fill(demoPassword);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/dashboard/dashboard');

    // A product through the form: its approval number is checked as it is typed.
    await page.goto(`${server.baseUrl}${MEDICINAL}/medicinalProduct`);
    await page.getByTestId('mp-add').click();
    await page.getByTestId('mp-genericName').fill('阿莫西林胶囊');
    await page.getByTestId('mp-approvalNo').fill('国药准字X123');
    await page.getByTestId('mp-manufacturer').fill('珠海示例制药有限公司');
    await page.getByTestId('mp-dosageForm').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '胶囊剂' }).click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('批准文号为“国药准字”加').waitFor();
    await page.getByTestId('mp-approvalNo').fill('国药准字H44021351');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-table-row').filter({ hasText: '国药准字H44021351' }).waitFor();

    // The batch template: header, example row, the product in the hidden drop-down list.
    await page.goto(`${server.baseUrl}${MEDICINAL}/medicinalBatch`);
    const template = await downloadOf(page, () => page.getByTestId('batch-template').click());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(String(sheet.getCell('B1').value)).toContain('批号');
    expect(workbook.worksheets[1]?.getCell('A1').value).toBe('国药准字H44021351');

    // Three rows; the second expires before it is made (sheet row 4, column D).
    sheet.getRow(3).values = ['国药准字H44021351', 'E2E-AMX-01', utc(2025, 3, 1), utc(2027, 2, 28), 1200, '广东珠海'];
    sheet.getRow(4).values = ['国药准字H44021351', 'E2E-AMX-02', utc(2025, 4, 1), utc(2024, 4, 1), 800, '广东珠海'];
    sheet.getRow(5).values = ['国药准字H44021351', 'E2E-AMX-03', utc(2025, 5, 1), utc(2027, 4, 30), 600, '广东珠海'];
    const broken = path.join(workDir, 'batches-broken.xlsx');
    await workbook.xlsx.writeFile(broken);
    await importFile(page, broken);
    const errors = page.getByTestId('import-errors');
    await errors.waitFor();
    const errorRow = errors.locator('.ant-table-row').first();
    expect(await errorRow.textContent()).toMatch(/^4D · 有效期至结束日期不能早于开始日期/);
    await expect.poll(() => errors.locator('.ant-table-row').count()).toBe(1);
    await closeDialog(page);
    // nothing was written
    expect(await page.locator('.ant-table-row').filter({ hasText: 'E2E-AMX' }).count()).toBe(0);

    // Fixed and imported again: all three rows arrive.
    sheet.getCell('D4').value = utc(2027, 3, 31);
    const fixed = path.join(workDir, 'batches-fixed.xlsx');
    await workbook.xlsx.writeFile(fixed);
    await importFile(page, fixed);
    await page.getByTestId('import-success').waitFor();
    expect(await page.getByTestId('import-success').textContent()).toContain('已导入 3 行');
    await closeDialog(page);
    await page.getByTestId('mb-search-batchNo').fill('E2E-AMX');
    await page.getByTestId('table-search').click();
    await expect.poll(() => page.locator('.ant-table-row').filter({ hasText: 'E2E-AMX' }).count()).toBe(3);
    expect(await page.locator('.ant-table-row').filter({ hasText: 'E2E-AMX-02' }).textContent()).toContain('2027-03-31');

    // The same template saved by LibreOffice as Excel 97–2003 (.xls) imports the same way.
    const fresh = new ExcelJS.Workbook();
    await fresh.xlsx.load(template as unknown as ArrayBuffer);
    (fresh.worksheets[0] as ExcelJS.Worksheet).getRow(3).values = ['国药准字H44021351', 'E2E-XLS-01', utc(2025, 6, 1), utc(2027, 5, 31), 300, '广东珠海'];
    const forXls = path.join(workDir, 'batches-xls.xlsx');
    await fresh.xlsx.writeFile(forXls);
    await promisify(execFile)('soffice', [`-env:UserInstallation=file://${path.join(workDir, 'profile')}`, '--headless', '--convert-to', 'xls', '--outdir', workDir, forXls], { timeout: 60_000 });
    await importFile(page, path.join(workDir, 'batches-xls.xls'));
    await page.getByTestId('import-success').waitFor();
    expect(await page.getByTestId('import-success').textContent()).toContain('已导入 1 行');
    await closeDialog(page);
    await page.getByTestId('mb-search-batchNo').fill('E2E-XLS');
    await page.getByTestId('table-search').click();
    await page.locator('.ant-table-row').filter({ hasText: 'E2E-XLS-01' }).waitFor();
    expect(await page.locator('.ant-table-row').filter({ hasText: 'E2E-XLS-01' }).textContent()).toContain('2027-05-31');
  });
});
