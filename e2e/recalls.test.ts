import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Download, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { confirmDialog } from './support/confirmDialog.js';
import { callApi, demoPassword, generatedCodes } from './support/demoApi.js';
import { reportErrorToasts } from './support/errorToasts.js';
import { allowConsoleError, refusedCall } from './support/pageProblems.js';
import { readDrawn } from './support/readDrawn.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Recalls as a company's people use them, in both languages: the administrator opens Supply chain → Recalls
 * from the side menu, drafts a recall through the form (a batch; a list of codes typed and read from a file,
 * one of them unknown at first), waits for its codes to be counted, activates it after the confirmation and
 * follows its progress; a consumer's phone shows the red recall banner above the verdict while it is active
 * and no banner once it is closed; the progress file and the trace report come from the recall's view as real
 * .xlsx files holding the recalled lot. The demo company's codes are made, bound, activated and shipped
 * through the API first. Any uncaught error, console error or error toast fails the case.
 */

type Lang = 'zh_CN' | 'en_US';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const RECALL_PATH = '/accPortal/enterprise/supplyChain/recall';

let server: RunningServer;
let browser: Browser;
let token = '';
let password = '';

const api = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => callApi<T>(server, token, method, url, body);

interface Lot {
  batchNo: string;
  productName: string;
  codes: string[];
}
/** Six activated items of one batch, the first two shipped to the dealer. */
let zhLot: Lot;
/** Three activated items of another batch, recalled by their list. */
let enLot: Lot;
const DEALER = { code: 'E2E-RC', name: 'E2E 召回经销商' };
let shippedOrderNo = '';

/** A product, a batch of it and `quantity` activated codes bound to the batch, through the real generation job. */
async function lotOf(stamp: string, tag: string, quantity: number): Promise<Lot & { ids: string[] }> {
  const productName = `E2E 召回 西瓜 ${tag} ${stamp}`;
  const product = await api<{ id: string }>('POST', '/acc/api/product/add', { name: productName, spec: '5-6 kg', unit: '个', brand: '庞各庄', description: '', images: [] });
  const batchNo = `RC${tag}${stamp}`;
  const batch = await api<{ id: string }>('POST', '/acc/api/productBatch/add', {
    productId: product.id,
    batchNo,
    productionDate: '2026-06-01',
    expiryDate: '2099-12-31',
    origin: '北京市大兴区庞各庄镇',
  });
  const list = await generatedCodes(server, token, 'ITEM', quantity, { ruleName: `E2E 召回 ${tag} ${stamp}`, productId: product.id, batchId: batch.id });
  const ids = list.map((c) => c.id);
  await api('POST', '/acc/api/code/activate', { ids });
  return { batchNo, productName, codes: list.map((c) => c.code), ids };
}

beforeAll(async () => {
  // Scans keep the companies with an active recall one second: an activation shows within it.
  server = await startServer({ SEED_DEMO: 'true', ADMIN_PASSWORD: 'Admin-E2E-Pass-1', JOB_POLL_MS: '200', SCAN_ANSWER_CACHE_SECONDS: '1' });
  password = demoPassword(server);
  const signIn = () => callApi<{ token: string }>(server, '', 'POST', '/acc/user/login', { username: 'demo', password });
  token = (await signIn()).token;
  // A first sign-in that must change the generated password does it here, then signs in again.
  if ((await api<{ mustChange: boolean }>('GET', '/acc/userinfo/checkUserPassWord')).mustChange) {
    const changed = 'Demo-E2E-Recall-1';
    await api('POST', '/acc/userinfo/changePassword', { oldPassword: password, newPassword: changed, confirmPsw: changed });
    password = changed;
    token = (await signIn()).token;
  }
  const stamp = Date.now().toString().slice(-6);
  const zh = await lotOf(stamp, 'Z', 6);
  const en = await lotOf(stamp, 'E', 3);
  zhLot = zh;
  enLot = en;
  // two of the first lot are at a dealer in Zhejiang
  const dealer = await api<{ id: string }>('POST', '/acc/api/dealer/add', { code: DEALER.code, name: DEALER.name, level: 1, areaCodes: ['330000'] });
  const order = await api<{ id: string; orderNo: string }>('POST', '/acc/api/shipment/add', { dealerId: dealer.id });
  await api('POST', '/acc/api/shipment/scan', { id: order.id, codes: zh.codes.slice(0, 2) });
  await api('POST', '/acc/api/shipment/complete', { id: order.id });
  shippedOrderNo = order.orderNo;
  browser = await launchBrowser();
});

