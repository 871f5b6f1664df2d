import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/appError.js';
import { canonicalGs1Identifier } from './canonicalIdentifier.js';
import { headerChoice } from './discoveryHeaders.js';

/**
 * The binding's GS1-EPC-Format: how the identifiers of answered events are written. Without the header, or
 * with Always_GS1_Digital_Link, EPC URNs are answered as GS1 Digital Links (the binding's default); with
 * Never_Translates or No_Preference, as they were captured. Always_EPC_URN cannot be honoured: a Digital Link
 * does not say where its company prefix ends, which an EPC URN must, so it is refused (406) rather than
 * answered half-translated. Identifiers already on the web, and URNs of schemes without a Digital Link form
 * here (canonicalIdentifier.ts), stay as captured.
 */

export const EPC_FORMAT_HEADER = 'GS1-EPC-Format';
const EPC_FORMATS = ['No_Preference', 'Always_GS1_Digital_Link', 'Always_EPC_URN', 'Never_Translates'] as const;
const ANSWERABLE = 'Always_GS1_Digital_Link, Never_Translates, No_Preference';

export type AnsweredEpcFormat = 'Always_GS1_Digital_Link' | 'Never_Translates';

export function requestedEpcFormat(request: FastifyRequest): AnsweredEpcFormat {
  const format = headerChoice(request.headers[EPC_FORMAT_HEADER.toLowerCase()], EPC_FORMAT_HEADER, EPC_FORMATS) ?? 'Always_GS1_Digital_Link';
  if (format === 'Always_EPC_URN') throw new AppError('EPCIS_EPC_FORMAT_UNAVAILABLE', { values: ANSWERABLE });
  return format === 'Always_GS1_Digital_Link' ? format : 'Never_Translates';
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** An EPC URN as a Digital Link where there is one; anything else as it is. */
function asDigitalLink(value: unknown): unknown {
  return typeof value === 'string' && value.startsWith('urn:epc:') ? (canonicalGs1Identifier(value) ?? value) : value;
}

const mapList = (list: unknown, each: (item: unknown) => unknown) => (Array.isArray(list) ? list.map(each) : list);

/** The member `key` of each object of a list, as a Digital Link. */
const memberAsDigitalLink = (key: string) => (item: unknown) => (isObject(item) && key in item ? { ...item, [key]: asDigitalLink(item[key]) } : item);

const IDENTIFIER_LISTS = ['epcList', 'childEPCs', 'inputEPCList', 'outputEPCList'];
const QUANTITY_LISTS = ['quantityList', 'childQuantityList', 'inputQuantityList', 'outputQuantityList'];
const TYPED_LISTS: Array<[string, string]> = [['sourceList', 'source'], ['destinationList', 'destination'], ['bizTransactionList', 'bizTransaction']];

/** A copy of the event with its identifiers, classes, locations, parties and transactions as Digital Links. */
export function eventWithDigitalLinks(event: Json): Json {
  const out: Json = { ...event };
  for (const list of IDENTIFIER_LISTS) if (list in out) out[list] = mapList(out[list], asDigitalLink);
  for (const list of QUANTITY_LISTS) if (list in out) out[list] = mapList(out[list], memberAsDigitalLink('epcClass'));
  for (const [list, key] of TYPED_LISTS) if (list in out) out[list] = mapList(out[list], memberAsDigitalLink(key));
  if ('parentID' in out) out['parentID'] = asDigitalLink(out['parentID']);
  for (const location of ['readPoint', 'bizLocation']) if (location in out) out[location] = memberAsDigitalLink('id')(out[location]);
  return out;
}
