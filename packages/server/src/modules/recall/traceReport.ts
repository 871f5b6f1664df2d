import type { Lang } from '@rd/contract';
import { areaName } from '@rd/contract/areas';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { businessClock, businessDayStart } from '../../platform/export/businessClock.js';
import { xlsxStream } from '../../platform/export/xlsx.js';

/**
 * The trace report of a recall (or of one of its lots): one sortable sheet with a row per critical tracking
 * event and lot — made, packed, shipped, received, returned — carrying the key data elements the US FDA's
 * Food Traceability Rule (21 CFR 1 subpart S, "FSMA 204") asks for in its electronic sortable spreadsheet:
 * traceability lot code and its source, product, quantity and unit, ship-from and ship-to (a dealer with its
 * sales area), date and time, reference document type and number.
 *
 * The recall's codes are counted a chunk at a time in key order; each chunk adds to counts per (event, lot,
 * order) or (packing, lot, day), so memory grows with the lots, orders and packing days of the recall, not
 * with its codes. Rows are then written through the streaming writer. Docs: docs/recalls.md.
 */

/**
 * Codes a chunk counts on the embedded database, whose one connection the API shares: each statement stays short
 * (its plans are index nested loops). On PostgreSQL the whole recall is counted by one statement (chunk null), which
 * the planner runs as a few hash joins: chunks there were many times slower, each re-reading the joined tables.
 */
export const EMBEDDED_CHUNK = 5_000;

export type TraceEvent = 'MADE' | 'PACKED' | 'SHIPPED' | 'RECEIVED' | 'RETURNED';
const EVENT_ORDER: TraceEvent[] = ['MADE', 'PACKED', 'SHIPPED', 'RECEIVED', 'RETURNED'];

const TEXTS = {
  zh_CN: {
    fileName: '追溯报告', sheet: '关键追踪事件', event: '关键追踪事件', lot: '追溯批号', lotSource: '批号来源', product: '产品', gtin: 'GTIN',
    quantity: '数量', unit: '单位', from: '发出方', fromArea: '发出方地区', to: '接收方', toArea: '接收方地区', date: '日期', time: '时间',
    docType: '单据类型', docNo: '单据编号', defaultUnit: '件', noLot: '（无批次）',
    events: { MADE: '生产', PACKED: '装箱', SHIPPED: '发货', RECEIVED: '收货', RETURNED: '退货' },
    docs: { MADE: '批次记录', PACKED: '装箱记录', SHIPPED: '出库单', RECEIVED: '出库单', RETURNED: '退货单' },
  },
  en_US: {
    fileName: 'Trace report', sheet: 'Critical tracking events', event: 'Critical tracking event', lot: 'Traceability lot code', lotSource: 'Lot code source',
    product: 'Product description', gtin: 'GTIN', quantity: 'Quantity', unit: 'Unit of measure', from: 'Ship-from location', fromArea: 'Ship-from area',
    to: 'Ship-to location', toArea: 'Ship-to area', date: 'Date', time: 'Time', docType: 'Reference document type', docNo: 'Reference document number',
    defaultUnit: 'each', noLot: '(no lot)',
    events: { MADE: 'Made', PACKED: 'Packed', SHIPPED: 'Shipped', RECEIVED: 'Received', RETURNED: 'Returned' },
    docs: { MADE: 'Batch record', PACKED: 'Packing record', SHIPPED: 'Despatch advice', RECEIVED: 'Despatch advice', RETURNED: 'Return order' },
  },
} as const;

export function traceReportFileName(lang: Lang, recallNo: string, timeZone: string): string {
  return `${TEXTS[lang].fileName}-${recallNo}-${businessClock(timeZone).dateStamp()}.xlsx`;
}

export interface TraceTarget {
  recallId: string;
  companyId: string;
  /** Only this lot (batch), or every lot of the recall. */
  batchId: string | null;
}

