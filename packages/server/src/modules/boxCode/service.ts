import type {
  BoxBindResult,
  BoxContents,
  BoxEvent,
  BoxSummary,
  BoxUnbindResult,
  Lang,
  PageQuery,
  PageResult,
  boxBindBodySchema,
  boxUnbindBodySchema,
} from '@rd/contract';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/http/appError.js';
import { recordAggregation } from '../epcis/codeEvents.js';
import { codePlaces } from '../shipment/store.js';
import type { EventSite } from '../epcis/portalEvents.js';
import { ownCompany } from '../product/ownCompany.js';
import { Refusals, fieldOf } from './refusals.js';
import { distinct, scannedCodes, type ScannedCode } from './scannedCodes.js';
import {
  boxItemCount,
  boxItemPage,
  boxProductCounts,
  currentBoxes,
  eventPage,
  insertBoxItems,
  moveBoxItems,
  publicBox,
  recordEvents,
  unpackItems,
} from './store.js';

type BindBody = z.output<typeof boxBindBodySchema>;
type UnbindBody = z.output<typeof boxUnbindBodySchema>;

/**
 * Aggregation (DOMAIN.md "Aggregation"): items of a company packed into boxes of the same company. Every
 * call is one transaction and all or nothing: a refused code fails the whole call and names every
 * refused code, so a worker never wonders which half of a scan was saved.
 */

/** The box of a call: a BOX-kind code of the company; voided boxes take no more items. */
async function boxFor(tx: Transaction<DB>, companyId: string, text: string, refusals: Refusals, forPacking: boolean) {
  const [box] = await scannedCodes(tx, companyId, [text], 'share');
  if (!box) refusals.add('boxCode', 'NOT_FOUND');
  else if (box.kind !== 'BOX') refusals.add('boxCode', 'NOT_A_BOX', {}, box.code);
  else if (forPacking && box.status === 'VOIDED') refusals.add('boxCode', 'VOIDED', {}, box.code);
  return box;
}

/**
 * The items of a call, each an ITEM-kind code of the company that shipping would take: not voided and in
 * force (commissioned before it is aggregated, as GS1 has it). An item packed while not in force made a box
 * that every outbound order refused later; the packer is told now, with the label in hand.
 */
async function itemsFor(tx: Transaction<DB>, companyId: string, sent: readonly string[], refusals: Refusals) {
  const texts = distinct(sent);
  const found = await scannedCodes(tx, companyId, texts, 'share');
  const byText = new Map(found.map((c) => [c.code, c]));
  const fit: ScannedCode[] = [];
  for (const text of texts) {
    const item = byText.get(text);
    const field = fieldOf('itemCodes', sent, text);
    if (!item) refusals.add(field, 'NOT_FOUND');
    else if (item.kind !== 'ITEM') refusals.add(field, 'NOT_AN_ITEM', {}, item.code);
    else if (item.status === 'VOIDED') refusals.add(field, 'VOIDED', {}, item.code);
    else if (item.status !== 'ACTIVATED') refusals.add(field, 'PACK_NOT_ACTIVATED', {}, item.code);
    else fit.push(item);
  }
  return { found, fit };
}

/**
 * What shipping would also refuse: a box or item an open order holds (its lines would no longer say what
 * goes), an item at a dealer (it is not here to be packed).
 */
async function refuseHeld(tx: Transaction<DB>, refusals: Refusals, box: ScannedCode | undefined, items: readonly ScannedCode[], sent: readonly string[]) {
  const places = await codePlaces(tx, [...(box ? [box.id] : []), ...items.map((i) => i.id)]);
  const boxPlace = box ? places.get(box.id) : undefined;
  if (box && boxPlace?.openOrderNo) refusals.add('boxCode', 'IN_OPEN_ORDER', { order: boxPlace.openOrderNo }, box.code);
  for (const item of items) {
    const place = places.get(item.id);
    const field = fieldOf('itemCodes', sent, item.code);
    if (place?.openOrderNo) refusals.add(field, 'IN_OPEN_ORDER', { order: place.openOrderNo }, item.code);
    else if (place?.dealerName) refusals.add(field, 'SHIPPED_TO', { dealer: place.dealerName }, item.code);
  }
}

