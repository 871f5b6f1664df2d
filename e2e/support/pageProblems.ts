import type { Browser, BrowserContext } from 'playwright-core';

/**
 * What went wrong on the pages of the current test: uncaught exceptions and console messages of type error.
 * Every context opened through launchBrowser reports here, and the e2e setup file fails the test that saw any
 * (pageProblems.setup.ts), so a page that throws or logs an error fails its test even when the test's own
 * assertions pass.
 */
let problems: string[] = [];

/** Console errors the current test provokes on purpose, matched against "text (url)". Cleared after each test. */
let allowed: RegExp[] = [];

/**
 * Lets the current test provoke a console error that matches `pattern` (tested against the message text
 * followed by the page location in brackets), e.g. the browser's line for a call the test expects to be refused.
 * Keep the pattern narrow: the path and status of that one call.
 */
export function allowConsoleError(pattern: RegExp): void {
  allowed.push(pattern);
}

/** The browser's own console line when a call answers `status` on `path` (it names only the resource's URL). */
export function refusedCall(path: string, status: number): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`status of ${status} .*\\(https?://[^/]+${escaped}(\\?[^)]*)?\\)$`);
}

/** Adds a problem seen some other way (an error toast, a refused answer) to the current test's list. */
export function reportPageProblem(problem: string): void {
  problems.push(problem);
}

function watchContext(context: BrowserContext): void {
  context.on('weberror', (error) => problems.push(`uncaught: ${error.error().message} (${error.page()?.url() ?? ''})`));
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    const line = `${message.text()} (${message.location().url || message.page()?.url() || ''})`;
    if (allowed.some((pattern) => pattern.test(line))) return;
    problems.push(`console error: ${line}`);
  });
}

/** Makes every context of `browser` (and so every page, newPage included) report its problems here. */
export function watchBrowser(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    watchContext(context);
    return context;
  };
  return browser;
}

/** The problems seen since the last call, and the allowances cleared for the next test. */
export function takePageProblems(): string[] {
  const seen = problems;
  problems = [];
  allowed = [];
  return seen;
}
