import { sql, type RawBuilder } from 'kysely';
import type { ScanStatDim } from '../../platform/db/schema.js';
import type { StatSnapshot } from './snapshot.js';

/** Whole business days, both included: 'YYYY-MM-DD'. */
export interface DayRange {
  begin: string;
  end: string;
}

/** Every day a scan can have (the day after the last one still fits a timestamp). */
export const ALL_TIME: DayRange = { begin: '0001-01-01', end: '9999-12-30' };

/** null: every company's scans (platform users who picked none). */
export type CompanyScope = string | null;

/** The value a counted raw row adds to in each dimension; the rollup step uses the same expressions. */
export const DIM_KEY: Record<ScanStatDim, RawBuilder<string>> = {
  TOTAL: sql<string>`''`,
  AREA: sql<string>`r.area_code`,
  CLIENT: sql<string>`r.client_type`,
  PRODUCT: sql<string>`coalesce(r.product_id::text, '')`,
};

/** Scan records of a known company, not the simulator's: counted as scans, or apart (CHECK_FAILED). */
export const ATTRIBUTED = sql`r.company_id IS NOT NULL AND r.source <> 'TEST'`;

/**
 * Scan records that count as scans in statistics: attributed ones but typing mistakes, which name no code
 * (they are counted apart, apartCounts).
 */
export const COUNTED = sql`${ATTRIBUTED} AND r.verdict IS DISTINCT FROM 'CHECK_FAILED'`;

/**
 * What an attributed raw row adds to each apart count; the rollup step sums the same expressions. A scan is of
 * an expired item when its batch's expiry date is before the scan's business day (the consumer was told so): the
 * row is read with its batch as `b` (BATCH_OF_ROW), so the check itself reads nothing for it.
 */
export const APART = {
  expired: (timeZone: string) =>
    sql`(CASE WHEN b.expiry_date < (r.scanned_at AT TIME ZONE ${timeZone})::date AND ${COUNTED} THEN 1 ELSE 0 END)::bigint AS expired`,
  recalled: sql`(CASE WHEN r.recall_id IS NOT NULL AND ${COUNTED} THEN 1 ELSE 0 END)::bigint AS recalled`,
  checkFailed: sql`(CASE WHEN r.verdict = 'CHECK_FAILED' THEN 1 ELSE 0 END)::bigint AS check_failed`,
};

/** The batch of a scan row `r`, as `b`, for APART.expired. */
export const BATCH_OF_ROW = sql`LEFT JOIN product_batch b ON b.id = r.batch_id`;

export function companyIs(column: string, scope: CompanyScope) {
  return scope ? sql`AND ${sql.ref(column)} = ${scope}::uuid` : sql``;
}

/** scanned_at inside the range's business days (a UTC instant compared with two zone-cut instants). */
export function scannedWithin(range: DayRange, timeZone: string) {
  return sql`r.scanned_at >= (${range.begin}::date::timestamp AT TIME ZONE ${timeZone})
    AND r.scanned_at < ((${range.end}::date + 1)::timestamp AT TIME ZONE ${timeZone})`;
}

/** The business day of a raw row. */
export function businessDay(timeZone: string) {
  return sql`(r.scanned_at AT TIME ZONE ${timeZone})::date`;
}

/**
 * `fresh`: the raw scan records of the range above the watermark. With rollups in use these are the few
 * newest rows, and the CTE is materialised on the id and time conditions alone, so they are read through
 * the primary key of the range's monthly partitions however the planner would rate the other conditions
 * (the company's time index would walk its whole range). Without rollups (watermark 0) it is every row of
 * the range, and it is left inline for the planner to narrow.
 */
export function freshRows(s: StatSnapshot, range: DayRange) {
  return s.useRollups
    ? sql`fresh AS MATERIALIZED (SELECT * FROM scan_record r WHERE r.id > ${s.watermark}::bigint AND ${scannedWithin(range, s.timeZone)})`
    : sql`fresh AS NOT MATERIALIZED (SELECT * FROM scan_record r WHERE ${scannedWithin(range, s.timeZone)})`;
}

