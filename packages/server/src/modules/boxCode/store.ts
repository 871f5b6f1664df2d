import { sql, type Kysely, type Transaction } from 'kysely';
import type { BoxEventAction, DB } from '../../platform/db/schema.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';
import { personName } from '../userinfo/personName.js';
import type { PageQuery } from '@rd/contract';

/**
 * Puts items into a box; an item already in a box (any box) is skipped and left to the caller. The primary
 * key on the item decides races: a concurrent transaction packing the same item waits here until the
 * first one ends, then skips it. Ids go in ascending order so overlapping calls cannot deadlock.
 */
export async function insertBoxItems(
  tx: Transaction<DB>,
  row: { companyId: string; boxId: string; userId: string },
  itemIds: readonly string[],
): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const sorted = [...itemIds].sort(byNumericId);
  const inserted = await tx
    .insertInto('box_item')
    .values(sorted.map((id) => ({ item_code_id: id, box_code_id: row.boxId, company_id: row.companyId, packed_by: row.userId })))
    .onConflict((oc) => oc.column('item_code_id').doNothing())
    .returning('item_code_id')
    .execute();
  return new Set(inserted.map((r) => String(r.item_code_id)));
}

/** The box each of `itemIds` is in now (with the box's text), locked for a move. */
export function currentBoxes(tx: Transaction<DB>, itemIds: readonly string[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('box_item as bi')
    .innerJoin('code as b', 'b.id', 'bi.box_code_id')
    .select(['bi.item_code_id as itemId', 'bi.box_code_id as boxId', 'b.code as boxCode'])
    .where('bi.item_code_id', 'in', [...itemIds])
    .orderBy('bi.item_code_id')
    .modifyEnd(sql`FOR UPDATE OF bi`)
    .execute();
}

/** Moves items (already locked) into another box, as if packed now by this user. */
export async function moveBoxItems(tx: Transaction<DB>, boxId: string, userId: string, itemIds: readonly string[]): Promise<void> {
  if (itemIds.length === 0) return;
  await tx
    .updateTable('box_item')
    .set({ box_code_id: boxId, packed_by: userId, packed_at: sql`now()` })
    .where('item_code_id', 'in', [...itemIds])
    .execute();
}

export interface BoxEventInput {
  action: BoxEventAction;
  boxId: string;
  itemId: string;
  fromBoxId?: string;
}

export async function recordEvents(tx: Transaction<DB>, companyId: string, userId: string, events: readonly BoxEventInput[]) {
  if (events.length === 0) return;
  await tx
    .insertInto('box_event')
    .values(
      events.map((e) => ({
        company_id: companyId,
        action: e.action,
        box_code_id: e.boxId,
        item_code_id: e.itemId,
        from_box_code_id: e.fromBoxId ?? null,
        user_id: userId,
      })),
    )
    .execute();
}

/**
 * Takes items out of a box (all of them when `itemIds` is null) and records an UNPACK event for each, in
 * one statement; answers the ids taken out.
 */
export async function unpackItems(
  tx: Transaction<DB>,
  companyId: string,
  userId: string,
  boxId: string,
  itemIds: readonly string[] | null,
): Promise<string[]> {
  const only = itemIds === null ? sql`` : sql`AND item_code_id = ANY(${sql.val([...itemIds])}::bigint[])`;
  const result = await sql<{ item_code_id: string }>`
    WITH gone AS (
      DELETE FROM box_item WHERE box_code_id = ${boxId} ${only} RETURNING item_code_id
    )
    INSERT INTO box_event (company_id, action, box_code_id, item_code_id, user_id)
    SELECT ${companyId}, 'UNPACK', ${boxId}, item_code_id, ${userId} FROM gone
    RETURNING item_code_id::text AS item_code_id`.execute(tx);
  return result.rows.map((r) => r.item_code_id);
}

export async function boxItemCount(db: Kysely<DB> | Transaction<DB>, boxId: string): Promise<number> {
  const row = await db
    .selectFrom('box_item')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('box_code_id', '=', boxId)
    .executeTakeFirstOrThrow();
  return row.n;
}

const BOX_ITEM_SORT: SortSpec = {
  columns: { packedAt: 'bi.packed_at', itemCode: 'c.code' },
  defaultName: 'packedAt',
  defaultType: 'asc',
  tieBreaker: 'bi.item_code_id',
};

/** A box's items with their product and batch, a page at a time, in packing order. */
export function boxItemPage(db: Kysely<DB>, boxId: string, page: PageQuery) {
  const q = db
    .selectFrom('box_item as bi')
    .innerJoin('code as c', 'c.id', 'bi.item_code_id')
    .leftJoin('product as p', 'p.id', 'c.product_id')
    .leftJoin('product_batch as b', 'b.id', 'c.batch_id')
    .leftJoin('app_user as u', 'u.id', 'bi.packed_by')
    .select([
      sql<string>`bi.item_code_id::text`.as('codeId'),
      'c.code as itemCode',
      'c.status',
      'c.product_id as productId',
      'p.name as productName',
      'c.batch_id as batchId',
      'b.batch_no as batchNo',
      'bi.packed_at as packedAt',
      'u.name as packedBy',
    ])
    .where('bi.box_code_id', '=', boxId);
  return fetchPage(q, page, BOX_ITEM_SORT);
}

/** What the public may see of a box: how many items of which products (no item codes). */
export function boxProductCounts(db: Kysely<DB>, boxId: string) {
  return db
    .selectFrom('box_item as bi')
    .innerJoin('code as c', 'c.id', 'bi.item_code_id')
    .leftJoin('product as p', 'p.id', 'c.product_id')
    .select([sql<string>`coalesce(p.name, '')`.as('productName'), sql<number>`count(*)::int`.as('count')])
    .where('bi.box_code_id', '=', boxId)
    .groupBy('p.name')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('p.name')
    .execute();
}

/** A box code found by its text, for the public view: any company, only BOX codes that are not voided. */
export function publicBox(db: Kysely<DB>, code: string) {
  return db
    .selectFrom('code as c')
    .innerJoin('tag_rule as r', 'r.id', 'c.rule_id')
    .select(['c.id', 'c.code'])
    .where('c.code', '=', code)
    .where('r.kind', '=', 'BOX')
    .where('c.status', '<>', 'VOIDED')
    .executeTakeFirst();
}

const EVENT_SORT: SortSpec = { columns: { id: 'e.id' }, defaultName: 'id', defaultType: 'desc', tieBreaker: 'e.id' };

/** Packing events of a box (as the box or as the box an item left) or of an item, newest first. */
export function eventPage(db: Kysely<DB>, companyId: string, by: { boxId: string } | { itemId: string }, page: PageQuery) {
  let q = db
    .selectFrom('box_event as e')
    .innerJoin('code as b', 'b.id', 'e.box_code_id')
    .innerJoin('code as i', 'i.id', 'e.item_code_id')
    .leftJoin('code as f', 'f.id', 'e.from_box_code_id')
    .leftJoin('app_user as u', 'u.id', 'e.user_id')
    .select([
      sql<string>`e.id::text`.as('id'),
      'e.action',
      'b.code as boxCode',
      'i.code as itemCode',
      'f.code as fromBoxCode',
      sql<string | null>`nullif(${personName('u')}, '')`.as('userName'),
      'e.created_at as createdAt',
    ])
    .where('e.company_id', '=', companyId);
  if ('itemId' in by) q = q.where('e.item_code_id', '=', by.itemId);
  else q = q.where((w) => w.or([w('e.box_code_id', '=', by.boxId), w('e.from_box_code_id', '=', by.boxId)]));
  return fetchPage(q, page, EVENT_SORT);
}

function byNumericId(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
