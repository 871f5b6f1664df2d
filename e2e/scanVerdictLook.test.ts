import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ScanVerdictValue } from '@rd/contract';
import { launchBrowser } from './support/browser.js';
import { callApi, demoPassword, generatedCodes } from './support/demoApi.js';
import { readDrawn, stylesheetsLoaded } from './support/readDrawn.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * What a consumer's phone shows for each verdict, read from the browser's computed styles rather than from
 * the markup: a verdict must look like one (a coloured banner), in both languages, at phone size. A consumer
 * document that does not load the scan stylesheet draws every verdict as plain black text on grey, and fails
 * here. The codes are the demo company's, generated, activated and voided through the API.
 *
 * Tones, by hue and lightness rather than exact colours: GENUINE green; REPEATED and a wrong scratch-off
 * code strong amber; NOT_FOUND and VOIDED red; NOT_ACTIVATED slate blue; a typing mistake (CHECK_FAILED) a
 * light amber card with dark text, neither red nor a warning; a recall a red banner above the verdict; an
 * expired batch a light red warning right under it.
 *
 * A genuine code of a recalled or expired batch is still told genuine, but never as good news: its banner
 * follows the recall (the recall's red, a warning icon, "stop using it") or the expiry (amber, a clock, "do not
 * consume it"), never the green, the check mark or "use it with confidence"; on the scan page (as the document
 * draws it first and as the page then draws it), on the manual entry and for a box label, in both languages.
 *
 * E2E_SCREENSHOTS=<folder> keeps a picture of each of those pages there.
 */

type Lang = 'zh_CN' | 'en_US';
const LANGS: readonly Lang[] = ['zh_CN', 'en_US'];
const PHONE = { width: 390, height: 844 };
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

type Tone = 'green' | 'amber' | 'light-amber' | 'red' | 'light-red' | 'slate' | 'none' | 'other';

const TONE_OF: Record<ScanVerdictValue, Tone> = {
  GENUINE: 'green',
  REPEATED: 'amber',
  NOT_FOUND: 'red',
  NOT_ACTIVATED: 'slate',
  VOIDED: 'red',
  SECURITY_CODE_MISMATCH: 'amber',
  CHECK_FAILED: 'light-amber',
};

const TITLE: Record<Lang, Partial<Record<ScanVerdictValue, string>>> = {
  zh_CN: { GENUINE: '正品 · 首次查询', CHECK_FAILED: '标签码读取有误，请逐个字符核对后重试' },
  en_US: { GENUINE: 'Genuine · first check', CHECK_FAILED: 'This code does not read correctly; check each character and try again' },
};

/** A computed colour ("rgb(…)" / "rgba(…)") sorted into the tones above by its hue, saturation and lightness. */
function toneOf(color: string): Tone {
  const parts = /rgba?\(([^)]+)\)/.exec(color)?.[1]?.split(',').map((p) => Number(p.trim()));
  if (!parts || parts.length < 3) return 'other';
  const [r, g, b, alpha = 1] = parts as [number, number, number, number?];
  if (alpha === 0) return 'none';
  const [max, min] = [Math.max(r, g, b) / 255, Math.min(r, g, b) / 255];
  const lightness = (max + min) / 2;
  const delta = max - min;
  // greys and white (the page, the cards) have no tone
  if (delta < 0.04) return 'other';
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  let hue = max === rn ? ((gn - bn) / delta) % 6 : max === gn ? (bn - rn) / delta + 2 : (rn - gn) / delta + 4;
  hue = (hue * 60 + 360) % 360;
  if (hue >= 20 && hue <= 50) return lightness > 0.85 ? 'light-amber' : 'amber';
  if (hue < 12 || hue > 340) return lightness > 0.85 ? 'light-red' : 'red';
  if (hue >= 90 && hue <= 165) return 'green';
  if (hue >= 190 && hue <= 235) return 'slate';
  return 'other';
}

