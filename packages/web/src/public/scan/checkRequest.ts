import { SCAN_CHECK_PATH, normaliseScannedCode } from '@rd/contract/consumer';
import { apiUrl } from '../apiUrl';

/**
 * The check request itself, the one call that counts a consumer scan. Kept apart from the client so the
 * scan page's inline start-up script (earlyCheck) can send it with a few hundred bytes of code, before the
 * page's modules have arrived; the page then reads the answer through the client (scanApi.checkCode).
 */
export function sendCheck(code: string, hiddenCode: string | undefined): Promise<Response> {
  return fetch(apiUrl(SCAN_CHECK_PATH, { code: normaliseScannedCode(code), hiddenCode }), { headers: { accept: 'application/json' } });
}

/** One question: the same code with the same scratch-off digits. */
export function checkKey(code: string, hiddenCode: string | undefined): string {
  return `${normaliseScannedCode(code)}\u0000${hiddenCode ?? ''}`;
}
