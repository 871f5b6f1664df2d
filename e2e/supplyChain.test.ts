import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { closeDialog, confirmDialog } from './support/confirmDialog.js';
import { allowConsoleError, refusedCall } from './support/pageProblems.js';
import { callApi, generatedCodes, settledPassword } from './support/demoApi.js';
import { startServer, type RunningServer } from './support/server.js';
import { countTones, tonesPlayed } from './support/tones.js';

const SUPPLY = '/accPortal/enterprise/supplyChain';
let server: RunningServer;
let browser: Browser;
let demoPasswordText = '';
let items: string[] = [];
let demoToken = '';

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'true', ADMIN_PASSWORD: 'Admin-E2E-Pass-1', JOB_POLL_MS: '200' });
  demoPasswordText = await settledPassword(server);
  const login = await fetch(`${server.baseUrl}/acc/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: demoPasswordText }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  demoToken = token;
  // three activated item codes of the demo company, through the real generation job
  const codes = await generatedCodes(server, token, 'ITEM', 3);
  await callApi(server, token, 'POST', '/acc/api/code/activate', { ids: codes.map((c) => c.id) });
  items = codes.map((c) => c.code);
  demoToken = token;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const DESKTOP = { viewport: { width: 1440, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function signedIn(device: typeof DESKTOP | typeof PHONE = DESKTOP): Promise<Page> {
  const page = await (await browser.newContext(device)).newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(`${server.baseUrl}/loginPage`);
  await page.getByTestId('login-username').fill('demo');
  await page.getByTestId('login-password').fill(demoPasswordText);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/dashboard/dashboard');
  return page;
}

describe('supply chain in Chromium', () => {
  it('adds a dealer with a sales area, ships scanned codes to it and refuses a code already shipped (Chinese)', async () => {
    const page = await signedIn();
    await page.goto(`${server.baseUrl}${SUPPLY}/dealer`);
    await page.getByTestId('dealer-add').click();
    const form = page.getByTestId('dealer-form');
    await form.getByTestId('dealer-code').fill('E2E-ZJ');
    await form.getByTestId('dealer-name').fill('E2E 浙江经销');
    await form.getByTestId('dealer-areas').click();
    await page.locator('.ant-cascader-menu-item').filter({ hasText: /^浙江$/ }).click();
    await page.locator('.ant-cascader-menu-item').filter({ hasText: '杭州市' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    const dealerRow = page.locator('.ant-table-row').filter({ hasText: 'E2E-ZJ' });
    await dealerRow.waitFor();
    expect(await dealerRow.textContent()).toContain('浙江 杭州市');
    const downloading = page.waitForEvent('download');
    await page.getByTestId('dealer-export').click();
    expect((await downloading).suggestedFilename()).toMatch(/^经销商-\d{8}\.xlsx$/);

    // a sub-dealer from the downloaded template: its parent named by code, its area in words
    const templateDownload = page.waitForEvent('download');
    await page.getByTestId('dealer-template').click();
    const template = new ExcelJS.Workbook();
    await template.xlsx.readFile(await (await templateDownload).path());
    (template.worksheets[0] as ExcelJS.Worksheet).addRow(['E2E-NB', 'E2E 宁波分销', 2, 'E2E-ZJ', '浙江省宁波市']);
    const filled = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rd-e2e-dealers-')), '经销商.xlsx');
    await template.xlsx.writeFile(filled);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('dealer-import').click()]);
    await chooser.setFiles(filled);
    expect(await page.getByTestId('import-success').textContent()).toContain('已导入 1 行');
    await closeDialog(page);
    const imported = page.locator('.ant-table-row').filter({ hasText: 'E2E-NB' });
    await imported.waitFor();
    expect(await imported.textContent()).toContain('E2E 浙江经销');
    expect(await imported.textContent()).toContain('浙江 宁波市');
    fs.rmSync(path.dirname(filled), { recursive: true, force: true });

    await page.goto(`${server.baseUrl}${SUPPLY}/shipment`);
    await page.getByTestId('shipment-add').click();
    await page.getByTestId('shipment-dealer').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'E2E 浙江经销' }).click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    const desk = page.getByTestId('shipment-desk');
    await desk.waitFor();
    const input = page.getByTestId('shipment-scan-input');
    await input.fill(items[0] as string);
    await input.press('Enter');
    await input.fill(items[1] as string);
    await input.press('Enter');
    // an unknown code is refused at the desk (the browser logs the refused call)
    allowConsoleError(refusedCall('/acc/api/shipment/scan', 409));
    await input.fill('NOSUCHCODE0001');
    await input.press('Enter');
    const outcomes = page.getByTestId('shipment-outcomes');
    await outcomes.getByText('标签码不存在').waitFor();
    await expect.poll(() => page.getByTestId('shipment-item-count').textContent()).toContain('2');
    await page.getByTestId('shipment-complete').click();
    await confirmDialog(page);
    await page.locator('.ant-drawer .ant-statistic').filter({ hasText: '已完成' }).waitFor();
    await page.locator('.ant-drawer-close').click();
    await page.getByTestId('shipment-desk').waitFor({ state: 'detached' });
    // who made it (制单人): the person's name, the login name on hover
    const made = page.locator('.ant-table-row').filter({ hasText: 'E2E-ZJ' }).first().locator('.person-name');
    await expect.poll(() => made.textContent()).toBe('王建国');
    expect(await made.getAttribute('title')).toBe('demo');

    // a second order: the shipped code is refused, naming the dealer
    await page.getByTestId('shipment-add').click();
    await page.getByTestId('shipment-dealer').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'E2E 浙江经销' }).click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByTestId('shipment-desk').waitFor();
    await page.getByTestId('shipment-scan-input').fill(items[0] as string);
    await page.getByTestId('shipment-scan-input').press('Enter');
    await page.getByTestId('shipment-outcomes').getByText('已出库给经销商 E2E 浙江经销，尚未退回').waitFor();
    await page.context().close();
  });

  it('lists shipments, alerts and makes an API key shown once (English)', async () => {
    const page = await signedIn();
    await page.getByTestId('lang-switch').click();
    // the dealer's own view: what is at it, what went to it, its sub-dealers one click away
    await page.goto(`${server.baseUrl}${SUPPLY}/dealer`);
    await page.getByTestId('dealer-detail-E2E-ZJ').click();
    const figures = page.getByTestId('dealer-detail').getByTestId('dealer-detail-figures');
    await figures.waitFor();
    expect(await figures.textContent()).toContain('Items at the dealer2');
    expect(await figures.textContent()).toContain('Awaiting receipt1');
    expect(await page.getByTestId('dealer-detail-conflicts').textContent()).toContain('0 channel-conflict alerts');
    await page.getByTestId('dealer-child-E2E-NB').click();
    await page.locator('.ant-drawer-title').getByText('E2E-NB E2E 宁波分销').waitFor();
    await page.locator('.ant-drawer-close').click();
    await page.goto(`${server.baseUrl}${SUPPLY}/shipment`);
    const completed = page.locator('.ant-table-row').filter({ hasText: 'Completed' });
    await completed.waitFor();
    expect(await completed.textContent()).toContain('E2E-ZJ');
    // the creator by name in English too, never the login name in the cell
    expect(await completed.locator('.person-name').textContent()).toBe('王建国');
    expect(await completed.locator('.person-name').getAttribute('title')).toBe('demo');
    await completed.locator('[data-testid^="shipment-receive-"]').click();
    await confirmDialog(page);
    await page.locator('.ant-table-row').filter({ hasText: 'Received' }).waitFor();
    // the order's EPCIS document, downloaded from its desk
    await page.locator('.ant-table-row').filter({ hasText: 'Received' }).locator('[data-testid^="shipment-open-"]').click();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('shipment-epcis').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^EPCIS-CK\d{8}-\d{4}\.jsonld$/);
    const exported = JSON.parse(fs.readFileSync((await download.path()) as string, 'utf8')) as { epcisBody: { eventList: Array<{ bizStep: string }> } };
    expect(exported.epcisBody.eventList.map((e) => e.bizStep)).toContain('receiving');
    await page.locator('.ant-drawer-close').click();

    await page.goto(`${server.baseUrl}${SUPPLY}/channelConflict`);
    await page.getByTestId('conflict-summary').getByText('0 alerts').waitFor();
    // the statistics map can show the alerts instead of the scans
    await page.goto(`${server.baseUrl}/accPortal/enterprise/statisticMg/statistic`);
    const layers = page.getByTestId('statistic-map-layer');
    await layers.getByText('Channel conflicts').click();
    await expect.poll(() => layers.locator('.ant-segmented-item-selected').textContent()).toBe('Channel conflicts');
    // or where recalled items were scanned
    await layers.getByText('Recalled items scanned').click();
    await expect.poll(() => layers.locator('.ant-segmented-item-selected').textContent()).toBe('Recalled items scanned');

    // the repository's events, as partners read them: the shipment is there, its JSON one click away
    await page.goto(`${server.baseUrl}${SUPPLY}/epcisEvent`);
    await page.getByTestId('epcis-search-epc').fill(`nothing-such`);
    await page.getByTestId('epcis-search').click();
    await page.getByTestId('epcis-events').getByText('No events match').waitFor();
    expect(await page.locator('.ant-alert-error').count()).toBe(0);
    await page.getByTestId('epcis-search-epc').fill('');
    await page.locator('.ant-form-item').filter({ hasText: 'Business step' }).locator('.ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: /^Shipping$/ }).click();
    await page.getByTestId('epcis-search').click();
    const shipping = page.getByTestId('epcis-events').locator('.ant-table-row').filter({ hasText: 'Shipping' });
    await shipping.waitFor();
    await shipping.locator('.ant-table-row-expand-icon').click();
    await page.getByTestId('epcis-events').getByText('"bizStep": "shipping"').waitFor();

    await page.goto(`${server.baseUrl}${SUPPLY}/apiKey`);
    await page.getByTestId('apikey-add').click();
    await page.getByTestId('apikey-name').fill('ERP sync');
    await page.getByRole('button', { name: /OK|Confirm/ }).click();
    const secret = await page.getByTestId('apikey-secret').textContent();
    expect(secret).toMatch(/rdk_[A-Za-z0-9_-]{32}/);
    await page.getByText('it will not be shown again').waitFor();
    await page.getByTestId('apikey-created-close').click();
    const row = page.locator('.ant-table-row').filter({ hasText: 'ERP sync' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Active');
    expect(await row.locator('.person-name').textContent()).toBe('王建国');
    expect(await row.locator('.person-name').getAttribute('title')).toBe('demo');
    expect(await row.textContent()).not.toContain((secret as string).slice(10));
    // the key works on the EPCIS interface: the shipment just made is there
    const key = (secret as string).match(/rdk_[A-Za-z0-9_-]{32}/)?.[0] as string;
    const events = await fetch(`${server.baseUrl}/acc/epcis/events?EQ_bizStep=shipping`, { headers: { authorization: `Bearer ${key}` } });
    expect(events.status).toBe(200);
    const document = (await events.json()) as { epcisBody: { queryResults: { resultsBody: { eventList: Array<{ epcList: string[] }> } } } };
    expect(document.epcisBody.queryResults.resultsBody.eventList.flatMap((e) => e.epcList).some((epc) => epc.endsWith(items[0] as string))).toBe(true);

    // a recall's creator: by name in its list and its detail, the login name on hover
    const draft = await callApi<{ recallNo: string }>(server, demoToken, 'POST', '/acc/api/recall/add', {
      level: 3,
      reason: 'E2E check of a label',
      instruction: 'Keep it until told',
      contact: '010-12345678',
      selection: { kind: 'LIST', codes: [items[2]] },
    });
    await page.goto(`${server.baseUrl}${SUPPLY}/recall`);
    await page.locator('.ant-table-row').filter({ hasText: draft.recallNo }).waitFor();
    const recallCreator = page.locator('.ant-table-row').filter({ hasText: draft.recallNo }).locator('.person-name');
    expect(await recallCreator.textContent()).toBe('王建国');
    expect(await recallCreator.getAttribute('title')).toBe('demo');
    await page.getByTestId(`recall-open-${draft.recallNo}`).click();
    await expect.poll(() => page.getByTestId('recall-created-by').textContent()).toBe('王建国');
    expect(await page.getByTestId('recall-created-by').getAttribute('title')).toBe('demo');
    await page.context().close();
  });

  for (const [device, name] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    it(`refuses an item scanned alone while it is in a box, and takes it out of the box when asked (Chinese, English, ${name})`, async () => {
      // a box of two items in force, packed as on the line
      const [box = { id: '', code: '' }] = await generatedCodes(server, demoToken, 'BOX', 1);
      const packed = await generatedCodes(server, demoToken, 'ITEM', 2);
      await callApi(server, demoToken, 'POST', '/acc/api/code/activate', { ids: packed.map((c) => c.id) });
      await callApi(server, demoToken, 'POST', '/acc/api/boxCodeRelation/bind', { boxCode: box.code, itemCodes: packed.map((c) => c.code) });
      const [first, second] = packed.map((c) => c.code) as [string, string];
      const inBox = async () => (await callApi<{ total: number }>(server, demoToken, 'GET', `/acc/api/boxCodeRelation/queryListByBoxCode?boxCode=${box.code}&pageSize=1`)).total;

      const page = await signedIn(device);
      await countTones(page);
      await page.goto(`${server.baseUrl}${SUPPLY}/shipment`);
      await page.getByTestId('shipment-add').click();
      await page.getByTestId('shipment-dealer').click();
      await page.locator('.ant-select-item-option').filter({ hasText: 'E2E 浙江经销' }).click();
      await page.getByRole('button', { name: /确\s*定/ }).click();
      const desk = page.getByTestId('shipment-desk');
      await desk.waitFor();
      const orderNo = /[A-Z]{2}\d{8}-\d{4}/.exec((await page.locator('.ant-drawer-title').textContent()) ?? '')?.[0] ?? '';
      expect(orderNo).not.toBe('');

      allowConsoleError(refusedCall('/acc/api/shipment/scan', 409));
      const input = page.getByTestId('shipment-scan-input');
      await input.fill(first);
      await input.press('Enter');
      const refused = page.getByTestId('shipment-outcome-refused').first();
      await expect.poll(() => refused.textContent()).toBe(`未加入 ${first}在箱 ${box.code} 中：请扫描箱码整箱加入，或从箱中取出后单独加入从箱中取出并加入`);
      expect(await desk.textContent()).not.toMatch(/codes\.\d|未保存/);
      await expect.poll(() => tonesPlayed(page)).toBeGreaterThanOrEqual(2);
      expect(await page.getByTestId('shipment-item-count').textContent()).toContain('0');
      await shot(page, `shipment-in-box-zh-${name}.png`);

      // taken out of its box on purpose: the row says so, the order has it alone, the box no longer lists it
      await page.getByTestId('shipment-unpack-add').click();
      await expect.poll(() => page.getByTestId('shipment-outcome-ok').first().textContent()).toBe(`${first}已从箱 ${box.code} 中取出并加入`);
      await expect.poll(() => page.getByTestId('shipment-item-count').textContent()).toContain('1');
      const line = page.getByTestId('shipment-lines').locator('.ant-table-row').filter({ hasText: first });
      await line.waitFor();
      expect(await line.textContent()).not.toContain(box.code);
      expect(await inBox()).toBe(1);
      await shot(page, `shipment-unpacked-zh-${name}.png`);

      // the same in English
      await page.keyboard.press('Escape');
      await desk.waitFor({ state: 'detached' });
      await page.getByTestId('lang-switch').click();
      // on a phone the row's actions sit behind its "⋯"
      const orderRow = page.locator('.ant-table-row').filter({ hasText: orderNo });
      const more = orderRow.locator('.narrow-table__more');
      if ((await more.count()) > 0) {
        await more.click();
        await page.locator('.narrow-table__menu [data-testid^="shipment-open-"]').click();
      } else await orderRow.locator('[data-testid^="shipment-open-"]').click();
      await desk.waitFor();
      await page.getByTestId('shipment-scan-input').fill(second);
      await page.getByTestId('shipment-scan-input').press('Enter');
      await expect.poll(() => page.getByTestId('shipment-outcome-refused').first().textContent()).toBe(
        `Not added ${second}Inside box ${box.code}: scan the box to add it whole, or take it out of the box to add it aloneTake out of the box and add`,
      );
      expect(await desk.textContent()).not.toMatch(/codes\.\d|Nothing was saved/);
      await shot(page, `shipment-in-box-en-${name}.png`);
      await page.getByTestId('shipment-unpack-add').click();
      await expect.poll(() => page.getByTestId('shipment-outcome-ok').first().textContent()).toBe(`${second}Taken out of box ${box.code} and added`);
      await shot(page, `shipment-unpacked-en-${name}.png`);
      expect(await inBox()).toBe(0);
      // the open order is given up, its codes free again
      await page.getByTestId('shipment-cancel').click();
      await confirmDialog(page);
      await page.locator('.ant-drawer .ant-statistic').filter({ hasText: 'Cancelled' }).waitFor();
      await page.context().close();
    });
  }
});

/** A picture of the page when E2E_SCREENSHOTS names a folder (for looking at the screens while working on them). */
async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, name), fullPage: true });
}
