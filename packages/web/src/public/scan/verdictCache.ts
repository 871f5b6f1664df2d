import { normaliseScannedCode } from '@rd/contract/consumer';
import type { ScanCheckResult } from '@rd/contract';

/**
 * Each check counts a consumer scan. Reloading the result page (or coming back to it in the same tab)
 * must not count again, so the answer is kept in sessionStorage for this tab, keyed by the code, and
 * shown from there. A new tab — a new scan of the label — checks again, as it should. The one-time
 * scanToken is dropped once used so a restored answer never offers to send the position twice.
 *
 * Answers that ask for the hidden code (or say it was wrong) are not kept: the person has to type it.
 */
const KEY_PREFIX = 'rd-scan-verdict:';
/** A tab rarely checks more than a few codes; older ones are dropped so storage stays small. */
const KEEP_AT_MOST = 5;
const ORDER_KEY = `${KEY_PREFIX}order`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Private modes of some in-app browsers refuse storage: the page then simply checks again.
    return null;
  }
}

function keyOf(code: string): string {
  return KEY_PREFIX + normaliseScannedCode(code);
}

export function isCacheable(result: ScanCheckResult): boolean {
  return !result.needsHiddenCode && result.verdict !== 'SECURITY_CODE_MISMATCH';
}

export function readCachedVerdict(code: string): ScanCheckResult | null {
  const raw = storage()?.getItem(keyOf(code));
  if (!raw) return null;
  try {
    return JSON.parse(raw) as ScanCheckResult;
  } catch {
    return null;
  }
}

/**
 * Keeps `result` under the code as it was asked (`asked`, the code of the page's address), which is what a
 * reload looks up: the server answers with the code as it read it (blanks and hyphens left out, a Crockford O
 * read as 0), which may differ from the text asked about.
 */
export function cacheVerdict(result: ScanCheckResult, asked: string = result.code): void {
  const store = storage();
  if (!store || !isCacheable(result)) return;
  const key = keyOf(asked);
  const order = readOrder(store).filter((k) => k !== key);
  order.push(key);
  while (order.length > KEEP_AT_MOST) store.removeItem(order.shift()!);
  try {
    store.setItem(key, JSON.stringify(result));
    store.setItem(ORDER_KEY, JSON.stringify(order));
  } catch {
    // Storage full: the answer is still shown, only a reload would check again.
  }
}

/** The position was sent (or refused): the token must not be offered again after a reload. */
export function forgetScanToken(code: string): void {
  const cached = readCachedVerdict(code);
  if (cached?.scanToken) cacheVerdict({ ...cached, scanToken: null }, code);
}

function readOrder(store: Storage): string[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(ORDER_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}
