import { sql } from 'kysely';
import { COUNTED, companyIs, freshRows, scannedWithin, totalCount, type CompanyScope, type DayRange } from './counts.js';
import type { StatSnapshot } from './snapshot.js';

export interface CodeScans {
  codeId: string;
  scans: number;
}

/** Codes with raw rows above the watermark beyond which the walk below is not worth it. */
const FRESH_CODES_MAX = 5000;

/** Best first; equal counts by code id, so both ways of ranking give the same list. */
function byScans(a: CodeScans, b: CodeScans): number {
  return b.scans - a.scans || (BigInt(a.codeId) < BigInt(b.codeId) ? -1 : BigInt(a.codeId) > BigInt(b.codeId) ? 1 : 0);
}

/** Counted scans in the range of the given codes, read through the (code_id, scanned_at) index. */
async function rangeCountsOf(s: StatSnapshot, scope: string, range: DayRange, codeIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(codeIds.map((id) => [id, 0]));
  if (codeIds.length === 0) return counts;
  const result = await sql<CodeScans>`
    SELECT r.code_id::text AS "codeId", count(*)::float8 AS scans
    FROM scan_record r
    WHERE r.code_id = ANY(${`{${codeIds.join(',')}}`}::bigint[]) AND ${COUNTED} ${companyIs('r.company_id', scope)}
      AND ${scannedWithin(range, s.timeZone)}
    GROUP BY r.code_id`.execute(s.tx);
  for (const row of result.rows) counts.set(row.codeId, row.scans);
  return counts;
}

/** Every code's count in the range, grouped from the raw rows (cost grows with the scans in the range). */
async function rankFromRows(s: StatSnapshot, scope: CompanyScope, range: DayRange, limit: number): Promise<CodeScans[]> {
  const result = await sql<CodeScans>`
    SELECT r.code_id::text AS "codeId", count(*)::float8 AS scans
    FROM scan_record r
    WHERE r.code_id IS NOT NULL AND ${COUNTED} ${companyIs('r.company_id', scope)} AND ${scannedWithin(range, s.timeZone)}
    GROUP BY r.code_id
    ORDER BY scans DESC, r.code_id
    LIMIT ${limit}`.execute(s.tx);
  return result.rows;
}

/**
 * Threshold walk: a code's scans in the range never exceed its rolled-up total of all time plus its raw rows
 * in the range above the watermark. Codes with such raw rows are counted exactly first; then
 * the others are taken in descending order of their rolled-up total, a page at a time, and counted exactly
 * in the range. Once the k-th best exact count is above the smallest total of the page, no code not yet
 * seen can enter the top k, and the walk stops. Exact, and fast when the range holds most of the
 * company's scans (a year); null when it would not pay (many fresh codes).
 */
async function rankByWalk(s: StatSnapshot, scope: string, range: DayRange, limit: number): Promise<CodeScans[] | null> {
  const fresh = await sql<{ codeId: string }>`
    WITH ${freshRows(s, range)}
    SELECT DISTINCT r.code_id::text AS "codeId" FROM fresh r
    WHERE r.code_id IS NOT NULL AND ${COUNTED} ${companyIs('r.company_id', scope)}
    LIMIT ${FRESH_CODES_MAX + 1}`.execute(s.tx);
  if (fresh.rows.length > FRESH_CODES_MAX) return null;

  const seen = new Set<string>();
  let best: CodeScans[] = [];
  const take = (counts: Map<string, number>) => {
    for (const [codeId, scans] of counts) {
      seen.add(codeId);
      if (scans > 0) best.push({ codeId, scans });
    }
    best = best.sort(byScans).slice(0, limit);
  };
  take(await rangeCountsOf(s, scope, range, fresh.rows.map((r) => r.codeId)));

  let pageSize = Math.max(4 * limit, 40);
  let after: { scans: string; codeId: string } | null = null;
  for (;;) {
    const page: Array<{ code_id: string; scans: string }> = await s.tx
      .selectFrom('scan_stat_code')
      .select(['code_id', 'scans'])
      .where('company_id', '=', scope)
      .$if(after !== null, (q) =>
        q.where((eb) => eb.or([eb('scans', '<', after!.scans), eb.and([eb('scans', '=', after!.scans), eb('code_id', '>', after!.codeId)])])),
      )
      .orderBy('scans', 'desc')
      .orderBy('code_id')
      .limit(pageSize)
      .execute();
    if (page.length === 0) return best;
    take(await rangeCountsOf(s, scope, range, page.map((p) => p.code_id).filter((id) => !seen.has(id))));
    const last = page[page.length - 1]!;
    const kth = best.length === limit ? best[limit - 1]!.scans : -1;
    if (page.length < pageSize || kth > Number(last.scans)) return best;
    after = { scans: last.scans, codeId: last.code_id };
    pageSize = Math.min(pageSize * 2, 2000);
  }
}

/** The scope's counted scans of all time that the rollups hold. */
async function rolledUpTotal(s: StatSnapshot, scope: string): Promise<number> {
  const result = await sql<{ scans: number }>`
    SELECT coalesce(sum(d.scans), 0)::float8 AS scans FROM scan_stat_day d
    WHERE d.dim = 'TOTAL' AND d.company_id = ${scope}::uuid`.execute(s.tx);
  return result.rows[0]!.scans;
}

/**
 * The most scanned codes of the range, exact. The walk pays when the range holds most of the company's
 * scans; a short range is grouped from its own raw rows, which are then few.
 */
export async function codeRanking(s: StatSnapshot, scope: CompanyScope, range: DayRange, limit: number): Promise<CodeScans[]> {
  if (scope && s.useRollups) {
    const inRange = await totalCount(s, scope, range);
    // Only to choose the way: the rolled-up days suffice, and every month's raw rows stay unread.
    if (inRange.scans * 2 >= (await rolledUpTotal(s, scope))) {
      const walked = await rankByWalk(s, scope, range, limit);
      if (walked) return walked;
    }
  }
  return rankFromRows(s, scope, range, limit);
}