const contexts: BrowserContext[] = [];
const downloadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-e2e-recall-'));

afterEach(async () => {
  if (process.env.E2E_SCREENSHOTS) for (const [i, page] of contexts.flatMap((c) => c.pages()).entries()) await shot(page, `end-${Date.now()}-${i}.png`);
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  await browser?.close();
  await server?.stop();
  fs.rmSync(downloadsDir, { recursive: true, force: true });
});

/** A browser context whose language cookie says `lang`, reporting its pages' errors and error toasts to the case. */
async function contextFor(lang: Lang, device: 'desktop' | 'phone'): Promise<BrowserContext> {
  const phone = device === 'phone';
  const context = await browser.newContext({
    viewport: phone ? PHONE : DESKTOP,
    ...(phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true, userAgent: IPHONE } : {}),
    locale: lang === 'zh_CN' ? 'zh-CN' : 'en-US',
    timezoneId: 'Asia/Shanghai',
  });
  contexts.push(context);
  await context.addCookies([{ name: 'language', value: lang === 'zh_CN' ? 'zh' : 'en', url: server.baseUrl }]);
  // uncaught errors and console errors fail the case through the e2e setup; error toasts too, from here
  await reportErrorToasts(context, `${lang} ${device}`);
  context.on('page', (page) => page.setDefaultTimeout(30_000));
  return context;
}

/** The demo company's administrator, signed in through the login page, on the dashboard. */
async function administrator(lang: Lang): Promise<Page> {
  const page = await (await contextFor(lang, 'desktop')).newPage();
  await page.goto(`${server.baseUrl}/loginPage`);
  await page.getByTestId('login-username').fill('demo');
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === '/dashboard/dashboard');
  await page.getByTestId('dashboard').waitFor();
  return page;
}

/** Supply chain → Recalls from the side menu. */
async function openRecalls(page: Page): Promise<void> {
  const leaf = page.getByTestId('menu-leaf-recall');
  // the panel opens on hover; a page still settling may close it again, as a person would, point again
  for (let tries = 0; !(await leaf.isVisible()); tries += 1) {
    if (tries === 5) throw new Error('the supply chain menu did not open');
    await page.mouse.move(DESKTOP.width / 2, DESKTOP.height / 2);
    await page.getByTestId('menu-group-supplyChain').hover();
    await leaf.waitFor({ timeout: 2000 }).catch(() => undefined);
  }
  await leaf.click();
  await page.waitForURL((url) => url.pathname === RECALL_PATH);
  await page.getByTestId('recall-add').waitFor();
}

const scanUrl = (code: string) => `${server.baseUrl}/antiCounterfeiting?code=${encodeURIComponent(code)}`;

/** Opens the consumer page of `code` in a new tab of the phone and waits for its verdict. */
async function consumerCheck(phone: BrowserContext, code: string): Promise<Page> {
  const page = await phone.newPage();
  await page.goto(scanUrl(code));
  await page.getByTestId('verdict-banner').waitFor();
  return page;
}

/** Checks `code` again and again until its page shows the recall banner (the check keeps its answer up to a second). */
async function recallBannerOf(phone: BrowserContext, code: string): Promise<Page> {
  const page = await consumerCheck(phone, code);
  for (const deadline = Date.now() + 20_000; (await page.getByTestId('recall-banner').count()) === 0; ) {
    if (Date.now() > deadline) throw new Error(`the page of ${code} showed no recall banner`);
    await page.waitForTimeout(250);
    await page.reload();
    await page.getByTestId('verdict-banner').waitFor();
  }
  return page;
}