interface Made {
  batchId: string | null;
  items: number;
  firstActivated: Date | null;
}
interface Packed {
  batchId: string | null;
  day: string;
  items: number;
  firstPacked: Date;
}
interface Moved {
  batchId: string | null;
  shipmentId: string;
  items: number;
}

/** One aggregate of a chunk: M(ade) per lot, P(acked) per lot and day, S(hipped or returned) per lot and order. */
interface ChunkCount {
  kind: 'M' | 'P' | 'S';
  batch_id: string | null;
  day: string | null;
  shipment_id: string | null;
  n: number;
  first_at: Date | null;
}

/**
 * Counts the recall's items per lot, per lot and packing day, per lot and order, a chunk of codes at a time (or all
 * at once when `chunkSize` is null): the chunk is a key range of recall_code (its upper bound found first), read once
 * into a materialised CTE that the three counts share, so a chunk costs two statements and answers only its counts.
 */
async function gather(db: Kysely<DB>, target: TraceTarget, timeZone: string, chunkSize: number | null) {
  const made = new Map<string, Made>();
  const packed = new Map<string, Packed>();
  const moved = new Map<string, Moved>();
  const lotFilter = target.batchId ? sql`AND c.batch_id = ${target.batchId}` : sql``;
  for (let cursor = '0'; ; ) {
    let last: string | null = null;
    let n = 0;
    if (chunkSize !== null) {
      const bound = await sql<{ last: string | null; n: number }>`
        SELECT max(code_id)::text AS last, count(*)::int AS n FROM (
          SELECT code_id FROM recall_code WHERE recall_id = ${target.recallId} AND code_id > ${cursor}::bigint
          ORDER BY code_id LIMIT ${chunkSize}) span`.execute(db);
      ({ last, n } = bound.rows[0] ?? { last: null, n: 0 });
      if (last === null) break;
    }
    const upTo = last === null ? sql`` : sql`AND rc.code_id <= ${last}::bigint`;
    const counts = await sql<ChunkCount>`
      WITH items AS MATERIALIZED (
        SELECT c.id, c.batch_id, c.activated_at
          FROM recall_code rc JOIN code c ON c.id = rc.code_id JOIN tag_rule t ON t.id = c.rule_id
         WHERE rc.recall_id = ${target.recallId} AND rc.code_id > ${cursor}::bigint ${upTo}
           AND t.kind = 'ITEM' ${lotFilter})
      SELECT 'M' AS kind, batch_id, NULL::text AS day, NULL::uuid AS shipment_id, count(*)::int AS n, min(activated_at) AS first_at
        FROM items GROUP BY batch_id
      UNION ALL
      SELECT 'P', p.batch_id, p.day, NULL, count(*)::int, min(p.packed_at)
        FROM (SELECT i.batch_id, (bi.packed_at AT TIME ZONE ${timeZone})::date::text AS day, bi.packed_at
                FROM items i JOIN box_item bi ON bi.item_code_id = i.id) p
       GROUP BY p.batch_id, p.day
      UNION ALL
      SELECT 'S', i.batch_id, NULL, l.shipment_id, count(*)::int, NULL
        FROM items i
        JOIN shipment_line l ON l.code_id = i.id AND NOT l.is_box
        JOIN shipment s ON s.id = l.shipment_id AND s.status IN ('COMPLETED', 'RECEIVED') AND s.company_id = ${target.companyId}
       GROUP BY i.batch_id, l.shipment_id`.execute(db);
    for (const r of counts.rows) {
      if (r.kind === 'M') {
        const key = r.batch_id ?? '';
        const m = made.get(key) ?? { batchId: r.batch_id, items: 0, firstActivated: null };
        m.items += r.n;
        if (r.first_at && (!m.firstActivated || r.first_at < m.firstActivated)) m.firstActivated = r.first_at;
        made.set(key, m);
      } else if (r.kind === 'P') {
        const key = `${r.batch_id ?? ''}|${r.day}`;
        const firstAt = r.first_at as Date;
        const p = packed.get(key) ?? { batchId: r.batch_id, day: r.day as string, items: 0, firstPacked: firstAt };
        p.items += r.n;
        if (firstAt < p.firstPacked) p.firstPacked = firstAt;
        packed.set(key, p);
      } else {
        const key = `${r.batch_id ?? ''}|${r.shipment_id}`;
        const o = moved.get(key) ?? { batchId: r.batch_id, shipmentId: r.shipment_id as string, items: 0 };
        o.items += r.n;
        moved.set(key, o);
      }
    }
    if (chunkSize === null || last === null || n < chunkSize) break;
    cursor = last;
  }
  return { made: [...made.values()], packed: [...packed.values()], moved: [...moved.values()] };
}

