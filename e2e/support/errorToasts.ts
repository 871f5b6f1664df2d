import type { BrowserContext } from 'playwright-core';
import { reportPageProblem } from './pageProblems.js';

/**
 * Reports every antd error message or error notification shown on the pages of `context` to the running
 * test as a problem, with its text: a refusal the user sees is as much a failure as an uncaught error.
 */
export async function reportErrorToasts(context: BrowserContext, label: string): Promise<void> {
  await context.exposeBinding('reportErrorToast', (_source, text: string) => reportPageProblem(`${label} error toast: ${text}`));
  await context.addInitScript(() => {
    const reported = new WeakSet<Element>();
    const look = () => {
      for (const element of Array.from(document.querySelectorAll('.ant-message-error, .ant-message-notice-icon-error, .ant-notification-notice-error'))) {
        const notice = element.closest('.ant-message-notice, .ant-notification-notice') ?? element;
        if (reported.has(notice)) continue;
        reported.add(notice);
        (window as unknown as { reportErrorToast: (text: string) => void }).reportErrorToast(notice.textContent ?? '');
      }
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true });
  });
}

/** Answers that mean the signed-in user was shown something they may not use. */
const REFUSALS = new Set(['ACCESS_DENIED_ERROR', 'COMPANY_REQUIRED', 'NO_LOGIN_ERROR', 'JWT_VERIFY_FAILED']);

/** Reports every API answer of `context` that refuses the signed-in user (by its envelope's code). */
export function reportRefusals(context: BrowserContext, label: string): void {
  context.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/acc/') || !(response.headers()['content-type'] ?? '').includes('application/json')) return;
    response
      .json()
      .then((envelope: { code?: string; msg?: string }) => {
        if (envelope.code && REFUSALS.has(envelope.code)) reportPageProblem(`${label} refused: ${url.pathname} ${envelope.code} ${envelope.msg ?? ''}`);
      })
      .catch(() => undefined); // a body the page never read (navigation away)
  });
}
