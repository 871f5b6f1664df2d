import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { settledPassword } from './support/demoApi.js';

const STATS = '/accPortal/enterprise/statisticMg';
const WAIT = { timeout: 30_000 };
let server: RunningServer;
let browser: Browser;
let demoPassword = '';

/**
 * Scan records of the demo company over the last days, written straight into the embedded database while
 * the server is stopped (the scan pages that write them have tests of their own): Guangdong 3 (one
 * suspicious, WeChat), Beijing 2 (Alipay), Zhejiang 1 (browser), one TEST row that must not show anywhere.
 */
async function seedScans(dataDir: string) {
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    const company = (await db.query<{ company_id: string }>(`SELECT company_id FROM app_user WHERE username = 'demo'`)).rows[0]!.company_id;
    const product = (await db.query<{ id: string }>(`SELECT id FROM product WHERE company_id = $1 ORDER BY created_at LIMIT 1`, [company])).rows[0]!.id;
    const rows: Array<[string, string, string, boolean, string, number]> = [
      // code, area, client, suspicious, source, hours ago
      ['E2E-CODE-1', '440000', 'WECHAT', false, 'CHECK', 2],
      ['E2E-CODE-1', '440000', 'WECHAT', true, 'CHECK', 26],
      ['E2E-CODE-2', '440000', 'WECHAT', false, 'CHECK', 50],
      ['E2E-CODE-3', '110000', 'ALIPAY', false, 'CHECK', 3],
      ['E2E-CODE-3', '110000', 'ALIPAY', false, 'SCAN', 75],
      ['E2E-CODE-4', '330000', 'BROWSER', false, 'CHECK', 100],
      ['E2E-CODE-5', '310000', 'WECHAT', false, 'TEST', 4],
    ];
    // the codes themselves, for the code ranking
    const rule = (await db.query<{ id: string }>(
      `INSERT INTO tag_rule (company_id, rule_name, body_length, alphabet) VALUES ($1, 'E2E statistics', 12, 'DIGITS') RETURNING id`,
      [company],
    )).rows[0]!.id;
    const job = (await db.query<{ id: string }>(
      `INSERT INTO code_record (company_id, rule_id, quantity, progress, status, product_id) VALUES ($1, $2, 5, 5, 'DONE', $3) RETURNING id`,
      [company, rule, product],
    )).rows[0]!.id;
    await db.query(
      `INSERT INTO code (code, company_id, rule_id, record_id, status, product_id, activated_at)
       SELECT 'E2E-CODE-' || n, $1, $2, $3, 'ACTIVATED', $4, now() FROM generate_series(1, 5) n`,
      [company, rule, job, product],
    );
    for (const [code, area, client, suspicious, source, hoursAgo] of rows) {
      await db.query(
        `INSERT INTO scan_record (company_id, code_id, code_text, product_id, source, verdict, scan_seq, suspicious, area_code, province, client_type, ip, scanned_at)
         VALUES ($1, (SELECT id FROM code WHERE code = $2), $2, $3, $4, 'GENUINE', 1, $5, $6, $6, $7, '203.0.113.9', now() - make_interval(hours => $8))`,
        [company, code, product, source, suspicious, area, client, hoursAgo],
      );
    }
  } finally {
    await db.close();
  }
}

let first: RunningServer | undefined;

beforeAll(async () => {
  first = await startServer({ SEED_DEMO: 'true', ADMIN_PASSWORD: 'Admin-E2E-Pass-1' });
  demoPassword = await settledPassword(first);
  await first.stop({ keepData: true });
  await seedScans(first.dataDir);
  server = await startServer({ SEED_DEMO: 'true', ADMIN_PASSWORD: 'Admin-E2E-Pass-1' }, first.dataDir);
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop({ keepData: true });
  // the first server shares the data folder; it is removed once both have ended
  await first?.stop();
});

