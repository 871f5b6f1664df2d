import { validationMessage, type FieldError, type Lang, type ValidationKey } from '@rd/contract';
import type { EpcRole } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/appError.js';
import { epcLookup, type EpcLookup } from './epcMatch.js';
import { ISO_TIME } from './eventFields.js';
import { FIRST_PAGE, tokenPosition, type PagePosition } from './pageToken.js';
import { cbvBare } from './vocabulary.js';

/**
 * The parameters of EPCIS 2.0's SimpleEventQuery (§8.2.7.1), read into conditions: from the REST query
 * string (values repeated or separated by '|') or from a named query's JSON (arrays, numbers, booleans). A
 * parameter the standard does not define, or a value it cannot take, is refused with every problem named
 * (QueryParameterException): a partner's typo never silently widens the answer.
 *
 * Extension fields are named `prefix:local` (the prefix from the GS1-Extensions header, the query's
 * context, the standard's, or one the company's documents declared), `namespace#local` (EPCIS 1.x) or
 * `{namespace}local`; eventFields.ts stores them under the same names.
 */

export const EVENT_TYPES = ['ObjectEvent', 'AggregationEvent', 'TransactionEvent', 'TransformationEvent', 'AssociationEvent'] as const;
export const ACTIONS = ['ADD', 'OBSERVE', 'DELETE'] as const;
export const PER_PAGE_DEFAULT = 30;
/**
 * Events of the portal hold up to 1,000 EPCs each: a hundred of them is already a few megabytes. A larger
 * perPage is served this many at a time (the binding lets a server keep its own upper limit).
 */
export const PER_PAGE_MAX = 100;
/** Values a query may name in all (EPC patterns count the prefixes they cover): QueryTooComplexException past it. */
export const QUERY_VALUES_MAX = 1000;

export type EventColumn = 'event_type' | 'action' | 'biz_step' | 'disposition' | 'read_point' | 'biz_location' | 'event_id';
export type Comparison = '=' | '>' | '>=' | '<' | '<=';

/** An extension (or ILMD, sensor, …) field as the query names it, resolved to stored names when run. */
export interface FieldRef {
  /** The scope of eventFields.ts: ext, ilmd, error, sensorElement, …, with `.inner` for nested fields. */
  scope: string;
  field: string;
}

export type Condition =
  | { kind: 'column'; column: EventColumn; values: string[] }
  | { kind: 'time'; column: 'event_time' | 'record_time'; op: '>=' | '<'; at: Date }
  | { kind: 'within'; column: 'read_point' | 'biz_location'; values: string[] }
  | { kind: 'epc'; roles: EpcRole[]; lookups: EpcLookup[] }
  /** A value of a named field (fixed names, or an extension's) equal to one of `values`. */
  | { kind: 'field'; names: string[]; ref?: FieldRef; values: string[] }
  | { kind: 'compare'; names: string[]; ref?: FieldRef; op: Comparison; value: number | Date }
  /** A number of a named field equal to one of `values`. */
  | { kind: 'numbers'; names: string[]; values: number[] }
  | { kind: 'exists'; names: string[]; ref?: FieldRef }
  /** Events of the subscription feed: appended in entries (afterSeq, upToSeq], after an event id. */
  | { kind: 'feed'; afterSeq: string; upToSeq: string }
  /** Events recorded from a time on that came before the feed entry upToSeq (a subscription's backlog). */
  | { kind: 'backlog'; from: Date; upToSeq: string }
  /** Master data of the event's location: an attribute present (values null) or equal to one of values. */
  | { kind: 'attribute'; column: 'read_point' | 'biz_location'; attribute: string; values: string[] | null };

export type OrderKey = { kind: 'eventTime' } | { kind: 'recordTime' } | { kind: 'field'; ref: FieldRef };

export interface EventQuery {
  conditions: Condition[];
  /** No orderBy: record order, oldest first (the order a subscription delivers in). */
  orderBy: OrderKey | null;
  descending: boolean;
  eventCountLimit: number | null;
  maxEventCount: number | null;
  perPage: number;
  /** Prefixes the query itself declared (GS1-Extensions, a named query's context). */
  prefixes: Record<string, string>;
  /** Where the page starts (nextPageToken). */
  position: PagePosition;
}

