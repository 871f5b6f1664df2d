import { SCAN_RECORD_ADD_PATH, WX_SIGNATURE_PATH } from '@rd/contract/consumer';
import type { ScanCheckResult, ScanRecordAddResult, WxSignature } from '@rd/contract';
import { answerOf, apiGet, apiPost } from '../api';
import { sendCheck } from './checkRequest';
import { takeEarlyCheck } from './earlyCheck';

/**
 * A check counts a consumer scan on the server, so it is sent once: the request the page's start-up script
 * already made is taken over when there is one, and nothing is ever retried automatically.
 */
export function checkCode(code: string, hiddenCode?: string): Promise<ScanCheckResult> {
  const digits = hiddenCode || undefined;
  return answerOf<ScanCheckResult>(takeEarlyCheck(code, digits) ?? sendCheck(code, digits));
}

/** Adds the browser's position to the record the check wrote (the check's one-time scanToken). */
export function attachPosition(scanToken: string, lat: number, lng: number): Promise<ScanRecordAddResult> {
  return apiPost<ScanRecordAddResult>(SCAN_RECORD_ADD_PATH, { scanToken, lat, lng });
}

/** The JS-SDK signature of `url` (the page's own address without the fragment). */
export function fetchWxSignature(url: string): Promise<WxSignature> {
  return apiGet<WxSignature>(WX_SIGNATURE_PATH, { url });
}