/** Contrast of two computed colours (WCAG), so that a banner's words can be read on its colour. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = (/rgba?\(([^)]+)\)/.exec(color)?.[1] ?? '0,0,0').split(',').map((p) => Number(p.trim()) / 255) as [number, number, number];
    const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(bl);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

let server: RunningServer;
let browser: Browser;
let token = '';

const api = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => callApi<T>(server, token, method, url, body);

interface Codes {
  /** Activated, never checked: each opening takes one. */
  fresh: string[];
  /** Activated, never checked: opened once to learn what the GENUINE banner's check mark is drawn as. */
  genuine: string;
  notActivated: string;
  voided: string;
  /** A code whose rule prints a 6-digit scratch-off code. */
  scratch: string;
  /** Activated codes of a batch whose expiry date has passed. */
  expired: string[];
  /** Activated box codes of that batch. */
  expiredBoxes: string[];
  /** Activated codes of a batch under an active class II recall. */
  recalled: string[];
  /** Activated box codes of that batch, the first holding two of its items. */
  recalledBoxes: string[];
  /** Activated codes of an expired batch under an active class I recall. */
  recalledExpired: string[];
  /** Activated codes of a batch under an active class III recall. */
  recalledMild: string[];
}

const RECALL = {
  level: 2 as const,
  reason: '<b>抽检发现甜度标注不实</b>',
  instruction: '请停止销售，\n凭购买凭证到购买处退货。',
  contact: '010-89281234 庞各庄镇西瓜产业园 1 号',
};
const EXPIRY = '2020-06-20';

async function batchOf(productId: string, batchNo: string, expiryDate: string | null): Promise<string> {
  const batch = await api<{ id: string }>('POST', '/acc/api/productBatch/add', {
    productId,
    batchNo,
    productionDate: '2020-06-01',
    expiryDate,
    origin: '北京市大兴区庞各庄镇',
  });
  return batch.id;
}

/** A rule with Damm check characters from its own alphabet, a job of `quantity` codes bound to the batch; the codes in order. */
function codesOf(rule: { ruleName: string; hiddenLength: number }, quantity: number, productId: string, batchId: string, kind: 'ITEM' | 'BOX' = 'ITEM'): Promise<Array<{ id: string; code: string }>> {
  return generatedCodes(server, token, kind, quantity, { ...rule, productId, batchId });
}

async function activate(codes: Array<{ id: string }>): Promise<void> {
  await api('POST', '/acc/api/code/activate', { ids: codes.map((c) => c.id) });
}

async function setUpCodes(): Promise<Codes> {
  const stamp = Date.now().toString().slice(-8);
  const product = await api<{ id: string }>('POST', '/acc/api/product/add', { name: `E2E 外观 西瓜 ${stamp}`, spec: '5-6 kg', unit: '个', brand: '庞各庄', description: '', images: [] });
  const inDate = await batchOf(product.id, `LOOK${stamp}`, '2099-12-31');
  const plain = await codesOf({ ruleName: `E2E 外观 ${stamp}`, hiddenLength: 0 }, 13, product.id, inDate);
  const scratch = await codesOf({ ruleName: `E2E 外观刮开 ${stamp}`, hiddenLength: 6 }, 1, product.id, inDate);
  await activate([...plain.slice(0, 11), plain[12]!, ...scratch]);
  await api('POST', '/acc/api/code/void', { id: plain[10]!.id, reason: '标签印刷损坏' });

  const old = await batchOf(product.id, `OLD${stamp}`, EXPIRY);
  const expired = await codesOf({ ruleName: `E2E 外观过期 ${stamp}`, hiddenLength: 0 }, 8, product.id, old);
  const expiredBoxes = await codesOf({ ruleName: `E2E 外观过期箱 ${stamp}`, hiddenLength: 0 }, 2, product.id, old, 'BOX');
  await activate([...expired, ...expiredBoxes]);

  const called = await batchOf(product.id, `RC${stamp}`, '2099-12-31');
  const recalled = await codesOf({ ruleName: `E2E 外观召回 ${stamp}`, hiddenLength: 0 }, 10, product.id, called);
  const recalledBoxes = await codesOf({ ruleName: `E2E 外观召回箱 ${stamp}`, hiddenLength: 0 }, 2, product.id, called, 'BOX');
  await activate([...recalled, ...recalledBoxes]);
  // the last two items packed into the first box, as the packing line does
  await api('POST', '/acc/api/boxCodeRelation/bind', { boxCode: recalledBoxes[0]!.code, itemCodes: recalled.slice(-2).map((c) => c.code) });

  const oldCalled = await batchOf(product.id, `RCOLD${stamp}`, EXPIRY);
  const recalledExpired = await codesOf({ ruleName: `E2E 外观过期召回 ${stamp}`, hiddenLength: 0 }, 2, product.id, oldCalled);
  const mildCalled = await batchOf(product.id, `RCIII${stamp}`, '2099-12-31');
  const recalledMild = await codesOf({ ruleName: `E2E 外观三级召回 ${stamp}`, hiddenLength: 0 }, 2, product.id, mildCalled);
  await activate([...recalledExpired, ...recalledMild]);
  await Promise.all([startRecall(called, 2), startRecall(oldCalled, 1), startRecall(mildCalled, 3)]);

  return {
    fresh: plain.slice(0, 10).map((c) => c.code),
    genuine: plain[12]!.code,
    notActivated: plain[11]!.code,
    voided: plain[10]!.code,
    scratch: scratch[0]!.code,
    expired: expired.map((c) => c.code),
    expiredBoxes: expiredBoxes.map((c) => c.code),
    recalled: recalled.slice(0, -2).map((c) => c.code),
    recalledBoxes: recalledBoxes.map((c) => c.code),
    recalledExpired: recalledExpired.map((c) => c.code),
    recalledMild: recalledMild.map((c) => c.code),
  };
}

