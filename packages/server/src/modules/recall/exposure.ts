import type { RecallExposure } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/**
 * Where a recall's items are and what has come of it, worked out when asked:
 * - items at each dealer now (code_shipment), items at no dealer (never shipped, or back), and the items
 *   brought back by returns completed since the recall started (returns scanned at the shipment desk);
 *   read over the recall's codes a chunk at a time in key order, so a million codes are a few dozen short
 *   statements, never one holding the embedded database's connection;
 * - consumers' scans of recalled items since the recall started (until it closed): records the check
 *   marked with the recall (scan_record.recall_id) and records of its codes written before the check knew
 *   the recall, read through the company's time index of scan records; counted like the statistics (every
 *   source but the staff simulator), by province area code.
 */

/** Codes read per statement. */
const CHUNK = 20_000;

export interface ExposureTarget {
  id: string;
  companyId: string;
  startedAt: Date | null;
  closedAt: Date | null;
}

export async function recallExposure(db: Kysely<DB>, recall: ExposureTarget, chunk = CHUNK): Promise<RecallExposure> {
  let items = 0;
  let boxes = 0;
  let returned = 0;
  const byDealer = new Map<string, number>();
  for (let cursor = '0'; ; ) {
    const { rows } = await sql<{ is_box: boolean; dealer_id: string | null; n: number; returned: number; last: string; seen: number }>`
      WITH span AS (
        SELECT code_id FROM recall_code WHERE recall_id = ${recall.id} AND code_id > ${cursor}::bigint ORDER BY code_id LIMIT ${chunk}
      ),
      facts AS (
        SELECT t.kind = 'BOX' AS is_box, cs.dealer_id,
               ${recall.startedAt}::timestamptz IS NOT NULL AND EXISTS (
                 SELECT 1 FROM shipment_line l JOIN shipment s ON s.id = l.shipment_id
                  WHERE l.code_id = span.code_id AND NOT l.is_box AND s.kind = 'RETURN' AND s.status = 'COMPLETED'
                    AND s.company_id = ${recall.companyId} AND s.completed_at >= ${recall.startedAt}::timestamptz) AS returned
          FROM span
          JOIN code c ON c.id = span.code_id
          JOIN tag_rule t ON t.id = c.rule_id
          LEFT JOIN code_shipment cs ON cs.code_id = span.code_id
      )
      SELECT is_box, dealer_id, count(*)::int AS n, count(*) FILTER (WHERE returned)::int AS returned,
             (SELECT max(code_id)::text FROM span) AS last, (SELECT count(*)::int FROM span) AS seen
        FROM facts GROUP BY is_box, dealer_id`.execute(db);
    for (const r of rows) {
      if (r.is_box) {
        boxes += r.n;
        continue;
      }
      items += r.n;
      returned += r.returned;
      if (r.dealer_id) byDealer.set(r.dealer_id, (byDealer.get(r.dealer_id) ?? 0) + r.n);
    }
    const first = rows[0];
    if (!first || first.seen < chunk) break;
    cursor = first.last;
  }

  const dealerRows =
    byDealer.size === 0
      ? []
      : await db
          .selectFrom('dealer')
          .select(['id', 'code', 'name', 'level', 'area_codes'])
          .where('company_id', '=', recall.companyId)
          .where('id', 'in', [...byDealer.keys()])
          .execute();
  const dealers = dealerRows
    .map((d) => ({ dealerId: d.id, dealerCode: d.code, dealerName: d.name, level: d.level, areaCodes: d.area_codes, items: byDealer.get(d.id) ?? 0 }))
    .sort((a, b) => b.items - a.items || a.dealerCode.localeCompare(b.dealerCode));
  const atDealers = dealers.reduce((sum, d) => sum + d.items, 0);

  const scans = recall.startedAt ? await scansSince(db, recall) : { scans: 0, scannedItems: 0, provinces: [] };
  return { codeCount: items + boxes, items, boxes, atDealers, dealers, atCompany: items - atDealers, returned, ...scans };
}

async function scansSince(db: Kysely<DB>, recall: ExposureTarget) {
  const { rows } = await sql<{ area_code: string | null; whole: boolean; scans: number; items: number }>`
    SELECT sr.area_code, GROUPING(sr.area_code) = 1 AS whole, count(*)::int AS scans, count(DISTINCT sr.code_id)::int AS items
      FROM scan_record sr
     WHERE sr.company_id = ${recall.companyId}
       AND sr.scanned_at >= ${recall.startedAt}::timestamptz
       AND (${recall.closedAt}::timestamptz IS NULL OR sr.scanned_at < ${recall.closedAt}::timestamptz)
       AND sr.source <> 'TEST' AND sr.code_id IS NOT NULL
       AND (sr.recall_id = ${recall.id} OR EXISTS (SELECT 1 FROM recall_code rc WHERE rc.recall_id = ${recall.id} AND rc.code_id = sr.code_id))
     GROUP BY GROUPING SETS ((sr.area_code), ())`.execute(db);
  const total = rows.find((r) => r.whole);
  const provinces = rows
    .filter((r) => !r.whole)
    .map((r) => ({ areaCode: r.area_code ?? '', scans: r.scans, items: r.items }))
    .sort((a, b) => b.scans - a.scans || a.areaCode.localeCompare(b.areaCode));
  return { scans: total?.scans ?? 0, scannedItems: total?.items ?? 0, provinces };
}
