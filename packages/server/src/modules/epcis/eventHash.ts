import { createHash } from 'node:crypto';
import { canonicalGs1Identifier } from './canonicalIdentifier.js';
import { cbvUri, webVocabulary, type CbvVocabulary } from './vocabulary.js';

/**
 * The CBV 2.0 event hash (eventID `ni:///sha-256;<hex>?ver=CBV2.0`): the same event gives the same ID in
 * any syntax, so a repository and its partners name one event alike and a recaptured event is known again.
 *
 * The pre-hash string is the event's fields in the CBV order as `name=value`, lists sorted, each value in
 * one canonical form (UTC times to the millisecond, CBV values as web URIs, GS1 identifiers as canonical
 * Digital Links, numbers without padding), then every other field (business transactions, sources and
 * destinations, ilmd, extensions as `{namespace}name`) sorted. It follows GS1's reference implementation
 * (github.com/RalphTro/epcis-event-hash-generator), whose published vectors the tests check; no library of
 * the npm registry implements it. Sensor reports are hashed with the other fields, not in their own order.
 */

/** Namespaces of the prefixes every EPCIS 2.0 document knows through the standard context. */
const STANDARD_PREFIXES: Record<string, string> = { cbvmda: 'urn:epcglobal:cbv:mda:', gs1: 'https://gs1.org/voc/' };

const EPC_LISTS = ['epcList', 'inputEPCList', 'childEPCs'] as const;
const QUANTITY_LISTS_BEFORE_OUTPUT = ['quantityList', 'childQuantityList', 'inputQuantityList'] as const;
const IGNORED = new Set(['type', 'eventID', 'recordTime', 'errorDeclaration', 'rdfs:comment', 'comment', '@context']);
/** Fields the ordered part consumes. */
const ORDERED = new Set<string>([
  'eventTime', 'eventTimeZoneOffset', 'certificationInfo', 'parentID', ...EPC_LISTS, ...QUANTITY_LISTS_BEFORE_OUTPUT,
  'outputEPCList', 'outputQuantityList', 'action', 'transformationID', 'bizStep', 'disposition', 'persistentDisposition',
  'readPoint', 'bizLocation',
]);
/** List fields whose entries carry a CBV type and one value. */
const TYPED_LISTS: Record<string, { value: string; vocabulary: CbvVocabulary }> = {
  bizTransactionList: { value: 'bizTransaction', vocabulary: 'bizTransactionType' },
  sourceList: { value: 'source', vocabulary: 'sourceDestType' },
  destinationList: { value: 'destination', vocabulary: 'sourceDestType' },
};

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Prefix → namespace of a document's context (the standard's prefixes included). */
export function contextPrefixes(context: unknown): Record<string, string> {
  const prefixes = { ...STANDARD_PREFIXES };
  for (const entry of Array.isArray(context) ? context : [context]) {
    if (entry && typeof entry === 'object') {
      for (const [prefix, namespace] of Object.entries(entry as Record<string, unknown>)) {
        if (typeof namespace === 'string') prefixes[prefix] = namespace;
      }
    }
  }
  return prefixes;
}

