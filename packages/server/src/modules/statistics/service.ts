import {
  SCAN_CLIENT_TYPES,
  type AreaCount,
  type ClientTypeCount,
  type CodeRank,
  type DayCount,
  type ProductRank,
  type QuantityDisplay,
  type ScanClientTypeValue,
  type ScanTrend,
} from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { businessClock } from '../../platform/export/businessClock.js';
import { codeRanking } from './codeRanking.js';
import { apartCounts, dimCounts, totalCount, type CompanyScope, type DayRange } from './counts.js';
import { inStatSnapshot } from './snapshot.js';

export interface StatContext {
  db: Kysely<DB>;
  timeZone: string;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Sunday starting the week of a date (spec 9: weeks start on Sunday). */
export function weekStart(date: string): string {
  return addDays(date, -new Date(`${date}T00:00:00Z`).getUTCDay());
}

/** Codes issued (stored by generation jobs) and activated, to date, of the scope. */
async function codeTotals(db: Kysely<DB>, scope: CompanyScope): Promise<{ issued: number; activated: number }> {
  // Jobs advance `progress` in the same transaction as they store their codes: summing a few job rows
  // instead of counting millions of codes. Activated codes: an index-only count on (company_id, status, id),
  // company by company for the platform view (the index leads with the company).
  const issued = await sql<{ n: number }>`
    SELECT coalesce(sum(progress), 0)::float8 AS n FROM code_record ${scope ? sql`WHERE company_id = ${scope}::uuid` : sql``}`.execute(db);
  const activated = await sql<{ n: number }>`
    SELECT coalesce(sum((SELECT count(*) FROM code c WHERE c.company_id = co.id AND c.status = 'ACTIVATED')), 0)::float8 AS n
    FROM company co ${scope ? sql`WHERE co.id = ${scope}::uuid` : sql``}`.execute(db);
  return { issued: issued.rows[0]?.n ?? 0, activated: activated.rows[0]?.n ?? 0 };
}

export async function quantityDisplay(ctx: StatContext, scope: CompanyScope, range: DayRange): Promise<QuantityDisplay> {
  const today = businessClock(ctx.timeZone).date();
  const [codes, scans] = await Promise.all([
    codeTotals(ctx.db, scope),
    inStatSnapshot(ctx.db, ctx.timeZone, async (s) => ({
      inRange: await totalCount(s, scope, range),
      today: await totalCount(s, scope, { begin: today, end: today }),
      apart: await apartCounts(s, scope, range),
    })),
  ]);
  return {
    codesIssued: codes.issued,
    codesActivated: codes.activated,
    scans: scans.inRange.scans,
    todayScans: scans.today.scans,
    suspiciousScans: scans.inRange.suspicious,
    expiredScans: scans.apart.expired,
    recalledScans: scans.apart.recalled,
    checkFailedScans: scans.apart.checkFailed,
  };
}

/** Scans by province, most first (ties by area code); places unknown or abroad under ''. */
export async function areaCounts(ctx: StatContext, scope: CompanyScope, range: DayRange): Promise<AreaCount[]> {
  const rows = await inStatSnapshot(ctx.db, ctx.timeZone, (s) => dimCounts(s, scope, range, 'AREA', false));
  return rows
    .filter((r) => r.scans > 0)
    .map((r) => ({ areaCode: r.key, scans: r.scans, suspicious: r.suspicious }))
    .sort((a, b) => b.scans - a.scans || a.areaCode.localeCompare(b.areaCode));
}

/** Scans of items under an active recall by province (counted as `scans`), most first: the map's recall layer. */
export async function recalledAreaCounts(ctx: StatContext, scope: CompanyScope, range: DayRange): Promise<AreaCount[]> {
  const rows = await inStatSnapshot(ctx.db, ctx.timeZone, (s) => dimCounts(s, scope, range, 'AREA', false));
  return rows
    .filter((r) => r.recalled > 0)
    .map((r) => ({ areaCode: r.key, scans: r.recalled, suspicious: 0 }))
    .sort((a, b) => b.scans - a.scans || a.areaCode.localeCompare(b.areaCode));
}

/** Every day of the range and every (Sunday-starting) week touching it, with zeros where nothing was scanned. */
export async function scanTrend(ctx: StatContext, scope: CompanyScope, range: DayRange): Promise<ScanTrend> {
  const rows = await inStatSnapshot(ctx.db, ctx.timeZone, (s) => dimCounts(s, scope, range, 'TOTAL', true));
  const byDay = new Map(rows.map((r) => [r.day as string, r]));
  const days: DayCount[] = [];
  const weeks = new Map<string, DayCount>();
  for (let day = range.begin; day <= range.end; day = addDays(day, 1)) {
    const counted = byDay.get(day);
    const entry = { date: day, scans: counted?.scans ?? 0, suspicious: counted?.suspicious ?? 0 };
    days.push(entry);
    const start = weekStart(day);
    const week = weeks.get(start) ?? { date: start, scans: 0, suspicious: 0 };
    week.scans += entry.scans;
    week.suspicious += entry.suspicious;
    weeks.set(start, week);
  }
  return { days, weeks: [...weeks.values()] };
}

/** Scans by client type, in DOMAIN.md's order, every type listed. */
export async function clientTypeCounts(ctx: StatContext, scope: CompanyScope, range: DayRange): Promise<ClientTypeCount[]> {
  const rows = await inStatSnapshot(ctx.db, ctx.timeZone, (s) => dimCounts(s, scope, range, 'CLIENT', false));
  const byType = new Map(rows.map((r) => [r.key, r.scans]));
  return SCAN_CLIENT_TYPES.map((clientType: ScanClientTypeValue) => ({ clientType, scans: byType.get(clientType) ?? 0 }));
}

/** Products by scans, most first; scans of codes bound to no product under productId null. */
export async function productRanking(ctx: StatContext, scope: CompanyScope, range: DayRange, limit: number): Promise<ProductRank[]> {
  const rows = await inStatSnapshot(ctx.db, ctx.timeZone, (s) => dimCounts(s, scope, range, 'PRODUCT', false));
  const top = rows
    .filter((r) => r.scans > 0)
    .sort((a, b) => b.scans - a.scans || a.key.localeCompare(b.key))
    .slice(0, limit);
  const ids = top.map((r) => r.key).filter(Boolean);
  const names = ids.length ? await ctx.db.selectFrom('product').select(['id', 'name']).where('id', 'in', ids).execute() : [];
  const nameOf = new Map(names.map((p) => [p.id, p.name]));
  return top.map((r) => ({ productId: r.key || null, productName: r.key ? (nameOf.get(r.key) ?? '') : '', scans: r.scans }));
}

/** The most scanned codes of the range with their code text and product. */
export async function codeRank(ctx: StatContext, scope: CompanyScope, range: DayRange, limit: number): Promise<CodeRank[]> {
  const top = await inStatSnapshot(ctx.db, ctx.timeZone, (s) => codeRanking(s, scope, range, limit));
  if (top.length === 0) return [];
  const codes = await ctx.db
    .selectFrom('code as c')
    .leftJoin('product as p', 'p.id', 'c.product_id')
    .select(['c.id', 'c.code', 'c.product_id', 'p.name'])
    .where(
      'c.id',
      'in',
      top.map((t) => t.codeId),
    )
    .execute();
  const byId = new Map(codes.map((c) => [c.id, c]));
  return top.map((t) => {
    const c = byId.get(t.codeId);
    return { codeId: t.codeId, code: c?.code ?? '', productId: c?.product_id ?? null, productName: c?.name ?? '', scans: t.scans };
  });
}