export interface TraceRow {
  event: TraceEvent;
  lot: string;
  lotSource: string;
  product: string;
  gtin: string;
  quantity: number;
  unit: string;
  from: string;
  fromArea: string;
  to: string;
  toArea: string;
  /** The instant, or null when only a day is known (a batch's production date). */
  at: Date | null;
  day: string;
  docType: string;
  docNo: string;
}

/** The report's rows, oldest first (events of one time in their life order, then by lot). */
export async function traceRows(db: Kysely<DB>, target: TraceTarget, lang: Lang, timeZone: string, chunkSize: number | null): Promise<TraceRow[]> {
  const t = TEXTS[lang];
  const clock = businessClock(timeZone);
  const { made, packed, moved } = await gather(db, target, timeZone, chunkSize);
  const batchIds = [...new Set([...made, ...packed, ...moved].map((g) => g.batchId).filter((id): id is string => id !== null))];
  const shipmentIds = [...new Set(moved.map((m) => m.shipmentId))];
  const company = await db.selectFrom('company').select('full_name').where('id', '=', target.companyId).executeTakeFirstOrThrow();
  const batches = new Map(
    (batchIds.length === 0
      ? []
      : await db
          .selectFrom('product_batch as b')
          .innerJoin('product as p', 'p.id', 'b.product_id')
          .select(['b.id', 'b.batch_no', 'b.production_date', 'p.name', 'p.spec', 'p.unit', 'p.gtin'])
          .where('b.company_id', '=', target.companyId)
          .where('b.id', 'in', batchIds)
          .execute()
    ).map((b) => [b.id, b]),
  );
  const shipments = new Map(
    (shipmentIds.length === 0
      ? []
      : await db
          .selectFrom('shipment as s')
          .innerJoin('dealer as d', 'd.id', 's.dealer_id')
          .select(['s.id', 's.order_no', 's.kind', 's.completed_at', 's.received_at', 'd.code', 'd.name', 'd.area_codes'])
          .where('s.company_id', '=', target.companyId)
          .where('s.id', 'in', shipmentIds)
          .execute()
    ).map((s) => [s.id, s]),
  );
  const home = company.full_name;
  const areas = (codes: readonly string[]) => codes.map((code) => areaName(code, lang)).join(lang === 'zh_CN' ? '、' : ', ');
  const lotOf = (batchId: string | null) => {
    const b = batchId ? batches.get(batchId) : undefined;
    return {
      lot: b?.batch_no ?? t.noLot,
      lotSource: home,
      product: b ? [b.name, b.spec].filter(Boolean).join(' ') : '',
      gtin: b?.gtin ?? '',
      unit: b?.unit || t.defaultUnit,
    };
  };
  const rows: TraceRow[] = [];
  for (const m of made) {
    const b = m.batchId ? batches.get(m.batchId) : undefined;
    const day = b?.production_date ? String(b.production_date).slice(0, 10) : '';
    rows.push({
      event: 'MADE', ...lotOf(m.batchId), quantity: m.items, from: home, fromArea: '', to: '', toArea: '',
      at: day ? null : m.firstActivated, day: day || (m.firstActivated ? clock.date(m.firstActivated) : ''),
      docType: t.docs.MADE, docNo: b?.batch_no ?? '',
    });
  }
  for (const p of packed) {
    rows.push({
      event: 'PACKED', ...lotOf(p.batchId), quantity: p.items, from: home, fromArea: '', to: home, toArea: '',
      at: p.firstPacked, day: p.day, docType: t.docs.PACKED, docNo: '',
    });
  }
  for (const o of moved) {
    const s = shipments.get(o.shipmentId);
    if (!s) continue;
    const dealer = `${s.name} (${s.code})`;
    const dealerArea = areas(s.area_codes);
    const base = { ...lotOf(o.batchId), quantity: o.items, docNo: s.order_no };
    if (s.kind === 'RETURN') {
      if (s.completed_at) rows.push({ ...base, event: 'RETURNED', from: dealer, fromArea: dealerArea, to: home, toArea: '', at: s.completed_at, day: clock.date(s.completed_at), docType: t.docs.RETURNED });
      continue;
    }
    if (s.completed_at) rows.push({ ...base, event: 'SHIPPED', from: home, fromArea: '', to: dealer, toArea: dealerArea, at: s.completed_at, day: clock.date(s.completed_at), docType: t.docs.SHIPPED });
    if (s.received_at) rows.push({ ...base, event: 'RECEIVED', from: home, fromArea: '', to: dealer, toArea: dealerArea, at: s.received_at, day: clock.date(s.received_at), docType: t.docs.RECEIVED });
  }
  // a day without a time counts from its start in the business zone
  const timeOf = (r: TraceRow) => (r.at ? r.at.getTime() : r.day ? businessDayStart(timeZone, r.day).getTime() : 0);
  return rows.sort(
    (a, b) => timeOf(a) - timeOf(b) || EVENT_ORDER.indexOf(a.event) - EVENT_ORDER.indexOf(b.event) || a.lot.localeCompare(b.lot) || a.docNo.localeCompare(b.docNo),
  );
}