/**
 * Packs items into a box. An item in another box is refused unless `move` (then MOVE); an item already
 * in this box is left as it is (`unchanged`), so a label read twice does no harm. The EPCIS events: an
 * unpacking from each box items were moved out of, then one packing of what came into this box.
 */
export async function bindItems(db: Kysely<DB>, principal: Principal, body: BindBody, lang: Lang, site: EventSite): Promise<BoxBindResult> {
  const companyId = ownCompany(principal);
  return db.transaction().execute(async (tx) => {
    const refusals = new Refusals(lang);
    // box and items locked at once, in id order, as a shipping scan locks its codes: the two queue, never deadlock
    await scannedCodes(tx, companyId, distinct([body.boxCode, ...body.itemCodes]), 'share');
    const box = await boxFor(tx, companyId, body.boxCode, refusals, true);
    const { found: items, fit } = await itemsFor(tx, companyId, body.itemCodes, refusals);
    await refuseHeld(tx, refusals, box?.kind === 'BOX' ? box : undefined, fit, body.itemCodes);
    refusals.throwIfAny();
    const boxId = (box as ScannedCode).id;
    const ids = items.map((i) => i.id);
    const row = { companyId, boxId, userId: principal.userId };

    const packed = await insertBoxItems(tx, row, ids);
    let rest = ids.filter((id) => !packed.has(id));
    let current = await currentBoxes(tx, rest);
    // An item unpacked by someone else between the insert and the read is in no box now: pack it.
    const missing = rest.filter((id) => !current.some((c) => c.itemId === id));
    if (missing.length > 0) {
      for (const id of await insertBoxItems(tx, row, missing)) packed.add(id);
      rest = ids.filter((id) => !packed.has(id));
      current = await currentBoxes(tx, rest);
      if (current.length < rest.length) throw new AppError('CONFLICT');
    }

    const elsewhere = current.filter((c) => c.boxId !== boxId);
    const textOf = new Map(items.map((i) => [i.id, i.code]));
    if (elsewhere.length > 0 && !body.move) {
      for (const c of elsewhere) {
        const text = textOf.get(c.itemId) ?? '';
        refusals.add(fieldOf('itemCodes', body.itemCodes, text), 'IN_OTHER_BOX', { box: c.boxCode }, text);
      }
      refusals.throwIfAny();
    }
    await moveBoxItems(tx, boxId, principal.userId, elsewhere.map((c) => c.itemId));
    await recordEvents(tx, companyId, principal.userId, [
      ...[...packed].map((itemId) => ({ action: 'PACK' as const, boxId, itemId })),
      ...elsewhere.map((c) => ({ action: 'MOVE' as const, boxId, itemId: c.itemId, fromBoxId: c.boxId })),
    ]);
    const at = new Date();
    const movedOut = new Map<string, string[]>();
    for (const c of elsewhere) {
      const items = movedOut.get(c.boxId);
      if (items) items.push(c.itemId);
      else movedOut.set(c.boxId, [c.itemId]);
    }
    for (const [fromBox, itemIds] of movedOut) await recordAggregation(tx, site, 'DELETE', fromBox, itemIds, at);
    await recordAggregation(tx, site, 'ADD', boxId, [...packed, ...elsewhere.map((c) => c.itemId)], at);
    return {
      boxCode: body.boxCode,
      packed: packed.size,
      moved: elsewhere.length,
      unchanged: current.length - elsewhere.length,
      itemCount: await boxItemCount(tx, boxId),
      movedFrom: elsewhere.map((c) => ({ itemCode: textOf.get(c.itemId) ?? '', boxCode: c.boxCode })),
    };
  });
}