/**
 * A recall of the batch, made active once its codes are gathered. Left to the recall case to find out when
 * the server cannot do it: the other verdicts do not depend on it.
 */
let recallProblem = '';
async function startRecall(batchId: string, level: 1 | 2 | 3): Promise<void> {
  try {
    const recall = await api<{ id: string }>('POST', '/acc/api/recall/add', { ...RECALL, level, selection: { kind: 'BATCH', batchIds: [batchId] } });
    for (const deadline = Date.now() + 60_000; ; ) {
      const detail = await api<{ resolvedAt: string | null; codeCount: number }>('GET', `/acc/api/recall/getById?id=${recall.id}`);
      if (detail.resolvedAt) break;
      if (Date.now() > deadline) throw new Error('the recall’s codes were not gathered');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await api('POST', '/acc/api/recall/activate', { id: recall.id });
  } catch (error) {
    recallProblem = error instanceof Error ? error.message : String(error);
  }
}

let codes: Codes;
const contexts: BrowserContext[] = [];
/** Uncaught errors and console errors of the pages of the current case. */
let consoleErrors: string[] = [];

beforeAll(async () => {
  // No answer kept between checks: a recall or a rule made a moment ago shows at once.
  server = await startServer({ SEED_DEMO: 'true', ADMIN_PASSWORD: 'Admin-E2E-Pass-1', JOB_POLL_MS: '200', SCAN_ANSWER_CACHE_SECONDS: '0' });
  token = (await callApi<{ token: string }>(server, '', 'POST', '/acc/user/login', { username: 'demo', password: demoPassword(server) })).token;
  browser = await launchBrowser();
  codes = await setUpCodes();
  checkMark = await checkMarkOf(codes.genuine);
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  const errors = consoleErrors;
  consoleErrors = [];
  expect(errors, 'errors on the page').toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A phone (390 × 844) whose language cookie says `lang`, with a page that reports its errors to the case. */
async function phonePage(lang: Lang): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: IPHONE,
    locale: lang === 'zh_CN' ? 'zh-CN' : 'en-US',
    timezoneId: 'Asia/Shanghai',
  });
  contexts.push(context);
  await context.addCookies([{ name: 'language', value: lang === 'zh_CN' ? 'zh' : 'en', url: server.baseUrl }]);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.on('pageerror', (error) => consoleErrors.push(`${lang} uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${lang} console: ${message.text()}`);
  });
  return page;
}

const scanUrl = (code: string) => `${server.baseUrl}/antiCounterfeiting?code=${encodeURIComponent(code)}`;

interface Look {
  verdict: string;
  title: string;
  detail: string;
  /** Everything the banner says. */
  text: string;
  background: string;
  /** The colour of its top border (the text's colour where it has none). */
  border: string;
  color: string;
  /** The icon as drawn: its SVG paths, to tell one icon from another. */
  icon: string;
  /** The icon's computed colour. */
  iconColor: string;
  width: number;
  pageWidth: number;
  lang: string;
}

