import {
  SCAN_CHECK_PATH,
  SCAN_RECORD_ADD_PATH,
  SCAN_SIMULATE_PATH,
  WX_SIGNATURE_PATH,
  type ScanCheckResult,
  type ScanRecordAddResult,
  type ScanSimulateBody,
  type ScanSimulateResult,
  type WxSignature,
} from '@rd/contract';
import { apiGet, apiPost, type ApiConfig } from '../../../api/http';

/**
 * A check counts a consumer scan on the server, so it is never sent twice: no automatic retry (the
 * app's GET retries would re-count after a lost answer), no overlay (the page shows its own progress)
 * and no toast (the page shows the failure where the verdict would be).
 */
const COUNTED_CALL: ApiConfig = { silent: true, showError: false, 'axios-retry': { retries: 0 } };

export function checkCode(code: string, hiddenCode?: string): Promise<ScanCheckResult> {
  return apiGet<ScanCheckResult>(SCAN_CHECK_PATH, { code, hiddenCode: hiddenCode || undefined }, COUNTED_CALL);
}

/** Adds the browser's position to the record the check wrote (the check's one-time scanToken). */
export function attachPosition(scanToken: string, lat: number, lng: number): Promise<ScanRecordAddResult> {
  return apiPost<ScanRecordAddResult>(SCAN_RECORD_ADD_PATH, { scanToken, lat, lng }, { silent: true, showError: false });
}

/** The JS-SDK signature of `url` (the page's own address without the fragment). */
export function fetchWxSignature(url: string): Promise<WxSignature> {
  return apiGet<WxSignature>(WX_SIGNATURE_PATH, { url }, { silent: true, showError: false });
}

/** The staff simulator: the verdict for a chosen IP and client, recorded as TEST and never counted. */
export function simulateScan(body: ScanSimulateBody): Promise<ScanSimulateResult> {
  return apiPost<ScanSimulateResult>(SCAN_SIMULATE_PATH, body, { silent: true, showError: false });
}
