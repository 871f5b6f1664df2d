import { namespaceKey } from './eventFields.js';
import { CBV_BASE, CBV_VOCABULARIES, type CbvVocabulary } from './vocabulary.js';

/**
 * Events as the XML binding writes them (EPCglobal-epcis-2_0.xsd), for the query answers asked for in XML: the
 * same events and fields as the JSON answer, each standard field in the place the XSD gives it, extension
 * fields as elements of their namespace (sensor data's as attributes), CBV values as URNs or web URIs. A
 * `prefix:name` key takes its namespace from the standard's prefixes, else from the namespaces the company's
 * documents declared (epcis_namespace), else it is read as JSON-LD reads an undeclared prefix: an IRI of that
 * scheme (`prefix:`). A key that is a name and no more (no prefix, no IRI) has no place in XML and is left out.
 */

export const EPCIS_QUERY_XML_NS = 'urn:epcglobal:epcis-query:xsd:2';

/** The binding's GS1-CBV-XML-Format: how CBV values are written in XML. */
export const CBV_XML_FORMATS = ['No_Preference', 'Always_Web_URI', 'Always_URN', 'Never_Translates'] as const;
export type CbvXmlFormat = (typeof CBV_XML_FORMATS)[number];

type Json = unknown;
type JsonObject = Record<string, unknown>;

const isObject = (value: Json): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Prefixes every EPCIS 2.0 document knows through the standard context, as XML namespaces. */
const STANDARD_PREFIXES: Record<string, string> = {
  cbvmda: 'urn:epcglobal:cbv:mda',
  gs1: 'https://gs1.org/voc/',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
};
/** Prefixes the answer's own elements use. */
const RESERVED_PREFIXES = new Set(['xml', 'xmlns', 'epcis', 'epcisq', 'xsi']);
const NCNAME = /^[\p{L}_][\p{L}\p{N}_.\-\u00B7]*$/u;
const BARE_WORD = /^[A-Za-z][A-Za-z0-9_]*$/;

const BASE_FIELDS = ['eventTime', 'recordTime', 'eventTimeZoneOffset', 'eventID', 'errorDeclaration', 'certificationInfo'];
/** Each event type's fields in the XSD's order (after the base fields), then its extension elements. */
const EVENT_FIELDS: Record<string, string[]> = {
  ObjectEvent: ['epcList', 'action', 'bizStep', 'disposition', 'readPoint', 'bizLocation', 'bizTransactionList', 'quantityList', 'sourceList', 'destinationList', 'sensorElementList', 'persistentDisposition', 'ilmd'],
  AggregationEvent: ['parentID', 'childEPCs', 'action', 'bizStep', 'disposition', 'readPoint', 'bizLocation', 'bizTransactionList', 'childQuantityList', 'sourceList', 'destinationList', 'sensorElementList', 'persistentDisposition'],
  TransactionEvent: ['bizTransactionList', 'parentID', 'epcList', 'action', 'bizStep', 'disposition', 'readPoint', 'bizLocation', 'quantityList', 'sourceList', 'destinationList', 'sensorElementList', 'persistentDisposition'],
  TransformationEvent: ['inputEPCList', 'inputQuantityList', 'outputEPCList', 'outputQuantityList', 'transformationID', 'bizStep', 'disposition', 'readPoint', 'bizLocation', 'bizTransactionList', 'sourceList', 'destinationList', 'sensorElementList', 'persistentDisposition', 'ilmd'],
  AssociationEvent: ['parentID', 'childEPCs', 'childQuantityList', 'action', 'bizStep', 'disposition', 'readPoint', 'bizLocation', 'bizTransactionList', 'sourceList', 'destinationList', 'sensorElementList', 'persistentDisposition'],
};
/** The standard's field names: never extension fields, in whatever event they appear. */
const STANDARD_FIELDS = new Set([...BASE_FIELDS, ...Object.values(EVENT_FIELDS).flat(), 'type', '@context', 'comment', 'rdfs:comment']);
const METADATA_ATTRIBUTES = ['time', 'deviceID', 'deviceMetadata', 'rawData', 'startTime', 'endTime', 'bizRules', 'dataProcessingMethod'];
const REPORT_ATTRIBUTES = [
  'type', 'value', 'component', 'stringValue', 'booleanValue', 'hexBinaryValue', 'uriValue', 'uom', 'minValue', 'maxValue', 'sDev', 'chemicalSubstance',
  'microorganism', 'deviceID', 'deviceMetadata', 'rawData', 'time', 'meanValue', 'percRank', 'percValue', 'dataProcessingMethod', 'coordinateReferenceSystem', 'exception', 'bizRules',
];
const GS1_VOC = 'https://gs1.org/voc/';