/** The banner as drawn: its verdict, texts, computed background, border and text colours, icon and widths. */
async function bannerLook(page: Page): Promise<Look> {
  const banner = page.getByTestId('verdict-banner');
  return readDrawn(banner, () =>
    banner.evaluate((element) => {
      if (!element.isConnected) return null;
      const style = getComputedStyle(element);
      const icon = element.querySelector('.scan-verdict__icon');
      return {
        verdict: element.getAttribute('data-verdict') ?? '',
        title: element.querySelector('[data-testid="verdict-title"]')?.textContent ?? '',
        detail: element.querySelector('[data-testid="verdict-detail"]')?.textContent ?? '',
        text: element.textContent ?? '',
        background: style.backgroundColor,
        border: style.borderTopColor,
        color: style.color,
        icon: Array.from(icon?.querySelectorAll('path') ?? [], (path) => path.getAttribute('d')).join(' '),
        iconColor: icon ? getComputedStyle(icon).color : '',
        width: element.getBoundingClientRect().width,
        pageWidth: document.documentElement.scrollWidth,
        lang: document.documentElement.lang,
      };
    }),
  );
}

/** A picture of the page when E2E_SCREENSHOTS names a folder (for looking at the screens while working on them). */
async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, name), fullPage: true });
}

/** What every verdict's banner must be at phone size: its tone, readable words, the column's width, nothing wider than the phone. */
function expectBanner(look: Look, verdict: ScanVerdictValue, lang: Lang): void {
  expect(look.verdict).toBe(verdict);
  expect(look.lang).toBe(lang === 'zh_CN' ? 'zh-CN' : 'en');
  expect(toneOf(look.background), `${verdict} ${lang}: background ${look.background}`).toBe(TONE_OF[verdict]);
  // The detail line is body text: 4.5:1 at least (WCAG AA).
  expect(contrast(look.background, look.color), `${verdict} ${lang}: ${look.color} on ${look.background}`).toBeGreaterThanOrEqual(4.5);
  expect(look.width).toBeGreaterThan(PHONE.width - 60);
  expect(look.pageWidth).toBeLessThanOrEqual(PHONE.width);
  const title = TITLE[lang][verdict];
  if (title) expect(look.title).toBe(title);
}

/** The GENUINE banner's icon (the check mark) as a phone draws it, from the page of a code never checked before. */
let checkMark = '';
async function checkMarkOf(code: string): Promise<string> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, userAgent: IPHONE });
  try {
    const page = await context.newPage();
    await page.goto(scanUrl(code));
    const look = await bannerLook(page);
    expect(look.verdict).toBe('GENUINE');
    expect(toneOf(look.background)).toBe('green');
    expect(look.icon).not.toBe('');
    return look.icon;
  } finally {
    await context.close();
  }
}

/** Another character of the Crockford alphabet in the last place: the check character no longer fits. */
function mistyped(code: string): string {
  const last = code.at(-1);
  return code.slice(0, -1) + (last === '7' ? '8' : '7');
}

let next = 0;
const freshCode = () => codes.fresh[next++]!;

