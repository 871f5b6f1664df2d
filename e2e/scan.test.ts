import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { allowConsoleError, refusedCall } from './support/pageProblems.js';
import { stylesheetsLoaded } from './support/readDrawn.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * The consumer's side, on a phone in WeChat: a printed code URL opened twice (GENUINE, then REPEATED
 * with the first scan's time and place), the manual entry, the WeChat entry without WeChat configured,
 * the device check and the staff simulator (which must not count).
 *
 * The place comes from the IP: the server trusts X-Forwarded-For from 127.0.0.1 here, and the browser
 * sends a public address of China Telecom in Shenzhen (ip2region: 中国 / 广东省 / 深圳市 / 电信).
 */
const CONSUMER_IP = '202.96.134.133';
const CONSUMER_PLACE = /广东省?深圳市?/;
/** 114.114.114.114 → 中国 / 江苏省 / 南京市 (REFERENCE.md). */
const SIMULATED_IP = '114.114.114.114';
const WECHAT_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';

interface Envelope<T = Record<string, unknown>> {
  code: string;
  msg: string;
  data: T;
}

let server: RunningServer;
let browser: Browser;
let credentials: Map<string, string>;

async function api<T = Record<string, unknown>>(method: string, url: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-rd-request-apitoken': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.code !== 'SUCCESS') throw new Error(`${method} ${url}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

async function signIn(username: string): Promise<string> {
  const data = await api<{ token: string }>('POST', '/acc/user/login', '', { username, password: credentials.get(username) });
  return data.token;
}

/** A small one-colour PNG, uploaded as a product image of the signed-in company; its stored file id. */
async function uploadPicture(token: string, rgb: [number, number, number]): Promise<string> {
  const png = new PNG({ width: 40, height: 30 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([...rgb, 255], i);
  const form = new FormData();
  form.append('place', 'productImage');
  form.append('file', new Blob([new Uint8Array(PNG.sync.write(png))], { type: 'image/png' }), 'melon.png');
  const res = await fetch(`${server.baseUrl}/acc/file/uploadFile`, { method: 'POST', headers: { 'x-rd-request-apitoken': token }, body: form });
  const envelope = (await res.json()) as Envelope<{ fileId: string }>;
  if (envelope.code !== 'SUCCESS') throw new Error(`upload: ${envelope.code} ${envelope.msg}`);
  return envelope.data.fileId;
}

interface Fixture {
  urls: string[];
  codes: string[];
  /** A code whose rule prints a 6-digit scratch-off code, and that code. */
  scratchUrl: string;
  hidden: string[];
  introduction: string;
  productName: string;
  batchNo: string;
}

/**
 * What a company does before its labels reach shops, through the API: its company info edited, submitted
 * and passed by the platform's auditor; a product with a batch and its farming records; a rule, a job of
 * codes bound to that batch, and the codes activated.
 */
async function setUpCompany(): Promise<Fixture> {
  const demo = await signIn('demo');
  const auditor = await signIn('auditor');

  const introduction = `E2E 合作社简介 ${Date.now()}：永定河畔沙地西瓜。<b>不是标记</b>`;
  const view = await api<{ company: { companyId: string }; info: Record<string, unknown> | null }>('GET', '/acc/api/companyInfo/getCompanyInfo', demo);
  const info = view.info as Record<string, unknown>;
  const fields = Object.fromEntries(
    ['fullName', 'simpleName', 'licenseNumber', 'legalPerson', 'registerAddress', 'businessTerm', 'businessScope', 'contactName', 'contactPhone', 'address', 'website', 'logoFileId', 'licenseFileId'].map(
      (key) => [key, info[key]],
    ),
  );
  await api('POST', '/acc/api/companyInfo/editReport', demo, { ...fields, introduction });
  await api('POST', '/acc/api/companyInfo/submit', demo, {});
  await api('POST', '/acc/api/companyInfo/auditPass', auditor, { id: view.company.companyId });

  const productName = 'E2E 扫码 8424 西瓜';
  const product = await api<{ id: string }>('POST', '/acc/api/product/add', demo, {
    name: productName,
    spec: '5-6 kg',
    unit: '个',
    brand: '庞各庄',
    description: '沙地种植，皮薄瓤脆。',
    images: [await uploadPicture(demo, [40, 160, 60]), await uploadPicture(demo, [220, 60, 60])],
  });
  const batchNo = `E2E${Date.now().toString().slice(-8)}`;
  const batch = await api<{ id: string }>('POST', '/acc/api/productBatch/add', demo, {
    productId: product.id,
    batchNo,
    productionDate: '2026-06-01',
    // far ahead: a GENUINE verdict of an expired batch is told as a caution, not as the plain good news tested here
    expiryDate: '2099-06-20',
    origin: '北京市大兴区庞各庄镇',
    farmingRecords: [
      { kind: 'SOWING', date: '2026-03-01', operator: '王建国', material: '8424 种子' },
      { kind: 'PICKING', date: '2026-05-30', operator: '李秀英', material: '' },
    ],
  });

  const plain = await makeCodes(demo, { ruleName: 'E2E 扫码单品码', hiddenLength: 0 }, 7, product.id, batch.id);
  const scratch = await makeCodes(demo, { ruleName: 'E2E 刮开验证码', hiddenLength: 6 }, 1, product.id, batch.id);
  return { ...plain, hidden: scratch.hidden, scratchUrl: scratch.urls[0]!, introduction, productName, batchNo };
}

/** A rule, a job of `quantity` codes bound to the batch, the codes activated; their printed URLs and hidden codes. */
async function makeCodes(
  token: string,
  rule: { ruleName: string; hiddenLength: number },
  quantity: number,
  productId: string,
  batchId: string,
): Promise<{ urls: string[]; codes: string[]; hidden: string[] }> {
  const { id: ruleId } = await api<{ id: string }>('POST', '/acc/api/rule/add', token, {
    ...rule,
    bodyLength: 12,
    alphabet: 'CROCKFORD32',
    checkScheme: 'DAMM',
  });
  const job = await api<{ id: string }>('POST', '/acc/api/codeRecord/add', token, { ruleId, quantity, productId, batchId });
  // The job runs in the background (JOB_POLL_MS): wait for it to finish.
  for (const deadline = Date.now() + 60_000; ; ) {
    const { status } = await api<{ status: string }>('GET', `/acc/api/codeRecord/getById?id=${job.id}`, token);
    if (status === 'DONE') break;
    if (status === 'FAILED' || Date.now() > deadline) throw new Error(`code job ended ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const page = await api<{ list: Array<{ id: string }> }>('POST', '/acc/api/code/pageList', token, { recordId: job.id, pageNum: 1, pageSize: 10 });
  const ids = page.list.map((c) => c.id);
  await api('POST', '/acc/api/code/activate', token, { ids });
  const details = await Promise.all(ids.map((id) => api<{ code: string; url: string; status: string }>('GET', `/acc/api/code/getById?id=${id}`, token)));
  if (!details.every((d) => d.status === 'ACTIVATED')) throw new Error('codes not activated');
  // The hidden codes are only in the job's code list, as the printing press receives it (TXT: code, URL, hidden code).
  const res = await fetch(`${server.baseUrl}/acc/api/codeRecord/downloadCode?id=${job.id}&format=txt`, { headers: { 'x-rd-request-apitoken': token } });
  const hiddenByCode = new Map(
    (await res.text())
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split('\t'))
      .map((cells) => [cells[0]!, cells[2] ?? ''] as const),
  );
  return { urls: details.map((d) => d.url), codes: details.map((d) => d.code), hidden: details.map((d) => hiddenByCode.get(d.code) ?? '') };
}

/** A phone in WeChat, in China, behind the trusted proxy. */
function phone(extraHeaders: Record<string, string> = { 'X-Forwarded-For': CONSUMER_IP }): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent: WECHAT_IPHONE,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    extraHTTPHeaders: extraHeaders,
  });
}

async function verdictOf(page: Page): Promise<string> {
  const banner = page.getByTestId('verdict-banner');
  await banner.waitFor();
  return (await banner.getAttribute('data-verdict')) ?? '';
}

let fixture: Fixture;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'true', ADMIN_PASSWORD: 'Admin-E2E-Pass-1', JOB_POLL_MS: '200', TRUST_PROXY: '127.0.0.1' });
  credentials = new Map(
    fs
      .readFileSync(path.join(server.dataDir, 'initial-credentials.txt'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('\t') as [string, string]),
  );
  browser = await launchBrowser();
  fixture = await setUpCompany();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('public scan pages on a phone in Chromium', () => {
  it('opens a printed code URL: GENUINE first, REPEATED with the first scan time and place next; a reload does not count', async () => {
    const url = fixture.urls[0]!;
    // The URL the label carries: the public base URL, the scan page and the code.
    expect(url).toMatch(new RegExp(`/antiCounterfeiting\\?code=${fixture.codes[0]}$`));
    const context = await phone();
    const first = await context.newPage();
    first.setDefaultTimeout(30_000);
    const scripts: string[] = [];
    const checks: string[] = [];
    first.on('request', (request) => {
      const pathname = new URL(request.url()).pathname;
      if (request.resourceType() === 'script') scripts.push(pathname);
      if (pathname === '/acc/api/securityCode/check') checks.push(request.url());
    });
    await first.goto(url);
    expect(await verdictOf(first)).toBe('GENUINE');
    // The verdict is drawn by the document; the page's modules follow with the product.
    await first.getByTestId('product-name').waitFor();
    // The consumer document and its own small chunks: never the portal, its component library, the charts
    // or the camera decoder.
    expect(scripts.some((s) => /\/consumer-[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts.filter((s) => /\/(index|PortalFrame|MainLayout|http|frameDecoder|Statistic)[-.]/.test(s))).toEqual([]);
    // One check, made by the page's inline script before its modules arrived and taken over by them.
    expect(checks).toHaveLength(1);
    expect(await first.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(await first.title()).toBe('防伪查询 - 产品追溯防伪平台');
    expect(await first.getByTestId('verdict-title').textContent()).toBe('正品 · 首次查询');
    expect(await first.getByTestId('product-name').textContent()).toContain(fixture.productName);
    expect(await first.getByTestId('batch-no').textContent()).toContain(fixture.batchNo);
    expect(await first.getByTestId('farming-record').count()).toBe(2);
    // The approved company info, its text shown as typed (the tag is text, not markup).
    expect(await first.getByTestId('scan-company').textContent()).toContain(fixture.introduction);
    expect(await first.locator('[data-testid="scan-company"] b').count()).toBe(0);
    // The product's pictures come through the public image URL of this code and open in the viewer.
    const slide = first.locator('[data-testid="scan-carousel"] [data-testid="scan-image"] img').first();
    expect(await slide.getAttribute('src')).toMatch(/^\/acc\/api\/securityCode\/image\/[0-9a-f-]+\?code=/);
    await expect.poll(() => slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);
    await first.locator('[data-testid="scan-carousel"] [data-testid="scan-image"]').first().click();
    const viewer = first.getByTestId('image-viewer-image');
    await viewer.waitFor();
    expect(await viewer.getAttribute('src')).toBe(await slide.getAttribute('src'));
    // A modal dialog: Escape closes it and the page is back.
    await first.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    // Nothing is wider than the phone.
    expect(await first.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The same tab reloaded shows the kept verdict and counts nothing.
    await first.reload();
    expect(await verdictOf(first)).toBe('GENUINE');
    await first.getByTestId('scan-restored').waitFor();
    expect(checks).toHaveLength(1);

    // Another scan of the label (a new tab): REPEATED, the second check, with the first one's time and place.
    const second = await context.newPage();
    await second.goto(url);
    expect(await verdictOf(second)).toBe('REPEATED');
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const detail = (await second.getByTestId('verdict-detail').textContent()) ?? '';
    expect(detail).toMatch(new RegExp(`已被查询 2 次，首次查询于 ${today} \\d\\d:\\d\\d（`));
    expect(detail).toMatch(CONSUMER_PLACE);
    expect(detail).toContain('谨防假冒');

    // The same page in English.
    await second.getByTestId('lang-switch').click();
    await expect.poll(() => second.getByTestId('verdict-detail').textContent()).toMatch(/Checked 2 times; first checked at/);
    await context.close();
  });

  it('draws the verdict, styled, as soon as the check answers, before the page’s modules arrive; the page then takes it over in place', async () => {
    const context = await phone();
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    // The page's modules held back, as a slow phone network holds them.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, async (route) => {
      await released;
      await route.continue();
    });
    const checks: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/acc/api/securityCode/check') checks.push(request.url());
    });
    await page.goto(fixture.urls[6]!, { waitUntil: 'commit' });
    const banner = page.getByTestId('verdict-banner');
    await banner.waitFor();
    await stylesheetsLoaded(page);
    expect(await banner.getAttribute('data-verdict')).toBe('GENUINE');
    expect(await page.getByTestId('verdict-title').textContent()).toBe('正品 · 首次查询');
    expect(await page.getByTestId('public-title').textContent()).toBe('防伪查询');
    // The stylesheet is there: the green banner with white text, not black text on the page.
    const look = (element: Element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, color: style.color, corner: style.borderTopLeftRadius };
    };
    expect(await banner.evaluate(look)).toEqual({ background: 'rgb(21, 128, 61)', color: 'rgb(255, 255, 255)', corner: '12px' });
    // Nothing of React's yet: the product comes with the page.
    expect(await page.getByTestId('scan-product').count()).toBe(0);
    const drawn = await banner.elementHandle();
    const place = await banner.boundingBox();

    release();
    await page.getByTestId('scan-product').waitFor();
    // React's own banner now, in the very same place, from the same one check.
    expect(await drawn!.evaluate((element) => element.isConnected)).toBe(false);
    expect(await page.getByTestId('verdict-banner').boundingBox()).toEqual(place);
    expect(await page.getByTestId('verdict-banner').evaluate(look)).toEqual({ background: 'rgb(21, 128, 61)', color: 'rgb(255, 255, 255)', corner: '12px' });
    expect(checks).toHaveLength(1);
    await context.close();
  });

  it('in English, as the language cookie says: the scan page, the manual entry and the WeChat entry, and back to Chinese', async () => {
    const context = await phone();
    // The language cookie of the address the label prints and of the server's own.
    const origins = [...new Set([new URL(fixture.urls[5]!).origin, server.baseUrl])];
    await context.addCookies(origins.map((url) => ({ name: 'language', value: 'en', url })));
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(fixture.urls[5]!);
    expect(await verdictOf(page)).toBe('GENUINE');
    expect(await page.getByTestId('verdict-title').textContent()).toBe('Genuine · first check');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.title()).toBe('Authenticity check - Product Traceability Portal');
    expect(await page.getByTestId('scan-product').textContent()).toContain(fixture.productName);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The switch changes the texts, the document's language and the cookie, without checking again.
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('verdict-title').textContent()).toBe('正品 · 首次查询');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(await page.title()).toBe('防伪查询 - 产品追溯防伪平台');
    expect((await context.cookies(new URL(page.url()).origin)).find((c) => c.name === 'language')?.value).toBe('zh');
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('verdict-title').textContent()).toBe('Genuine · first check');

    // The manual entry checks what is typed, in English, before asking the server.
    await page.goto(`${new URL(fixture.urls[5]!).origin}/mobilePhone`);
    expect(await page.title()).toBe('Check a code - Product Traceability Portal');
    await page.getByTestId('entry-submit').click();
    expect(await page.getByRole('alert').first().textContent()).toBe('Enter the code');
    expect(await page.getByLabel('Code', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The WeChat entry inside WeChat, in English, with the server's reason when WeChat is not configured
    // (its refused signature call is logged by the browser).
    allowConsoleError(refusedCall('/acc/api/wx/getSignature', 503));
    await page.goto(`${new URL(fixture.urls[5]!).origin}/wx`);
    expect(await page.getByTestId('wx-entry').textContent()).toContain('Scan the QR code on the product label to check it.');
    expect(await page.getByTestId('wx-unavailable').textContent()).toMatch(/^WeChat scanning is not available: .+/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('asks for the scratch-off code when the rule prints one: a wrong one is refused, the right one verifies', async () => {
    expect(fixture.hidden[0]).toMatch(/^\d{6}$/);
    const context = await phone();
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(fixture.scratchUrl);
    await page.getByTestId('hidden-code-form').waitFor();
    expect(await page.getByTestId('verdict-banner').count()).toBe(0);
    const wrong = fixture.hidden[0] === '000000' ? '111111' : '000000';
    await page.getByTestId('hidden-code-input').fill(wrong);
    await page.getByTestId('hidden-code-submit').click();
    expect(await verdictOf(page)).toBe('SECURITY_CODE_MISMATCH');
    expect(await page.getByTestId('scan-product').count()).toBe(0);
    await page.getByTestId('hidden-code-input').fill(fixture.hidden[0]!);
    await page.getByTestId('hidden-code-submit').click();
    await expect.poll(() => page.getByTestId('verdict-banner').getAttribute('data-verdict')).toBe('GENUINE');
    await page.getByTestId('scan-product').waitFor();
    await context.close();
  });

  it('answers unknown codes as a counterfeit risk, and takes a code typed by hand on /mobilePhone', async () => {
    const context = await phone();
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${server.baseUrl}/antiCounterfeiting?code=NOPE0000000`);
    expect(await verdictOf(page)).toBe('NOT_FOUND');

    await page.goto(`${server.baseUrl}/mobilePhone`);
    await page.getByTestId('entry-code').fill(fixture.codes[1]!.toLowerCase());
    await page.getByTestId('entry-submit').click();
    expect(await verdictOf(page)).toBe('GENUINE');
    await context.close();
  });

  it('opens a scanned label on a phone whose portal token has expired, instead of sending it to sign in', async () => {
    const context = await phone();
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    // a token left in this tab from an earlier portal session, which the server no longer knows
    await page.goto(`${new URL(fixture.urls[4]!).origin}/test1`);
    await page.evaluate(() => sessionStorage.setItem('token', 'a-token-the-server-no-longer-knows'));
    await page.goto(fixture.urls[4]!);
    expect(await verdictOf(page)).toBe('GENUINE');
    expect(new URL(page.url()).pathname).toBe('/antiCounterfeiting');
    await context.close();
  });

  it('/wx in WeChat without WeChat configured: shows the server’s reason and scans with the fallback scanner', async () => {
    const context = await phone();
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    allowConsoleError(refusedCall('/acc/api/wx/getSignature', 503));
    await page.goto(`${server.baseUrl}/wx`);
    const unavailable = page.getByTestId('wx-unavailable');
    await unavailable.waitFor();
    expect((await unavailable.textContent())?.length).toBeGreaterThan('微信扫一扫暂不可用：'.length);
    // A keyboard-wedge scanner (or a person) sends the printed URL and Enter.
    await page.getByTestId('wx-scan-input').fill(fixture.urls[2]!);
    await page.getByTestId('wx-scan-input').press('Enter');
    await page.waitForURL((u) => u.pathname === '/antiCounterfeiting');
    expect(await verdictOf(page)).toBe('GENUINE');
    await context.close();
  });

  it('/test1 reads keyboard-wedge input with its Enter and measures latency to the server', async () => {
    const context = await phone();
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${server.baseUrl}/test1`);
    await page.getByTestId('device-wedge-input').click();
    await page.keyboard.type('XG12345', { delay: 5 });
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('device-wedge-chars').textContent()).toContain('XG12345');
    expect(await page.getByTestId('device-wedge-enter').textContent()).toContain('检测到回车结束符');
    await page.getByTestId('device-ping').click();
    await expect.poll(() => page.getByTestId('device-ping-result').textContent(), { timeout: 30_000 }).toMatch(/最小 \d+ ms · 中位 \d+ ms · 最大 \d+ ms（成功 10\/10）/);
    await context.close();
  });

  it('/test: staff sign in on the page and simulate a scan from another IP and client without counting it', async () => {
    const context = await phone();
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${server.baseUrl}/test`);
    await page.getByTestId('login-username').fill('demo');
    await page.getByTestId('login-password').fill(credentials.get('demo')!);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('simulator-code').fill(fixture.codes[3]!);
    await page.getByTestId('simulator-ip').fill(SIMULATED_IP);
    await page.getByTestId('simulator-submit').click();
    await page.getByTestId('simulator-result').waitFor();
    expect(await verdictOf(page)).toBe('GENUINE');
    expect(await page.getByTestId('simulator-region').textContent()).toMatch(/江苏/);
    expect(await page.getByTestId('simulator-client-type').textContent()).toBe('客户端类型：微信');

    // The consumer's first check of that code is still the first.
    const consumer = await context.newPage();
    await consumer.goto(fixture.urls[3]!);
    expect(await verdictOf(consumer)).toBe('GENUINE');
    await context.close();
  });
});