/** Text as XML content: markup characters escaped, characters XML 1.0 cannot hold replaced. */
// eslint-disable-next-line no-control-regex -- finding the characters XML 1.0 cannot hold is the point
const NOT_XML_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(text: string, attribute = false): string {
  let out = text.replace(NOT_XML_CHARACTER, '\uFFFD');
  out = out.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  if (attribute) out = out.replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
  return out;
}

function scalarText(value: Json): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (isObject(value)) {
    if ('@value' in value) return scalarText(value['@value']);
    if (typeof value['@id'] === 'string') return value['@id'];
  }
  return undefined;
}

/** A CBV value as the XML binding writes it in the asked form: there is no bare word in XML. */
export function cbvXml(vocabulary: CbvVocabulary, value: string, format: CbvXmlFormat): string {
  const { web, urn } = CBV_VOCABULARIES[vocabulary];
  const webPrefix = `${CBV_BASE}${web}`;
  let bare: string | null = null;
  if (BARE_WORD.test(value)) bare = value;
  else if (value.startsWith(urn)) bare = format === 'Never_Translates' ? null : value.slice(urn.length);
  else if (value.startsWith(webPrefix)) bare = format === 'Never_Translates' ? null : value.slice(webPrefix.length);
  if (bare === null) return value;
  return format === 'Always_Web_URI' ? `${webPrefix}${bare}` : `${urn}${bare}`;
}

/** The sensor components' vocabulary (CBV 2.0): x, latitude … */
function componentXml(value: string, format: CbvXmlFormat): string {
  if (!BARE_WORD.test(value)) return value;
  return format === 'Always_Web_URI' ? `${CBV_BASE}Comp-${value}` : `urn:epcglobal:cbv:comp:${value}`;
}

interface QName {
  namespace: string;
  local: string;
  /** The prefix the key had, to keep where it can. */
  prefix: string | null;
}

/** Writes events into one XML document, collecting the namespaces its extension elements need. */
export class EpcisXmlWriter {
  private readonly prefixOf = new Map<string, string>();
  private readonly namespaceOf = new Map<string, string>();
  private readonly out: string[] = [];

  constructor(
    private readonly format: CbvXmlFormat,
    /** The company's declared namespaces by prefix (the first is taken where a prefix had several). */
    private readonly companyNamespaces: ReadonlyMap<string, readonly string[]>,
  ) {}

  /** The namespace declarations the written events need, for the root element. */
  declarations(): string {
    return [...this.prefixOf.entries()].map(([namespace, prefix]) => ` xmlns:${prefix}="${escapeXml(namespace, true)}"`).join('');
  }

  text(): string {
    return this.out.join('');
  }

  /** The XML name of an extension key, or null when it has none. */
  private qname(key: string): QName | null {
    if (key.startsWith('@')) return null;
    let found: QName | null = null;
    const braced = /^\{([^}]+)\}(.+)$/.exec(key);
    const iri = /^(https?:\/\/.*[/#])([^/#]+)$/.exec(key);
    if (braced) found = { namespace: braced[1]!, local: braced[2]!, prefix: null };
    else if (iri) found = { namespace: iri[1]!, local: iri[2]!, prefix: null };
    else {
      const colon = key.indexOf(':');
      if (colon > 0) {
        const prefix = key.slice(0, colon);
        const declared = STANDARD_PREFIXES[prefix] ?? this.companyNamespaces.get(prefix)?.[0];
        // JSON-LD reads a prefix no context defines as an IRI scheme: the key is the IRI prefix:local
        found = { namespace: declared === undefined ? `${prefix}:` : namespaceKey(declared), local: key.slice(colon + 1), prefix };
      }
    }
    return found && NCNAME.test(found.local) ? found : null;
  }

  /** The prefix the answer uses for a namespace (the key's own where it is free), declared once. */
  private prefixFor(name: QName): string {
    const known = this.prefixOf.get(name.namespace);
    if (known !== undefined) return known;
    let prefix = name.prefix !== null && NCNAME.test(name.prefix) && !/^xml/i.test(name.prefix) && !RESERVED_PREFIXES.has(name.prefix) ? name.prefix : 'ns1';
    for (let n = 2; this.namespaceOf.has(prefix) || RESERVED_PREFIXES.has(prefix); n += 1) prefix = `ns${n}`;
    this.prefixOf.set(name.namespace, prefix);
    this.namespaceOf.set(prefix, name.namespace);
    return prefix;
  }

  private element(name: string, content: string | null, attributes = '') {
    if (content === null) this.out.push(`<${name}${attributes}/>`);
    else this.out.push(`<${name}${attributes}>${escapeXml(content)}</${name}>`);
  }

  private simple(name: string, value: Json) {
    const text = scalarText(value);
    if (text !== undefined) this.element(name, text);
  }

  /** An extension value under an element name: text, nested elements, or one element per array item. */
  private extensionValue(name: string, value: Json) {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      for (const item of value) this.extensionValue(name, item);
      return;
    }
    const text = scalarText(value);
    if (text !== undefined) {
      this.element(name, text);
      return;
    }
    if (!isObject(value)) return;
    this.out.push(`<${name}>`);
    for (const [key, inner] of Object.entries(value)) this.innerExtension(key, inner);
    this.out.push(`</${name}>`);
  }

