import type { Locator, Page } from 'playwright-core';

/**
 * Reads what `read` answers of the element `locator` finds. A scan page's document draws the verdict first and
 * React then puts its own elements in their place: an element replaced between being found and being read has
 * no style any more (`read` answers null for it, checking `isConnected`), and is read again.
 */
export async function readDrawn<T>(locator: Locator, read: () => Promise<T | null>): Promise<T> {
  for (;;) {
    await locator.waitFor();
    const value = await read();
    if (value !== null) return value;
  }
}

/**
 * Waits until every stylesheet the document links is in. They block the first paint, not the document's inline
 * script: a verdict it draws as the check answers may be in the page before them, styled only once they are, and
 * a person sees it styled from the start. Its computed style is read after this.
 */
export async function stylesheetsLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every((link) => link.sheet !== null));
}
