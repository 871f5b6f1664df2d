import { readTypedCode, SCAN_CODE_MAX, type ScanCheckResult, type ScanRecall } from '@rd/contract';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Config } from '../../platform/config.js';
import type { DB } from '../../platform/db/schema.js';
import { placeText } from '../../platform/geo/ipRegion.js';
import { areaCodeOfText, cityCodeOf } from '@rd/contract/areas';
import { placeLabel } from '@rd/contract/places';
import { writeCheckFailedRecord } from './checkFailedRecord.js';
import { runCheckStatement, type CheckInput, type CheckRow } from './checkStatement.js';
import type { ShapesInUse } from './codeShapes.js';
import type { ActiveRecalls } from './activeRecalls.js';
import { expiredOn } from './expiry.js';
import { hiddenCodeState } from './hiddenCodeLookup.js';
import type { AnswerParts, AnswerPartsSource } from './answerParts.js';
import { batchAnswer, companyAnswer, growerAnswer, productAnswer } from './publicAnswer.js';
import type { ScanContext } from './scanContext.js';
import { newTokenSecret, scanToken } from './scanToken.js';

export interface CheckRequest {
  code: string;
  hiddenCode?: string | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
}

/** What the check reads besides the statement: the database, the answer parts and the shapes of codes in use (each kept a while). */
export interface CheckSources {
  db: Kysely<DB>;
  pool: pg.Pool | null;
  answers: AnswerPartsSource;
  shapes: () => Promise<ShapesInUse>;
  recalls: ActiveRecalls;
  /** Today in the business time zone (expiry.ts). */
  today: () => string;
}

/**
 * A consumer's check. The typed text is first read in the shapes of the codes in use (typedCode.ts): a text
 * that fits some and fails the check character of each is a typing mistake, answered CHECK_FAILED and recorded
 * without looking anything up. Otherwise one statement; a check that gives a hidden code takes two (the first
 * reads the company's secret and writes nothing, the second records the verdict the digits earn). See
 * checkStatement.ts for the counting and the suspicious rule. `at` dates the check in the past (the demo
 * season, seed/demoScans.ts); no route passes it, so a consumer's check is always dated by the database.
 */
export async function checkCode(
  { db, pool, answers, shapes, recalls, today }: CheckSources,
  config: Pick<Config, 'scanSuspiciousProvinces' | 'scanSuspiciousWindowMinutes'>,
  request: CheckRequest,
  context: ScanContext,
  options: { simulate?: { companyId: string | null }; at?: Date } = {},
): Promise<CheckedCode> {
  const typed = request.code.trim().slice(0, SCAN_CODE_MAX);
  const inUse = await shapes();
  const reading = readTypedCode(inUse.shapes, typed);
  const code = reading.kind === 'CHECK_FAILED' ? typed.toUpperCase() : reading.code;
  const given = request.hiddenCode?.trim() ?? '';
  const attachToken = newTokenSecret();
  const input: CheckInput = {
    code,
    codeText: typed,
    recallCompanies: await recalls.companies(),
    // no promise for the usual check, which gives no hidden code
    hidden: given === '' || reading.kind === 'CHECK_FAILED' ? 'NONE' : await hiddenCodeState(db, code, given, options.simulate?.companyId ?? null),
    ip: context.place.ip,
    country: context.place.country,
    province: context.place.province,
    city: context.place.city,
    isp: context.place.isp,
    areaCode: context.place.areaCode,
    cityCode: cityCodeOf(context.place.areaCode, context.place.city),
    regionKey: context.regionKey,
    clientType: context.clientType,
    os: context.os,
    userAgent: context.userAgent,
    latitude: request.lat ?? null,
    longitude: request.lng ?? null,
    attachToken,
    suspiciousWindowSeconds: config.scanSuspiciousWindowMinutes * 60,
    suspiciousProvinces: config.scanSuspiciousProvinces,
    at: options.at?.toISOString() ?? null,
  };
  if (reading.kind === 'CHECK_FAILED') {
    const recordId = await writeCheckFailedRecord(db, input, inUse.soleCompanyOf(typed), options);
    return { code, row: checkFailedRow(recordId), parts: NO_PARTS, recall: null, expiredOn: null, token: options.simulate ? null : scanToken(recordId, attachToken) };
  }
  const row = await runCheckStatement(db, pool, input, options);
  const token = options.simulate ? null : scanToken(row.record_id, attachToken);
  const shown = partsShown(row);
  const parts = shown === 'NONE' ? NO_PARTS : await answers.parts(row.company_id as string, row.product_id, row.batch_id);
  // every check of a recalled item that was found tells the recall, above whatever verdict it earns
  const recall = shown !== 'NONE' && row.recall_id ? await recalls.recall(row.recall_id) : null;
  // told with a counted verdict, as the batch is
  const expired = shown === 'ALL' && parts.batch ? expiredOn(parts.batch.expiry_date, today()) : null;
  return { code, row, parts, recall, expiredOn: expired, token };
}