/** Parameters read for paging, answered by the route, not conditions on events. */
const PAGING = new Set(['perPage', 'nextPageToken', 'lang']);

function valuesOf(raw: unknown): string[] {
  const items = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  return items
    .flatMap((item) => (typeof item === 'string' ? item.split('|') : [String(item)]))
    .map((v) => v.trim())
    .filter(Boolean);
}

const FIXED_COLUMNS: Record<string, { column: EventColumn; normalise?: (v: string) => string; allowed?: readonly string[] }> = {
  eventType: { column: 'event_type', allowed: EVENT_TYPES },
  EQ_action: { column: 'action', allowed: ACTIONS },
  EQ_bizStep: { column: 'biz_step', normalise: (v) => cbvBare('bizStep', v) },
  EQ_disposition: { column: 'disposition', normalise: (v) => cbvBare('disposition', v) },
  EQ_readPoint: { column: 'read_point' },
  EQ_bizLocation: { column: 'biz_location' },
  EQ_eventID: { column: 'event_id' },
};

const TIMES: Record<string, { column: 'event_time' | 'record_time'; op: '>=' | '<' }> = {
  GE_eventTime: { column: 'event_time', op: '>=' },
  LT_eventTime: { column: 'event_time', op: '<' },
  GE_recordTime: { column: 'record_time', op: '>=' },
  LT_recordTime: { column: 'record_time', op: '<' },
};

const MATCHES: Record<string, { roles: EpcRole[]; forClass: boolean }> = {
  MATCH_epc: { roles: ['E'], forClass: false },
  MATCH_parentID: { roles: ['P'], forClass: false },
  MATCH_inputEPC: { roles: ['I'], forClass: false },
  MATCH_outputEPC: { roles: ['O'], forClass: false },
  MATCH_anyEPC: { roles: ['E', 'P', 'I', 'O'], forClass: false },
  MATCH_epcClass: { roles: ['e'], forClass: true },
  MATCH_inputEPCClass: { roles: ['i'], forClass: true },
  MATCH_outputEPCClass: { roles: ['o'], forClass: true },
  MATCH_anyEPCClass: { roles: ['e', 'i', 'o'], forClass: true },
};

/** Fixed names whose values are equal to a stored field's. */
const FIELD_EQUALS: Record<string, { name: string; normalise?: (v: string) => string }> = {
  EQ_transformationID: { name: 'transformationID' },
  EQ_errorReason: { name: 'errorDeclaration', normalise: (v) => cbvBare('errorReason', v) },
  EQ_correctiveEventID: { name: 'correctiveEventID' },
  EQ_persistentDisposition_set: { name: 'persistentDisposition set', normalise: (v) => cbvBare('disposition', v) },
  EQ_persistentDisposition_unset: { name: 'persistentDisposition unset', normalise: (v) => cbvBare('disposition', v) },
  EQ_type: { name: 'sensor type', normalise: (v) => v.replace(/^(gs1:MT-|https:\/\/gs1\.org\/voc\/MT-)/, '') },
  EQ_deviceID: { name: 'sensor deviceID' },
  EQ_dataProcessingMethod: { name: 'sensor dataProcessingMethod' },
  EQ_microorganism: { name: 'sensor microorganism' },
  EQ_chemicalSubstance: { name: 'sensor chemicalSubstance' },
  EQ_bizRules: { name: 'sensor bizRules' },
  EQ_stringValue: { name: 'sensor stringValue' },
  EQ_hexBinaryValue: { name: 'sensor hexBinaryValue' },
  EQ_uriValue: { name: 'sensor uriValue' },
  EQ_booleanValue: { name: 'sensor booleanValue' },
};