async function* listed<T>(rows: readonly T[]): AsyncGenerator<T> {
  yield* rows;
}

/** The report as an .xlsx stream: one sheet, a filter on its header row for sorting and filtering. */
export async function traceReport(
  db: Kysely<DB>,
  target: TraceTarget,
  options: { lang: Lang; timeZone: string; chunkSize: number | null },
  onError: (error: unknown) => void,
) {
  const { lang, timeZone } = options;
  const t = TEXTS[lang];
  const clock = businessClock(timeZone);
  const rows = await traceRows(db, target, lang, timeZone, options.chunkSize);
  const time = (r: TraceRow) => (r.at ? clock.dateTime(r.at).slice(11) : '');
  return xlsxStream<TraceRow>({
    sheetName: t.sheet,
    autoFilter: true,
    columns: [
      { header: t.event, width: 12, value: (r) => t.events[r.event] },
      { header: t.lot, width: 18, text: true, value: (r) => r.lot },
      { header: t.lotSource, width: 24, value: (r) => r.lotSource },
      { header: t.product, width: 24, value: (r) => r.product },
      { header: t.gtin, width: 16, text: true, value: (r) => r.gtin },
      { header: t.quantity, width: 10, value: (r) => r.quantity },
      { header: t.unit, width: 8, value: (r) => r.unit },
      { header: t.from, width: 24, value: (r) => r.from },
      { header: t.fromArea, width: 24, value: (r) => r.fromArea },
      { header: t.to, width: 24, value: (r) => r.to },
      { header: t.toArea, width: 24, value: (r) => r.toArea },
      { header: `${t.date} (${timeZone})`, width: 14, value: (r) => r.day },
      { header: `${t.time} (${timeZone})`, width: 12, value: time },
      { header: t.docType, width: 16, value: (r) => r.docType },
      { header: t.docNo, width: 20, text: true, value: (r) => r.docNo },
    ],
    rows: listed(rows),
    onError,
  });
}