/** Takes the given items out of the box (each must be in it), or empties the box when none are given. */
export async function unbindItems(db: Kysely<DB>, principal: Principal, body: UnbindBody, lang: Lang, site: EventSite): Promise<BoxUnbindResult> {
  const companyId = ownCompany(principal);
  return db.transaction().execute(async (tx) => {
    const refusals = new Refusals(lang);
    const box = await boxFor(tx, companyId, body.boxCode, refusals, false);
    const texts = body.itemCodes ? distinct(body.itemCodes) : null;
    const items = texts ? await scannedCodes(tx, companyId, texts) : [];
    if (texts) {
      const known = new Set(items.map((i) => i.code));
      for (const text of texts) if (!known.has(text)) refusals.add(fieldOf('itemCodes', body.itemCodes ?? [], text), 'NOT_FOUND');
    }
    // a box an open order holds keeps its items until the order is done or the box is taken out of it
    const boxPlace = box?.kind === 'BOX' ? (await codePlaces(tx, [box.id])).get(box.id) : undefined;
    if (box && boxPlace?.openOrderNo) refusals.add('boxCode', 'IN_OPEN_ORDER', { order: boxPlace.openOrderNo }, box.code);
    refusals.throwIfAny();
    const boxId = (box as ScannedCode).id;
    const removed = await unpackItems(tx, companyId, principal.userId, boxId, texts ? items.map((i) => i.id) : null);
    if (texts && removed.length < items.length) {
      const gone = new Set(removed);
      for (const item of items) if (!gone.has(item.id)) refusals.add(fieldOf('itemCodes', body.itemCodes ?? [], item.code), 'NOT_IN_THIS_BOX', {}, item.code);
      refusals.throwIfAny();
    }
    await recordAggregation(tx, site, 'DELETE', boxId, removed);
    return { removed: removed.length, itemCount: await boxItemCount(tx, boxId) };
  });
}

/**
 * The company's box code by its text. Unknown and another company's codes are NOT_FOUND; the company's own
 * item code is refused as "not a box code", which tells a worker who scanned the wrong label what to do.
 */
async function ownBox(db: Kysely<DB>, companyId: string, text: string, lang: Lang): Promise<ScannedCode> {
  const [box] = await scannedCodes(db, companyId, [text]);
  if (!box) throw notFound();
  if (box.kind !== 'BOX') {
    const refusals = new Refusals(lang);
    refusals.add('boxCode', 'NOT_A_BOX', {}, box.code);
    refusals.throwIfAny();
  }
  return box;
}

export async function boxContents(
  db: Kysely<DB>,
  principal: Principal,
  query: PageQuery & { boxCode: string },
  lang: Lang,
): Promise<BoxContents> {
  const companyId = ownCompany(principal);
  const box = await ownBox(db, companyId, query.boxCode, lang);
  const page = await boxItemPage(db, box.id, query);
  const rule = await db
    .selectFrom('code as c')
    .innerJoin('tag_rule as r', 'r.id', 'c.rule_id')
    .select('r.rule_name')
    .where('c.id', '=', box.id)
    .executeTakeFirstOrThrow();
  return { box: { codeId: box.id, code: box.code, status: box.status, ruleName: rule.rule_name }, ...page };
}

/** The public view of a box label: counts per product only. Unknown, item and voided codes: NOT_FOUND. */
export async function boxSummary(db: Kysely<DB>, code: string): Promise<BoxSummary> {
  const box = await publicBox(db, code);
  if (!box) throw notFound();
  const products = await boxProductCounts(db, box.id);
  return { boxCode: box.code, itemCount: products.reduce((sum, p) => sum + p.count, 0), products };
}

export async function boxHistory(
  db: Kysely<DB>,
  principal: Principal,
  query: PageQuery & { boxCode?: string; itemCode?: string },
  lang: Lang,
): Promise<PageResult<BoxEvent>> {
  const companyId = ownCompany(principal);
  let by: { boxId: string } | { itemId: string };
  if (query.boxCode) by = { boxId: (await ownBox(db, companyId, query.boxCode, lang)).id };
  else {
    const [item] = await scannedCodes(db, companyId, [query.itemCode ?? '']);
    if (!item) throw notFound();
    by = { itemId: item.id };
  }
  const page = await eventPage(db, companyId, by, query);
  return { ...page, list: page.list.map((e) => ({ ...e, epcisAction: e.action === 'UNPACK' ? 'DELETE' : 'ADD' })) };
}
