import {
  SHIPMENT_ITEMS_MAX,
  type Lang,
  type ShipmentKind,
  type ShipmentScanResult,
  type shipmentAddBodySchema,
  type shipmentCodesBodySchema,
  type shipmentScanBodySchema,
  type shipmentLineQuerySchema,
  type shipmentPageQuerySchema,
} from '@rd/contract';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/sessionStore.js';
import { isUniqueViolation } from '../../platform/db/constraintErrors.js';
import type { DB } from '../../platform/db/schema.js';
import { businessClock } from '../../platform/export/businessClock.js';
import { AppError, notFound } from '../../platform/http/appError.js';
import { distinct } from '../boxCode/scannedCodes.js';
import { Refusals, fieldOf, reasonText, type RefusalReason } from '../boxCode/refusals.js';
import { recordAggregation, recordShipment } from '../epcis/codeEvents.js';
import { shipmentParties, type EventSite, type ShipmentStep } from '../epcis/portalEvents.js';
import { findDealer } from '../dealer/store.js';
import { ownCompany } from '../product/ownCompany.js';
import {
  addLines,
  deleteLines,
  insertShipment,
  linePage,
  lineCodeIds,
  linesViaBox,
  lockScannedCodes,
  lockShipment,
  nextOrderNo,
  placeAtDealer,
  recount,
  releaseOpenLines,
  removeLines,
  scannedTree,
  setStatus,
  shipmentPage,
  shipmentRow,
  takeBackFromDealer,
  takeOutOfBoxes,
  type LockedShipment,
  type NewLine,
  type ScannedTreeCode,
} from './store.js';

/**
 * The rules of shipping by scan. An outbound order takes activated items that are at no dealer; a return
 * takes items that are at its dealer. A scanned box brings everything packed in it, boxes in boxes too, and
 * is refused whole when one item inside may not go, naming that item. A code inside a box goes with its box,
 * or is taken out of it on request. One scan call is all or nothing. Packing (boxCode/service.ts) refuses
 * what these rules would refuse the box for later.
 */

export function listShipments(db: Kysely<DB>, principal: Principal, query: z.infer<typeof shipmentPageQuerySchema>, timeZone: string) {
  return shipmentPage(db, ownCompany(principal), query, timeZone);
}

export async function getShipment(db: Kysely<DB>, principal: Principal, id: string) {
  const row = await shipmentRow(db, ownCompany(principal), id);
  if (!row) throw notFound();
  return row;
}

export async function listLines(db: Kysely<DB>, principal: Principal, query: z.infer<typeof shipmentLineQuerySchema>) {
  await getShipment(db, principal, query.id);
  return linePage(db, query.id, query);
}