describe.each(LANGS)('the scan page’s verdicts on a phone, %s', (lang) => {
  it('GENUINE: a green banner', async () => {
    const page = await phonePage(lang);
    await page.goto(scanUrl(freshCode()));
    expectBanner(await bannerLook(page), 'GENUINE', lang);
    // The product follows in white cards on the page's grey.
    expect(toneOf(await page.getByTestId('scan-product').evaluate((e) => getComputedStyle(e).backgroundColor))).toBe('other');
  });

  it('REPEATED: a strong amber banner', async () => {
    const code = freshCode();
    await fetch(`${server.baseUrl}/acc/api/securityCode/check?code=${code}`);
    const page = await phonePage(lang);
    await page.goto(scanUrl(code));
    expectBanner(await bannerLook(page), 'REPEATED', lang);
  });

  it('NOT_FOUND: a red banner', async () => {
    const page = await phonePage(lang);
    await page.goto(scanUrl('NOPE0000000'));
    expectBanner(await bannerLook(page), 'NOT_FOUND', lang);
  });

  it('NOT_ACTIVATED: a slate banner', async () => {
    const page = await phonePage(lang);
    await page.goto(scanUrl(codes.notActivated));
    expectBanner(await bannerLook(page), 'NOT_ACTIVATED', lang);
  });

  it('VOIDED: a red banner', async () => {
    const page = await phonePage(lang);
    await page.goto(scanUrl(codes.voided));
    expectBanner(await bannerLook(page), 'VOIDED', lang);
  });

  it('SECURITY_CODE_MISMATCH: a strong amber banner above the scratch-off form', async () => {
    const page = await phonePage(lang);
    await page.goto(scanUrl(codes.scratch));
    await page.getByTestId('hidden-code-input').fill('000000');
    await page.getByTestId('hidden-code-submit').click();
    expectBanner(await bannerLook(page), 'SECURITY_CODE_MISMATCH', lang);
  });

  // Needs the server's reading of typed codes (CHECK_FAILED).
  it('CHECK_FAILED: a light amber card, no product and no counterfeit warning, and a way to type the code again', async () => {
    const page = await phonePage(lang);
    const wrong = mistyped(codes.fresh.at(-1)!);
    await page.goto(scanUrl(wrong));
    const look = await bannerLook(page);
    expectBanner(look, 'CHECK_FAILED', lang);
    expect(await page.getByTestId('scan-product').count()).toBe(0);
    expect(await page.getByTestId('scan-company').count()).toBe(0);
    expect(await page.getByTestId('verdict-detail').textContent()).not.toMatch(/假冒风险|谨慎购买|counterfeit risk|Buy with care/);
    // The way back: the manual entry with the text in its field and its problem said under it.
    const retype = page.getByTestId('verdict-retype');
    // read until it settles: React may be putting its own (identical) link in place of the drawn one
    await expect.poll(async () => toneOf(await retype.evaluate((e) => getComputedStyle(e).backgroundColor))).toBe('amber');
    await retype.click();
    await page.waitForURL((url) => url.pathname === '/mobilePhone');
    expect(await page.getByTestId('entry-code').inputValue()).toBe(wrong);
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe(TITLE[lang].CHECK_FAILED);
  });

  // Needs the server's codeShapes and reading of typed codes.
  it('/mobilePhone says CHECK_FAILED under the field before sending anything, and sends the corrected code as typed', async () => {
    const page = await phonePage(lang);
    const checks: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/acc/api/securityCode/check') checks.push(request.url());
    });
    const shapes = page.waitForResponse((response) => new URL(response.url()).pathname === '/acc/api/securityCode/codeShapes');
    await page.goto(`${server.baseUrl}/mobilePhone`);
    expect((await shapes).status()).toBe(200);
    // the reading of typed codes loads after the page; until it is in, the page sends and the server decides
    await page.locator('[data-testid="code-entry-form"][data-typing-check="ready"]').waitFor();
    const good = freshCode();
    await page.getByTestId('entry-code').fill(mistyped(good).toLowerCase());
    await page.getByTestId('entry-submit').click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe(TITLE[lang].CHECK_FAILED);
    expect(await page.getByTestId('entry-code').getAttribute('aria-invalid')).toBe('true');
    expect(checks).toEqual([]);
    // Typed in groups, as a label prints it: read by the server without the blank.
    const grouped = `${good.slice(0, 6)} ${good.slice(6)}`;
    await page.getByTestId('entry-code').fill(grouped);
    await page.getByTestId('entry-submit').click();
    expectBanner(await bannerLook(page), 'GENUINE', lang);
    expect(checks).toHaveLength(1);
    expect(new URL(checks[0]!).searchParams.get('code')).toBe(grouped);
  });

  // Needs the server's expiry date in the check's answer.
  it('an expired batch: a light red warning right under the verdict, with the date in the page’s language', async () => {
    const page = await phonePage(lang);
    await page.goto(scanUrl(codes.expired[lang === 'zh_CN' ? 0 : 1]!));
    expectCautioned(await bannerLook(page), 'expired', lang, 'the scan page');
    const expired = page.getByTestId('scan-expired');
    await expired.waitFor();
    expect(await expired.textContent()).toBe(lang === 'zh_CN' ? '已于 2020年6月20日 过期' : 'Expired on June 20, 2020');
    const look = await readDrawn(expired, () =>
      expired.evaluate((element) =>
        element.isConnected
          ? {
              background: getComputedStyle(element).backgroundColor,
              color: getComputedStyle(element).color,
              afterBanner: element.previousElementSibling?.getAttribute('data-testid') ?? '',
            }
          : null,
      ),
    );
    expect(look.afterBanner).toBe('verdict-banner');
    expect(toneOf(look.background)).toBe('light-red');
    expect(toneOf(look.color)).toBe('red');
  });

  // Needs the server's recall in the check's answer.
  it('a recalled item: a red recall banner above the verdict, the company’s words as text', async () => {
    expect(recallProblem, 'starting the recall').toBe('');
    const page = await phonePage(lang);
    await page.goto(scanUrl(codes.recalled[lang === 'zh_CN' ? 0 : 1]!));
    expectCautioned(await bannerLook(page), 'recall', lang, 'the scan page');
    const recall = page.getByTestId('recall-banner');
    const look = await readDrawn(recall, () =>
      recall.evaluate((element) =>
        element.isConnected
          ? {
              background: getComputedStyle(element).backgroundColor,
              color: getComputedStyle(element).color,
              beforeBanner: element.nextElementSibling?.getAttribute('data-testid') ?? '',
              bold: element.querySelectorAll('b').length,
            }
          : null,
      ),
    );
    expect(look.beforeBanner).toBe('verdict-banner');
    expect(toneOf(look.background)).toBe('red');
    expect(contrast(look.background, look.color)).toBeGreaterThanOrEqual(4.5);
    expect(look.bold).toBe(0);
    expect(await page.getByTestId('recall-level').textContent()).toBe(lang === 'zh_CN' ? '二级召回' : 'Class II recall');
    expect(await page.getByTestId('recall-reason').textContent()).toContain(RECALL.reason);
    expect(await page.getByTestId('recall-instruction').textContent()).toContain(RECALL.instruction);
    expect(await page.getByTestId('recall-contact').textContent()).toContain(RECALL.contact);
  });
});

