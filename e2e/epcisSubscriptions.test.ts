import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TOKEN_HEADER } from '@rd/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { settledPassword } from './support/demoApi.js';
import { allowConsoleError, refusedCall } from './support/pageProblems.js';
import { startServer, type RunningServer } from './support/server.js';

const QUERY = 'e2e-receiving';
const TOKEN = 'e2e-signing-secret';

/** A partner's webhook on this machine that refuses every delivery (503), keeping what it was sent. */
interface Delivery {
  signature: string;
  body: string;
}
let server: RunningServer;
let browser: Browser;
let hook: http.Server;
let hookUrl = '';
const deliveries: Delivery[] = [];
let demoPasswordText = '';

beforeAll(async () => {
  hook = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += String(chunk)));
    request.on('end', () => {
      deliveries.push({ signature: String(request.headers['gs1-signature'] ?? ''), body });
      response.writeHead(503).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/epcis`;
  // the webhook is on this machine: the server is let post to local addresses
  server = await startServer({ SEED_DEMO: 'true', ADMIN_PASSWORD: 'Admin-E2E-Pass-1', WEBHOOK_PRIVATE_ADDRESSES: 'allow', WEBHOOK_POLL_MS: '100' });
  demoPasswordText = await settledPassword(server);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => hook?.close(resolve));
});

/** A receiving event of a partner's own item, captured through the EPCIS interface with the demo user's session. */
async function captureReceiving(token: string): Promise<void> {
  const now = new Date().toISOString();
  const response = await fetch(`${server.baseUrl}/acc/epcis/capture`, {
    method: 'POST',
    headers: { 'content-type': 'application/ld+json', [TOKEN_HEADER]: token },
    body: JSON.stringify({
      '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
      type: 'EPCISDocument',
      schemaVersion: '2.0',
      creationDate: now,
      epcisBody: {
        eventList: [
          { type: 'ObjectEvent', eventTime: now, eventTimeZoneOffset: '+08:00', epcList: ['urn:epc:id:sgtin:6901234.000001.4711'], action: 'OBSERVE', bizStep: 'receiving', disposition: 'in_progress' },
        ],
      },
    }),
  });
  expect(response.status).toBe(202);
}

describe('saved queries and their subscriptions in Chromium', () => {
  it('saves the search as a query, subscribes a webhook to it and shows the failing delivery as a warning (Chinese)', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${server.baseUrl}/loginPage`);
    await page.getByTestId('login-username').fill('demo');
    await page.getByTestId('login-password').fill(demoPasswordText);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/dashboard/dashboard');
    await page.goto(`${server.baseUrl}/accPortal/enterprise/supplyChain/epcisEvent`);

    // the search: received items; saved under a name, as the binding's parameters
    await page.locator('.ant-form-item').filter({ hasText: '业务步骤' }).locator('.ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: /^收货$/ }).click();
    await page.getByTestId('epcis-save-query').click();
    const saveForm = page.getByTestId('save-query-form');
    expect(await saveForm.getByTestId('save-query-parameters').textContent()).toBe('业务步骤：收货');
    await saveForm.getByTestId('save-query-name').fill('收货 查询');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await saveForm.getByText('查询名称为 1 至 100 位字母、数字或 _ . ~ -').waitFor();
    await saveForm.getByTestId('save-query-name').fill(QUERY);
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByText(`已保存查询“${QUERY}”`).waitFor();
    await saveForm.waitFor({ state: 'detached' });

    // the saved queries: its filters in words, its subscriptions one click away
    await page.getByTestId('epcis-saved-queries').click();
    const card = page.getByTestId(`saved-query-${QUERY}`);
    await card.getByText('业务步骤：收货').waitFor();
    await card.getByTestId(`saved-query-subscriptions-${QUERY}`).click();
    const drawer = page.getByTestId('subscriptions-drawer');
    await drawer.getByText('该查询还没有订阅').waitFor();

    // a schedule the server cannot read is refused under the schedule, as the server names it
    await drawer.getByTestId('subscription-add').click();
    const form = page.getByTestId('subscription-form');
    await form.getByTestId('subscription-dest').fill(hookUrl);
    await form.getByTestId('subscription-token').fill(TOKEN);
    await form.getByTestId('subscription-mode-schedule').click();
    await form.getByTestId('subscription-schedule-kind').getByText('高级').click();
    await form.getByTestId('subscription-cron-hour').fill('25');
    allowConsoleError(refusedCall(`/acc/epcis/queries/${QUERY}/subscriptions`, 400));
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    const scheduleItem = page.locator('.ant-form-item').filter({ has: page.getByTestId('subscription-schedule-kind') });
    await scheduleItem.getByText(/计划的写法与 cron 相同/).waitFor();

    // as events come, then: listed with its address
    await form.getByTestId('subscription-mode-stream').click();
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByText('订阅已创建').waitFor();
    const item = drawer.getByTestId('subscription-item');
    await item.getByText(hookUrl).waitFor();
    expect(await item.textContent()).toContain('实时推送');
    expect(await item.textContent()).toContain('尚未推送');

    // a receiving event comes; the partner's webhook answers 503: the delivery was signed with the token
    // (the page's own session token, from its tab's storage)
    await captureReceiving(await page.evaluate(() => sessionStorage.getItem('token') ?? ''));
    await expect.poll(() => deliveries.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const delivery = deliveries[0] as Delivery;
    expect(delivery.signature).toBe(`sha256=${createHmac('sha256', TOKEN).update(delivery.body, 'utf8').digest('hex')}`);
    expect(delivery.body).toContain('urn:epc:id:sgtin:6901234.000001.4711');

    // the list says the last delivery failed and why, as a warning
    const warning = item.getByTestId('subscription-last-error');
    await expect
      .poll(
        async () => {
          await drawer.getByTestId('subscriptions-refresh').click();
          return warning.count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(await warning.textContent()).toContain('HTTP 503');
    const look = await warning.evaluate((el) => {
      const icon = el.querySelector('.ant-alert-icon') as HTMLElement;
      return { background: getComputedStyle(el).backgroundColor, border: getComputedStyle(el).borderTopColor, icon: getComputedStyle(icon).color };
    });
    // antd's warning colours: a pale yellow box, a gold border and icon
    expect(look).toEqual({ background: 'rgb(255, 251, 230)', border: 'rgb(255, 229, 143)', icon: 'rgb(250, 173, 20)' });

    // at phone width the drawer takes the screen and nothing runs off it
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(async () => (await drawer.locator('.ant-drawer-section').boundingBox())?.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.context().close();
  });
});