export async function createShipment(db: Kysely<DB>, principal: Principal, kind: ShipmentKind, body: z.infer<typeof shipmentAddBodySchema>, timeZone: string) {
  const companyId = ownCompany(principal);
  const day = businessClock(timeZone).date();
  for (let attempt = 0; ; attempt += 1) {
    try {
      const id = await db.transaction().execute(async (tx) => {
        const dealer = await findDealer(tx, companyId, body.dealerId);
        if (!dealer) throw notFound();
        if (dealer.status !== 'ENABLED' && kind === 'OUTBOUND') throw new AppError('DEALER_DISABLED');
        const orderNo = await nextOrderNo(tx, companyId, kind, day);
        return insertShipment(tx, { companyId, orderNo, kind, dealerId: body.dealerId, remark: body.remark, userId: principal.userId });
      });
      return getShipment(db, principal, id);
    } catch (error) {
      // two orders numbered at once: the second takes the next number
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
  }
}

async function openShipment(tx: Transaction<DB>, companyId: string, id: string, kind: ShipmentKind): Promise<LockedShipment> {
  const shipment = await lockShipment(tx, companyId, id);
  // an order of the other kind is not this call's to touch (its permission is another)
  if (!shipment || shipment.kind !== kind) throw notFound();
  if (shipment.status !== 'OPEN') throw new AppError('SHIPMENT_NOT_OPEN');
  return shipment;
}

/** Why an item may not go into the order, or null when it may (or is in it already). */
function itemRefusal(item: ScannedTreeCode, shipment: LockedShipment): { reason: RefusalReason; params?: Record<string, string> } | null {
  if (item.status === 'VOIDED') return { reason: 'VOIDED' };
  if (item.status === 'NOT_ACTIVATED') return { reason: 'NOT_ACTIVATED' };
  if (item.openShipmentId && item.openShipmentId !== shipment.id) return { reason: 'IN_OPEN_ORDER', params: { order: item.openOrderNo ?? '' } };
  if (shipment.kind === 'OUTBOUND' && item.shippedTo) return { reason: 'SHIPPED_TO', params: { dealer: item.shippedToName ?? '' } };
  if (shipment.kind === 'RETURN' && item.shippedTo !== shipment.dealerId) return { reason: 'NOT_AT_DEALER' };
  return null;
}

/**
 * Adds scanned codes to an open order; each refused code is named by its place in the request. A code that
 * sits in a box goes with its box: scanned alone (its box not coming along in this call or before) it is
 * refused as IN_BOX, because the box's contents would silently stop being true — unless the caller asked
 * to `unpack`: then it is taken out of its box here, with the unpacking recorded (box history and an EPCIS
 * AggregationEvent DELETE), and the answer names it and the box it left.
 */
export async function scanIntoShipment(
  db: Kysely<DB>,
  principal: Principal,
  kind: ShipmentKind,
  body: z.infer<typeof shipmentScanBodySchema>,
  lang: Lang,
  site: EventSite,
): Promise<ShipmentScanResult> {
  const companyId = ownCompany(principal);
  const texts = distinct(body.codes);
  return db.transaction().execute(async (tx) => {
    const shipment = await openShipment(tx, companyId, body.id, kind);
    await lockScannedCodes(tx, companyId, texts);
    const tree = await scannedTree(tx, companyId, texts);
    const refusals = new Refusals(lang);
    const byRoot = new Map<string, ScannedTreeCode[]>();
    for (const row of tree) {
      const rows = byRoot.get(row.root);
      if (rows) rows.push(row);
      else byRoot.set(row.root, [row]);
    }
    const lines = new Map<string, NewLine>();
    /** Codes scanned alone that sit in a box: judged once every box of the call is expanded. */
    const contained: Array<{ field: string; scanned: ScannedTreeCode; lines: NewLine[] }> = [];
    let unchanged = 0;
    for (const text of texts) {
      const field = fieldOf('codes', body.codes, text);
      const rows = byRoot.get(text) ?? [];
      const scanned = rows.find((r) => r.depth === 0);
      if (!scanned) {
        refusals.add(field, 'NOT_FOUND');
        continue;
      }
      if (scanned.openShipmentId === shipment.id) {
        unchanged += 1;
        continue;
      }
      const own: NewLine[] = [];
      if (scanned.kind === 'ITEM') {
        const refusal = itemRefusal(scanned, shipment);
        if (refusal) {
          refusals.add(field, refusal.reason, refusal.params, scanned.code);
          continue;
        }
        own.push({ codeId: scanned.id, isBox: false, viaBoxId: null });
      } else {
        if (scanned.status === 'VOIDED') {
          refusals.add(field, 'VOIDED', {}, scanned.code);
          continue;
        }
        const inside = rows.filter((r) => r.depth > 0);
        const items = inside.filter((r) => r.kind === 'ITEM');
        if (items.length === 0) {
          refusals.add(field, 'EMPTY_BOX', {}, scanned.code);
          continue;
        }
        const bad = items.map((item) => ({ item, refusal: itemRefusal(item, shipment) })).find((x) => x.refusal !== null);
        if (bad?.refusal) {
          refusals.add(field, 'INSIDE', { code: bad.item.code, reason: reasonText(lang, bad.refusal.reason, bad.refusal.params) }, scanned.code);
          continue;
        }
        for (const row of [scanned, ...inside]) {
          if (row.openShipmentId === shipment.id) continue;
          own.push({ codeId: row.id, isBox: row.kind === 'BOX', viaBoxId: row.depth === 0 ? null : scanned.id });
        }
      }
      if (scanned.inBoxId) contained.push({ field, scanned, lines: own });
      else for (const line of own) if (!lines.has(line.codeId)) lines.set(line.codeId, line);
    }
    const unpack: Array<{ id: string; boxId: string; code: string; boxCode: string }> = [];
    for (const { field, scanned, lines: own } of contained) {
      // its box (or a box around that) came along in this call: it is in the order with it
      if (lines.has(scanned.id)) {
        unchanged += 1;
        continue;
      }
      if (!body.unpack) {
        refusals.add(field, 'IN_BOX', { box: scanned.inBoxCode ?? '' }, scanned.code);
        continue;
      }
      unpack.push({ id: scanned.id, boxId: scanned.inBoxId as string, code: scanned.code, boxCode: scanned.inBoxCode ?? '' });
      for (const line of own) if (!lines.has(line.codeId)) lines.set(line.codeId, line);
    }
    refusals.throwIfAny();
    if (!(await takeOutOfBoxes(tx, companyId, principal.userId, unpack))) throw new AppError('CONFLICT');
    const at = new Date();
    for (const [boxId, codeIds] of groupBy(unpack, (u) => u.boxId, (u) => u.id)) await recordAggregation(tx, site, 'DELETE', boxId, codeIds, at);
    if (!(await addLines(tx, shipment.id, [...lines.values()]))) throw new AppError('CONFLICT');
    const counts = await recount(tx, shipment.id);
    if (counts.itemCount > SHIPMENT_ITEMS_MAX) throw new AppError('SHIPMENT_TOO_LARGE', { max: SHIPMENT_ITEMS_MAX });
    const added = [...lines.values()];
    return {
      addedItems: added.filter((l) => !l.isBox).length,
      addedBoxes: added.filter((l) => l.isBox).length,
      unchanged,
      ...counts,
      unpacked: unpack.map((u) => ({ code: u.code, boxCode: u.boxCode })),
    };
  });
}

function groupBy<T>(list: readonly T[], key: (item: T) => string, value: (item: T) => string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const item of list) {
    const group = groups.get(key(item));
    if (group) group.push(value(item));
    else groups.set(key(item), [value(item)]);
  }
  return groups;
}