/** What makes a genuine code's banner cautious: a recall of its item (class I or II, or the milder class III), or its batch's expiry. */
type Caution = 'recall' | 'recallMild' | 'expired';

/** The caution's tone: the recall's red, or the amber of a warning. */
const CAUTION_TONE: Record<Caution, Tone> = { recall: 'red', recallMild: 'red', expired: 'amber' };

/** Still genuine in the title; what to do in the detail. */
const CAUTION_TEXT: Record<Lang, Record<Caution, { title: string; detail: RegExp }>> = {
  zh_CN: {
    recall: { title: '正品 · 该产品正在召回', detail: /^防伪码验证为正品，但该产品正在召回：请立即停止使用，并按上方召回说明处理。$/ },
    recallMild: { title: '正品 · 该产品正在召回', detail: /^防伪码验证为正品，但该产品正在召回：请按上方召回说明处理。$/ },
    expired: { title: '正品 · 已过期', detail: /^防伪码验证为正品，但该产品已过有效期：请勿食用或使用。$/ },
  },
  en_US: {
    recall: { title: 'Genuine · under recall', detail: /^This product is genuine, but it is being recalled\. Stop using it now and follow the recall instructions above\.$/ },
    recallMild: { title: 'Genuine · under recall', detail: /^This product is genuine, but it is being recalled\. Follow the recall instructions above\.$/ },
    expired: { title: 'Genuine · expired', detail: /^This product is genuine, but it is past its expiry date\. Do not consume or use it\.$/ },
  },
};

/** Words that tell a consumer to go ahead: never said of a recalled or expired item. */
const REASSURING = /放心|with confidence|enjoy/i;

/** Neither the green of good news nor its check mark, nor its words: anywhere in the banner. */
function expectNothingReassuring(look: Look, what: string): void {
  for (const [part, color] of [
    ['background', look.background],
    ['border', look.border],
    ['text', look.color],
    ['icon', look.iconColor],
  ] as const) {
    expect(toneOf(color), `${what}: ${part} ${color}`).not.toBe('green');
  }
  expect(look.icon, `${what}: the icon`).not.toBe('');
  expect(look.icon, `${what}: the check mark`).not.toBe(checkMark);
  expect(look.text, what).not.toMatch(REASSURING);
}

/** A genuine code's banner under a caution: genuine in words, the caution's colour and icon, what to do, readable on a phone. */
function expectCautioned(look: Look, caution: Caution, lang: Lang, where: string): void {
  const what = `${caution}, ${where}, ${lang}`;
  expect(look.verdict, what).toBe('GENUINE');
  expect(look.lang).toBe(lang === 'zh_CN' ? 'zh-CN' : 'en');
  expect(toneOf(look.background), `${what}: background ${look.background}`).toBe(CAUTION_TONE[caution]);
  expectNothingReassuring(look, what);
  expect(contrast(look.background, look.color), `${what}: ${look.color} on ${look.background}`).toBeGreaterThanOrEqual(4.5);
  expect(look.title, what).toBe(CAUTION_TEXT[lang][caution].title);
  expect(look.detail, what).toMatch(CAUTION_TEXT[lang][caution].detail);
  expect(look.width).toBeGreaterThan(PHONE.width - 60);
  expect(look.pageWidth).toBeLessThanOrEqual(PHONE.width);
}

