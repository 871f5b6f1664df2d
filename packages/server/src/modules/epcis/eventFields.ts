import { cbvBare } from './vocabulary.js';

/**
 * The values of an event that the SimpleEventQuery can name, other than its columns and identifiers: one
 * row per value in epcis_event_field, under a name that says what the value is. The query
 * (queryParameters.ts) names them the same way, so the two must stay in step:
 *
 * | name | from |
 * |---|---|
 * | `bizTransaction {type}`, `source {type}`, `destination {type}` | the typed lists (type bare for CBV ones, empty when untyped) |
 * | `persistentDisposition set`, `persistentDisposition unset` | the persistent disposition (bare CBV words) |
 * | `transformationID` | the transformation |
 * | `errorDeclaration` (reason; declaration time), `correctiveEventID` | the error declaration |
 * | `quantity`, `quantity {uom}` | every quantity element's quantity |
 * | `sensorElementList` | present when there are sensor elements |
 * | `sensor {field}`, `sensor {field} {uom}` | the standard fields of sensor metadata and reports |
 * | `{scope} {field}` | extension fields; scope ext, ilmd, error, sensorElement, sensorMetadata, sensorReport, readPoint, bizLocation, each with `.inner` for fields nested in them |
 *
 * An extension field is named `{namespace}local` when its prefix is known (the document's context or the
 * standard's), else as it was written (`prefix:local`).
 */

export interface EventField {
  name: string;
  text: string | null;
  num: number | null;
  time: string | null;
}

type Json = unknown;
type JsonObject = Record<string, unknown>;

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
export const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

const isObject = (value: Json): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Fields of an event the standard defines; every other field is an extension. */
const EVENT_FIELDS = new Set([
  'type', 'eventID', 'eventTime', 'eventTimeZoneOffset', 'recordTime', 'certificationInfo', 'errorDeclaration', 'epcList',
  'quantityList', 'childEPCs', 'childQuantityList', 'inputEPCList', 'inputQuantityList', 'outputEPCList', 'outputQuantityList',
  'parentID', 'action', 'transformationID', 'bizStep', 'disposition', 'persistentDisposition', 'readPoint', 'bizLocation',
  'bizTransactionList', 'sourceList', 'destinationList', 'sensorElementList', 'ilmd', '@context', 'rdfs:comment', 'comment',
]);
const ERROR_FIELDS = new Set(['declarationTime', 'reason', 'correctiveEventIDs']);
const METADATA_FIELDS = ['time', 'startTime', 'endTime', 'deviceID', 'deviceMetadata', 'rawData', 'dataProcessingMethod', 'bizRules'];
const REPORT_TEXT_FIELDS = ['type', 'exception', 'deviceID', 'deviceMetadata', 'rawData', 'dataProcessingMethod', 'microorganism', 'chemicalSubstance', 'component', 'stringValue', 'booleanValue', 'hexBinaryValue', 'uriValue', 'coordinateReferenceSystem', 'bizRules'];
const REPORT_MEASURES = ['value', 'minValue', 'maxValue', 'meanValue', 'sDev', 'percValue'];
const REPORT_FIELDS = new Set([...REPORT_TEXT_FIELDS, ...REPORT_MEASURES, 'time', 'startTime', 'endTime', 'percRank', 'uom']);
const SENSOR_ELEMENT_FIELDS = new Set(['sensorMetadata', 'sensorReport']);
/** Measurement types are bare words (Temperature); XML writes them as gs1:MT-Temperature or a web URI. */
const MEASUREMENT_TYPE = /^(gs1:MT-|https:\/\/gs1\.org\/voc\/MT-)/;

/** A namespace as the query compares it: a URN namespace without the ':' JSON-LD needs to append names. */
export function namespaceKey(namespace: string): string {
  return namespace.startsWith('urn:') && namespace.endsWith(':') ? namespace.slice(0, -1) : namespace;
}