  /** A field inside an extension structure: its own namespace, or none (a plain name is an unqualified element). */
  private innerExtension(key: string, value: Json) {
    if (key.startsWith('@')) return;
    if (!key.includes(':') && !key.startsWith('{')) {
      if (NCNAME.test(key)) this.extensionValue(key, value);
      return;
    }
    this.extension(key, value);
  }

  /** A top-level extension field: an element of its namespace. */
  private extension(key: string, value: Json) {
    const name = this.qname(key);
    if (!name) return;
    this.extensionValue(`${this.prefixFor(name)}:${name.local}`, value);
  }

  private extensions(object: JsonObject, standard: ReadonlySet<string>) {
    for (const [key, value] of Object.entries(object)) if (!standard.has(key)) this.extension(key, value);
  }

  /** Namespaced attributes of sensor data (their extension fields): scalars only, as XML attributes hold. */
  private attributeExtensions(object: JsonObject, standard: readonly string[]): string {
    let out = '';
    for (const [key, value] of Object.entries(object)) {
      if (standard.includes(key)) continue;
      const name = this.qname(key);
      const text = scalarText(value);
      if (name && text !== undefined) out += ` ${this.prefixFor(name)}:${name.local}="${escapeXml(text, true)}"`;
    }
    return out;
  }

  private list(name: string, item: string, values: Json) {
    if (!Array.isArray(values)) return;
    this.out.push(`<${name}>`);
    for (const value of values) this.simple(item, value);
    this.out.push(`</${name}>`);
  }

  private quantities(name: string, values: Json) {
    if (!Array.isArray(values)) return;
    this.out.push(`<${name}>`);
    for (const q of values) {
      if (!isObject(q)) continue;
      this.out.push('<quantityElement>');
      this.simple('epcClass', q['epcClass']);
      // the XSD takes a unit only after a quantity
      if (scalarText(q['quantity']) !== undefined) {
        this.simple('quantity', q['quantity']);
        this.simple('uom', q['uom']);
      }
      this.out.push('</quantityElement>');
    }
    this.out.push(`</${name}>`);
  }

  private location(name: string, value: Json) {
    if (!isObject(value)) return;
    this.out.push(`<${name}>`);
    this.simple('id', value['id']);
    this.extensions(value, new Set(['id']));
    this.out.push(`</${name}>`);
  }

  private typedList(name: string, item: 'bizTransaction' | 'source' | 'destination', values: Json) {
    if (!Array.isArray(values)) return;
    const vocabulary = item === 'bizTransaction' ? 'bizTransactionType' : 'sourceDestType';
    this.out.push(`<${name}>`);
    for (const entry of values) {
      if (!isObject(entry)) continue;
      const type = scalarText(entry['type']);
      const value = scalarText(entry[item]) ?? '';
      this.element(item, value, type === undefined ? '' : ` type="${escapeXml(cbvXml(vocabulary, type, this.format), true)}"`);
    }
    this.out.push(`</${name}>`);
  }

  private sensorElements(values: Json) {
    if (!Array.isArray(values)) return;
    this.out.push('<sensorElementList>');
    for (const element of values) {
      if (!isObject(element)) continue;
      this.out.push('<sensorElement>');
      const metadata = element['sensorMetadata'];
      if (isObject(metadata)) {
        let attributes = '';
        for (const field of METADATA_ATTRIBUTES) {
          const text = scalarText(metadata[field]);
          if (text !== undefined) attributes += ` ${field}="${escapeXml(text, true)}"`;
        }
        this.element('sensorMetadata', null, attributes + this.attributeExtensions(metadata, METADATA_ATTRIBUTES));
      }
      for (const report of Array.isArray(element['sensorReport']) ? element['sensorReport'] : []) {
        if (!isObject(report)) continue;
        let attributes = '';
        for (const field of REPORT_ATTRIBUTES) {
          let text = scalarText(report[field]);
          if (text === undefined) continue;
          if (field === 'type' && BARE_WORD.test(text)) text = `${GS1_VOC}MT-${text}`;
          if (field === 'component') text = componentXml(text, this.format);
          attributes += ` ${field}="${escapeXml(text, true)}"`;
        }
        this.element('sensorReport', null, attributes + this.attributeExtensions(report, REPORT_ATTRIBUTES));
      }
      this.extensions(element, new Set(['sensorMetadata', 'sensorReport']));
      this.out.push('</sensorElement>');
    }
    this.out.push('</sensorElementList>');
  }

