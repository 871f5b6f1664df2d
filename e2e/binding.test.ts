import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { allowConsoleError, refusedCall } from './support/pageProblems.js';
import { qrCameraFile } from './support/fakeCamera.js';
import { callApi, finishedJob, generatedCodes, settledPassword } from './support/demoApi.js';
import { startServer, type RunningServer } from './support/server.js';
import { countTones, tonesPlayed } from './support/tones.js';

let server: RunningServer;
let browser: Browser;
let demoPassword = '';
let boxCode = '';
let itemCodes: string[] = [];
/** Items for the batch-binding page, kept apart from the packed ones. */
let lineCodes: string[] = [];
/** An item never bound to a batch, so not in force: packing refuses it. */
let notInForce = '';
/** Items in force for the refusal tests' good label, one per device. */
let spareItems: string[] = [];
let demoToken = '';

/** A phone held by a worker on the packing line. */
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
/** A packing station's desktop screen. */
const DESKTOP = { viewport: { width: 1366, height: 800 } };

const api = <T>(token: string, method: 'GET' | 'POST', url: string, body?: unknown) => callApi<T>(server, token, method, url, body);
const codesOf = async (token: string, kind: 'ITEM' | 'BOX', quantity: number) => (await generatedCodes(server, token, kind, quantity)).map((c) => c.code);

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'true', ADMIN_PASSWORD: 'Admin-E2E-Pass-1', JOB_POLL_MS: '200' });
  demoPassword = await settledPassword(server);
  const login = await fetch(`${server.baseUrl}/acc/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: demoPassword }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  demoToken = token;
  const made = await generatedCodes(server, token, 'ITEM', 8);
  const items = made.map((c) => c.code);
  // the packed items are in force, as after binding on the line; the line's codes and one more are not
  await callApi(server, token, 'POST', '/acc/api/code/activate', { ids: [...made.slice(0, 3), ...made.slice(6)].map((c) => c.id) });
  itemCodes = items.slice(0, 3);
  lineCodes = items.slice(3, 5);
  notInForce = items[5] as string;
  spareItems = items.slice(6);
  [boxCode = ''] = await codesOf(token, 'BOX', 1);
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What a keyboard-wedge scanner does: types the label's text into the focused input and presses Enter. */
async function scan(page: Page, testId: string, text: string) {
  const input = page.getByTestId(testId);
  await input.focus();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** A worker's phone on a production-line page, signed in on the page as the demo company's staff. */
async function workerPage(pagePath: string, device: typeof PHONE | typeof DESKTOP = PHONE): Promise<Page> {
  const page = await (await browser.newContext(device)).newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(`${server.baseUrl}${pagePath}`);
  await page.getByTestId('login-username').fill('demo');
  await page.getByTestId('login-password').fill(demoPassword);
  await page.getByTestId('login-submit').click();
  return page;
}

describe('packing a box in Chromium', () => {
  it('a worker signs in on /codeBinding, packs three items by scanner input and sees them on /boxCodeView', async () => {
    const page = await workerPage('/codeBinding');
    await expect.poll(() => page.getByTestId('staff-name').textContent()).toBe('王建国');
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // An item label where the box belongs is refused with the reason (the browser logs the refused call).
    allowConsoleError(refusedCall('/acc/api/boxCodeRelation/queryListByBoxCode', 409));
    await scan(page, 'box-scan-input', itemCodes[0] as string);
    await expect.poll(() => page.getByTestId('box-error').textContent()).toContain('不是箱码');

    // The box label as its printed URL, then the three items (one with a scanner's trailing Tab).
    await scan(page, 'box-scan-input', `${server.baseUrl}/antiCounterfeiting?code=${boxCode}`);
    await expect.poll(() => page.getByTestId('open-box').textContent()).toBe(boxCode);
    await scan(page, 'scan-input', itemCodes[0] as string);
    // typed in lower case: packed, and listed as the code it was read as
    expect((itemCodes[1] as string).toLowerCase()).not.toBe(itemCodes[1]);
    await scan(page, 'scan-input', (itemCodes[1] as string).toLowerCase());
    const input = page.getByTestId('scan-input');
    await page.keyboard.type(itemCodes[2] as string);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => page.getByTestId('box-count').textContent()).toBe('3');
    expect(await page.getByTestId('tally-ok').count()).toBe(3);
    expect(await page.getByTestId('scan-tally').locator('.scan-tally__code').allTextContents()).toContain(itemCodes[1]);

    // The box label scanned as an item: a clear refusal, the tally keeps it, the count does not move.
    allowConsoleError(refusedCall('/acc/api/boxCodeRelation/bind', 409));
    await scan(page, 'scan-input', boxCode);
    await expect.poll(() => page.getByTestId('tally-error').first().textContent()).toContain('不是单品码');
    expect(await page.getByTestId('packed-now').textContent()).toBe('3');

    await page.getByTestId('finish-box').click();
    await page.getByTestId('box-finished').getByRole('link').click();
    await page.waitForURL((u) => u.pathname === '/boxCodeView');
    await page.getByTestId('box-staff-view').waitFor();
    const listed = await page.getByTestId('box-item').allTextContents();
    expect(listed).toHaveLength(3);
    for (const code of itemCodes) expect(listed.some((text) => text.includes(code))).toBe(true);
    expect(await page.getByTestId('box-view-count').textContent()).toBe('3');
    // The packing history: three PACK events by the worker.
    await page.getByTestId('box-history-open').click();
    await expect.poll(() => page.getByTestId('box-history').locator('li').count()).toBe(3);
    expect(await page.getByTestId('box-history').textContent()).toContain('王建国');
  });

  it('shows a visitor without a session only how many items of which products the box holds', async () => {
    const page = await (await browser.newContext(PHONE)).newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${server.baseUrl}/boxCodeView?code=${boxCode}`);
    await page.getByTestId('box-public-view').waitFor();
    expect(await page.getByTestId('box-view-count').textContent()).toBe('3');
    const text = (await page.locator('main').textContent()) ?? '';
    for (const code of itemCodes) expect(text).not.toContain(code);
  });

  it('moves a packed item into another box and, on "undo last", puts it back into the box it came from', async () => {
    const [otherBox = ''] = await codesOf(demoToken, 'BOX', 1);
    const itemsIn = async (box: string) =>
      (await api<{ total: number }>(demoToken, 'GET', `/acc/api/boxCodeRelation/queryListByBoxCode?boxCode=${box}&pageNum=1&pageSize=1`)).total;
    const page = await workerPage('/codeBinding');
    await scan(page, 'box-scan-input', otherBox);
    await expect.poll(() => page.getByTestId('open-box').textContent()).toBe(otherBox);

    await page.getByTestId('move-switch').click();
    await scan(page, 'scan-input', itemCodes[0] as string);
    await expect.poll(() => page.getByTestId('box-count').textContent()).toBe('1');
    expect(await page.getByTestId('tally-ok').first().textContent()).toContain('已从其他箱转入');
    expect(await itemsIn(boxCode)).toBe(2);

    await page.getByTestId('undo-last').click();
    await expect.poll(() => page.getByTestId('box-count').textContent()).toBe('0');
    expect(await page.getByTestId('scan-tally').textContent()).toContain(`已放回箱 ${boxCode}`);
    expect(await itemsIn(boxCode)).toBe(3);
    expect(await itemsIn(otherBox)).toBe(0);
  });
});

