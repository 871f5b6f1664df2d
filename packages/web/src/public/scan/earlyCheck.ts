import { SCAN_CODE_PARAM, SCAN_PAGE_PATH, normaliseScannedCode } from '@rd/contract/consumer';
import { checkKey, sendCheck } from './checkRequest';
import { readCachedVerdict } from './verdictCache';

/**
 * The scan page's check, started by a small inline script at the top of consumer.html (built from
 * earlyCheck.inline.ts), while the browser is still fetching the page's modules: the answer is usually back
 * by the time React has started. The page takes the request over with takeEarlyCheck instead of sending
 * its own, so the scan is still counted once.
 *
 * Nothing is sent when this tab already holds the verdict (a reload, see verdictCache) or the address
 * has no code; a link preview that runs no script sends nothing at all.
 */
interface EarlyCheck {
  key: string;
  response: Promise<Response>;
}

const SLOT = '__rdEarlyCheck';
type WithEarlyCheck = typeof globalThis & { [SLOT]?: EarlyCheck };

export function startEarlyCheck(location: Pick<Location, 'pathname' | 'search'> = window.location): void {
  if (location.pathname !== SCAN_PAGE_PATH) return;
  const code = normaliseScannedCode(new URLSearchParams(location.search).get(SCAN_CODE_PARAM) ?? '');
  if (!code || readCachedVerdict(code)) return;
  const response = sendCheck(code, undefined);
  // A failure is reported when the page takes the request over, not as an unhandled rejection now.
  response.catch(() => undefined);
  (globalThis as WithEarlyCheck)[SLOT] = { key: checkKey(code, undefined), response };
}

/** The request already under way for this question, handed over once; null when there is none. */
export function takeEarlyCheck(code: string, hiddenCode: string | undefined): Promise<Response> | null {
  const holder = globalThis as WithEarlyCheck;
  const early = holder[SLOT];
  if (!early || early.key !== checkKey(code, hiddenCode)) return null;
  delete holder[SLOT];
  return early.response;
}