/** The name of an extension field: `{namespace}local` where it can be told, else as written. */
export function extensionKey(name: string, prefixes: Record<string, string>): string {
  if (name.startsWith('{')) return name;
  const iri = /^(https?:\/\/.*[/#])([^/#]+)$/.exec(name);
  if (iri) return `{${namespaceKey(iri[1]!)}}${iri[2]}`;
  const colon = name.indexOf(':');
  if (colon > 0) {
    const namespace = prefixes[name.slice(0, colon)];
    if (namespace !== undefined) return `{${namespaceKey(namespace)}}${name.slice(colon + 1)}`;
  }
  return name;
}

/** A scalar's row: its text, and its number or time when it reads as one. */
export function fieldValue(name: string, value: Json): EventField | null {
  let scalar = value;
  if (isObject(value) && '@value' in value) scalar = value['@value'];
  if (typeof scalar === 'number') return { name, text: String(scalar), num: Number.isFinite(scalar) ? scalar : null, time: null };
  if (typeof scalar === 'boolean') return { name, text: String(scalar), num: null, time: null };
  if (typeof scalar !== 'string') return null;
  const trimmed = scalar.trim();
  const num = NUMBER.test(trimmed) ? Number(trimmed) : null;
  const time = ISO_TIME.test(trimmed) && !Number.isNaN(Date.parse(trimmed)) ? trimmed : null;
  return { name, text: scalar, num: num !== null && Number.isFinite(num) ? num : null, time };
}

class FieldCollector {
  readonly rows: EventField[] = [];
  constructor(private readonly prefixes: Record<string, string>) {}

  add(name: string, value: Json) {
    const row = fieldValue(name, value);
    if (row) this.rows.push(row);
  }

  /** One extension field of a scope: its own value(s), and the fields nested in it as the scope's inner ones. */
  extension(scope: string, name: string, value: Json) {
    const key = `${scope} ${extensionKey(name, this.prefixes)}`;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (isObject(item) && !('@value' in item)) {
        // a field whose value is a structure exists (EXISTS_) without a value of its own
        this.rows.push({ name: key, text: null, num: null, time: null });
        this.inner(scope, item);
      } else this.add(key, item);
    }
  }

  /** Fields nested at any depth below a top-level extension field. */
  inner(scope: string, object: JsonObject) {
    for (const [name, value] of Object.entries(object)) {
      if (name.startsWith('@')) continue;
      const key = `${scope}.inner ${extensionKey(name, this.prefixes)}`;
      for (const item of Array.isArray(value) ? value : [value]) {
        if (isObject(item) && !('@value' in item)) this.inner(scope, item);
        else this.add(key, item);
      }
    }
  }

  extensions(scope: string, object: JsonObject, standard: ReadonlySet<string>) {
    for (const [name, value] of Object.entries(object)) if (!standard.has(name) && !name.startsWith('@')) this.extension(scope, name, value);
  }

  typedList(list: Json, kind: 'bizTransaction' | 'source' | 'destination') {
    if (!Array.isArray(list)) return;
    const vocabulary = kind === 'bizTransaction' ? 'bizTransactionType' : 'sourceDestType';
    for (const item of list) {
      if (!isObject(item) || typeof item[kind] !== 'string') continue;
      const type = typeof item['type'] === 'string' ? cbvBare(vocabulary, item['type']) : '';
      this.add(`${kind} ${type}`, item[kind]);
    }
  }

  quantities(list: Json) {
    if (!Array.isArray(list)) return;
    for (const item of list) {
      if (!isObject(item) || typeof item['quantity'] !== 'number') continue;
      this.add('quantity', item['quantity']);
      if (typeof item['uom'] === 'string') this.add(`quantity ${item['uom']}`, item['quantity']);
    }
  }

  sensorElements(list: Json) {
    if (!Array.isArray(list) || list.length === 0) return;
    this.rows.push({ name: 'sensorElementList', text: '', num: null, time: null });
    for (const element of list) {
      if (!isObject(element)) continue;
      const metadata = element['sensorMetadata'];
      if (isObject(metadata)) {
        for (const field of METADATA_FIELDS) if (metadata[field] !== undefined) this.add(`sensor ${field}`, metadata[field]);
        this.extensions('sensorMetadata', metadata, new Set(METADATA_FIELDS));
      }
      const reports = element['sensorReport'];
      for (const report of Array.isArray(reports) ? reports : []) {
        if (!isObject(report)) continue;
        for (const field of REPORT_TEXT_FIELDS) {
          const value = report[field];
          if (value === undefined) continue;
          this.add(`sensor ${field}`, field === 'type' && typeof value === 'string' ? value.replace(MEASUREMENT_TYPE, '') : value);
        }
        for (const field of ['time', 'startTime', 'endTime', 'percRank']) if (report[field] !== undefined) this.add(`sensor ${field}`, report[field]);
        const uom = typeof report['uom'] === 'string' ? report['uom'] : '';
        for (const field of REPORT_MEASURES) if (typeof report[field] === 'number') this.add(`sensor ${field} ${uom}`, report[field]);
        this.extensions('sensorReport', report, REPORT_FIELDS);
      }
      this.extensions('sensorElement', element, SENSOR_ELEMENT_FIELDS);
    }
  }

  event(event: JsonObject) {
    this.typedList(event['bizTransactionList'], 'bizTransaction');
    this.typedList(event['sourceList'], 'source');
    this.typedList(event['destinationList'], 'destination');
    const persistent = event['persistentDisposition'];
    if (isObject(persistent)) {
      for (const side of ['set', 'unset'] as const) {
        const values = persistent[side];
        for (const value of Array.isArray(values) ? values : []) if (typeof value === 'string') this.add(`persistentDisposition ${side}`, cbvBare('disposition', value));
      }
    }
    if (event['transformationID'] !== undefined) this.add('transformationID', event['transformationID']);
    const error = event['errorDeclaration'];
    if (isObject(error)) {
      const reason = typeof error['reason'] === 'string' ? cbvBare('errorReason', error['reason']) : '';
      const at = typeof error['declarationTime'] === 'string' && ISO_TIME.test(error['declarationTime']) ? error['declarationTime'] : null;
      this.rows.push({ name: 'errorDeclaration', text: reason, num: null, time: at });
      const corrective = error['correctiveEventIDs'];
      for (const id of Array.isArray(corrective) ? corrective : []) this.add('correctiveEventID', id);
      this.extensions('error', error, ERROR_FIELDS);
    }
    for (const list of ['quantityList', 'childQuantityList', 'inputQuantityList', 'outputQuantityList']) this.quantities(event[list]);
    this.sensorElements(event['sensorElementList']);
    const ilmd = event['ilmd'];
    if (isObject(ilmd)) this.extensions('ilmd', ilmd, new Set());
    for (const location of ['readPoint', 'bizLocation'] as const) {
      const value = event[location];
      if (isObject(value)) this.extensions(location, value, new Set(['id']));
    }
    this.extensions('ext', event, EVENT_FIELDS);
  }
}

/** The query-able values of one event, whose document declared `prefixes`. */
export function eventFields(event: JsonObject, prefixes: Record<string, string>): EventField[] {
  const collector = new FieldCollector(prefixes);
  collector.event(event);
  return collector.rows;
}

/** The namespaces a document declares in its context, prefix by prefix, to be kept for later queries. */
export function declaredNamespaces(context: unknown): Array<{ prefix: string; namespace: string }> {
  const out: Array<{ prefix: string; namespace: string }> = [];
  for (const entry of Array.isArray(context) ? context : [context]) {
    if (!isObject(entry)) continue;
    for (const [prefix, namespace] of Object.entries(entry)) {
      if (typeof namespace === 'string' && /^[A-Za-z][\w.-]*$/.test(prefix) && /^(https?:|urn:)/.test(namespace)) out.push({ prefix, namespace });
    }
  }
  return out;
}
