import { SCAN_CODE_PARAM, SCAN_PAGE_PATH, normaliseScannedCode } from '@rd/contract/consumer';
import type { ScanCheckResult } from '@rd/contract';
import { isAnswered } from '../../api/envelope';
import { checkKey, sendCheck } from './checkRequest';
import { readCachedVerdict } from './verdictCache';

/**
 * The scan page's check, started by a small inline script at the top of consumer.html (built from
 * earlyCheck.inline.ts), while the browser is still fetching the page's modules: the answer is usually back
 * long before React has started. When it is, the inline script draws the verdict at once (earlyVerdict.ts)
 * and the page starts from that answer (takeEarlyVerdict); when React is first, the page takes the request
 * over with takeEarlyCheck instead of sending its own. Either way the scan is counted once.
 *
 * Nothing is sent when this tab already holds the verdict (a reload, see verdictCache) or the address
 * has no code; a link preview that runs no script sends nothing at all.
 */
/** A tap on the drawn position prompt's buttons, before the page could answer it. */
export type GeoTap = 'allow' | 'deny';

interface EarlyCheck {
  key: string;
  response: Promise<Response>;
  /** The answer, once the inline script has drawn it. */
  drawn?: ScanCheckResult;
  geoTap?: GeoTap;
}

/** What the page starts from when the inline script has drawn the answer. */
export interface EarlyVerdict {
  result: ScanCheckResult;
  geoTap?: GeoTap;
}

const SLOT = '__rdEarlyCheck';
type WithEarlyCheck = typeof globalThis & { [SLOT]?: EarlyCheck };

/** Draws an answer into the page's still empty root, before React; taps on its position prompt go to `onGeoTap`. */
export type EarlyPainter = (root: HTMLElement, result: ScanCheckResult, onGeoTap: (tap: GeoTap) => void) => void;

/**
 * Sends the check when the address is a scan of a code this tab has no verdict for. Returns null when nothing
 * was sent, else whether `paint` drew the answer (false for failures and answers left to the page).
 */
export function startEarlyCheck(location: Pick<Location, 'pathname' | 'search'> = window.location, paint?: EarlyPainter): Promise<boolean> | null {
  if (location.pathname !== SCAN_PAGE_PATH) return null;
  const code = normaliseScannedCode(new URLSearchParams(location.search).get(SCAN_CODE_PARAM) ?? '');
  if (!code || readCachedVerdict(code)) return null;
  const response = sendCheck(code, undefined);
  // A failure is reported when the page takes the request over, not as an unhandled rejection now.
  response.catch(() => undefined);
  const early: EarlyCheck = { key: checkKey(code, undefined), response };
  (globalThis as WithEarlyCheck)[SLOT] = early;
  if (!paint) return Promise.resolve(false);
  return response.then((answer) => drawWhenFirst(early, answer, paint)).catch(() => false);
}

/**
 * Draws the answer if the page has not started yet: the request is still here (not taken over) and the root
 * is empty (React has drawn nothing). Failures, refusals and requests for the scratch-off digits are left to
 * the page, which words them. The body is read from a copy, so the page can still read the answer itself.
 */
async function drawWhenFirst(early: EarlyCheck, answer: Response, paint: EarlyPainter): Promise<boolean> {
  const body: unknown = await answer.clone().json();
  const root = document.getElementById('root');
  if ((globalThis as WithEarlyCheck)[SLOT] !== early || !root || root.hasChildNodes()) return false;
  if (!isAnswered(body)) return false;
  const result = body.data as ScanCheckResult;
  if (result.needsHiddenCode) return false;
  paint(root, result, (tap) => (early.geoTap = tap));
  early.drawn = result;
  return true;
}

/** Answers the page has started from, by question: React may ask twice for one render (StrictMode). */
const takenVerdicts = new Map<string, EarlyVerdict>();

/** The answer the inline script has already drawn for this question, for the page to start from; else null. */
export function takeEarlyVerdict(code: string): EarlyVerdict | null {
  const key = checkKey(code, undefined);
  const holder = globalThis as WithEarlyCheck;
  const early = holder[SLOT];
  if (early?.key === key && early.drawn) {
    delete holder[SLOT];
    takenVerdicts.set(key, { result: early.drawn, ...(early.geoTap ? { geoTap: early.geoTap } : {}) });
  }
  return takenVerdicts.get(key) ?? null;
}

/** The request already under way for this question, handed over once; null when there is none. */
export function takeEarlyCheck(code: string, hiddenCode: string | undefined): Promise<Response> | null {
  const holder = globalThis as WithEarlyCheck;
  const early = holder[SLOT];
  if (!early || early.key !== checkKey(code, hiddenCode)) return null;
  delete holder[SLOT];
  return early.response;
}