/**
 * Takes codes out of an open order (a box takes what came in with it). A code that came in with its box
 * stays with it: taking it out alone would leave the box in the order without it, so it is refused.
 */
export async function unscanFromShipment(db: Kysely<DB>, principal: Principal, kind: ShipmentKind, body: z.infer<typeof shipmentCodesBodySchema>, lang: Lang) {
  const companyId = ownCompany(principal);
  return db.transaction().execute(async (tx) => {
    const shipment = await openShipment(tx, companyId, body.id, kind);
    const tree = (await scannedTree(tx, companyId, distinct(body.codes))).filter((r) => r.depth === 0);
    const viaBox = await linesViaBox(tx, shipment.id, tree.map((r) => r.id));
    const refusals = new Refusals(lang);
    const ids: string[] = [];
    for (const text of distinct(body.codes)) {
      const row = tree.find((r) => r.root === text);
      const field = fieldOf('codes', body.codes, text);
      if (!row || row.openShipmentId !== shipment.id) refusals.add(field, 'NOT_FOUND');
      else if (viaBox.has(row.id)) refusals.add(field, 'CAME_WITH_BOX', { box: viaBox.get(row.id) ?? '' }, row.code);
      else ids.push(row.id);
    }
    refusals.throwIfAny();
    const removed = await removeLines(tx, shipment.id, ids);
    return { removed, ...(await recount(tx, shipment.id)) };
  });
}

async function stepParties(tx: Transaction<DB>, site: EventSite, shipment: LockedShipment) {
  const dealer = await tx.selectFrom('dealer').select('code').where('id', '=', shipment.dealerId).executeTakeFirstOrThrow();
  return shipmentParties(site, shipment.companyId, dealer.code, shipment.orderNo);
}

/**
 * The goods leave (outbound: the items go to the dealer) or come back (return: the items leave the dealer),
 * with the EPCIS event, all at once. An empty order cannot be completed.
 */
export async function completeShipment(db: Kysely<DB>, principal: Principal, kind: ShipmentKind, id: string, site: EventSite): Promise<void> {
  const companyId = ownCompany(principal);
  await db.transaction().execute(async (tx) => {
    const shipment = await openShipment(tx, companyId, id, kind);
    const { items, boxes } = await lineCodeIds(tx, shipment.id);
    if (items.length === 0) throw new AppError('SHIPMENT_EMPTY');
    const placed = shipment.kind === 'OUTBOUND' ? await placeAtDealer(tx, shipment) : await takeBackFromDealer(tx, shipment);
    if (!placed) throw new AppError('CONFLICT');
    await releaseOpenLines(tx, shipment.id);
    await setStatus(tx, shipment.id, 'COMPLETED', principal.userId);
    const step: ShipmentStep = shipment.kind === 'OUTBOUND' ? 'shipping' : 'returned';
    await recordShipment(tx, site, companyId, step, [...boxes, ...items], await stepParties(tx, site, shipment));
  });
}

/** The dealer has the goods of a completed outbound order (入库 confirmed). */
export async function receiveShipment(db: Kysely<DB>, principal: Principal, id: string, site: EventSite): Promise<void> {
  const companyId = ownCompany(principal);
  await db.transaction().execute(async (tx) => {
    const shipment = await lockShipment(tx, companyId, id);
    if (!shipment) throw notFound();
    if (shipment.kind !== 'OUTBOUND' || shipment.status !== 'COMPLETED') throw new AppError('SHIPMENT_NOT_RECEIVABLE');
    await setStatus(tx, shipment.id, 'RECEIVED', principal.userId);
    const { items, boxes } = await lineCodeIds(tx, shipment.id);
    await recordShipment(tx, site, companyId, 'receiving', [...boxes, ...items], await stepParties(tx, site, shipment));
  });
}

/** An open order is given up: its codes are free again, nothing happened to the goods. */
export async function cancelShipment(db: Kysely<DB>, principal: Principal, kind: ShipmentKind, id: string): Promise<void> {
  const companyId = ownCompany(principal);
  await db.transaction().execute(async (tx) => {
    const shipment = await openShipment(tx, companyId, id, kind);
    await releaseOpenLines(tx, shipment.id);
    await deleteLines(tx, shipment.id);
    await recount(tx, shipment.id);
    await setStatus(tx, shipment.id, 'CANCELLED', principal.userId);
  });
}
