import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { allowConsoleError, takePageProblems } from './support/pageProblems.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('pages of a browser test report their errors to it', () => {
  it('records an uncaught exception and a console error of any page, from newPage or newContext', async () => {
    const page = await browser.newPage();
    await page.setContent('<script>console.error("logged on purpose"); setTimeout(() => { throw new Error("thrown on purpose"); });</script>');
    const other = await (await browser.newContext()).newPage();
    await other.setContent('<script>console.warn("only a warning"); console.error("second page");</script>');
    await page.waitForTimeout(200);
    const seen = takePageProblems();
    expect(seen.some((p) => p.startsWith('console error: logged on purpose'))).toBe(true);
    expect(seen.some((p) => p.startsWith('uncaught: thrown on purpose'))).toBe(true);
    expect(seen.some((p) => p.startsWith('console error: second page'))).toBe(true);
    expect(seen.some((p) => p.includes('only a warning'))).toBe(false);
    await page.context().close();
    await other.context().close();
  });

  it('lets a test allow one narrow console error, for that test only', async () => {
    const page = await browser.newPage();
    allowConsoleError(/^expected by this test /);
    await page.setContent('<script>console.error("expected by this test"); console.error("not expected");</script>');
    await page.waitForTimeout(100);
    expect(takePageProblems().map((p) => p.split(' (')[0])).toEqual(['console error: not expected']);
    // the allowance went with the test's problems
    await page.setContent('<script>console.error("expected by this test")</script>');
    await page.waitForTimeout(100);
    expect(takePageProblems()).toHaveLength(1);
    await page.context().close();
  });
});
