import { sql } from 'kysely';
import { COUNTED, companyIs, freshRows, scannedWithin, totalCount, type CompanyScope, type DayRange } from './counts.js';
import type { StatSnapshot } from './snapshot.js';

export interface CodeScans {
  codeId: string;
  scans: number;
}

/** Codes with raw rows above the watermark beyond which the walks below are not worth it. */
const FRESH_CODES_MAX = 5000;

/** Rows of the month walk's first read: enough for a k-th count close to the final one. */
const monthFirstPage = (limit: number) => Math.max(20 * limit, 200);

/** Best first; equal counts by code id, so every way of ranking gives the same list. */
function byScans(a: CodeScans, b: CodeScans): number {
  return b.scans - a.scans || (BigInt(a.codeId) < BigInt(b.codeId) ? -1 : BigInt(a.codeId) > BigInt(b.codeId) ? 1 : 0);
}

/** The first day of the month of a 'YYYY-MM-DD' date, `months` later. */
function monthStart(date: string, months = 0): string {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/** A month row's rolled-up scans inside the range: two binary searches in its running totals by day. */
function rowCountIn(range: DayRange) {
  return sql`(coalesce(m.totals[width_bucket(${range.end}::date, m.days)], 0)
    - coalesce(m.totals[width_bucket(${range.begin}::date - 1, m.days)], 0))`;
}

/**
 * Counted scans in the range above the watermark, by code: the codes whose rolled-up figures miss something.
 * Null when there are more codes than a walk should count one by one.
 */
async function freshCounts(s: StatSnapshot, scope: string, range: DayRange): Promise<Map<string, number> | null> {
  const result = await sql<CodeScans>`
    WITH ${freshRows(s, range)}
    SELECT r.code_id::text AS "codeId", count(*)::float8 AS scans FROM fresh r
    WHERE r.code_id IS NOT NULL AND ${COUNTED} ${companyIs('r.company_id', scope)}
    GROUP BY r.code_id
    LIMIT ${FRESH_CODES_MAX + 1}`.execute(s.tx);
  return result.rows.length > FRESH_CODES_MAX ? null : new Map(result.rows.map((r) => [r.codeId, r.scans]));
}

/**
 * Exact counts in the range of the given codes: their rolled-up scans from the month rows (every other month
 * from the range's first, so the two-month rows cover the range once) plus their raw rows above the watermark.
 */
async function exactCountsOf(
  s: StatSnapshot,
  scope: string,
  range: DayRange,
  codeIds: readonly string[],
  fresh: ReadonlyMap<string, number>,
): Promise<CodeScans[]> {
  if (codeIds.length === 0) return [];
  const months: string[] = [];
  for (let m = 0; monthStart(range.begin, m) <= range.end; m += 2) months.push(monthStart(range.begin, m));
  const rolled = await sql<CodeScans>`
    SELECT m.code_id::text AS "codeId", sum(${rowCountIn(range)})::float8 AS scans
    FROM scan_stat_code_month m
    WHERE m.company_id = ${scope}::uuid AND m.month = ANY(${`{${months.join(',')}}`}::date[])
      AND m.code_id = ANY(${`{${codeIds.join(',')}}`}::bigint[])
    GROUP BY m.code_id`.execute(s.tx);
  const counts = new Map(rolled.rows.map((r) => [r.codeId, r.scans]));
  return codeIds.map((codeId) => ({ codeId, scans: (counts.get(codeId) ?? 0) + (fresh.get(codeId) ?? 0) }));
}

/** The best `limit` codes of those offered, each code taken once (the first offer of it counts). */
class TopCodes {
  readonly seen = new Set<string>();
  best: CodeScans[] = [];

  constructor(private readonly limit: number) {}

  take(rows: Iterable<CodeScans>): void {
    for (const row of rows) {
      if (this.seen.has(row.codeId)) continue;
      this.seen.add(row.codeId);
      if (row.scans > 0) this.best.push(row);
    }
    this.best = this.best.sort(byScans).slice(0, this.limit);
  }

  /** The k-th best count so far; 1 while fewer than k codes have a scan (any code with one could still enter). */
  kth(): number {
    return this.best.length === this.limit ? this.best[this.limit - 1]!.scans : 1;
  }
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
 * Threshold walk over all-time totals: a code's scans in the range never exceed its rolled-up total of all
 * time plus its raw rows in the range above the watermark. Codes with such raw rows are counted exactly first;
 * then the others are taken in descending order of their rolled-up total, a page at a time, and counted
 * exactly in the range. Once the k-th best exact count is above the smallest total of the page, no code not
 * yet seen can enter the top k, and the walk stops. Exact, and fast when the range holds most of the company's
 * scans (a year); null when it would not pay (many fresh codes).
 */
async function rankByTotals(s: StatSnapshot, scope: string, range: DayRange, limit: number): Promise<CodeScans[] | null> {
  const fresh = await freshCounts(s, scope, range);
  if (fresh === null) return null;
  const top = new TopCodes(limit);
  top.take(await exactCountsOf(s, scope, range, [...fresh.keys()], fresh));

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
    if (page.length === 0) return top.best;
    top.take(await exactCountsOf(s, scope, range, page.map((p) => p.code_id).filter((id) => !top.seen.has(id)), fresh));
    const last = page[page.length - 1]!;
    if (page.length < pageSize || top.kth() > Number(last.scans)) return top.best;
    after = { scans: last.scans, codeId: last.code_id };
    pageSize = Math.min(pageSize * 2, 2000);
  }
}

/**
 * A month row's upper bound of its code's rolled-up scans in a range starting in the row's first month: its
 * scans, or for a range starting on the 16th or later its scans from the 16th on. Each is the key of an index
 * (migration 0044), written here as it is there so the planner walks that index.
 */
function monthBound(range: DayRange) {
  return Number(range.begin.slice(8, 10)) >= 16 ? sql`(m.scans - coalesce(m.totals[width_bucket(m.month + 14, m.days)], 0))` : sql`m.scans`;
}

/**
 * Month walk, for a range inside two calendar months (its first month and the next): one row per code
 * (scan_stat_code_month, migration 0044) holds the code's rolled-up scans of those two months, an upper bound
 * of its count in the range (from the 16th on when the range starts then), and its running totals by day,
 * from which the range's exact count is read. Codes
 * with raw rows in the range above the watermark are counted exactly first. A first read of rows in
 * descending order of the bound gives a k-th best count; every other code that can still reach it has a bound
 * at least that high, and the second read takes just those rows, keeping the ones whose exact count reaches it.
 * A code below the k-th count cannot tie with it either, so the list is final. Null when it would not pay:
 * a range outside two months, many fresh codes, or more rows to walk than a quarter of the range's raw rows
 * (a short range, whose raw rows are cheaper to group).
 */
async function rankByMonth(s: StatSnapshot, scope: string, range: DayRange, limit: number, rawRows: number): Promise<CodeScans[] | null> {
  const month = monthStart(range.begin);
  const budget = Math.floor(rawRows / 4);
  const firstPage = monthFirstPage(limit);
  if (range.end >= monthStart(range.begin, 2) || budget < firstPage) return null;
  const fresh = await freshCounts(s, scope, range);
  if (fresh === null) return null;
  const top = new TopCodes(limit);
  top.take(await exactCountsOf(s, scope, range, [...fresh.keys()], fresh));

  const bound = monthBound(range);
  const first = await sql<CodeScans & { bound: string }>`
    SELECT m.code_id::text AS "codeId", ${bound}::text AS bound, ${rowCountIn(range)}::float8 AS scans
    FROM scan_stat_code_month m
    WHERE m.company_id = ${scope}::uuid AND m.month = ${month}::date
    ORDER BY ${bound} DESC, m.code_id
    LIMIT ${firstPage}`.execute(s.tx);
  top.take(first.rows);
  const last = first.rows[first.rows.length - 1];
  if (!last || first.rows.length < firstPage || top.kth() > Number(last.bound)) return top.best;

  // The rows after the first read with a bound of at least the k-th count, in the same order, at most `budget`
  // of them (`walked` tells when the budget ran out); only those whose exact count reaches the k-th come back.
  const kth = top.kth();
  const rest = await sql<CodeScans & { walked: number }>`
    SELECT w."codeId", w.scans, w.walked FROM (
      SELECT m.code_id::text AS "codeId", ${rowCountIn(range)}::float8 AS scans, (count(*) OVER ())::int AS walked
      FROM (
        SELECT * FROM scan_stat_code_month m
        WHERE m.company_id = ${scope}::uuid AND m.month = ${month}::date AND ${bound} >= ${kth}
          AND (${bound} < ${last.bound}::bigint OR (${bound} = ${last.bound}::bigint AND m.code_id > ${last.codeId}::bigint))
        ORDER BY ${bound} DESC, m.code_id
        LIMIT ${budget + 1}
      ) m
    ) w
    WHERE w.scans >= ${kth} OR w.walked > ${budget}`.execute(s.tx);
  if (rest.rows.some((r) => r.walked > budget)) return null;
  top.take(rest.rows);
  return top.best;
}

/** The scope's counted scans of all time that the rollups hold. */
async function rolledUpTotal(s: StatSnapshot, scope: string): Promise<number> {
  const result = await sql<{ scans: number }>`
    SELECT coalesce(sum(d.scans), 0)::float8 AS scans FROM scan_stat_day d
    WHERE d.dim = 'TOTAL' AND d.company_id = ${scope}::uuid`.execute(s.tx);
  return result.rows[0]!.scans;
}

/**
 * The most scanned codes of the range, exact. A range holding most of the company's scans walks the all-time
 * totals; a range inside two months walks that month's rows; anything else, or a short range, is grouped from
 * its own raw rows.
 */
export async function codeRanking(s: StatSnapshot, scope: CompanyScope, range: DayRange, limit: number): Promise<CodeScans[]> {
  if (scope && s.useRollups) {
    const inRange = await totalCount(s, scope, range);
    // Only to choose the way: the rolled-up days suffice, and every month's raw rows stay unread.
    const walked =
      inRange.scans * 2 >= (await rolledUpTotal(s, scope))
        ? await rankByTotals(s, scope, range, limit)
        : await rankByMonth(s, scope, range, limit, inRange.scans);
    if (walked) return walked;
  }
  return rankFromRows(s, scope, range, limit);
}
