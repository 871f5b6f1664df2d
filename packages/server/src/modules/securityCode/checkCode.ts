import { normaliseScannedCode, SCAN_CODE_MAX, type ScanCheckResult } from '@rd/contract';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Config } from '../../platform/config.js';
import type { DB } from '../../platform/db/schema.js';
import { placeText } from '../../platform/geo/ipRegion.js';
import { runCheckStatement, type CheckInput, type CheckRow, type HiddenState } from './checkStatement.js';
import { hiddenCodeMatches } from './hiddenCodeCheck.js';
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

/**
 * A consumer's check: one statement for most codes; a code whose rule prints a hidden code, checked
 * with one, takes two (the first reads the company's secret and writes nothing, the second records
 * the verdict the digits earn). See checkStatement.ts for the counting and the suspicious rule.
 */
export async function checkCode(
  { db, pool, answers }: { db: Kysely<DB>; pool: pg.Pool | null; answers: AnswerPartsSource },
  config: Pick<Config, 'scanSuspiciousProvinces' | 'scanSuspiciousWindowMinutes'>,
  request: CheckRequest,
  context: ScanContext,
  options: { simulate?: { companyId: string | null } } = {},
): Promise<ScanCheckResult> {
  const code = normaliseScannedCode(request.code).slice(0, SCAN_CODE_MAX);
  const given = request.hiddenCode?.trim() ?? '';
  const attachToken = newTokenSecret();
  const input: CheckInput = {
    code,
    hidden: given === '' ? 'NONE' : 'GIVEN',
    ip: context.place.ip,
    country: context.place.country,
    province: context.place.province,
    city: context.place.city,
    isp: context.place.isp,
    areaCode: context.place.areaCode,
    regionKey: context.regionKey,
    clientType: context.clientType,
    os: context.os,
    userAgent: context.userAgent,
    latitude: request.lat ?? null,
    longitude: request.lng ?? null,
    attachToken,
    suspiciousWindowSeconds: config.scanSuspiciousWindowMinutes * 60,
    suspiciousProvinces: config.scanSuspiciousProvinces,
  };
  let row = await runCheckStatement(db, pool, input, options);
  if (row.record_id === null && row.code_id !== null) {
    // the rule has a hidden code and one was given: verify it, then record what it earns
    const length = row.hidden_length ?? 0;
    const matched = row.secret !== null && hiddenCodeMatches(row.secret, code, length, given);
    const hidden: HiddenState = matched ? 'MATCHED' : 'MISMATCHED';
    row = await runCheckStatement(db, pool, { ...input, hidden }, options);
  }
  const token = options.simulate ? null : scanToken(row.record_id, attachToken);
  const shows = row.company_id !== null && row.verdict !== 'NOT_FOUND' && row.verdict !== 'SECURITY_CODE_MISMATCH';
  const parts = shows ? await answers.parts(row.company_id as string, row.product_id, row.batch_id) : NO_PARTS;
  return answerOf(code, row, parts, token);
}

const NO_PARTS: AnswerParts = { product: null, batch: null, grower: null, company: null };

/** The answer: nothing but the verdict for unknown codes and wrong hidden codes; the company for codes not in force. */
export function answerOf(code: string, row: CheckRow, parts: AnswerParts, token: string | null): ScanCheckResult {
  const verdict = row.verdict ?? 'NOT_FOUND';
  const counted = verdict === 'GENUINE' || verdict === 'REPEATED';
  const known = verdict !== 'NOT_FOUND' && verdict !== 'SECURITY_CODE_MISMATCH';
  const hiddenCodeLength = verdict === 'NOT_FOUND' ? 0 : (row.hidden_length ?? 0);
  return {
    verdict,
    code,
    needsHiddenCode: verdict === 'SECURITY_CODE_MISMATCH',
    hiddenCodeLength,
    scanCount: counted ? (row.scan_count ?? 0) : 0,
    firstScanAt: counted && row.first_scan_at ? new Date(row.first_scan_at).toISOString() : null,
    firstScanPlace: counted
      ? placeText({ country: row.first_country ?? '', province: row.first_province ?? '', city: row.first_city ?? '' })
      : '',
    suspicious: counted && row.suspicious === true,
    repeatThreshold: counted ? (row.repeat_threshold ?? 0) : 0,
    scanToken: token,
    product: counted && parts.product ? productAnswer(code, parts.product) : null,
    batch: counted && parts.batch ? batchAnswer(code, parts.batch) : null,
    grower: counted && parts.grower ? growerAnswer(code, parts.grower) : null,
    company: known ? companyAnswer(code, parts.company) : null,
  };
}
