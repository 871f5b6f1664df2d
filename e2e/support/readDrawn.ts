import type { Locator } from 'playwright-core';

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
