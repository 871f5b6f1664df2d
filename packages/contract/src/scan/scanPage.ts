/**
 * The public scan calls and pages as constants and pure rules, apart from the request schemas (zod), so the
 * consumer pages can import them without the schema library (src/consumer.ts). api/scan.ts re-exports them.
 */

export const SCAN_CHECK_PATH = '/acc/api/securityCode/check';
export const SCAN_FARMER_PATH = '/acc/api/securityCode/queryFarmer';
export const SCAN_RECORD_ADD_PATH = '/acc/api/scanCodeRecord/add';
export const WX_SIGNATURE_PATH = '/acc/api/wx/getSignature';
/** The public page a printed scan URL (or a resolved GS1 Digital Link) opens. */
export const SCAN_PAGE_PATH = '/antiCounterfeiting';
/** GET: the shapes of the codes in use (prefix, length, alphabet, check scheme), for reading typed codes. */
export const SCAN_SHAPES_PATH = '/acc/api/securityCode/codeShapes';

/** Recall levels: 1 = 一级 (class I, the most serious) … 3 = 三级 (class III). */
export const RECALL_LEVELS = [1, 2, 3] as const;
export type RecallLevel = (typeof RECALL_LEVELS)[number];

/**
 * CHECK_FAILED: the text fits the shape of codes in use but fails the check character of every one of them: a
 * typing mistake, told from the text alone (tag/typedCode.ts), not a counterfeit warning.
 */
export const SCAN_VERDICTS = ['GENUINE', 'REPEATED', 'NOT_FOUND', 'NOT_ACTIVATED', 'VOIDED', 'SECURITY_CODE_MISMATCH', 'CHECK_FAILED'] as const;
export type ScanVerdictValue = (typeof SCAN_VERDICTS)[number];

/** Client types in the order the user agent is tested (DOMAIN.md); OTHER = not a browser (curl, bots). */
export const SCAN_CLIENT_TYPES = ['WXWORK', 'WECHAT', 'DINGTALK', 'ALIPAY', 'QQ', 'QQ_BROWSER', 'BROWSER', 'OTHER'] as const;
export type ScanClientTypeValue = (typeof SCAN_CLIENT_TYPES)[number];

/** Where a scan record came from: a consumer check, a page event (scanCodeRecord/add), the staff simulator. */
export const SCAN_SOURCES = ['CHECK', 'SCAN', 'TEST'] as const;
export type ScanSource = (typeof SCAN_SOURCES)[number];

/** Longest code text accepted; longer input is answered NOT_FOUND like any unknown code. */
export const SCAN_CODE_MAX = 128;
export const HIDDEN_CODE_MAX = 8;

/**
 * A code as people type it: blanks cut, upper case (codes are printed in upper case; the code list's
 * exact match compares the same way).
 */
export function normaliseScannedCode(text: string): string {
  return text.trim().toUpperCase();
}


/** GET: the short trace of a code in force (made, packed, shipped to a region, received), public. */
export const SCAN_TRACE_PATH = '/acc/api/securityCode/queryTrace';

/** The steps a consumer's trace shows, oldest first. */
export type TraceStepKind = 'MADE' | 'PACKED' | 'SHIPPED' | 'RECEIVED' | 'RETURNED';

export interface TraceStep {
  step: TraceStepKind;
  /** ISO 8601 (UTC) */
  at: string;
  /** MADE: the batch number. */
  lot?: string;
  /** SHIPPED / RECEIVED / RETURNED: the dealer's sales area in words, at most three areas and "…". */
  region?: string;
  /** The dealer's name, unless the company keeps it private. */
  dealer?: string;
}
