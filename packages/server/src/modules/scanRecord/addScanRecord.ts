import { normaliseScannedCode, SCAN_CODE_MAX, type ScanRecordAddResult, type scanRecordAddBodySchema } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/appError.js';
import type { ScanContext } from '../securityCode/scanContext.js';
import { judgeByPosition, type PlacedRecord } from '../channelConflict/positionConflict.js';
import { parseScanToken } from '../securityCode/scanToken.js';

/** A check's token places its record for this long; later the position is not believed to be the scan's. */
const TOKEN_MINUTES = 30;

/**
 * scanCodeRecord/add never counts a scan (code_scan is written by securityCode/check only):
 * - with the token a check returned, it attaches the browser's position to that check's record, once
 *   (the token's secret is cleared by the same UPDATE), within TOKEN_MINUTES; a genuine scan of an item
 *   at a dealer is then judged for channel conflict by the position rather than the IP;
 * - without one, it records a scan event of source SCAN (no verdict, no sequence number) for the code,
 *   known or not, with the caller's IP place and client type.
 * Rate limited per IP like the check, so neither path can flood the records.
 */
export async function addScanRecord(
  db: Kysely<DB>,
  body: z.infer<typeof scanRecordAddBodySchema>,
  context: ScanContext,
): Promise<ScanRecordAddResult> {
  const latitude = body.lat ?? null;
  const longitude = body.lng ?? null;
  if (body.scanToken !== undefined) {
    const token = parseScanToken(body.scanToken);
    if (!token) throw new AppError('SCAN_TOKEN_INVALID');
    // Both time bounds keep the search to the current month's partition (the previous one too, just after
    // a month begins): the record was written by an earlier transaction, so at or before this one's now().
    await db.transaction().execute(async (trx) => {
      const placed = await sql<PlacedRecord>`
        UPDATE scan_record SET latitude = ${latitude}::double precision, longitude = ${longitude}::double precision, attach_token = NULL
        WHERE id = ${token.recordId}::bigint AND attach_token = ${token.secret}
          AND scanned_at > now() - ${TOKEN_MINUTES}::int * interval '1 minute' AND scanned_at <= now()
        RETURNING id::text AS id, company_id AS "companyId", code_id::text AS "codeId", verdict, scanned_at AS "scannedAt", ip`.execute(trx);
      const record = placed.rows[0];
      if (!record) throw new AppError('SCAN_TOKEN_INVALID');
      if (latitude !== null && longitude !== null) await judgeByPosition(trx, record, latitude, longitude);
    });
    return { outcome: 'ATTACHED' };
  }
  const code = normaliseScannedCode(body.code ?? '').slice(0, SCAN_CODE_MAX);
  const { place } = context;
  await sql`
    INSERT INTO scan_record (company_id, code_id, code_text, product_id, batch_id, source, verdict, scan_seq, suspicious,
                             ip, country, province, city, isp, area_code, client_type, os, user_agent, latitude, longitude)
    SELECT c.company_id, c.id, ${code}, c.product_id, c.batch_id, 'SCAN', NULL, NULL, false,
           ${place.ip}, ${place.country}, ${place.province}, ${place.city}, ${place.isp}, ${place.areaCode},
           ${context.clientType}, ${context.os}, ${context.userAgent}, ${latitude}::double precision, ${longitude}::double precision
    FROM (SELECT 1) AS one LEFT JOIN code c ON c.code = ${code}`.execute(db);
  return { outcome: 'RECORDED' };
}