/** Fixed names compared with a stored field's time or number. */
const FIELD_COMPARES: Record<string, { name: string; op: Comparison; time: boolean }> = {
  GE_errorDeclarationTime: { name: 'errorDeclaration', op: '>=', time: true },
  LT_errorDeclarationTime: { name: 'errorDeclaration', op: '<', time: true },
  GE_time: { name: 'sensor time', op: '>=', time: true },
  LT_time: { name: 'sensor time', op: '<', time: true },
  GE_startTime: { name: 'sensor startTime', op: '>=', time: true },
  LT_startTime: { name: 'sensor startTime', op: '<', time: true },
  GE_endTime: { name: 'sensor endTime', op: '>=', time: true },
  LT_endTime: { name: 'sensor endTime', op: '<', time: true },
  EQ_quantity: { name: 'quantity', op: '=', time: false },
  GT_quantity: { name: 'quantity', op: '>', time: false },
  GE_quantity: { name: 'quantity', op: '>=', time: false },
  LT_quantity: { name: 'quantity', op: '<', time: false },
  LE_quantity: { name: 'quantity', op: '<=', time: false },
  GT_percRank: { name: 'sensor percRank', op: '>', time: false },
  GE_percRank: { name: 'sensor percRank', op: '>=', time: false },
  LT_percRank: { name: 'sensor percRank', op: '<', time: false },
  LE_percRank: { name: 'sensor percRank', op: '<=', time: false },
};

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The parameters with fixed names (the families named after a field come on top), for the interface's description. */
export const FIXED_PARAMETERS: readonly string[] = [
  ...Object.keys(FIXED_COLUMNS), ...Object.keys(TIMES), 'WD_readPoint', 'WD_bizLocation', ...Object.keys(MATCHES), ...Object.keys(FIELD_EQUALS),
  ...Object.keys(FIELD_COMPARES), 'EXISTS_errorDeclaration', 'EXISTS_sensorElementList', 'orderBy', 'orderDirection', 'eventCountLimit', 'maxEventCount',
];

const OPS: Record<string, Comparison> = { EQ: '=', GT: '>', GE: '>=', LT: '<', LE: '<=' };

/** Families of parameters named after a field, most specific first: [pattern, scope]. */
const FIELD_FAMILIES: Array<[RegExp, string]> = [
  [/^(EQ|GT|GE|LT|LE|EXISTS)_INNER_ILMD_(.+)$/, 'ilmd.inner'],
  [/^(EQ|GT|GE|LT|LE|EXISTS)_ILMD_(.+)$/, 'ilmd'],
  [/^(EQ|GT|GE|LT|LE|EXISTS)_INNER_ERROR_DECLARATION_(.+)$/, 'error.inner'],
  [/^(EQ|GT|GE|LT|LE|EXISTS)_ERROR_DECLARATION_(.+)$/, 'error'],
  [/^(EQ|GT|GE|LT|LE|EXISTS)_INNER_SENSORELEMENT_(.+)$/, 'sensorElement.inner'],
  [/^(EQ|GT|GE|LT|LE|EXISTS)_SENSORELEMENT_(.+)$/, 'sensorElement'],
  [/^(EQ|GT|GE|LT|LE|EXISTS)_INNER_SENSORMETADATA_(.+)$/, 'sensorMetadata.inner'],
  [/^(EQ|GT|GE|LT|LE|EXISTS)_SENSORMETADATA_(.+)$/, 'sensorMetadata'],
  [/^(EQ|GT|GE|LT|LE|EXISTS)_INNER_SENSORREPORT_(.+)$/, 'sensorReport.inner'],
  [/^(EQ|GT|GE|LT|LE|EXISTS)_SENSORREPORT_(.+)$/, 'sensorReport'],
  [/^(EQ)_INNER_readPoint_(.+)$/, 'readPoint.inner'],
  [/^(EQ)_readPoint_(.+)$/, 'readPoint'],
  [/^(EQ)_INNER_bizLocation_(.+)$/, 'bizLocation.inner'],
  [/^(EQ)_bizLocation_(.+)$/, 'bizLocation'],
  [/^(EQ|GT|GE|LT|LE|EXISTS)_INNER_(.+)$/, 'ext.inner'],
  [/^(EQ|GT|GE|LT|LE|EXISTS)_(.+)$/, 'ext'],
];

