import type { Locator, Page } from 'playwright-core';

const OK = /确\s?定|OK/;

/**
 * Waits until no antd dialog is zooming in or out. Playwright takes a box that held still for two
 * frames as settled, and rc-motion's "prepare" frames show the dialog at rest before the zoom starts:
 * on a loaded machine a click aimed then lands beside the button, and the dialog stays open.
 */
export async function dialogsAtRest(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.ant-modal[class*="ant-zoom-"]'));
}

/**
 * Presses OK in `dialog` once it is there and at rest, and waits until it has gone. Waiting for it to
 * appear comes first: a dialog opened by an answer still on its way is not zooming yet, so "at rest"
 * would hold before it exists.
 */
async function pressOk(page: Page, dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await dialogsAtRest(page);
  await dialog.getByRole('button', { name: OK }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Presses OK on the open confirmation dialog (antd's modal.confirm / modal.success). Scoped to that
 * dialog because the form that opened it may still be fading out with its own primary button.
 */
export async function confirmDialog(page: Page): Promise<void> {
  await pressOk(page, page.locator('.ant-modal-confirm'));
}

/** Presses OK in the one open dialog and waits until it has gone. */
export async function closeDialog(page: Page): Promise<void> {
  await pressOk(page, page.locator('.ant-modal-wrap'));
}