  private persistentDisposition(value: Json) {
    if (!isObject(value)) return;
    this.out.push('<persistentDisposition>');
    for (const side of ['unset', 'set'] as const) {
      for (const item of Array.isArray(value[side]) ? value[side] : []) {
        const text = scalarText(item);
        if (text !== undefined) this.element(side, cbvXml('disposition', text, this.format));
      }
    }
    this.out.push('</persistentDisposition>');
  }

  private errorDeclaration(value: Json) {
    if (!isObject(value)) return;
    this.out.push('<errorDeclaration>');
    this.simple('declarationTime', value['declarationTime']);
    const reason = scalarText(value['reason']);
    if (reason !== undefined) this.element('reason', cbvXml('errorReason', reason, this.format));
    if (Array.isArray(value['correctiveEventIDs'])) this.list('correctiveEventIDs', 'correctiveEventID', value['correctiveEventIDs']);
    this.extensions(value, new Set(['declarationTime', 'reason', 'correctiveEventIDs']));
    this.out.push('</errorDeclaration>');
  }

  private field(name: string, value: Json) {
    if (value === undefined || value === null) return;
    switch (name) {
      case 'epcList':
      case 'childEPCs':
      case 'inputEPCList':
      case 'outputEPCList':
        return this.list(name, 'epc', value);
      case 'quantityList':
      case 'childQuantityList':
      case 'inputQuantityList':
      case 'outputQuantityList':
        return this.quantities(name, value);
      case 'readPoint':
      case 'bizLocation':
        return this.location(name, value);
      case 'bizTransactionList':
        return this.typedList(name, 'bizTransaction', value);
      case 'sourceList':
        return this.typedList(name, 'source', value);
      case 'destinationList':
        return this.typedList(name, 'destination', value);
      case 'sensorElementList':
        return this.sensorElements(value);
      case 'persistentDisposition':
        return this.persistentDisposition(value);
      case 'errorDeclaration':
        return this.errorDeclaration(value);
      case 'ilmd':
        if (isObject(value)) {
          this.out.push('<ilmd>');
          this.extensions(value, new Set());
          this.out.push('</ilmd>');
        }
        return;
      case 'bizStep':
      case 'disposition': {
        const text = scalarText(value);
        if (text !== undefined) this.element(name, cbvXml(name, text, this.format));
        return;
      }
      case 'certificationInfo':
        // the XSD has one certificationInfo; JSON may list several
        return this.simple(name, Array.isArray(value) ? value[0] : value);
      default:
        return this.simple(name, value);
    }
  }

  /** One event: its type's element with the standard fields in order, then its extension fields. */
  event(event: JsonObject): void {
    const type = String(event['type']);
    const fields = EVENT_FIELDS[type];
    if (!fields) return;
    this.out.push(`<${type}>`);
    for (const name of [...BASE_FIELDS, ...fields]) this.field(name, event[name]);
    this.extensions(event, STANDARD_FIELDS);
    this.out.push(`</${type}>`);
  }
}

/** An EPCISQueryDocument of the events, the answer of the query named (EPCglobal-epcis-query-2_0.xsd). */
export function epcisQueryDocumentXml(
  events: readonly JsonObject[],
  options: { queryName: string; format: CbvXmlFormat; companyNamespaces: ReadonlyMap<string, readonly string[]>; creationDate?: string },
): string {
  const writer = new EpcisXmlWriter(options.format, options.companyNamespaces);
  for (const event of events) writer.event(event);
  const creationDate = options.creationDate ?? new Date().toISOString();
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<epcisq:EPCISQueryDocument xmlns:epcisq="${EPCIS_QUERY_XML_NS}"${writer.declarations()} schemaVersion="2.0" creationDate="${creationDate}">` +
    `<EPCISBody><epcisq:QueryResults><queryName>${escapeXml(options.queryName)}</queryName><resultsBody><EventList>` +
    writer.text() +
    '</EventList></resultsBody></epcisq:QueryResults></EPCISBody></epcisq:EPCISQueryDocument>\n'
  );
}