/** A picture of the page when E2E_SCREENSHOTS names a folder (for looking at the screens while working on them). */
async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, name), fullPage: true });
}


describe('packing refuses what shipping would refuse, at the scan', () => {
  const REASON = {
    zh: '标签码未激活，不能装箱（请先在“生产赋码”绑定批次；未激活的单品出库时会被拒绝）',
    en: 'the code is not activated, so it cannot be packed (bind it to a batch first under “Bind codes to a batch”; shipping refuses items not activated)',
  };

  for (const [device, name, spare] of [
    [PHONE, 'phone', 0],
    [DESKTOP, 'desktop', 1],
  ] as const) {
    it(`a packer scanning an item that is not activated hears it and reads why, in Chinese and English (${name})`, async () => {
      const [box = ''] = await codesOf(demoToken, 'BOX', 1);
      const context = await browser.newContext(device);
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await countTones(page);
      await page.goto(`${server.baseUrl}/codeBinding`);
      await page.getByTestId('login-username').fill('demo');
      await page.getByTestId('login-password').fill(demoPassword);
      await page.getByTestId('login-submit').click();
      await scan(page, 'box-scan-input', box);
      await expect.poll(() => page.getByTestId('open-box').textContent()).toBe(box);

      allowConsoleError(refusedCall('/acc/api/boxCodeRelation/bind', 409));
      await scan(page, 'scan-input', notInForce);
      const banner = page.getByTestId('pack-refusal');
      await expect.poll(() => banner.textContent()).toBe(`未装入 ${notInForce}${REASON.zh}`);
      expect(await page.getByTestId('tally-error').first().textContent()).toContain(REASON.zh);
      expect(await tonesPlayed(page)).toBe(2);
      expect(await page.getByTestId('box-count').textContent()).toBe('0');
      // what the packer reads never carries the request's inner names
      expect(await page.locator('main').textContent()).not.toMatch(/itemCodes|codes\.\d/);
      if (name === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await shot(page, `packing-refused-zh-${name}.png`);

      await page.getByTestId('lang-switch').click();
      await scan(page, 'scan-input', notInForce);
      await expect.poll(() => banner.textContent()).toBe(`Not packed: ${notInForce}${REASON.en}`);
      expect(await tonesPlayed(page)).toBe(4);
      await shot(page, `packing-refused-en-${name}.png`);

      // a good label clears the banner
      await scan(page, 'scan-input', spareItems[spare] as string);
      await page.getByTestId('pack-refusal').waitFor({ state: 'detached' });
      expect(await page.getByTestId('box-count').textContent()).toBe('1');
      await context.close();
    });
  }
});

describe('binding codes to a batch in Chromium', () => {
  it('a worker picks a product and batch on /codeBindingProduce, binds scanned codes, sees refusals and undoes the last', async () => {
    const page = await workerPage('/codeBindingProduce');
    // The first product and its first batch, chosen with the keyboard (the open list's first option is active).
    await page.getByTestId('bind-product').click();
    await page.locator('.ant-select-item-option-active').first().waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('bind-batch').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active').last().waitFor();
    await page.keyboard.press('Enter');

    await scan(page, 'scan-input', lineCodes[0] as string);
    await scan(page, 'scan-input', lineCodes[1] as string);
    await expect.poll(() => page.getByTestId('bound-now').textContent()).toBe('2');
    // A box code cannot be bound to a batch.
    allowConsoleError(refusedCall('/acc/api/code/bindBatch', 409));
    await scan(page, 'scan-input', boxCode);
    await expect.poll(() => page.getByTestId('tally-error').first().textContent()).toContain('不是单品码');

    const status = async (code: string) =>
      (await api<{ status: string; batchId: string | null }>(demoToken, 'GET', `/acc/api/code/getByCode?code=${code}`)).status;
    expect(await status(lineCodes[1] as string)).toBe('ACTIVATED');
    await page.getByTestId('undo-last').click();
    await expect.poll(() => page.getByTestId('bound-now').textContent()).toBe('1');
    expect(await status(lineCodes[1] as string)).toBe('NOT_ACTIVATED');
    expect(await status(lineCodes[0] as string)).toBe('ACTIVATED');
  });
});

describe('the binding pages reached from the portal in Chromium', () => {
  it('the batch row and the job row open /codeBindingProduce signed in with the batch picked; a lower-case scan is listed upper-case', async () => {
    // a new product with a batch, a job of item codes made for that batch, and an item code made for no batch
    const stamp = Date.now();
    const product = await api<{ id: string }>(demoToken, 'POST', '/acc/api/product/add', {
      name: `E2E 绑定 西瓜 ${stamp}`,
      spec: '5-6 kg',
      unit: '个',
      brand: '庞各庄',
      description: '',
      images: [],
    });
    const batchNo = `BIND${stamp}`;
    const batch = await api<{ id: string }>(demoToken, 'POST', '/acc/api/productBatch/add', {
      productId: product.id,
      batchNo,
      productionDate: '2026-06-01',
      expiryDate: '2099-12-31',
      origin: '北京市大兴区庞各庄镇',
    });
    const jobId = await finishedJob(server, demoToken, 'ITEM', 2, { productId: product.id, batchId: batch.id });
    const [loose = ''] = await codesOf(demoToken, 'ITEM', 1);
    expect(loose.toLowerCase()).not.toBe(loose);

    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${server.baseUrl}/loginPage`);
    await page.getByTestId('login-username').fill('demo');
    await page.getByTestId('login-password').fill(demoPassword);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/dashboard/dashboard');
    // the batch field shows the picked batch's number (with its production date)
    const pickedBatch = () => page.locator('.binding-field').filter({ has: page.locator('#bind-batch') }).textContent();

    // the batch list: the batch's row offers 绑定标签码, which opens the page with the batch picked, signed in
    await page.goto(`${server.baseUrl}/accPortal/enterprise/productMg/productBatch`);
    await page.getByTestId('batch-search-batchNo').fill(batchNo);
    await page.getByTestId('table-search').click();
    await page.getByTestId(`batch-bind-${batch.id}`).click();
    await page.waitForURL((u) => u.pathname === '/codeBindingProduce' && u.searchParams.get('batchId') === batch.id);
    await expect.poll(() => page.getByTestId('staff-name').textContent()).toBe('王建国');
    expect(await page.getByTestId('staff-sign-in').count()).toBe(0);
    expect(await page.getByTestId('binding-hint').textContent()).toContain('把单品码绑定到产品批次');
    await expect.poll(pickedBatch).toContain(batchNo);

    // a scan typed in lower case is listed as the code it was read as
    await scan(page, 'scan-input', loose.toLowerCase());
    await expect.poll(() => page.getByTestId('bound-now').textContent()).toBe('1');
    expect(await page.getByTestId('tally-ok').first().locator('.scan-tally__code').textContent()).toBe(loose);

    // the job list: the job's "绑定批次" count leads to the same page with the job's batch picked
    await page.goto(`${server.baseUrl}/accPortal/enterprise/tagMg/tagGenerate`);
    const bound = page.getByTestId(`job-bind-${jobId}`);
    await expect.poll(() => bound.textContent()).toBe('绑定批次 2');
    await bound.click();
    await page.waitForURL((u) => u.pathname === '/codeBindingProduce' && u.searchParams.get('batchId') === batch.id);
    await expect.poll(pickedBatch).toContain(batchNo);
    expect(await page.getByTestId('staff-sign-in').count()).toBe(0);
  });
});

describe('camera scanning in Chromium', () => {
  it('reads a printed box label (its scan-page URL) through the phone camera and opens the box', async () => {
    // Chromium's fake camera films a QR label carrying the box code's URL; camera access is granted.
    const camera = qrCameraFile(`https://trace.example.com/antiCounterfeiting?code=${boxCode}`);
    const filming = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${camera}`]);
    try {
      const page = await (await filming.newContext(PHONE)).newPage();
      page.setDefaultTimeout(30_000);
      // Keep every camera stream the page opens, to check afterwards that each was stopped.
      await page.addInitScript(() => {
        const streams: MediaStream[] = [];
        (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams = streams;
        const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
        navigator.mediaDevices.getUserMedia = async (constraints) => {
          const stream = await open(constraints);
          streams.push(stream);
          return stream;
        };
      });
      await page.goto(`${server.baseUrl}/boxCodeView`);
      await page.getByTestId('scan-camera').click();
      await page.waitForURL((u) => u.searchParams.get('code') === boxCode);
      expect(await page.getByTestId('box-public-view').textContent()).toContain(boxCode);
      // The scanner that read the label is gone, and with it the camera: every track has ended.
      const tracks = await page.evaluate(() =>
        (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams.flatMap((s) => s.getTracks().map((t) => t.readyState)),
      );
      expect(tracks.length).toBeGreaterThan(0);
      expect(tracks.every((state) => state === 'ended')).toBe(true);
    } finally {
      await filming.close();
      fs.rmSync(path.dirname(camera), { recursive: true, force: true });
    }
  });
});

describe('unpacking a box in Chromium', () => {
  it('a visitor signs in as staff on /boxCodeView, sees the items and unpacks the whole box', async () => {
    const page = await (await browser.newContext(PHONE)).newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${server.baseUrl}/boxCodeView?code=${boxCode}`);
    await page.getByTestId('box-public-view').waitFor();
    await page.getByTestId('box-view-sign-in').click();
    await page.getByTestId('login-username').fill('demo');
    await page.getByTestId('login-password').fill(demoPassword);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('box-staff-view').waitFor();
    expect(await page.getByTestId('box-item').count()).toBe(3);

    await page.getByTestId('box-unpack-all').click();
    await page.getByTestId('box-unpack-confirm').click();
    await expect.poll(() => page.getByTestId('box-view-count').textContent()).toBe('0');
    expect(await page.getByTestId('box-item').count()).toBe(0);
    const contents = await api<{ total: number }>(demoToken, 'GET', `/acc/api/boxCodeRelation/queryListByBoxCode?boxCode=${boxCode}`);
    expect(contents.total).toBe(0);
  });
});
