import { CHANNEL_CONFLICT_TOP_DEALERS, type channelConflictFilterSchema, type channelConflictPageQuerySchema } from '@rd/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../platform/db/schema.js';
import { businessDayStart } from '../../platform/export/businessClock.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';

type Filter = z.infer<typeof channelConflictFilterSchema>;

const SORT: SortSpec = { columns: { scannedAt: 'x.scanned_at' }, defaultName: 'scannedAt', defaultType: 'desc', tieBreaker: 'x.id' };


/** The filter as one condition on channel_conflict x, for any query over it. */
function matching(companyId: string, filter: Filter, timeZone: string): RawBuilder<boolean> {
  const parts = [sql`x.company_id = ${companyId}`];
  if (filter.dealerId) parts.push(sql`x.dealer_id = ${filter.dealerId}`);
  if (filter.productId) parts.push(sql`x.product_id = ${filter.productId}`);
  if (filter.batchId) parts.push(sql`x.batch_id = ${filter.batchId}`);
  if (filter.areaCode) {
    parts.push(filter.areaCode.endsWith('0000') ? sql`x.scan_area_code = ${filter.areaCode}` : sql`x.scan_city_code = ${filter.areaCode}`);
  }
  if (filter.beginDate) parts.push(sql`x.scanned_at >= ${businessDayStart(timeZone, filter.beginDate)}`);
  if (filter.endDate) parts.push(sql`x.scanned_at < ${businessDayStart(timeZone, filter.endDate, 1)}`);
  return sql<boolean>`(${sql.join(parts, sql` AND `)})`;
}

function rows(db: Kysely<DB>) {
  return db
    .selectFrom('channel_conflict as x')
    .innerJoin('code as c', 'c.id', 'x.code_id')
    .innerJoin('dealer as d', 'd.id', 'x.dealer_id')
    .innerJoin('shipment as s', 's.id', 'x.shipment_id')
    .leftJoin('product as p', 'p.id', 'x.product_id')
    .leftJoin('product_batch as b', 'b.id', 'x.batch_id')
    .select([
      sql<string>`x.id::text`.as('id'),
      'x.scanned_at as scannedAt',
      'c.code',
      'p.name as productName',
      'b.batch_no as batchNo',
      'x.dealer_id as dealerId',
      'd.code as dealerCode',
      'd.name as dealerName',
      's.order_no as orderNo',
      'x.dealer_area_codes as dealerAreaCodes',
      'x.scan_area_code as scanAreaCode',
      'x.scan_city_code as scanCityCode',
      'x.province',
      'x.city',
      'x.ip',
      'x.located_by as locatedBy',
    ]);
}

export function conflictPage(db: Kysely<DB>, companyId: string, query: z.infer<typeof channelConflictPageQuerySchema>, timeZone: string) {
  return fetchPage(rows(db).where(matching(companyId, query, timeZone)), query, SORT);
}

/** Every matching alert, newest first, a page of rows at a time (keyset), for the export. */
export async function* allConflicts(db: Kysely<DB>, companyId: string, filter: Filter, timeZone: string) {
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    let q = rows(db).where(matching(companyId, filter, timeZone));
    if (after) {
      const { at, id } = after;
      q = q.where(sql<boolean>`(x.scanned_at, x.id) < (${at}, ${id}::bigint)`);
    }
    const page = await q.orderBy('x.scanned_at', 'desc').orderBy('x.id', 'desc').limit(2000).execute();
    yield* page;
    if (page.length < 2000) return;
    const last = page[page.length - 1]!;
    after = { at: last.scannedAt, id: last.id };
  }
}

export async function conflictSummary(db: Kysely<DB>, companyId: string, filter: Filter, timeZone: string) {
  const base = db.selectFrom('channel_conflict as x').where(matching(companyId, filter, timeZone));
  const provinces = (await base
    .select(['x.scan_area_code as areaCode', sql<number>`count(*)::int`.as('count')])
    .groupBy('x.scan_area_code')
    .orderBy('count', 'desc')
    .execute()) as Array<{ areaCode: string; count: number }>;
  const dealers = (await base
    .innerJoin('dealer as d', 'd.id', 'x.dealer_id')
    .select(['x.dealer_id as dealerId', 'd.code as dealerCode', 'd.name as dealerName', sql<number>`count(*)::int`.as('count')])
    .groupBy(['x.dealer_id', 'd.code', 'd.name'])
    .orderBy('count', 'desc')
    .limit(CHANNEL_CONFLICT_TOP_DEALERS)
    .execute()) as Array<{ dealerId: string; dealerCode: string; dealerName: string; count: number }>;
  return { total: provinces.reduce((n, p) => n + p.count, 0), provinces, dealers };
}