export interface DimCount {
  key: string;
  /** 'YYYY-MM-DD' when counted by day, else null */
  day: string | null;
  scans: number;
  suspicious: number;
  /** of items under an active recall */
  recalled: number;
}

/**
 * Counted scans of the scope in the range, by one dimension's key (and by day when asked): the rolled-up
 * days plus the raw rows above the watermark, from the same snapshot.
 */
export async function dimCounts(
  s: StatSnapshot,
  scope: CompanyScope,
  range: DayRange,
  dim: ScanStatDim,
  byDay: boolean,
): Promise<DimCount[]> {
  const rolled = s.useRollups
    ? sql`SELECT d.key, d.day, d.scans, d.suspicious, d.recalled FROM scan_stat_day d
          WHERE d.dim = ${dim} AND d.day BETWEEN ${range.begin}::date AND ${range.end}::date ${companyIs('d.company_id', scope)}
          UNION ALL`
    : sql``;
  const result = await sql<DimCount>`
    WITH ${freshRows(s, range)}
    SELECT t.key, ${byDay ? sql`t.day::text` : sql`NULL::text`} AS day,
           sum(t.scans)::float8 AS scans, sum(t.suspicious)::float8 AS suspicious, sum(t.recalled)::float8 AS recalled
    FROM (
      ${rolled}
      SELECT ${DIM_KEY[dim]} AS key, ${businessDay(s.timeZone)} AS day, 1::bigint AS scans,
             (CASE WHEN r.suspicious THEN 1 ELSE 0 END)::bigint AS suspicious, ${APART.recalled}
      FROM fresh r
      WHERE ${COUNTED} ${companyIs('r.company_id', scope)}
    ) t
    GROUP BY t.key ${byDay ? sql`, t.day` : sql``}`.execute(s.tx);
  return result.rows;
}

/** Counted scans and suspicious scans of the scope in the range. */
export async function totalCount(s: StatSnapshot, scope: CompanyScope, range: DayRange): Promise<{ scans: number; suspicious: number }> {
  const rows = await dimCounts(s, scope, range, 'TOTAL', false);
  return { scans: rows[0]?.scans ?? 0, suspicious: rows[0]?.suspicious ?? 0 };
}

/** Checks counted apart: of expired items, of recalled items (both among the counted scans), and typing mistakes. */
export interface ApartCounts {
  expired: number;
  recalled: number;
  checkFailed: number;
}

/** The apart counts of the scope in the range: the rolled-up days (dim TOTAL) plus the raw rows above the watermark. */
export async function apartCounts(s: StatSnapshot, scope: CompanyScope, range: DayRange): Promise<ApartCounts> {
  const rolled = s.useRollups
    ? sql`SELECT d.expired, d.recalled, d.check_failed FROM scan_stat_day d
          WHERE d.dim = 'TOTAL' AND d.day BETWEEN ${range.begin}::date AND ${range.end}::date ${companyIs('d.company_id', scope)}
          UNION ALL`
    : sql``;
  const result = await sql<ApartCounts>`
    WITH ${freshRows(s, range)}
    SELECT coalesce(sum(t.expired), 0)::float8 AS expired, coalesce(sum(t.recalled), 0)::float8 AS recalled,
           coalesce(sum(t.check_failed), 0)::float8 AS "checkFailed"
    FROM (
      ${rolled}
      SELECT ${APART.expired(s.timeZone)}, ${APART.recalled}, ${APART.checkFailed}
      FROM fresh r ${BATCH_OF_ROW}
      WHERE ${ATTRIBUTED} ${companyIs('r.company_id', scope)}
    ) t`.execute(s.tx);
  return result.rows[0] ?? { expired: 0, recalled: 0, checkFailed: 0 };
}