/** An extension field's name as a query may write it. */
const FIELD_NAME = /^(\{[^{}]+\}[^{}\s]+|[A-Za-z][\w.-]*:[^\s]+|[^\s#]+#[^\s#]+)$/;

const VOCABULARY_FIELDS: Record<string, 'read_point' | 'biz_location'> = { readPoint: 'read_point', bizLocation: 'biz_location' };

class ParameterReader {
  readonly errors: FieldError[] = [];
  readonly conditions: Condition[] = [];
  valueCount = 0;

  constructor(private readonly lang: Lang) {}

  refuse(field: string, key: ValidationKey, params?: Record<string, string | number>) {
    this.errors.push({ field, message: validationMessage(key, this.lang, params) });
  }

  list(name: string, raw: unknown): string[] {
    const values = valuesOf(raw);
    this.valueCount += values.length;
    return values;
  }

  one(name: string, raw: unknown): string | undefined {
    const values = this.list(name, raw);
    if (values.length > 1) this.refuse(name, 'validation.epcisOneValue');
    return values[0];
  }

  time(name: string, raw: unknown): Date | undefined {
    const text = this.one(name, raw);
    if (text === undefined) return undefined;
    const at = ISO_TIME.test(text) ? new Date(text) : null;
    if (!at || Number.isNaN(at.getTime())) this.refuse(name, 'validation.epcisTime');
    else return at;
    return undefined;
  }

  numberOrTime(name: string, raw: unknown, allowTime: boolean, allowNumber = true): number | Date | undefined {
    const text = this.one(name, raw);
    if (text === undefined) return undefined;
    if (allowNumber && NUMBER.test(text)) return Number(text);
    if (allowTime && ISO_TIME.test(text) && !Number.isNaN(Date.parse(text))) return new Date(text);
    this.refuse(name, allowTime ? (allowNumber ? 'validation.epcisNumberOrTime' : 'validation.epcisTime') : 'validation.number');
    return undefined;
  }

  fieldRef(name: string, scope: string, field: string): FieldRef | undefined {
    if (!FIELD_NAME.test(field)) {
      this.refuse(name, 'validation.epcisFieldName');
      return undefined;
    }
    return { scope, field };
  }

  /** A family parameter (EQ_/GT_/…/EXISTS_ of a named field): true when the name is one. */
  family(name: string, raw: unknown): boolean {
    for (const [pattern, scope] of FIELD_FAMILIES) {
      const match = pattern.exec(name);
      if (!match) continue;
      const [, op, field] = match as unknown as [string, string, string];
      // `EQ_action` and other fixed names never reach here; a bare word is not an extension field
      const ref = this.fieldRef(name, scope, field);
      if (!ref) return true;
      if (op === 'EXISTS') {
        this.valueCount += 1;
        this.conditions.push({ kind: 'exists', names: [], ref });
      } else if (op === 'EQ') {
        this.conditions.push({ kind: 'field', names: [], ref, values: this.list(name, raw) });
      } else {
        const value = this.numberOrTime(name, raw, true);
        if (value !== undefined) this.conditions.push({ kind: 'compare', names: [], ref, op: OPS[op]!, value });
      }
      return true;
    }
    return false;
  }

  /** Sensor measures and quantities per unit: EQ_value_CEL, GE_minValue_KGM, LT_quantity_KGM, … */
  measure(name: string, raw: unknown): boolean {
    const match = /^(EQ|GT|GE|LT|LE)_(value|minValue|maxValue|meanValue|sDev|percValue|quantity)_([A-Za-z0-9]{2,4})$/.exec(name);
    if (!match) return false;
    const [, op, measure, uom] = match as unknown as [string, string, string, string];
    const stored = measure === 'quantity' ? `quantity ${uom}` : `sensor ${measure} ${uom}`;
    if (op === 'EQ') {
      const values = this.list(name, raw);
      for (const v of values) if (!NUMBER.test(v)) this.refuse(name, 'validation.number');
      // equal numbers, whatever their writing (26 and 26.0)
      if (values.length) this.conditions.push({ kind: 'numbers', names: [stored], values: values.map(Number) });
      return true;
    }
    const value = this.numberOrTime(name, raw, false);
    if (value !== undefined) this.conditions.push({ kind: 'compare', names: [stored], op: OPS[op]!, value });
    return true;
  }

  epcs(name: string, raw: unknown, roles: EpcRole[], forClass: boolean) {
    const lookups: EpcLookup[] = [];
    for (const value of this.list(name, raw)) {
      const lookup = epcLookup(value, forClass);
      if (!lookup) this.refuse(name, 'validation.epcisPattern', { value });
      else {
        this.valueCount += Math.max(0, lookup.prefixes.length + lookup.exact.length - 1);
        lookups.push(lookup);
      }
    }
    if (lookups.length) this.conditions.push({ kind: 'epc', roles, lookups });
  }
}

/**
 * The query's conditions, order and limits, or PARAM_CHECK naming every parameter that is wrong. `raw` holds
 * the parameters (query string or named query), `prefixes` the namespaces the query declared.
 */
export function parseEventQuery(raw: Record<string, unknown>, lang: Lang, prefixes: Record<string, string> = {}): EventQuery {
  const reader = new ParameterReader(lang);
  let orderBy: OrderKey | null = null;
  let descending = true;
  let orderDirectionGiven = false;
  let eventCountLimit: number | null = null;
  let maxEventCount: number | null = null;
  const positive = (name: string, value: unknown): number | null => {
    const text = reader.one(name, value);
    if (text === undefined) return null;
    if (!/^\d{1,9}$/.test(text) || Number(text) < 1) {
      reader.refuse(name, 'validation.integer');
      return null;
    }
    return Number(text);
  };

  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined || PAGING.has(name)) continue;
    const column = FIXED_COLUMNS[name];
    if (column) {
      const values = reader.list(name, value).map((v) => (column.normalise ? column.normalise(v) : v));
      for (const v of values) if (column.allowed && !column.allowed.includes(v)) reader.refuse(name, 'validation.oneOf', { values: column.allowed.join(', ') });
      if (values.length) reader.conditions.push({ kind: 'column', column: column.column, values });
      continue;
    }
    const time = TIMES[name];
    if (time) {
      const at = reader.time(name, value);
      if (at) reader.conditions.push({ kind: 'time', column: time.column, op: time.op, at });
      continue;
    }
    if (name === 'WD_readPoint' || name === 'WD_bizLocation') {
      const values = reader.list(name, value);
      if (values.length) reader.conditions.push({ kind: 'within', column: name === 'WD_readPoint' ? 'read_point' : 'biz_location', values });
      continue;
    }
    const match = MATCHES[name];
    if (match) {
      reader.epcs(name, value, match.roles, match.forClass);
      continue;
    }
    const equals = FIELD_EQUALS[name];
    if (equals) {
      const values = reader.list(name, value).map((v) => (equals.normalise ? equals.normalise(v) : v));
      if (name === 'EQ_booleanValue') for (const v of values) if (v !== 'true' && v !== 'false') reader.refuse(name, 'validation.epcisBoolean');
      if (values.length) reader.conditions.push({ kind: 'field', names: [equals.name], values });
      continue;
    }
    const compare = FIELD_COMPARES[name];
    if (compare) {
      const at = reader.numberOrTime(name, value, compare.time, !compare.time);
      if (at !== undefined) reader.conditions.push({ kind: 'compare', names: [compare.name], op: compare.op, value: at });
      continue;
    }
    if (name === 'EXISTS_errorDeclaration' || name === 'EXISTS_sensorElementList') {
      const flag = reader.one(name, value) ?? 'true';
      if (flag !== 'true' && flag !== 'false') reader.refuse(name, 'validation.epcisBoolean');
      else if (flag === 'true') reader.conditions.push({ kind: 'exists', names: [name === 'EXISTS_errorDeclaration' ? 'errorDeclaration' : 'sensorElementList'] });
      continue;
    }
    const typed = /^EQ_(bizTransaction|source|destination)_(.+)$/.exec(name);
    if (typed) {
      const [, kind, type] = typed as unknown as [string, 'bizTransaction' | 'source' | 'destination', string];
      const bare = cbvBare(kind === 'bizTransaction' ? 'bizTransactionType' : 'sourceDestType', type);
      const values = reader.list(name, value);
      if (values.length) reader.conditions.push({ kind: 'field', names: [`${kind} ${bare}`], values });
      continue;
    }
    const attribute = /^(HASATTR|EQATTR|EQ_ATTR)_(readPoint|bizLocation)(?:_(.+))?$/.exec(name);
    if (attribute) {
      const [, family, field, attr] = attribute as unknown as [string, string, string, string | undefined];
      const values = reader.list(name, value);
      const columnName = VOCABULARY_FIELDS[field]!;
      if (family === 'HASATTR' && attr === undefined) for (const a of values) reader.conditions.push({ kind: 'attribute', column: columnName, attribute: a, values: null });
      else if (family !== 'HASATTR' && attr !== undefined) reader.conditions.push({ kind: 'attribute', column: columnName, attribute: attr, values });
      else reader.refuse(name, 'validation.epcisParameter');
      continue;
    }
    if (name === 'orderBy') {
      const key = reader.one(name, value);
      if (key === 'eventTime') orderBy = { kind: 'eventTime' };
      else if (key === 'recordTime') orderBy = { kind: 'recordTime' };
      else if (key !== undefined && FIELD_NAME.test(key)) orderBy = { kind: 'field', ref: { scope: 'ext', field: key } };
      else reader.refuse(name, 'validation.epcisOrderBy');
      continue;
    }
    if (name === 'orderDirection') {
      const direction = reader.one(name, value);
      orderDirectionGiven = true;
      if (direction === 'ASC' || direction === 'DESC') descending = direction === 'DESC';
      else reader.refuse(name, 'validation.oneOf', { values: 'ASC, DESC' });
      continue;
    }
    if (name === 'eventCountLimit') {
      eventCountLimit = positive(name, value);
      continue;
    }
    if (name === 'maxEventCount') {
      maxEventCount = positive(name, value);
      continue;
    }
    if (reader.measure(name, value) || reader.family(name, value)) continue;
    reader.refuse(name, 'validation.epcisParameter');
  }

  if (eventCountLimit !== null && maxEventCount !== null) reader.refuse('eventCountLimit', 'validation.epcisExclusive', { other: 'maxEventCount' });
  if (eventCountLimit !== null && orderBy === null) reader.refuse('eventCountLimit', 'validation.epcisNeedsOrderBy');
  if (orderDirectionGiven && orderBy === null) reader.refuse('orderDirection', 'validation.epcisNeedsOrderBy');

  let perPage = PER_PAGE_DEFAULT;
  if (raw['perPage'] !== undefined) {
    const text = valuesOf(raw['perPage'])[0] ?? '';
    if (!/^\d{1,9}$/.test(text) || Number(text) < 1) reader.refuse('perPage', 'validation.integer');
    // the server's upper limit: more is served this many at a time, with a next link
    else perPage = Math.min(Number(text), PER_PAGE_MAX);
  }
  let position = FIRST_PAGE;
  if (raw['nextPageToken'] !== undefined) {
    const given = tokenPosition(valuesOf(raw['nextPageToken'])[0] ?? '');
    if (given) position = given;
    else reader.refuse('nextPageToken', 'validation.invalid');
  }
  if (reader.errors.length > 0) throw new AppError('PARAM_CHECK', undefined, reader.errors);
  if (reader.valueCount > QUERY_VALUES_MAX) throw new AppError('EPCIS_QUERY_TOO_COMPLEX', { max: QUERY_VALUES_MAX });
  return { conditions: reader.conditions, orderBy, descending, eventCountLimit, maxEventCount, perPage, prefixes, position };
}

/** The namespaces of `GS1-Extensions: prefix=namespace, prefix2=namespace2`, the binding's way to declare them. */
export function extensionHeaderPrefixes(header: string | string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const match = /^\s*([A-Za-z][\w.-]*)\s*=\s*(\S+)\s*$/.exec(part);
    if (match) out[match[1]!] = match[2]!;
  }
  return out;
}
