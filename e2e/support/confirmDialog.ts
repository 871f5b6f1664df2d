import type { Page } from 'playwright-core';

/**
 * Presses OK on the open confirmation dialog (antd's modal.confirm / modal.success). Scoped to that
 * dialog because the form that opened it may still be fading out with its own primary button.
 */
export async function confirmDialog(page: Page): Promise<void> {
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s?定|OK/ }).click();
}