/**
 * The scan page of `code` with the page's modules held back, as a slow phone network holds them: the banner the
 * document's inline script draws from the check's answer, then the page's own once the modules are in.
 */
async function drawnThenPage(page: Page, code: string, name: string): Promise<{ drawn: Look; page: Look }> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(scanUrl(code), { waitUntil: 'commit' });
  await page.getByTestId('verdict-banner').waitFor();
  await stylesheetsLoaded(page);
  const drawn = await bannerLook(page);
  // the document's drawing: nothing of the page's yet
  expect(await page.getByTestId('scan-product').count()).toBe(0);
  await shot(page, `${name}-drawn.png`);
  release();
  await page.getByTestId('scan-product').waitFor();
  const late = await bannerLook(page);
  await shot(page, `${name}.png`);
  return { drawn, page: late };
}

/** /mobilePhone: `code` typed into the entry and checked; the banner that answers. */
async function typedCheck(page: Page, code: string, name: string): Promise<Look> {
  await page.goto(`${server.baseUrl}/mobilePhone`);
  await page.getByTestId('entry-code').fill(code);
  await page.getByTestId('entry-submit').click();
  const look = await bannerLook(page);
  await shot(page, `${name}.png`);
  return look;
}

/** The recall's card right above the banner, in the recall's red. */
async function expectRecallAbove(page: Page, level: string): Promise<void> {
  const recall = page.getByTestId('recall-banner');
  const above = await readDrawn(recall, () =>
    recall.evaluate((element) => (element.isConnected ? { next: element.nextElementSibling?.getAttribute('data-testid') ?? '', background: getComputedStyle(element).backgroundColor } : null)),
  );
  expect(above.next).toBe('verdict-banner');
  expect(toneOf(above.background)).toBe('red');
  expect(await page.getByTestId('recall-level').textContent()).toBe(level);
}

/** The expiry notice right under the banner. */
async function expectExpiryBelow(page: Page, lang: Lang): Promise<void> {
  const expired = page.getByTestId('scan-expired');
  const below = await readDrawn(expired, () => expired.evaluate((element) => (element.isConnected ? (element.previousElementSibling?.getAttribute('data-testid') ?? '') : null)));
  expect(below).toBe('verdict-banner');
  expect(await expired.textContent()).toBe(lang === 'zh_CN' ? '已于 2020年6月20日 过期' : 'Expired on June 20, 2020');
}

/** Computed colours of every element of the page's content: none may be the green of good news. */
async function greensOn(page: Page): Promise<string[]> {
  const colours = await page.locator('main').evaluate((main) =>
    [main, ...Array.from(main.querySelectorAll('*'))].flatMap((element) => {
      const style = getComputedStyle(element);
      return [style.backgroundColor, style.borderTopColor, style.color];
    }),
  );
  return [...new Set(colours)].filter((colour) => toneOf(colour) === 'green');
}

const LEVEL: Record<Lang, Record<1 | 2 | 3, string>> = {
  zh_CN: { 1: '一级召回', 2: '二级召回', 3: '三级召回' },
  en_US: { 1: 'Class I recall', 2: 'Class II recall', 3: 'Class III recall' },
};

