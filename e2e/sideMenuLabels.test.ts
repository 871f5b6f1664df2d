import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { settledPassword } from './support/demoApi.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * The first-level side menu as drawn: every group's name is read whole, in English and in Chinese, on a
 * desktop and on a phone. Read from the laid-out page (boxes, scroll sizes, the lines each word sits on),
 * since a name cut by an ellipsis passes every test that only reads the text.
 */
let server: RunningServer;
let browser: Browser;
let password = '';

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'true' });
  password = await settledPassword(server);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Lang = 'en' | 'zh';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function signedIn(lang: Lang, viewport: { width: number; height: number }): Promise<Page> {
  const phone = viewport.width < 992;
  const context = await browser.newContext({ viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
  await context.addCookies([{ name: 'language', value: lang, url: server.baseUrl }]);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${server.baseUrl}/loginPage`);
  await page.getByTestId('login-username').fill('demo');
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('dashboard').waitFor();
  if (phone) {
    await page.getByTestId('sidebar-toggle').click();
    // the menu slides in: measured once it stands still
    await expect.poll(() => page.locator('.side-menu').evaluate((el) => el.getBoundingClientRect().left)).toBe(0);
  }
  return page;
}

interface LabelLook {
  text: string;
  /** Cut by the box: wider or taller than what is shown. */
  clipped: boolean;
  /** Words drawn over more than one line (broken inside the word). */
  splitWords: string[];
  /** The label's box lies inside its button's. */
  insideButton: boolean;
  lines: number;
}

/** Each first-level name as laid out. */
function labelLooks(page: Page): Promise<LabelLook[]> {
  return page.locator('.side-menu__label').evaluateAll((labels) =>
    labels.map((label) => {
      const text = label.textContent ?? '';
      const node = label.firstChild;
      const splitWords: string[] = [];
      const tops = new Set<number>();
      if (node && node.nodeType === Node.TEXT_NODE) {
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
          // a Latin word stays on one line; a Chinese name may wrap between characters, as the language does
          if (/^[\x20-\x7e]+$/.test(match[0]) && rects.length > 1) splitWords.push(match[0]);
          for (const r of rects) tops.add(Math.round(r.top));
        }
      }
      const box = label.getBoundingClientRect();
      const button = (label.closest('button') as HTMLElement).getBoundingClientRect();
      return {
        text,
        clipped: label.scrollWidth > label.clientWidth || label.scrollHeight > label.clientHeight,
        splitWords,
        insideButton: box.left >= button.left && box.right <= button.right,
        lines: tops.size,
      };
    }),
  );
}

describe('side-menu names are read whole', () => {
  it('in English on a desktop: every name on at most three lines, no word broken or cut, the panel beside the column', async () => {
    const page = await signedIn('en', DESKTOP);
    const looks = await labelLooks(page);
    expect(looks.map((l) => l.text)).toEqual(expect.arrayContaining(['Tag management', 'Product management', 'Administration', 'Medicinal products']));
    for (const look of looks) {
      expect(look, look.text).toMatchObject({ clipped: false, splitWords: [], insideButton: true });
      expect(look.lines, look.text).toBeLessThanOrEqual(3);
    }
    // the second-level panel opens right of the wider column, over none of its names
    const column = await page.locator('.side-menu__first').evaluate((el) => el.getBoundingClientRect().right);
    await page.locator('[data-testid^="menu-group-"]').first().hover();
    const panel = await page.getByTestId('menu-panel').evaluate((el) => el.getBoundingClientRect().left);
    expect(panel).toBe(column);
    await page.context().close();
  });

  it('in Chinese on a desktop: the narrow column of spec 2.5, every name on one line', async () => {
    const page = await signedIn('zh', DESKTOP);
    expect(await page.locator('.side-menu').evaluate((el) => el.getBoundingClientRect().width)).toBe(55);
    const looks = await labelLooks(page);
    expect(looks.map((l) => l.text)).toEqual(expect.arrayContaining(['标签管理', '系统管理']));
    for (const look of looks) expect(look, look.text).toMatchObject({ clipped: false, insideButton: true, lines: 1 });
    await page.context().close();
  });

  it('in English on a phone: the opened menu shows every name whole', async () => {
    const page = await signedIn('en', PHONE);
    const looks = await labelLooks(page);
    expect(looks.length).toBeGreaterThanOrEqual(6);
    for (const look of looks) expect(look, look.text).toMatchObject({ clipped: false, splitWords: [], insideButton: true });
    await page.context().close();
  });

  it('a name too long for three lines is seen as cut, and every button carries its full name as its title', async () => {
    const page = await signedIn('en', DESKTOP);
    const titles = await page.locator('[data-testid^="menu-group-"]').evaluateAll((buttons) =>
      buttons.map((b) => [b.getAttribute('title'), b.querySelector('.side-menu__label')?.textContent]),
    );
    for (const [title, text] of titles) expect(title).toBe(text);
    // a long custom name (menus can be named in the menu configuration) is cut, and the measure says so
    await page.locator('.side-menu__label').first().evaluate((el) => (el.textContent = 'A menu group whose English name goes on and on past three lines'));
    expect((await labelLooks(page))[0]?.clipped).toBe(true);
    await page.context().close();
  });
});
