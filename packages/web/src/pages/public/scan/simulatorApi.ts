import { SCAN_SIMULATE_PATH, type ScanSimulateBody, type ScanSimulateResult } from '@rd/contract';
import { apiPost } from '../../../api/http';

/** The staff simulator: the verdict for a chosen IP and client, recorded as TEST and never counted. */
export function simulateScan(body: ScanSimulateBody): Promise<ScanSimulateResult> {
  return apiPost<ScanSimulateResult>(SCAN_SIMULATE_PATH, body, { silent: true, showError: false });
}