/** A check's outcome before it is written as an answer (answerOf, or answerText for the public route). */
export interface CheckedCode {
  code: string;
  row: CheckRow;
  parts: AnswerParts;
  /** The active recall the item is in, told with the verdict; null when none or nothing is told. */
  recall: ScanRecall | null;
  /** The batch's expiry date when it has passed, told with a counted verdict; null otherwise. */
  expiredOn: string | null;
  token: string | null;
}

const NO_PARTS: AnswerParts = { product: null, batch: null, grower: null, company: null };

/** A typing mistake's row: nothing was looked up, so nothing of a code is known. */
function checkFailedRow(recordId: string): CheckRow {
  return {
    company_id: null, product_id: null, batch_id: null, hidden_length: null, repeat_threshold: null, record_id: recordId,
    verdict: 'CHECK_FAILED', scan_count: null, first_scan_at: null, first_country: null, first_province: null, first_city: null,
    suspicious: false, recall_id: null,
  };
}

/** What the answer tells besides the verdict: everything for counted checks, the company for codes not in force, nothing for unknown codes and wrong hidden codes. */
export type PartsShown = 'ALL' | 'COMPANY' | 'NONE';

export function partsShown(row: CheckRow): PartsShown {
  const verdict = row.verdict ?? 'NOT_FOUND';
  if (row.company_id === null || verdict === 'NOT_FOUND' || verdict === 'SECURITY_CODE_MISMATCH' || verdict === 'CHECK_FAILED') return 'NONE';
  return verdict === 'GENUINE' || verdict === 'REPEATED' ? 'ALL' : 'COMPANY';
}

/** The answer without its parts (product, batch, grower, company). */
export type VerdictAnswer = Omit<ScanCheckResult, 'product' | 'batch' | 'grower' | 'company'>;

export function verdictAnswer({ code, row, recall, expiredOn: expired, token }: CheckedCode): VerdictAnswer {
  const verdict = row.verdict ?? 'NOT_FOUND';
  const counted = verdict === 'GENUINE' || verdict === 'REPEATED';
  const firstPlace = { country: row.first_country ?? '', province: row.first_province ?? '', city: row.first_city ?? '' };
  return {
    verdict,
    code,
    needsHiddenCode: verdict === 'SECURITY_CODE_MISMATCH',
    hiddenCodeLength: verdict === 'NOT_FOUND' ? 0 : (row.hidden_length ?? 0),
    scanCount: counted ? (row.scan_count ?? 0) : 0,
    firstScanAt: counted ? row.first_scan_at : null,
    firstScanPlace: counted ? placeText(firstPlace) : '',
    // both languages: the check does not know the page's, and the tab keeps the answer across a switch
    firstScanPlaceEn: counted ? placeLabel({ ...firstPlace, areaCode: areaCodeOfText(firstPlace.province) }, 'en_US') : '',
    suspicious: counted && row.suspicious,
    repeatThreshold: counted ? (row.repeat_threshold ?? 0) : 0,
    scanToken: token,
    expiredOn: counted ? expired : null,
    recall,
  };
}

/** The whole answer as an object. */
export function answerOf(checked: CheckedCode): ScanCheckResult {
  const { code, parts } = checked;
  const shown = partsShown(checked.row);
  const all = shown === 'ALL';
  return {
    ...verdictAnswer(checked),
    product: all && parts.product ? productAnswer(code, parts.product) : null,
    batch: all && parts.batch ? batchAnswer(code, parts.batch) : null,
    grower: all && parts.grower ? growerAnswer(code, parts.grower) : null,
    company: shown !== 'NONE' ? companyAnswer(code, parts.company) : null,
  };
}