/** An ISO 8601 time as UTC to the millisecond (rounded), or the text as given when it is not one. */
export function canonicalTime(text: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/.exec(text.trim());
  if (!match) return text;
  const whole = Date.parse(`${match[1]}${match[3]}`);
  if (Number.isNaN(whole)) return text;
  const fraction = match[2] ? Math.round(Number(`0.${match[2]}`) * 1000) : 0;
  return new Date(whole + fraction).toISOString();
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A value in its canonical form: CBV URNs as web URIs, numbers without padding, GS1 identifiers canonical. */
function canonicalValue(raw: string): string {
  let text = webVocabulary(raw.trim());
  if (NUMBER.test(text)) {
    const number = Number(text);
    text = Number.isInteger(number) ? BigInt(number).toString() : String(number);
  }
  return canonicalGs1Identifier(text) ?? text;
}

function scalarText(value: Json): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

class PreHash {
  constructor(private readonly prefixes: Record<string, string>) {}

  /** An extension's key as `{namespace}name` when its prefix is known. */
  key(name: string): string {
    const colon = name.indexOf(':');
    if (colon < 0) return name;
    const namespace = this.prefixes[name.slice(0, colon)];
    return namespace === undefined ? name : `{${namespace}}${name.slice(colon + 1)}`;
  }

  /** `name=value` entries of one field (a list gives one entry per item), sorted. */
  field(name: string, value: Json | undefined, canonical: (text: string) => string = canonicalValue): string {
    if (value === undefined || value === null) return '';
    const items = Array.isArray(value) ? value : [value];
    const entries: string[] = [];
    for (const item of items) {
      const text = scalarText(item);
      if (text !== undefined && text.trim() !== '') entries.push(`${name}=${canonical(text)}`);
    }
    return entries.sort().join('');
  }

  epcList(name: string, value: Json | undefined): string {
    const inner = this.field('epc', value);
    return inner ? name + inner : '';
  }

  quantityList(name: string, value: Json | undefined): string {
    if (!Array.isArray(value)) return '';
    const elements = value
      .filter((item): item is JsonObject => item !== null && typeof item === 'object' && !Array.isArray(item))
      .map((item) => `quantityElement${this.field('epcClass', item['epcClass'])}${this.field('quantity', item['quantity'])}${this.field('uom', item['uom'])}`)
      .sort();
    return elements.length ? name + elements.join('') : '';
  }

  /** readPoint / bizLocation: the id, then the location's own extensions. */
  location(name: string, value: Json | undefined): string {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
    const { id, ...extensions } = value;
    const extra = this.generic(extensions);
    const text = this.field('id', id) + (extra ? extra : '');
    return text ? name + text : '';
  }

  persistentDisposition(value: Json | undefined): string {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
    const disp = (text: string) => canonicalValue(cbvUri('disposition', text));
    const text = this.field('set', value['set'], disp) + this.field('unset', value['unset'], disp);
    return text ? `persistentDisposition${text}` : '';
  }

  /** bizTransactionList, sourceList, destinationList: each entry `type=…value=…`, entries sorted. */
  typedList(name: string, value: Json): string {
    const { value: valueName, vocabulary } = TYPED_LISTS[name]!;
    if (!Array.isArray(value)) return '';
    const entries = value
      .filter((item): item is JsonObject => item !== null && typeof item === 'object' && !Array.isArray(item))
      .map((item) => {
        const type = scalarText(item['type'] ?? null);
        const typed = type ? `type=${canonicalValue(cbvUri(vocabulary, type))}` : '';
        return typed + this.field(valueName, item[valueName]);
      })
      .filter(Boolean)
      .sort();
    return entries.length ? name + entries.join('') : '';
  }

  /** Any other field: `name=value` or name followed by its children, sorted at every level. */
  generic(object: JsonObject): string {
    const entries: string[] = [];
    for (const [name, value] of Object.entries(object)) {
      if (IGNORED.has(name) || value === undefined || value === null) continue;
      if (TYPED_LISTS[name]) {
        const text = this.typedList(name, value);
        if (text) entries.push(text);
        continue;
      }
      const key = this.key(name);
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== null && typeof item === 'object' && !Array.isArray(item)) entries.push(key + this.generic(item));
        else {
          const text = scalarText(item);
          if (text !== undefined) entries.push(text.trim() ? `${key}=${canonicalValue(text)}` : key);
        }
      }
    }
    return entries.sort().join('');
  }

  event(event: JsonObject): string {
    const cbv = (vocabulary: CbvVocabulary) => (text: string) => canonicalValue(cbvUri(vocabulary, text));
    const parts = [
      `eventType=${String(event['type'])}`,
      this.field('eventTime', event['eventTime'], canonicalTime),
      this.field('eventTimeZoneOffset', event['eventTimeZoneOffset'], (t) => t.trim()),
      this.field('certificationInfo', event['certificationInfo']),
      this.field('parentID', event['parentID']),
      ...EPC_LISTS.map((name) => this.epcList(name, event[name])),
      ...QUANTITY_LISTS_BEFORE_OUTPUT.map((name) => this.quantityList(name, event[name])),
      this.epcList('outputEPCList', event['outputEPCList']),
      this.quantityList('outputQuantityList', event['outputQuantityList']),
      this.field('action', event['action']),
      this.field('transformationID', event['transformationID']),
      this.field('bizStep', event['bizStep'], cbv('bizStep')),
      this.field('disposition', event['disposition'], cbv('disposition')),
      this.persistentDisposition(event['persistentDisposition']),
      this.location('readPoint', event['readPoint']),
      this.location('bizLocation', event['bizLocation']),
    ];
    const rest = Object.fromEntries(Object.entries(event).filter(([name]) => !ORDERED.has(name)));
    return parts.join('') + this.generic(rest);
  }
}

/** The pre-hash string of one event of a JSON-LD document whose context is `context`. */
export function eventPreHash(event: object, context?: unknown): string {
  return new PreHash(contextPrefixes(context)).event(event as JsonObject);
}

/** The event's CBV 2.0 event ID. */
export function eventHashId(event: object, context?: unknown): string {
  const hex = createHash('sha256').update(eventPreHash(event, context), 'utf8').digest('hex');
  return `ni:///sha-256;${hex}?ver=CBV2.0`;
}