/** Red: a hue near 0°, saturated, not pale — the banner's colour as drawn, so a missing stylesheet shows. */
function isRed(color: string): boolean {
  const [r, g, b, alpha = 1] = (/rgba?\(([^)]+)\)/.exec(color)?.[1] ?? '').split(',').map((p) => Number(p.trim())) as number[];
  if (r === undefined || g === undefined || b === undefined || alpha < 0.9) return false;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2 / 255;
  return max === r && r - Math.max(g, b) > 60 && lightness < 0.7;
}

/** Green: a hue between yellow-green and cyan, saturated — the colour of good news, never under a recall. */
function isGreen(color: string): boolean {
  const [r, g, b, alpha = 1] = (/rgba?\(([^)]+)\)/.exec(color)?.[1] ?? '').split(',').map((p) => Number(p.trim())) as number[];
  if (r === undefined || g === undefined || b === undefined || alpha === 0) return false;
  return g - Math.max(r, b) > 30;
}

/** The verdict under a recall's banner as drawn: its colours and texts. */
async function verdictLook(page: Page) {
  const banner = page.getByTestId('verdict-banner');
  return readDrawn(banner, () =>
    banner.evaluate((element) =>
      element.isConnected
        ? {
            verdict: element.getAttribute('data-verdict') ?? '',
            background: getComputedStyle(element).backgroundColor,
            border: getComputedStyle(element).borderTopColor,
            title: element.querySelector('[data-testid="verdict-title"]')?.textContent ?? '',
            detail: element.querySelector('[data-testid="verdict-detail"]')?.textContent ?? '',
            text: element.textContent ?? '',
          }
        : null,
    ),
  );
}

/** The banner as drawn: its colours, what follows it, and its texts. */
async function recallBannerLook(page: Page) {
  const banner = page.getByTestId('recall-banner');
  const look = await readDrawn(banner, () =>
    banner.evaluate((element) =>
      element.isConnected
        ? {
            background: getComputedStyle(element).backgroundColor,
            color: getComputedStyle(element).color,
            next: element.nextElementSibling?.getAttribute('data-testid') ?? '',
            top: element.getBoundingClientRect().top,
            width: element.getBoundingClientRect().width,
            verdictTop: element.nextElementSibling?.getBoundingClientRect().top ?? Number.NaN,
          }
        : null,
    ),
  );
  const { verdictTop } = look;
  return {
    ...look,
    aboveVerdict: look.top < verdictTop,
    level: await page.getByTestId('recall-level').textContent(),
    reason: await page.getByTestId('recall-reason').textContent(),
    instruction: await page.getByTestId('recall-instruction').textContent(),
    contact: await page.getByTestId('recall-contact').textContent(),
  };
}

/** A picture of the page when E2E_SCREENSHOTS names a folder (for looking at the screens while working on them). */
async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, name), fullPage: true });
}

/** A figure of the recall's progress card, by its exact title. */
async function figure(drawer: Locator, title: string): Promise<string> {
  const statistic = drawer.getByTestId('recall-exposure').locator('.ant-statistic').filter({ has: drawer.page().locator('.ant-statistic-title').getByText(title, { exact: true }) });
  return (await statistic.locator('.ant-statistic-content').textContent()) ?? '';
}

/** The value the recall's description table gives for a label. */
async function described(drawer: Locator, label: string): Promise<string> {
  const cell = drawer.locator('.ant-descriptions-item-label').getByText(label, { exact: true });
  return (await cell.locator('xpath=ancestor::th[1]/following-sibling::td[1]').textContent()) ?? '';
}

