import type { shipmentLineQuerySchema, shipmentPageQuerySchema, ShipmentKind, ShipmentStatus } from '@rd/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { CodeStatus, DB, RuleKind } from '../../platform/db/schema.js';
import { businessDayStart } from '../../platform/export/businessClock.js';
import { chunkedRows } from '../../platform/export/chunkedRows.js';
import { containsPattern } from '../../platform/likePattern.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';
import { personName, personUsername } from '../userinfo/personName.js';

export interface LockedShipment {
  id: string;
  orderNo: string;
  kind: ShipmentKind;
  status: ShipmentStatus;
  dealerId: string;
  companyId: string;
}

export function lockShipment(tx: Transaction<DB>, companyId: string, id: string): Promise<LockedShipment | undefined> {
  return tx
    .selectFrom('shipment')
    .select(['id', 'order_no as orderNo', 'kind', 'status', 'dealer_id as dealerId', 'company_id as companyId'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Today's next order number of the company: CK20261125-0001 (outbound) or TH… (return). */
export async function nextOrderNo(tx: Transaction<DB>, companyId: string, kind: ShipmentKind, day: string): Promise<string> {
  const prefix = `${kind === 'OUTBOUND' ? 'CK' : 'TH'}${day.replaceAll('-', '')}-`;
  const row = await tx
    .selectFrom('shipment')
    .select(sql<string | null>`max(order_no)`.as('last'))
    .where('company_id', '=', companyId)
    .where('order_no', 'like', `${prefix}%`)
    .executeTakeFirst();
  const last = row?.last ? Number(row.last.slice(prefix.length)) : 0;
  return `${prefix}${String(last + 1).padStart(4, '0')}`;
}

export async function insertShipment(
  tx: Transaction<DB>,
  row: { companyId: string; orderNo: string; kind: ShipmentKind; dealerId: string; remark: string; userId: string },
): Promise<string> {
  const inserted = await tx
    .insertInto('shipment')
    .values({ company_id: row.companyId, order_no: row.orderNo, kind: row.kind, dealer_id: row.dealerId, remark: row.remark, created_by: row.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** A scanned code or one inside a scanned box, with what decides whether it may go into the order. */
export interface ScannedTreeCode {
  /** The scanned text it came from. */
  root: string;
  id: string;
  code: string;
  status: CodeStatus;
  kind: RuleKind;
  /** 0 for the scanned code itself, 1 for what is in it, and so on. */
  depth: number;
  /** The box it came in (for depth ≥ 1). */
  parentId: string | null;
  shippedTo: string | null;
  shippedToName: string | null;
  openShipmentId: string | null;
  openOrderNo: string | null;
  /** The box the code is in now (for depth ≥ 1 the box it came in), with the box's text. */
  inBoxId: string | null;
  inBoxCode: string | null;
}

/**
 * Locks the company's codes among `texts` (FOR NO KEY UPDATE, in id order) for the rest of the scan: packing
 * takes the codes it packs FOR SHARE, so a scan and a packing of the same code queue, and each then reads
 * what the other did (a code packed meanwhile is in its box; a code scanned meanwhile is in the order).
 */
export async function lockScannedCodes(tx: Transaction<DB>, companyId: string, texts: readonly string[]): Promise<void> {
  if (texts.length === 0) return;
  await sql`SELECT c.id FROM code c WHERE c.company_id = ${companyId} AND c.code = ANY(${sql.val([...texts])}::text[]) ORDER BY c.id FOR NO KEY UPDATE`.execute(tx);
}

/**
 * The company's codes among `texts`, each with everything packed in it (boxes in boxes too), in one
 * statement. Each row says where the code is now: at a dealer, in an open order, in a box.
 */
export async function scannedTree(tx: Transaction<DB>, companyId: string, texts: readonly string[]): Promise<ScannedTreeCode[]> {
  const { rows } = await sql<ScannedTreeCode>`
    WITH RECURSIVE tree (root, id, depth, parent_id) AS (
      SELECT c.code, c.id, 0, NULL::bigint FROM code c WHERE c.company_id = ${companyId} AND c.code = ANY(${sql.val([...texts])}::text[])
      UNION ALL
      SELECT t.root, bi.item_code_id, t.depth + 1, t.id FROM tree t JOIN box_item bi ON bi.box_code_id = t.id WHERE t.depth < 8
    )
    SELECT t.root, t.id::text AS id, c.code, c.status, r.kind, t.depth, t.parent_id::text AS "parentId",
           cs.dealer_id AS "shippedTo", d.name AS "shippedToName", ol.shipment_id AS "openShipmentId", s.order_no AS "openOrderNo",
           pb.box_code_id::text AS "inBoxId", pbc.code AS "inBoxCode"
      FROM tree t
      JOIN code c ON c.id = t.id
      JOIN tag_rule r ON r.id = c.rule_id
      LEFT JOIN code_shipment cs ON cs.code_id = t.id
      LEFT JOIN dealer d ON d.id = cs.dealer_id
      LEFT JOIN open_line ol ON ol.code_id = t.id
      LEFT JOIN shipment s ON s.id = ol.shipment_id
      LEFT JOIN box_item pb ON pb.item_code_id = t.id
      LEFT JOIN code pbc ON pbc.id = pb.box_code_id
     ORDER BY t.id`.execute(tx);
  return rows;
}

/** Where a code is held now: by an open order (its number) and, for an item, at a dealer (its name). */
export interface CodePlace {
  openOrderNo: string | null;
  dealerName: string | null;
}

/**
 * The codes among `codeIds` that an open order holds or that are at a dealer, with where; codes held
 * nowhere are not in the map. Packing reads it to refuse what shipping would refuse the box for.
 */
export async function codePlaces(tx: Transaction<DB>, codeIds: readonly string[]): Promise<Map<string, CodePlace>> {
  if (codeIds.length === 0) return new Map();
  const { rows } = await sql<CodePlace & { id: string }>`
    SELECT c.id::text AS id, s.order_no AS "openOrderNo", d.name AS "dealerName"
      FROM unnest(${sql.val([...codeIds])}::bigint[]) AS c(id)
      LEFT JOIN open_line ol ON ol.code_id = c.id
      LEFT JOIN shipment s ON s.id = ol.shipment_id
      LEFT JOIN code_shipment cs ON cs.code_id = c.id
      LEFT JOIN dealer d ON d.id = cs.dealer_id
     WHERE ol.code_id IS NOT NULL OR cs.code_id IS NOT NULL`.execute(tx);
  return new Map(rows.map(({ id, ...place }) => [id, place]));
}

/**
 * Takes codes out of the box each is in (the box given with it), with an UNPACK event each; false when one of
 * them is no longer in that box.
 */
export async function takeOutOfBoxes(tx: Transaction<DB>, companyId: string, userId: string, codes: ReadonlyArray<{ id: string; boxId: string }>): Promise<boolean> {
  if (codes.length === 0) return true;
  const { rows } = await sql<{ n: number }>`
    WITH gone AS (
      DELETE FROM box_item bi USING unnest(${sql.val(codes.map((c) => c.id))}::bigint[], ${sql.val(codes.map((c) => c.boxId))}::bigint[]) AS o(id, box_id)
       WHERE bi.item_code_id = o.id AND bi.box_code_id = o.box_id
      RETURNING bi.item_code_id, bi.box_code_id
    ), recorded AS (
      INSERT INTO box_event (company_id, action, box_code_id, item_code_id, user_id)
      SELECT ${companyId}, 'UNPACK', box_code_id, item_code_id, ${userId} FROM gone
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM recorded`.execute(tx);
  return rows[0]?.n === codes.length;
}

export interface NewLine {
  codeId: string;
  isBox: boolean;
  viaBoxId: string | null;
}

/** Adds lines to an open order and marks their codes as held by it; false when another order took one meanwhile. */
export async function addLines(tx: Transaction<DB>, shipmentId: string, lines: readonly NewLine[]): Promise<boolean> {
  if (lines.length === 0) return true;
  const ids = lines.map((l) => l.codeId);
  const held = await sql<{ code_id: string }>`
    INSERT INTO open_line (code_id, shipment_id) SELECT unnest(${sql.val(ids)}::bigint[]), ${shipmentId}::uuid
    ON CONFLICT (code_id) DO NOTHING RETURNING code_id`.execute(tx);
  if (held.rows.length !== ids.length) return false;
  await sql`
    INSERT INTO shipment_line (shipment_id, code_id, is_box, via_box_id)
    SELECT ${shipmentId}::uuid, l.code_id, l.is_box, l.via_box_id
      FROM unnest(${sql.val(ids)}::bigint[], ${sql.val(lines.map((l) => l.isBox))}::boolean[], ${sql.val(lines.map((l) => l.viaBoxId))}::bigint[])
        AS l(code_id, is_box, via_box_id)`.execute(tx);
  return true;
}

/** Takes codes (and what came in with a taken box) out of an open order; answers how many lines went. */
export async function removeLines(tx: Transaction<DB>, shipmentId: string, codeIds: readonly string[]): Promise<number> {
  if (codeIds.length === 0) return 0;
  const gone = await sql<{ code_id: string }>`
    DELETE FROM shipment_line
     WHERE shipment_id = ${shipmentId}
       AND (code_id = ANY(${sql.val([...codeIds])}::bigint[]) OR via_box_id = ANY(${sql.val([...codeIds])}::bigint[]))
    RETURNING code_id`.execute(tx);
  await sql`DELETE FROM open_line WHERE code_id = ANY(${sql.val(gone.rows.map((r) => r.code_id))}::bigint[])`.execute(tx);
  return gone.rows.length;
}

/** Recounts the order's items and boxes from its lines. */
export async function recount(tx: Transaction<DB>, shipmentId: string): Promise<{ itemCount: number; boxCount: number }> {
  const row = await sql<{ itemCount: number; boxCount: number }>`
    UPDATE shipment SET
      item_count = (SELECT count(*) FROM shipment_line WHERE shipment_id = ${shipmentId} AND NOT is_box),
      box_count = (SELECT count(*) FROM shipment_line WHERE shipment_id = ${shipmentId} AND is_box)
    WHERE id = ${shipmentId}
    RETURNING item_count AS "itemCount", box_count AS "boxCount"`.execute(tx);
  return row.rows[0] as { itemCount: number; boxCount: number };
}

/** The box each of `codeIds` came into the order with (its text), for those that came with one. */
export async function linesViaBox(tx: Transaction<DB>, shipmentId: string, codeIds: readonly string[]): Promise<Map<string, string>> {
  if (codeIds.length === 0) return new Map();
  const rows = await tx
    .selectFrom('shipment_line as l')
    .innerJoin('code as b', 'b.id', 'l.via_box_id')
    .select(['l.code_id', 'b.code'])
    .where('l.shipment_id', '=', shipmentId)
    .where('l.code_id', 'in', [...codeIds])
    .execute();
  return new Map(rows.map((r) => [String(r.code_id), r.code]));
}

/** The ids of the order's lines: items and boxes. */
export async function lineCodeIds(tx: Transaction<DB>, shipmentId: string): Promise<{ items: string[]; boxes: string[] }> {
  const rows = await tx.selectFrom('shipment_line').select(['code_id', 'is_box']).where('shipment_id', '=', shipmentId).orderBy('code_id').execute();
  return { items: rows.filter((r) => !r.is_box).map((r) => r.code_id), boxes: rows.filter((r) => r.is_box).map((r) => r.code_id) };
}

/** The order's items go to its dealer; false when one of them was shipped elsewhere meanwhile. */
export async function placeAtDealer(tx: Transaction<DB>, shipment: LockedShipment): Promise<boolean> {
  const result = await sql<{ n: number }>`
    WITH placed AS (
      INSERT INTO code_shipment (code_id, company_id, dealer_id, shipment_id, shipped_at)
      SELECT l.code_id, ${shipment.companyId}, ${shipment.dealerId}, ${shipment.id}, now()
        FROM shipment_line l WHERE l.shipment_id = ${shipment.id} AND NOT l.is_box
      ON CONFLICT (code_id) DO NOTHING
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM placed)::int - (SELECT count(*) FROM shipment_line WHERE shipment_id = ${shipment.id} AND NOT is_box)::int AS n`.execute(tx);
  return result.rows[0]?.n === 0;
}

/** A return's items come back from its dealer; false when one of them is no longer there. */
export async function takeBackFromDealer(tx: Transaction<DB>, shipment: LockedShipment): Promise<boolean> {
  const result = await sql<{ n: number }>`
    WITH back AS (
      DELETE FROM code_shipment cs USING shipment_line l
       WHERE l.shipment_id = ${shipment.id} AND NOT l.is_box AND cs.code_id = l.code_id AND cs.dealer_id = ${shipment.dealerId}
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM back)::int - (SELECT count(*) FROM shipment_line WHERE shipment_id = ${shipment.id} AND NOT is_box)::int AS n`.execute(tx);
  return result.rows[0]?.n === 0;
}

export async function releaseOpenLines(tx: Transaction<DB>, shipmentId: string): Promise<void> {
  await tx.deleteFrom('open_line').where('shipment_id', '=', shipmentId).execute();
}

export async function deleteLines(tx: Transaction<DB>, shipmentId: string): Promise<void> {
  await tx.deleteFrom('shipment_line').where('shipment_id', '=', shipmentId).execute();
}

export async function setStatus(tx: Transaction<DB>, id: string, status: 'COMPLETED' | 'RECEIVED' | 'CANCELLED', userId: string): Promise<void> {
  const by = { COMPLETED: ['completed_by', 'completed_at'], RECEIVED: ['received_by', 'received_at'], CANCELLED: ['cancelled_by', 'cancelled_at'] }[status];
  await tx
    .updateTable('shipment')
    .set({ status, [by[0] as string]: userId, [by[1] as string]: sql`now()` })
    .where('id', '=', id)
    .execute();
}

const SORT: SortSpec = {
  columns: { orderNo: 's.order_no', createdAt: 's.created_at', itemCount: 's.item_count', status: 's.status', completedAt: 's.completed_at' },
  defaultName: 'createdAt',
  defaultType: 'desc',
  tieBreaker: 's.id',
};

function rowQuery(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('shipment as s')
    .innerJoin('dealer as d', 'd.id', 's.dealer_id')
    .innerJoin('app_user as u', 'u.id', 's.created_by')
    .where('s.company_id', '=', companyId)
    .select([
      's.id',
      's.order_no as orderNo',
      's.kind',
      's.status',
      's.dealer_id as dealerId',
      'd.code as dealerCode',
      'd.name as dealerName',
      's.item_count as itemCount',
      's.box_count as boxCount',
      's.remark',
      'u.username as createdBy',
      personName('u').as('createdByName'),
      personUsername('u').as('createdByUsername'),
      's.created_at as createdAt',
      's.completed_at as completedAt',
      's.received_at as receivedAt',
      's.cancelled_at as cancelledAt',
    ]);
}


type ShipmentFilter = Omit<z.infer<typeof shipmentPageQuerySchema>, 'pageNum' | 'pageSize' | 'orderName' | 'orderType'>;

function filteredShipments(db: Kysely<DB>, companyId: string, query: ShipmentFilter, timeZone: string) {
  let q = rowQuery(db, companyId);
  if (query.orderNo) q = q.where('s.order_no', 'ilike', containsPattern(query.orderNo));
  if (query.kind) q = q.where('s.kind', '=', query.kind);
  if (query.status) q = q.where('s.status', '=', query.status);
  if (query.dealerId) q = q.where('s.dealer_id', '=', query.dealerId);
  if (query.createdFrom) q = q.where('s.created_at', '>=', businessDayStart(timeZone, query.createdFrom));
  if (query.createdTo) q = q.where('s.created_at', '<', businessDayStart(timeZone, query.createdTo, 1));
  return q;
}

export function shipmentPage(db: Kysely<DB>, companyId: string, query: z.infer<typeof shipmentPageQuerySchema>, timeZone: string) {
  return fetchPage(filteredShipments(db, companyId, query, timeZone), query, SORT);
}

/** The matching orders for the export, newest first. */
export function exportedShipments(db: Kysely<DB>, companyId: string, query: ShipmentFilter, timeZone: string) {
  return chunkedRows(filteredShipments(db, companyId, query, timeZone).orderBy('s.created_at', 'desc').orderBy('s.id', 'desc'));
}

export function shipmentRow(db: Kysely<DB>, companyId: string, id: string) {
  return rowQuery(db, companyId).where('s.id', '=', id).executeTakeFirst();
}

const LINE_SORT: SortSpec = { columns: { addedAt: 'l.added_at', code: 'c.code' }, defaultName: 'addedAt', defaultType: 'desc', tieBreaker: 'l.code_id' };

export function linePage(db: Kysely<DB>, shipmentId: string, query: z.infer<typeof shipmentLineQuerySchema>) {
  const q = db
    .selectFrom('shipment_line as l')
    .innerJoin('code as c', 'c.id', 'l.code_id')
    .leftJoin('code as box', 'box.id', 'l.via_box_id')
    .leftJoin('product as p', 'p.id', 'c.product_id')
    .leftJoin('product_batch as b', 'b.id', 'c.batch_id')
    .where('l.shipment_id', '=', shipmentId)
    .select(['c.code', 'l.is_box as isBox', 'box.code as viaBox', 'p.name as productName', 'b.batch_no as batchNo', 'l.added_at as addedAt']);
  return fetchPage(q, query, LINE_SORT);
}