describe.each(LANGS)('a genuine code under a recall or past its expiry is never called safe, %s', (lang) => {
  /** Each language its own codes: a code's first check is the one that is GENUINE. */
  const mine = (list: () => string[], first: number) => () => list()[first + (lang === 'zh_CN' ? 0 : 1)]!;

  it('class II recall, the scan page: as the document draws it first and as the page draws it', async () => {
    expect(recallProblem, 'starting the recall').toBe('');
    const page = await phonePage(lang);
    const { drawn, page: late } = await drawnThenPage(page, mine(() => codes.recalled, 2)(), `${lang}-recall-scan`);
    expectCautioned(drawn, 'recall', lang, 'the scan page as the document draws it');
    expectCautioned(late, 'recall', lang, 'the scan page');
    expect(late.icon).toBe(drawn.icon);
    await expectRecallAbove(page, LEVEL[lang][2]);
  });

  it('class II recall, /mobilePhone', async () => {
    const page = await phonePage(lang);
    expectCautioned(await typedCheck(page, mine(() => codes.recalled, 4)(), `${lang}-recall-mobilePhone`), 'recall', lang, '/mobilePhone');
    await expectRecallAbove(page, LEVEL[lang][2]);
  });

  it('class II recall, a box label: the scan page of the box code, then the box view of what it holds', async () => {
    const box = mine(() => codes.recalledBoxes, 0)();
    const page = await phonePage(lang);
    const { drawn, page: late } = await drawnThenPage(page, box, `${lang}-recall-box`);
    expectCautioned(drawn, 'recall', lang, 'a box label as the document draws it');
    expectCautioned(late, 'recall', lang, 'a box label');
    await expectRecallAbove(page, LEVEL[lang][2]);
    // The box view tells what a box holds, never a verdict: nothing there says it is fine either.
    await page.goto(`${server.baseUrl}/boxCodeView?code=${encodeURIComponent(codes.recalledBoxes[0]!)}`);
    await page.getByTestId('box-public-view').waitFor();
    await shot(page, `${lang}-recall-boxCodeView.png`);
    expect(await page.getByTestId('box-view-count').textContent()).toBe('2');
    expect(await page.getByTestId('verdict-banner').count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toMatch(REASSURING);
    expect(await greensOn(page)).toEqual([]);
  });

  it('expired batch, the scan page: as the document draws it first and as the page draws it', async () => {
    const page = await phonePage(lang);
    const { drawn, page: late } = await drawnThenPage(page, mine(() => codes.expired, 2)(), `${lang}-expired-scan`);
    expectCautioned(drawn, 'expired', lang, 'the scan page as the document draws it');
    expectCautioned(late, 'expired', lang, 'the scan page');
    expect(late.icon).toBe(drawn.icon);
    await expectExpiryBelow(page, lang);
  });

  it('expired batch, /mobilePhone', async () => {
    const page = await phonePage(lang);
    expectCautioned(await typedCheck(page, mine(() => codes.expired, 4)(), `${lang}-expired-mobilePhone`), 'expired', lang, '/mobilePhone');
    await expectExpiryBelow(page, lang);
  });

  it('expired batch, a box label: the scan page of the box code, then the box view', async () => {
    const box = mine(() => codes.expiredBoxes, 0)();
    const page = await phonePage(lang);
    const { page: late } = await drawnThenPage(page, box, `${lang}-expired-box`);
    expectCautioned(late, 'expired', lang, 'a box label');
    await expectExpiryBelow(page, lang);
    await page.goto(`${server.baseUrl}/boxCodeView?code=${encodeURIComponent(box)}`);
    await page.getByTestId('box-public-view').waitFor();
    expect(await page.getByTestId('verdict-banner').count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toMatch(REASSURING);
    expect(await greensOn(page)).toEqual([]);
  });

  it('class I recall of an expired batch: the recall leads, the expiry is still said under the banner', async () => {
    const page = await phonePage(lang);
    await page.goto(scanUrl(mine(() => codes.recalledExpired, 0)()));
    const look = await bannerLook(page);
    await shot(page, `${lang}-recall1-expired.png`);
    expectCautioned(look, 'recall', lang, 'class I, expired');
    await expectRecallAbove(page, LEVEL[lang][1]);
    await expectExpiryBelow(page, lang);
  });

  it('class III recall: the recall’s red, and the recall’s own instructions to follow', async () => {
    const page = await phonePage(lang);
    await page.goto(scanUrl(mine(() => codes.recalledMild, 0)()));
    const look = await bannerLook(page);
    await shot(page, `${lang}-recall3.png`);
    expectCautioned(look, 'recallMild', lang, 'class III');
    await expectRecallAbove(page, LEVEL[lang][3]);
  });

  it('REPEATED under a recall and past its expiry: the amber warning, nothing reassuring', async () => {
    for (const [caution, code] of [
      ['recall', mine(() => codes.recalled, 6)()],
      ['expired', mine(() => codes.expired, 6)()],
    ] as const) {
      await fetch(`${server.baseUrl}/acc/api/securityCode/check?code=${code}`);
      const page = await phonePage(lang);
      await page.goto(scanUrl(code));
      const look = await bannerLook(page);
      await shot(page, `${lang}-repeated-${caution}.png`);
      expectBanner(look, 'REPEATED', lang);
      expectNothingReassuring(look, `REPEATED, ${caution}, ${lang}`);
      if (caution === 'recall') await expectRecallAbove(page, LEVEL[lang][2]);
      else await expectExpiryBelow(page, lang);
    }
  });
});