/** Clicks a download button and keeps the file: its suggested name and its bytes. */
async function download(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const downloading = page.waitForEvent('download');
  await button.click();
  const file: Download = await downloading;
  const target = path.join(downloadsDir, `${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(target);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(target) };
}

/** The file's sheets as rows of cell texts, opened with exceljs; it must be a zip (an .xlsx) to begin with. */
async function sheetsOf(bytes: Buffer): Promise<Map<string, string[][]>> {
  expect(bytes.subarray(0, 4).toString('binary')).toBe('PK\x03\x04');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheets = new Map<string, string[][]>();
  for (const sheet of book.worksheets) {
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    sheets.set(sheet.name, rows);
  }
  return sheets;
}

describe('recalls in Chromium', () => {
  it('zh_CN: a batch recalled from the menu, shown on a consumer’s phone, exported, closed', async () => {
    const page = await administrator('zh_CN');
    await openRecalls(page);

    // the draft, through the form
    await page.getByTestId('recall-add').click();
    const form = page.locator('.ant-modal').filter({ has: page.getByTestId('recall-form') });
    await form.getByText('二级', { exact: true }).click();
    await form.getByText('二级：使用后可能造成一般健康损害').waitFor();
    await form.getByTestId('recall-reason').fill('抽检发现甜度标注不实');
    await form.getByTestId('recall-instruction').fill('请停止食用，\n凭购买凭证到购买处退货。');
    await form.getByTestId('recall-contact').fill('010-89281234 庞各庄镇西瓜产业园 1 号');
    await form.getByText('按批次', { exact: true }).click();
    await form.getByTestId('recall-batches').click();
    await page.locator('.ant-select-item-option').filter({ hasText: zhLot.batchNo }).click();
    await form.locator('.ant-modal-title').click();
    await form.getByRole('button', { name: /确\s*定/ }).click();

    // its view opens: the codes are counted, then it may be activated
    const drawer = page.getByTestId('recall-detail');
    await drawer.getByTestId('recall-state').getByText('草稿').waitFor();
    const recallNo = ((await drawer.locator('.ant-drawer-title').textContent()) ?? '').replace(/^召回\s*/, '');
    expect(recallNo).toMatch(/^ZH\d{8}-\d{4}$/);
    await expect.poll(() => drawer.getByTestId('recall-code-count').textContent(), { timeout: 20_000 }).toBe('6');
    expect(await drawer.textContent()).toContain(`${zhLot.batchNo} · ${zhLot.productName}`);
    await shot(page, 'zh-draft.png');

    // a consumer checks an item of the draft: nothing is said yet
    const phone = await contextFor('zh_CN', 'phone');
    const before = await consumerCheck(phone, zhLot.codes[3] as string);
    expect(await before.getByTestId('verdict-banner').getAttribute('data-verdict')).toBe('GENUINE');
    expect(await before.getByTestId('recall-banner').count()).toBe(0);
    await before.close();

    await drawer.getByTestId(`recall-activate-${recallNo}`).click();
    const confirm = page.locator('.ant-modal-confirm');
    expect(await confirm.textContent()).toContain(`消费者扫描这 6 个标签码时将看到召回通知`);
    expect(await confirm.textContent()).toContain(recallNo);
    await confirmDialog(page);
    await drawer.getByTestId('recall-state').getByText('召回中').waitFor();

    // the progress: six items, two at the dealer, four at the company, none back yet
    await expect.poll(() => figure(drawer, '单品')).toBe('6');
    expect(await figure(drawer, '箱码')).toBe('0');
    expect(await figure(drawer, '在经销商处')).toBe('2');
    expect(await figure(drawer, '在企业（未出库或已退回）')).toBe('4');
    expect(await figure(drawer, '召回后已退回')).toBe('0');
    expect(await drawer.getByTestId('recall-progress').textContent()).toContain('0%');
    const dealerRow = drawer.locator('.ant-table-row').filter({ hasText: DEALER.code });
    expect(await dealerRow.textContent()).toContain(`${DEALER.code} ${DEALER.name}`);
    expect(await dealerRow.textContent()).toContain('浙江');
    await shot(page, 'zh-active.png');

    // a consumer's phone: the red recall banner above the verdict
    const recalled = await recallBannerOf(phone, zhLot.codes[5] as string);
    const look = await recallBannerLook(recalled);
    await shot(recalled, 'zh-phone-recall.png');
    expect(isRed(look.background), `recall banner background ${look.background}`).toBe(true);
    expect(look.next).toBe('verdict-banner');
    expect(look.aboveVerdict).toBe(true);
    expect(look.width).toBeGreaterThan(PHONE.width - 60);
    expect(look.level).toBe('二级召回');
    expect(look.reason).toContain('抽检发现甜度标注不实');
    expect(look.instruction).toContain('请停止食用，\n凭购买凭证到购买处退货。');
    expect(look.contact).toContain('010-89281234 庞各庄镇西瓜产业园 1 号');
    // the verdict under it: genuine, but never green nor "use it with confidence"
    const verdict = await verdictLook(recalled);
    expect(verdict.verdict).toBe('GENUINE');
    expect(isRed(verdict.background), `verdict background ${verdict.background}`).toBe(true);
    expect(isGreen(verdict.border), `verdict border ${verdict.border}`).toBe(false);
    expect(verdict.title).toBe('正品 · 该产品正在召回');
    expect(verdict.detail).toContain('请立即停止使用');
    expect(verdict.text).not.toMatch(/放心/);
    await recalled.close();

    // the progress file and the trace report, from the recall's view
    const exposure = await download(page, drawer.getByTestId('recall-export-exposure'));
    expect(exposure.name).toMatch(new RegExp(`^召回进展-${recallNo}-\\d{8}\\.xlsx$`));
    const progress = await sheetsOf(exposure.bytes);
    const summary = new Map((progress.get('概况') ?? []).map((row) => [row[0], row[1]]));
    expect(summary.get('召回单号')).toBe(recallNo);
    expect(summary.get('状态')).toBe('召回中');
    expect(summary.get('召回标签码')).toBe('6');
    expect(summary.get('在经销商处的单品')).toBe('2');
    expect(summary.get('在企业（未出库或已退回）的单品')).toBe('4');
    expect(Number(summary.get('召回开始后消费者扫码次数'))).toBeGreaterThanOrEqual(1);
    expect(progress.get('经销商')?.[1]).toEqual([DEALER.code, DEALER.name, '1', '浙江', '2']);

    const report = await download(page, drawer.getByTestId('recall-trace-report'));
    expect(report.name).toMatch(new RegExp(`^追溯报告-${recallNo}-\\d{8}\\.xlsx$`));
    const events = (await sheetsOf(report.bytes)).get('关键追踪事件') ?? [];
    expect(events[0]?.slice(0, 2)).toEqual(['关键追踪事件', '追溯批号']);
    const lotRows = events.filter((row) => row[1] === zhLot.batchNo);
    const made = lotRows.find((row) => row[0] === '生产');
    expect(made, 'the lot’s Made row').toBeDefined();
    expect(made).toContain('6');
    expect(made).toContain(zhLot.batchNo);
    const shipped = lotRows.find((row) => row[0] === '发货');
    expect(shipped, 'the lot’s Shipped row').toBeDefined();
    expect(shipped).toContain('2');
    expect(shipped).toContain(shippedOrderNo);
    expect(shipped?.join(' ')).toContain(DEALER.name);

    // closed, once the activation events are written: the summary and the disposition are kept
    await drawer.getByText('写入召回事件 · 已完成').waitFor();
    await drawer.getByTestId(`recall-close-${recallNo}`).click();
    const closing = page.locator('.ant-modal').filter({ has: page.getByTestId('recall-close-form') });
    await closing.getByText(`结束召回 ${recallNo}`).waitFor();
    await closing.getByText('已销毁', { exact: true }).click();
    await closing.getByTestId('recall-summary').fill('经销商处 2 个已退回销毁，企业库存 4 个已销毁。');
    await closing.getByRole('button', { name: /确\s*定/ }).click();
    await drawer.getByTestId('recall-state').getByText('已结束').waitFor();
    expect(await drawer.textContent()).toContain('经销商处 2 个已退回销毁，企业库存 4 个已销毁。');
    expect(await described(drawer, '剩余产品处置')).toBe('已销毁');
    await expect.poll(() => figure(drawer, '召回后消费者扫码')).not.toBe('0');
    await shot(page, 'zh-closed.png');

    // another recalled item, checked for the first time in a new tab: no banner, at once
    const after = await consumerCheck(phone, zhLot.codes[4] as string);
    expect(await after.getByTestId('verdict-banner').getAttribute('data-verdict')).toBe('GENUINE');
    expect(await after.getByTestId('recall-banner').count()).toBe(0);
    // good news again, once nothing is recalled
    const cleared = await verdictLook(after);
    expect(isGreen(cleared.background), `verdict background ${cleared.background}`).toBe(true);
    expect(cleared.title).toBe('正品 · 首次查询');

    // the list says so too
    await drawer.locator('.ant-drawer-close').click();
    const row = page.locator('.ant-table-row').filter({ hasText: recallNo });
    await expect.poll(() => row.textContent()).toContain('已结束');
  });

  it('en_US: a list of codes with an unknown one is refused under the field, corrected, activated, closed', async () => {
    const page = await administrator('en_US');
    await openRecalls(page);
    expect(await page.getByTestId('recall-add').textContent()).toBe('New recall');

    await page.getByTestId('recall-add').click();
    const form = page.locator('.ant-modal').filter({ has: page.getByTestId('recall-form') });
    await form.locator('.ant-modal-title').getByText('New recall').waitFor();
    await form.getByText('Class III', { exact: true }).click();
    await form.getByText('Class III: unlikely to harm health, but must be taken back').waitFor();
    await form.getByTestId('recall-reason').fill('Labels printed with the wrong weight');
    await form.getByTestId('recall-instruction').fill('Keep the item;\nthe shop exchanges its label.');
    await form.getByTestId('recall-contact').fill('+86 10 8928 1234');
    await form.getByText('A list of codes', { exact: true }).click();
    // an unknown code typed first, then the lot's codes read from the portal's own CSV download
    await form.getByTestId('recall-codes').fill('NOSUCHCODE0001');
    const csv = path.join(downloadsDir, 'codes.csv');
    fs.writeFileSync(csv, `\uFEFFCode,Status\n${enLot.codes.map((c) => `${c},Activated`).join('\n')}\n`);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), form.getByTestId('recall-codes-file').click()]);
    await chooser.setFiles(csv);
    await page.locator('.ant-message').getByText('3 codes read').waitFor();
    await expect.poll(() => form.getByTestId('recall-codes-count').textContent()).toBe('4 codes');
    allowConsoleError(refusedCall('/acc/api/recall/add', 400));
    await form.getByRole('button', { name: 'OK' }).click();
    const fieldError = form.locator('.ant-form-item').filter({ has: page.getByTestId('recall-codes') }).locator('.ant-form-item-explain-error');
    await expect.poll(() => fieldError.textContent()).toBe('Unknown code: NOSUCHCODE0001');
    await shot(page, 'en-refused.png');

    // corrected: the lot's codes only
    await form.getByTestId('recall-codes').fill(enLot.codes.join('\n'));
    await expect.poll(() => form.getByTestId('recall-codes-count').textContent()).toBe('3 codes');
    await form.getByRole('button', { name: 'OK' }).click();
    const drawer = page.getByTestId('recall-detail');
    await drawer.getByTestId('recall-state').getByText('Draft').waitFor();
    const recallNo = ((await drawer.locator('.ant-drawer-title').textContent()) ?? '').replace(/^Recall\s*/, '');
    expect(recallNo).toMatch(/^ZH\d{8}-\d{4}$/);
    await expect.poll(() => drawer.getByTestId('recall-code-count').textContent(), { timeout: 20_000 }).toBe('3');
    expect(await drawer.textContent()).toContain('3 codes uploaded');

    await drawer.getByTestId(`recall-activate-${recallNo}`).click();
    const confirm = page.locator('.ant-modal-confirm');
    expect(await confirm.textContent()).toContain(`consumers who scan these 3 codes see the recall notice`);
    await confirmDialog(page);
    await drawer.getByTestId('recall-state').getByText('Active').waitFor();
    await expect.poll(() => figure(drawer, 'Items')).toBe('3');
    expect(await figure(drawer, 'At dealers')).toBe('0');
    expect(await figure(drawer, 'At the company (never shipped, or back)')).toBe('3');
    expect(await drawer.getByTestId('recall-exposure').textContent()).toContain('Recovered');
    await shot(page, 'en-active.png');

    const phone = await contextFor('en_US', 'phone');
    const recalled = await recallBannerOf(phone, enLot.codes[0] as string);
    const look = await recallBannerLook(recalled);
    await shot(recalled, 'en-phone-recall.png');
    expect(isRed(look.background), `recall banner background ${look.background}`).toBe(true);
    expect(look.next).toBe('verdict-banner');
    expect(look.aboveVerdict).toBe(true);
    expect(look.level).toBe('Class III recall');
    expect(await recalled.getByTestId('recall-banner').textContent()).toContain('This product is being recalled');
    expect(look.reason).toContain('Labels printed with the wrong weight');
    expect(look.instruction).toContain('Keep the item;\nthe shop exchanges its label.');
    expect(look.contact).toContain('+86 10 8928 1234');
    // class III: genuine, in the recall's red, and the recall's own instructions to follow
    const verdict = await verdictLook(recalled);
    expect(verdict.verdict).toBe('GENUINE');
    expect(isRed(verdict.background), `verdict background ${verdict.background}`).toBe(true);
    expect(isGreen(verdict.border), `verdict border ${verdict.border}`).toBe(false);
    expect(verdict.title).toBe('Genuine · under recall');
    expect(verdict.detail).toContain('Follow the recall instructions above');
    expect(verdict.text).not.toMatch(/with confidence|enjoy/i);
    await recalled.close();

    // the trace report of the recall, in English
    const report = await download(page, drawer.getByTestId('recall-trace-report'));
    expect(report.name).toMatch(new RegExp(`^Trace report-${recallNo}-\\d{8}\\.xlsx$`));
    const events = (await sheetsOf(report.bytes)).get('Critical tracking events') ?? [];
    expect(events[0]?.slice(0, 2)).toEqual(['Critical tracking event', 'Traceability lot code']);
    const made = events.find((row) => row[0] === 'Made' && row[1] === enLot.batchNo);
    expect(made, 'the lot’s Made row').toBeDefined();
    expect(made).toContain('3');

    await drawer.getByText('Writing the recall events · Done').waitFor();
    await drawer.getByTestId(`recall-close-${recallNo}`).click();
    const closing = page.locator('.ant-modal').filter({ has: page.getByTestId('recall-close-form') });
    await closing.getByText(`Close recall ${recallNo}`).waitFor();
    await closing.getByText('Withdrawn from sale', { exact: true }).click();
    await closing.getByTestId('recall-summary').fill('All three labels exchanged.');
    await closing.getByRole('button', { name: 'OK' }).click();
    await drawer.getByTestId('recall-state').getByText('Closed').waitFor();
    expect(await described(drawer, 'What becomes of what is left')).toBe('Withdrawn from sale');

    const after = await consumerCheck(phone, enLot.codes[1] as string);
    expect(await after.getByTestId('verdict-banner').getAttribute('data-verdict')).toBe('GENUINE');
    expect(await after.getByTestId('recall-banner').count()).toBe(0);
  });
});
