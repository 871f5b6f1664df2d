import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { codeIdentities, type CodeIdentity } from './codeIdentifiers.js';
import { appendEvents } from './eventStore.js';
import {
  aggregationEvents,
  commissioningEvents,
  decommissioningEvents,
  shipmentEvents,
  type EpcisEvent,
  type EventSite,
  type ShipmentParties,
  type ShipmentStep,
} from './portalEvents.js';

/**
 * The events of the portal's actions on codes, written in the action's transaction (by code ids; the EPCs
 * are looked up here). Each event goes to the company of its codes (a platform administrator may act on
 * any company's codes). One `at` per action: all its events carry the same time.
 */

function groupBy<K>(codes: readonly CodeIdentity[], key: (c: CodeIdentity) => K): Map<K, CodeIdentity[]> {
  const groups = new Map<K, CodeIdentity[]>();
  for (const code of codes) {
    const group = groups.get(key(code)) ?? [];
    group.push(code);
    groups.set(key(code), group);
  }
  return groups;
}

async function appendByCompany(tx: Transaction<DB>, codes: readonly CodeIdentity[], build: (codes: CodeIdentity[]) => EpcisEvent[]) {
  for (const [companyId, own] of groupBy(codes, (c) => c.companyId)) await appendEvents(tx, { companyId, origin: 'PORTAL' }, build(own));
}

/** Codes put in force: one commissioning per lot (the batch each code is bound to now). */
export async function recordCommissioning(tx: Transaction<DB>, site: EventSite, codeIds: readonly string[], at = new Date()) {
  await appendByCompany(tx, await codeIdentities(tx, site.epcBase, codeIds), (codes) =>
    [...groupBy(codes, (c) => c.batchNo)].flatMap(([lot, lotCodes]) => commissioningEvents(site, at, lotCodes.map((c) => c.epc), lot)),
  );
}

/** Codes taken out of force (voided, or a binding undone). */
export async function recordDecommissioning(tx: Transaction<DB>, site: EventSite, codeIds: readonly string[], at = new Date()) {
  await appendByCompany(tx, await codeIdentities(tx, site.epcBase, codeIds), (codes) => decommissioningEvents(site, at, codes.map((c) => c.epc)));
}

/** Items packed into (ADD) or taken out of (DELETE) one box; box and items are one company's. */
export async function recordAggregation(tx: Transaction<DB>, site: EventSite, action: 'ADD' | 'DELETE', boxId: string, itemIds: readonly string[], at = new Date()) {
  if (itemIds.length === 0) return;
  const [box, ...items] = await codeIdentities(tx, site.epcBase, [boxId, ...itemIds]);
  if (!box) return;
  await appendEvents(tx, { companyId: box.companyId, origin: 'PORTAL' }, aggregationEvents(site, at, action, box.epc, items.map((i) => i.epc)));
}

/** A shipment step over the order's codes (items and the boxes they were scanned in), for the order's company. */
export async function recordShipment(
  tx: Transaction<DB>,
  site: EventSite,
  companyId: string,
  step: ShipmentStep,
  codeIds: readonly string[],
  parties: ShipmentParties,
  at = new Date(),
) {
  const epcs = (await codeIdentities(tx, site.epcBase, codeIds)).map((c) => c.epc);
  await appendEvents(tx, { companyId, origin: 'PORTAL' }, shipmentEvents(site, at, step, epcs, parties));
}
