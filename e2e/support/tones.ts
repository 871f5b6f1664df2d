import type { Page } from 'playwright-core';

/** Counts the tones the page plays (a refusal's beep), from the page's first script on. */
export async function countTones(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { tones: number };
    counted.tones = 0;
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      counted.tones += 1;
      return create.call(this);
    };
  });
}

/** How many tones the page has played since countTones. */
export const tonesPlayed = (page: Page) => page.evaluate(() => (window as unknown as { tones?: number }).tones ?? 0);
