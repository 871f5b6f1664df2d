import { wallClockIn } from '@rd/contract';
import { eventHashId } from './eventHash.js';
import { companyPartyUri, dealerUri } from './locationHierarchy.js';
import { BIZ_STEPS, DISPOSITIONS } from './vocabulary.js';

/**
 * The EPCIS 2.0 events the portal writes for its own actions, as JSON-LD with the standard context (CBV
 * values as bare words). Each carries its CBV event hash as eventID. An action on many codes gives one event
 * per EVENT_EPCS_MAX codes, so no event (and no JSON built for one) grows with the size of the action.
 */

export const EVENT_EPCS_MAX = 1000;

export type EpcisEvent = Record<string, unknown> & { type: string; eventID: string; eventTime: string };

/** Where and when events are written: codes' URLs start with `epcBase`; times read in the business zone. */
export interface EventSite {
  epcBase: string;
  timeZone: string;
}

function offsetText(timeZone: string, at: Date): string {
  const c = wallClockIn(timeZone, at);
  const minutes = Math.round((Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The event's time fields: the instant with the business zone's offset, as people there read it. */
export function eventTimeFields(site: EventSite, at: Date): { eventTime: string; eventTimeZoneOffset: string } {
  const offset = offsetText(site.timeZone, at);
  const sign = offset.startsWith('-') ? -1 : 1;
  const shift = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6))) * 60_000;
  const local = new Date(at.getTime() + shift).toISOString().slice(0, 23);
  return { eventTime: `${local}${offset}`, eventTimeZoneOffset: offset };
}

function withId(event: Record<string, unknown> & { type: string; eventTime: string }): EpcisEvent {
  return { ...event, eventID: eventHashId(event) };
}

function chunks<T>(items: readonly T[], size = EVENT_EPCS_MAX): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Codes put in force (activation, binding to a batch): ObjectEvent ADD, commissioning, active; the lot in ilmd. */
export function commissioningEvents(site: EventSite, at: Date, epcs: readonly string[], lotNumber: string | null): EpcisEvent[] {
  return chunks(epcs).map((epcList) =>
    withId({
      type: 'ObjectEvent',
      ...eventTimeFields(site, at),
      epcList,
      action: 'ADD',
      bizStep: BIZ_STEPS.commissioning,
      disposition: DISPOSITIONS.active,
      ...(lotNumber ? { ilmd: { 'cbvmda:lotNumber': lotNumber } } : {}),
    }),
  );
}

/** Codes taken out of force (voided, or a binding undone): ObjectEvent DELETE, decommissioning, inactive. */
export function decommissioningEvents(site: EventSite, at: Date, epcs: readonly string[]): EpcisEvent[] {
  return chunks(epcs).map((epcList) =>
    withId({ type: 'ObjectEvent', ...eventTimeFields(site, at), epcList, action: 'DELETE', bizStep: BIZ_STEPS.decommissioning, disposition: DISPOSITIONS.inactive }),
  );
}

/** Items packed into a box (ADD, packing) or taken out of it (DELETE, unpacking): AggregationEvents. */
export function aggregationEvents(site: EventSite, at: Date, action: 'ADD' | 'DELETE', parentID: string, children: readonly string[]): EpcisEvent[] {
  return chunks(children).map((childEPCs) =>
    withId({
      type: 'AggregationEvent',
      ...eventTimeFields(site, at),
      parentID,
      childEPCs,
      action,
      bizStep: action === 'ADD' ? BIZ_STEPS.packing : BIZ_STEPS.unpacking,
    }),
  );
}

/** The parties and the order of a shipment, as URIs under the portal's address. */
export interface ShipmentParties {
  /** The company that ships (or takes back) the goods. */
  company: string;
  dealer: string;
  order: string;
}

/** The URIs of a company, one of its dealers and one of its orders: stable names for partners' systems. */
export function shipmentParties(site: EventSite, companyId: string, dealerCode: string, orderNo: string): ShipmentParties {
  const company = companyPartyUri(site.epcBase, companyId);
  return { company, dealer: dealerUri(site.epcBase, companyId, dealerCode), order: `${company}/shipment/${encodeURIComponent(orderNo)}` };
}

export type ShipmentStep = 'shipping' | 'receiving' | 'returned';

/**
 * Goods leaving for a dealer (shipping, in_transit), confirmed there (receiving, in_progress), or coming back
 * from one (receiving, returned): ObjectEvent OBSERVE with the order as business transaction (a despatch
 * advice) and the owning parties as source and destination. The parties are the locations too: goods are
 * seen leaving the company (its read point), and received at the dealer or back at the company (read point
 * and business location), so WD_bizLocation over the company's dealer tree finds them (locationHierarchy.ts).
 */
export function shipmentEvents(site: EventSite, at: Date, step: ShipmentStep, epcs: readonly string[], parties: ShipmentParties): EpcisEvent[] {
  const back = step === 'returned';
  const owner = (type: 'source' | 'destination', party: string) => [{ type: 'owning_party', [type]: party }];
  return chunks(epcs).map((epcList) =>
    withId({
      type: 'ObjectEvent',
      ...eventTimeFields(site, at),
      epcList,
      action: 'OBSERVE',
      bizStep: step === 'shipping' ? BIZ_STEPS.shipping : BIZ_STEPS.receiving,
      disposition: step === 'shipping' ? DISPOSITIONS.inTransit : back ? DISPOSITIONS.returned : DISPOSITIONS.inProgress,
      readPoint: { id: step === 'receiving' ? parties.dealer : parties.company },
      ...(step === 'shipping' ? {} : { bizLocation: { id: back ? parties.company : parties.dealer } }),
      bizTransactionList: [{ type: 'desadv', bizTransaction: parties.order }],
      sourceList: owner('source', back ? parties.dealer : parties.company),
      destinationList: owner('destination', back ? parties.company : parties.dealer),
    }),
  );
}

/** The URI of a company's recall, named in the events of its items as their business transaction. */
export function recallUri(site: EventSite, companyId: string, recallNo: string): string {
  return `${site.epcBase}/party/${companyId}/recall/${encodeURIComponent(recallNo)}`;
}

/**
 * Items whose state changes without moving (a recall starts: recalled; it ends: destroyed, active again or
 * off sale): ObjectEvent OBSERVE with the new disposition, the recall named as business transaction.
 */
export function dispositionEvents(site: EventSite, at: Date, epcs: readonly string[], disposition: string, recall: string): EpcisEvent[] {
  return chunks(epcs).map((epcList) =>
    withId({
      type: 'ObjectEvent',
      ...eventTimeFields(site, at),
      epcList,
      action: 'OBSERVE',
      disposition,
      bizTransactionList: [{ bizTransaction: recall }],
    }),
  );
}

/** The site of a running server: its public URL and the business time zone. */
export function eventSiteOf(config: { publicBaseUrl: string; businessTimeZone: string }): EventSite {
  return { epcBase: config.publicBaseUrl, timeZone: config.businessTimeZone };
}
