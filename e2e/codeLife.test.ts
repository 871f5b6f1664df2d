import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { callApi, generatedCodes, settledPassword } from './support/demoApi.js';
import { startServer, type RunningServer } from './support/server.js';

/** Voiding codes in bulk from an uploaded list, and a code's page linking to its product, batch and box. */

const TAGS = '/accPortal/enterprise/tagMg';
let server: RunningServer;
let browser: Browser;
let password = '';
let token = '';
let product = { id: '', name: '' };
let batch = { id: '', batchNo: '' };
let items: Array<{ id: string; code: string }> = [];
let box = { id: '', code: '' };

const api = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => callApi<T>(server, token, method, url, body);

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'true', ADMIN_PASSWORD: 'Admin-E2E-Pass-1', JOB_POLL_MS: '200' });
  password = await settledPassword(server);
  const login = await fetch(`${server.baseUrl}/acc/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password }),
  });
  token = ((await login.json()) as { data: { token: string } }).data.token;
  const [firstBatch] = await api<Array<{ id: string; productId: string; batchNo: string }>>('POST', '/acc/api/productBatch/list', {});
  if (!firstBatch) throw new Error('the demo company has no batch');
  batch = { id: firstBatch.id, batchNo: firstBatch.batchNo };
  const products = await api<Array<{ id: string; name: string }>>('POST', '/acc/api/product/list', {});
  product = products.find((p) => p.id === firstBatch.productId) ?? product;
  items = await generatedCodes(server, token, 'ITEM', 6, { productId: product.id, batchId: batch.id });
  [box = box] = await generatedCodes(server, token, 'BOX', 1);
  // packed items are in force (packing refuses the others)
  await api('POST', '/acc/api/code/activate', { ids: [items[5]?.id] });
  await api('POST', '/acc/api/boxCodeRelation/bind', { boxCode: box.code, itemCodes: [items[5]?.code] });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function portalPage(): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(`${server.baseUrl}/loginPage`);
  await page.getByTestId('login-username').fill('demo');
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/dashboard/dashboard');
  return page;
}

async function upload(page: Page, name: string, text: string) {
  await page.locator('.ant-modal .ant-upload input[type=file]').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
}

async function statusOf(id: string) {
  return (await api<{ status: string; voidReason: string }>('GET', `/acc/api/code/getById?id=${id}`)).status;
}

describe('code life in Chromium', () => {
  it('voids the codes of an uploaded list after a preview; a list with an unknown code cannot be confirmed', async () => {
    const page = await portalPage();
    await page.goto(`${server.baseUrl}${TAGS}/tagDetail`);
    await page.getByTestId('code-bulk-void').click();
    await page.locator('.ant-modal').getByText('按上传清单').click();

    // three of ours and one that does not exist: the preview says so, and OK stays disabled
    const listed = items.slice(0, 3).map((c) => c.code);
    await upload(page, 'codes.txt', `${listed.join('\n')}\nNOSUCHCODE0000\n`);
    await expect.poll(() => page.getByTestId('bulk-codes-count').textContent()).toContain('4');
    await page.getByTestId('bulk-reason').fill('整卷标签印刷错误');
    await page.getByTestId('bulk-preview').click();
    await expect.poll(() => page.getByTestId('bulk-not-found').textContent()).toBe('1');
    expect(await page.getByTestId('bulk-will-change').textContent()).toBe('3');
    expect(await page.getByTestId('bulk-unknown').textContent()).toContain('NOSUCHCODE0000');
    const ok = page.locator('.ant-modal-footer .ant-btn-primary');
    expect(await ok.isDisabled()).toBe(true);

    // the corrected list (a CSV with a header, as the portal's downloads are) can be confirmed
    await upload(page, 'codes.csv', `code,url\n${listed.map((c) => `${c},https://example.cn`).join('\n')}\n`);
    await expect.poll(() => page.getByTestId('bulk-codes-count').textContent()).toContain('3');
    expect(await page.getByTestId('bulk-preview-result').count()).toBe(0);
    await page.getByTestId('bulk-preview').click();
    await expect.poll(() => page.getByTestId('bulk-will-change').textContent()).toBe('3');
    expect(await page.getByTestId('bulk-not-found').textContent()).toBe('0');
    await ok.click();
    await page.locator('.ant-message').getByText('已作废 3 个标签').waitFor();
    for (const c of items.slice(0, 3)) expect(await statusOf(c.id)).toBe('VOIDED');
    expect(await statusOf(items[3]?.id as string)).toBe('NOT_ACTIVATED');
  });

  it('a code’s page names its product, batch and box, each a link to its screen', async () => {
    const page = await portalPage();
    const item = items[5] as { id: string; code: string };
    await page.goto(`${server.baseUrl}${TAGS}/tagOfDetail?id=${item.id}`);
    const productLink = page.getByTestId('code-product');
    await expect.poll(() => productLink.textContent()).toBe(product.name);
    expect(await productLink.getAttribute('href')).toContain(`productDetail?id=${product.id}`);
    expect(await page.getByTestId('code-batch').textContent()).toBe(batch.batchNo);
    expect(await page.getByTestId('code-box').textContent()).toBe(box.code);
    expect(await page.getByTestId('code-dealer').count()).toBe(0);

    // the box opens the box code's own page
    await page.getByTestId('code-box').click();
    await page.waitForURL((u) => u.pathname.endsWith('/tagOfDetail') && u.searchParams.get('id') === box.id);
    await expect.poll(() => page.getByTestId('code-detail').textContent()).toContain(box.code);

    // the batch opens the batch screen with that batch's drawer
    await page.goto(`${server.baseUrl}${TAGS}/tagOfDetail?id=${item.id}`);
    await page.getByTestId('code-batch').click();
    await page.waitForURL((u) => u.pathname.endsWith('/productBatch') && u.searchParams.get('id') === batch.id);
    await page.locator('.ant-drawer').getByText('编辑批次').waitFor();

    // the product opens the product's page
    await page.goto(`${server.baseUrl}${TAGS}/tagOfDetail?id=${item.id}`);
    await page.getByTestId('code-product').click();
    await page.waitForURL((u) => u.pathname.endsWith('/productDetail') && u.searchParams.get('id') === product.id);
  });
});
