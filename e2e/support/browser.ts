import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { watchBrowser } from './pageProblems.js';

/** Debian's headless shell of Chromium when installed (lighter: no desktop browser around the engine), else Chromium. */
const DEBIAN_CHROMIUM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ?? '/usr/bin/chromium';

/**
 * Debian's Chromium (CHROMIUM_PATH, else DEBIAN_CHROMIUM), headless, with a fresh profile (Playwright makes one
 * per launch) and no background traffic: the machine's network is closed and Chromium would otherwise keep
 * trying to reach out.
 * Its pages report uncaught errors and console errors to the running test (pageProblems.ts).
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
  return watchBrowser(browser);
}