async function signedIn(): Promise<{ page: Page; requested: string[] }> {
  // A browser far from the business zone (Shanghai): for 16 hours of every day its date is a day behind, and
  // "the last 30 days" must still end with Shanghai's today, or the latest scans drop out of the figures.
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true, timezoneId: 'America/Los_Angeles' });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto(`${server.baseUrl}/loginPage`);
  await page.getByTestId('login-username').waitFor();
  // The sign-in page never downloads the chart library or the map data.
  expect(requested.filter((u) => /echarts/i.test(u))).toEqual([]);
  await page.getByTestId('login-username').fill('demo');
  await page.getByTestId('login-password').fill(demoPassword);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/dashboard/dashboard');
  return { page, requested };
}

/** Data points with a value in a chart, and whether its canvas has anything painted. */
async function chartState(page: Page, testId: string): Promise<{ points: number; painted: boolean }> {
  const chart = page.getByTestId(testId);
  await expect.poll(async () => Number(await chart.getAttribute('data-points')), { timeout: 30_000 }).toBeGreaterThan(0);
  const painted = await chart.locator('canvas').first().evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context) return false;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) return true;
    return false;
  });
  return { points: Number(await chart.getAttribute('data-points')), painted };
}

describe('statistics in Chromium', () => {
  it('shows key figures, the China map and the charts drawn with the scans, loading ECharts only there', async () => {
    const { page, requested } = await signedIn();
    // the home page's figures come without the chart library too
    await expect.poll(() => page.getByTestId('dashboard-scan-figures-scans').textContent(), WAIT).toContain('6');
    expect(requested.filter((u) => /echarts/i.test(u))).toEqual([]);

    await page.goto(`${server.baseUrl}${STATS}/statistic`);
    await page.getByTestId('statistic-page').waitFor();
    await expect.poll(() => page.getByTestId('key-figures-scans').textContent(), WAIT).toContain('6');
    expect(await page.getByTestId('key-figures-suspiciousScans').textContent()).toContain('1');

    const map = await chartState(page, 'statistic-map');
    expect(map).toEqual({ points: 3, painted: true });
    expect(requested.some((u) => /vendor-echarts/.test(u))).toBe(true);
    const trend = await chartState(page, 'statistic-trend');
    expect(trend.painted).toBe(true);
    expect(await chartState(page, 'statistic-clients')).toEqual({ points: 3, painted: true });
    expect((await chartState(page, 'statistic-products')).points).toBe(1);

    // the province list and the code ranking, TEST scans left out
    const areas = page.getByTestId('statistic-areas').locator('.ant-table-row');
    await expect.poll(() => areas.count(), WAIT).toBe(3);
    expect(await areas.first().textContent()).toMatch(/广东.*3/);
    const codes = page.getByTestId('statistic-codes').locator('.ant-table-row');
    await expect.poll(() => codes.count(), WAIT).toBe(4);
    expect(await page.getByTestId('statistic-codes').textContent()).not.toContain('E2E-CODE-5');

    // weeks: the same scans, counted by week
    await page.getByTestId('statistic-trend-by').getByText('按周（周日起）').click();
    await expect.poll(async () => Number(await page.getByTestId('statistic-trend').getAttribute('data-points')), WAIT).toBeGreaterThan(0);
  });

  it('filters scan records and exports what is filtered', async () => {
    const { page } = await signedIn();
    await page.goto(`${server.baseUrl}${STATS}/record`);
    const rows = page.locator('.ant-table-row');
    await expect.poll(() => rows.count(), WAIT).toBe(6);

    await page.getByTestId('record-search-area').click();
    await page.keyboard.type('广东'); // 34 provinces: the list is virtual, search brings the option in
    await page.locator('.ant-select-item-option').filter({ hasText: '广东' }).click();
    await page.getByTestId('table-search').click();
    await expect.poll(() => rows.count(), WAIT).toBe(3);
    await expect.poll(() => page.locator('.ant-pagination-total-text').textContent(), WAIT).toContain('3');

    await page.getByTestId('record-search-suspicious').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '是' }).click();
    await page.getByTestId('table-search').click();
    await expect.poll(() => rows.count(), WAIT).toBe(1);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('record-export').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(fs.readFileSync(await download.path()) as unknown as ArrayBuffer);
    const values = book.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
    expect(values).toHaveLength(2);
    expect(values[1]![2]).toBe('E2E-CODE-1');
    expect(values[1]![7]).toBe('是');
  });
});
