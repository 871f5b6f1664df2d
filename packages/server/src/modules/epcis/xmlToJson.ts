import type { SaxesAttributeNS, SaxesParser, SaxesTagNS } from 'saxes';
import { lazyPackage } from '../../platform/lazyPackage.js';
import { EPCIS_CONTEXT } from './document.js';
import { cbvBare, CBV_BASE, CBV_VOCABULARIES, type CbvVocabulary } from './vocabulary.js';

/**
 * An EPCIS 2.0 XML document read into the JSON-LD document the JSON binding writes, so that an XML capture
 * stores exactly what the same document in JSON would: the same fields, CBV values contracted to the bare
 * words the JSON binding uses (urn:epcglobal:cbv:bizstep:shipping → shipping), numbers as numbers, and so the
 * same event hash. Extension elements (ILMD, an event's own fields, those of locations, error declarations
 * and sensor data) become `prefix:name` keys, and the document gets a JSON-LD context that binds each prefix to
 * its XML namespace (a URN namespace with the ':' JSON-LD appends names to): the query then finds them under
 * their namespace as it finds a JSON document's. An element with elements inside becomes an object, repeated
 * elements an array; text is trimmed.
 *
 * The document is read as a stream (saxes, the XML parser the spreadsheet import already uses: strict XML
 * 1.0, namespaces, line numbers, no DTD processing), and only one event is held as elements at a time, so a
 * large document costs its JSON and no more. Past `maxEvents` events nothing more is converted: they are only
 * counted. What it cannot take (another root than EPCISDocument, events of other types than the standard's)
 * comes back as problems; whether the document is valid at all is GS1's XSD's to say (xsdValidation.ts).
 */

const saxes = lazyPackage<typeof import('saxes')>('saxes');

export const EPCIS_XML_NS = 'urn:epcglobal:epcis:xsd:2';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const XMLNS = 'http://www.w3.org/2000/xmlns/';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
/** Namespaces of the XML binding itself: never extension fields, never in the context. */
const BINDING_NAMESPACES = new Set([
  EPCIS_XML_NS,
  'urn:epcglobal:epcis:xsd:1',
  'urn:epcglobal:epcis-query:xsd:2',
  'urn:epcglobal:epcis-masterdata:xsd:2',
  'urn:epcglobal:xsd:1',
  'http://www.unece.org/cefact/namespaces/StandardBusinessDocumentHeader',
  'http://www.w3.org/2001/XMLSchema',
  XSI,
  XMLNS,
  XML_NS,
]);
export const EPCIS_EVENT_TYPES = ['ObjectEvent', 'AggregationEvent', 'TransactionEvent', 'TransformationEvent', 'AssociationEvent'] as const;
const EVENT_TYPES = new Set<string>(EPCIS_EVENT_TYPES);
/** A prefix the JSON side keeps (epcis_namespace takes these). */
const JSON_PREFIX = /^[A-Za-z][\w.-]*$/;

type Json = string | number | boolean | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** One element of an event or of the header, as read. */
interface XNode {
  uri: string;
  local: string;
  prefix: string;
  attrs: SaxesAttributeNS[];
  children: XNode[];
  text: string;
  line: number;
}

/** Where an event came from, to name it (and its fields, and their items) in a refusal. */
interface EventSource {
  path: string;
  line: number;
  /** By JSON key: the element's name in the XML, its line, and the lines of its items (epc, bizTransaction, …). */
  fields: Map<string, { name: string; line: number; items?: number[]; item?: string }>;
}

export interface XmlLocation {
  /** The element's path as libxml2 writes it: /epcis:EPCISDocument/EPCISBody/EventList/ObjectEvent[3]/epcList/epc[2] */
  path: string;
  line: number;
}

export type XmlDocumentProblem = { kind: 'root'; root: string; line: number } | { kind: 'eventType'; name: string; line: number; path: string };

export interface XmlCaptureDocument {
  /** The document as the JSON binding writes it. */
  document: JsonObject;
  /** The events the document has (all of them, when past the limit only counted). */
  eventCount: number;
  problems: XmlDocumentProblem[];
  /** The root element's path (/epcis:EPCISDocument). */
  rootPath: string;
  /** Each converted event's element path, by its index in epcisBody.eventList (…/EventList/ObjectEvent[3]). */
  eventPaths: string[];
  /** Where a JSON pointer of the document (a refusal's field) is in the XML, as near as it can be told. */
  locate(pointer: string): XmlLocation | null;
}

export class XmlNotWellFormed extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly problem: string,
  ) {
    super(`line ${line}, column ${column}: ${problem}`);
  }
}

/** The prefixes of the JSON document: each XML namespace under one prefix, the XML's own where it can. */
class Prefixes {
  private readonly byNamespace = new Map<string, string>();
  readonly context: Record<string, string> = {};

  declare(prefix: string, namespace: string): string | undefined {
    if (!namespace || BINDING_NAMESPACES.has(namespace)) return undefined;
    const known = this.byNamespace.get(namespace);
    if (known !== undefined) return known;
    const base = JSON_PREFIX.test(prefix) ? prefix : 'ns';
    let name = base;
    for (let n = 2; Object.hasOwn(this.context, name); n += 1) name = `${base}${n}`;
    this.byNamespace.set(namespace, name);
    // JSON-LD appends names to a namespace: a URN needs its ':' (urn:epcglobal:cbv:mda → …:mda:lotNumber)
    this.context[name] = namespace.startsWith('urn:') && !namespace.endsWith(':') ? `${namespace}:` : namespace;
    return name;
  }

  /** The JSON key of an element or attribute: prefix:name, or the bare name of an unqualified one. */
  key(uri: string, local: string, prefix: string): string {
    if (!uri) return local;
    const name = this.declare(prefix, uri);
    return name === undefined ? local : `${name}:${local}`;
  }
}

const text = (node: XNode) => node.text.trim();
const child = (node: XNode, local: string) => node.children.find((c) => !c.uri && c.local === local);
const childrenNamed = (node: XNode, local: string) => node.children.filter((c) => !c.uri && c.local === local);
const attr = (node: XNode, local: string) => node.attrs.find((a) => !a.uri && a.local === local)?.value;
/** Attributes that carry data: not namespace declarations, not xsi:type / xsi:nil, not xml:lang. */
const dataAttrs = (node: XNode) => node.attrs.filter((a) => a.uri !== XMLNS && a.uri !== XSI && a.uri !== XML_NS && a.name !== 'xmlns' && a.prefix !== 'xmlns');

const BARE_WORD = /^[A-Za-z][A-Za-z0-9_]*$/;
const NS_CBV = 'https://ns.gs1.org/cbv/';

/** A CBV value as the JSON binding writes it: the bare word of a standard URN or web URI, else as sent. */
export function cbvShort(vocabulary: CbvVocabulary, value: string): string {
  let bare = cbvBare(vocabulary, value);
  const web = `${NS_CBV}${CBV_VOCABULARIES[vocabulary].web}`;
  if (bare === value && value.startsWith(web)) bare = value.slice(web.length);
  return bare !== value && BARE_WORD.test(bare) ? bare : value;
}

/** Measurement types: the GS1 web vocabulary's MT- terms are bare words in JSON (https://gs1.org/voc/MT-Temperature → Temperature). */
const MEASUREMENT_TYPE = /^(?:https?:\/\/(?:www\.)?gs1\.org\/voc\/|gs1:)MT-([A-Za-z][A-Za-z0-9_]*)$/;
/** Sensor components (CBV 2.0 §8.11): urn:epcglobal:cbv:comp:x, https://ref.gs1.org/cbv/Comp-x → x. */
const COMPONENT = new RegExp(`^(?:urn:epcglobal:cbv:comp:|${CBV_BASE.replace(/[./]/g, '\\$&')}Comp-|${NS_CBV.replace(/[./]/g, '\\$&')}Comp-)([A-Za-z][A-Za-z0-9_]*)$`);

const SENSOR_NUMBERS = new Set(['value', 'minValue', 'maxValue', 'meanValue', 'sDev', 'percRank', 'percValue']);

function numberOr(value: string): number | string {
  const trimmed = value.trim();
  const n = trimmed === '' ? Number.NaN : Number(trimmed);
  return Number.isFinite(n) ? n : trimmed;
}

function put(object: JsonObject, key: string, value: Json) {
  if (!Object.hasOwn(object, key)) object[key] = value;
  else {
    const known = object[key]!;
    if (Array.isArray(known)) known.push(value);
    else object[key] = [known, value];
  }
}

class Converter {
  constructor(readonly prefixes: Prefixes) {}

  /** An extension element's value: its text, or an object of its attributes and elements. */
  extensionValue(node: XNode): Json {
    const attrs = dataAttrs(node).filter((a) => a.uri);
    if (node.children.length === 0 && attrs.length === 0) return text(node);
    const object: JsonObject = {};
    for (const a of attrs) put(object, this.prefixes.key(a.uri, a.local, a.prefix), a.value);
    for (const c of node.children) put(object, this.prefixes.key(c.uri, c.local, c.prefix), this.extensionValue(c));
    return object;
  }

  /** The namespaced elements of a node (and of its `extension` wrapper) into `into`, as extension fields. */
  extensions(node: XNode, into: JsonObject, sources?: EventSource) {
    for (const c of node.children) {
      if (!c.uri) {
        if (c.local === 'extension' || c.local === 'baseExtension') this.extensions(c, into, sources);
        continue;
      }
      const key = this.prefixes.key(c.uri, c.local, c.prefix);
      put(into, key, this.extensionValue(c));
      sources?.fields.set(key, { name: c.prefix ? `${c.prefix}:${c.local}` : c.local, line: c.line });
    }
  }

  /** The namespaced attributes of an element (sensor data's extension attributes), as fields. */
  attributeExtensions(node: XNode, into: JsonObject) {
    for (const a of dataAttrs(node)) if (a.uri) put(into, this.prefixes.key(a.uri, a.local, a.prefix), a.value);
  }

  list(node: XNode, item: string): string[] {
    return childrenNamed(node, item).map(text);
  }

  quantities(node: XNode): JsonObject[] {
    return childrenNamed(node, 'quantityElement').map((element) => {
      const out: JsonObject = {};
      const epcClass = child(element, 'epcClass');
      if (epcClass) out['epcClass'] = text(epcClass);
      const quantity = child(element, 'quantity');
      const nil = quantity?.attrs.some((a) => a.uri === XSI && a.local === 'nil' && /^(true|1)$/.test(a.value.trim()));
      if (quantity && !nil && text(quantity) !== '') out['quantity'] = numberOr(quantity.text);
      const uom = child(element, 'uom');
      if (uom) out['uom'] = text(uom);
      return out;
    });
  }

  location(node: XNode): JsonObject {
    const out: JsonObject = {};
    const id = child(node, 'id');
    if (id) out['id'] = text(id);
    this.extensions(node, out);
    return out;
  }

  typedList(node: XNode, item: 'bizTransaction' | 'source' | 'destination'): JsonObject[] {
    const vocabulary = item === 'bizTransaction' ? 'bizTransactionType' : 'sourceDestType';
    return childrenNamed(node, item).map((element) => {
      const out: JsonObject = {};
      const type = attr(element, 'type');
      if (type !== undefined) out['type'] = cbvShort(vocabulary, type.trim());
      out[item] = text(element);
      return out;
    });
  }

  sensorElements(node: XNode): JsonObject[] {
    return childrenNamed(node, 'sensorElement').map((element) => {
      const out: JsonObject = {};
      const metadata = child(element, 'sensorMetadata');
      if (metadata) {
        const fields: JsonObject = {};
        for (const a of dataAttrs(metadata)) if (!a.uri) fields[a.local] = a.value;
        this.attributeExtensions(metadata, fields);
        out['sensorMetadata'] = fields;
      }
      out['sensorReport'] = childrenNamed(element, 'sensorReport').map((report) => {
        const fields: JsonObject = {};
        for (const a of dataAttrs(report)) {
          if (a.uri) continue;
          const value = a.value.trim();
          if (SENSOR_NUMBERS.has(a.local)) fields[a.local] = numberOr(value);
          else if (a.local === 'booleanValue') fields[a.local] = value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
          else if (a.local === 'type') fields[a.local] = MEASUREMENT_TYPE.exec(value)?.[1] ?? value;
          else if (a.local === 'component') fields[a.local] = COMPONENT.exec(value)?.[1] ?? value;
          else fields[a.local] = a.value;
        }
        this.attributeExtensions(report, fields);
        return fields;
      });
      this.extensions(element, out);
      return out;
    });
  }

  persistentDisposition(node: XNode): JsonObject {
    const out: JsonObject = {};
    for (const side of ['set', 'unset'] as const) {
      const values = this.list(node, side).map((v) => cbvShort('disposition', v));
      if (values.length > 0) out[side] = values;
    }
    return out;
  }

  errorDeclaration(node: XNode): JsonObject {
    const out: JsonObject = {};
    const at = child(node, 'declarationTime');
    if (at) out['declarationTime'] = text(at);
    const reason = child(node, 'reason');
    if (reason) out['reason'] = cbvShort('errorReason', text(reason));
    const corrective = child(node, 'correctiveEventIDs');
    if (corrective) out['correctiveEventIDs'] = this.list(corrective, 'correctiveEventID');
    this.extensions(node, out);
    return out;
  }

  event(node: XNode, sources: EventSource): JsonObject {
    const event: JsonObject = { type: node.local };
    const field = (key: string, c: XNode, item?: string) => {
      const items = item ? childrenNamed(c, item).map((i) => i.line) : undefined;
      sources.fields.set(key, { name: c.local, line: c.line, ...(item ? { item, items } : {}) });
    };
    for (const c of node.children) {
      if (c.uri) continue;
      switch (c.local) {
        case 'eventTime':
        case 'recordTime':
        case 'eventTimeZoneOffset':
        case 'eventID':
        case 'certificationInfo':
        case 'parentID':
        case 'action':
        case 'transformationID':
          event[c.local] = text(c);
          field(c.local, c);
          break;
        case 'bizStep':
        case 'disposition':
          event[c.local] = cbvShort(c.local, text(c));
          field(c.local, c);
          break;
        case 'epcList':
        case 'childEPCs':
        case 'inputEPCList':
        case 'outputEPCList':
          event[c.local] = this.list(c, 'epc');
          field(c.local, c, 'epc');
          break;
        case 'quantityList':
        case 'childQuantityList':
        case 'inputQuantityList':
        case 'outputQuantityList':
          event[c.local] = this.quantities(c);
          field(c.local, c, 'quantityElement');
          break;
        case 'readPoint':
        case 'bizLocation':
          event[c.local] = this.location(c);
          field(c.local, c);
          break;
        case 'bizTransactionList':
          event[c.local] = this.typedList(c, 'bizTransaction');
          field(c.local, c, 'bizTransaction');
          break;
        case 'sourceList':
          event[c.local] = this.typedList(c, 'source');
          field(c.local, c, 'source');
          break;
        case 'destinationList':
          event[c.local] = this.typedList(c, 'destination');
          field(c.local, c, 'destination');
          break;
        case 'sensorElementList':
          event[c.local] = this.sensorElements(c);
          field(c.local, c, 'sensorElement');
          break;
        case 'persistentDisposition':
          event[c.local] = this.persistentDisposition(c);
          field(c.local, c);
          break;
        case 'errorDeclaration':
          event[c.local] = this.errorDeclaration(c);
          field(c.local, c);
          break;
        case 'ilmd': {
          const ilmd: JsonObject = {};
          this.extensions(c, ilmd);
          event['ilmd'] = ilmd;
          field('ilmd', c);
          break;
        }
        // the binding's wrappers of extension fields; anything else unqualified is not EPCIS (the XSD says so)
        default:
          break;
      }
    }
    this.attributeExtensions(node, event);
    this.extensions(node, event, sources);
    return event;
  }

  /** The header's master data as the JSON binding writes it (epcisHeader.epcisMasterData.vocabularyList). */
  header(node: XNode): JsonObject | null {
    const list = child(child(child(node, 'extension') ?? node, 'EPCISMasterData') ?? node, 'VocabularyList');
    if (!list) return null;
    const vocabularyList = childrenNamed(list, 'Vocabulary').map((vocabulary) => {
      const out: JsonObject = { type: (attr(vocabulary, 'type') ?? '').trim() };
      const elements = child(vocabulary, 'VocabularyElementList');
      if (elements) {
        out['vocabularyElementList'] = childrenNamed(elements, 'VocabularyElement').map((element) => {
          const item: JsonObject = { id: (attr(element, 'id') ?? '').trim() };
          const attributes = childrenNamed(element, 'attribute').map((a) => ({ id: (attr(a, 'id') ?? '').trim(), attribute: a.children.length > 0 ? this.extensionValue(a) : text(a) }));
          if (attributes.length > 0) item['attributes'] = attributes;
          const children = child(element, 'children');
          const ids = children ? this.list(children, 'id') : [];
          if (ids.length > 0) item['children'] = ids;
          return item;
        });
      }
      return out;
    });
    return { epcisMasterData: { vocabularyList } };
  }
}

function escapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * Reads an EPCIS XML document (already decoded, its prolog checked by xmlSafety.ts) into the JSON binding's
 * document. Throws XmlNotWellFormed at the first place it is not well-formed XML.
 */
export function readXmlCaptureDocument(xml: string, maxEvents: number): XmlCaptureDocument {
  const prefixes = new Prefixes();
  const converter = new Converter(prefixes);
  const parser: SaxesParser<{ xmlns: true; position: true }> = new (saxes().SaxesParser)({ xmlns: true, position: true });
  const problems: XmlDocumentProblem[] = [];
  const events: JsonObject[] = [];
  const sources: EventSource[] = [];
  let header: JsonObject | null = null;
  let root: { name: string; attrs: Record<string, string> } | null = null;
  let eventCount = 0;
  /** The open elements' local names (qualified ones with their namespace), to know where the parser is. */
  const open: Array<{ uri: string; local: string }> = [];
  /** The element tree being built (an event or the header), innermost last. */
  const building: XNode[] = [];
  const sameNameCount = new Map<string, number>();

  const inEventList = () =>
    open.length === 3 && open[1]!.uri === '' && open[1]!.local === 'EPCISBody' && open[2]!.uri === '' && open[2]!.local === 'EventList';

  parser.on('error', (error: Error) => {
    throw new XmlNotWellFormed(parser.line, parser.column, error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, ''));
  });
  const NO_ATTRIBUTES: SaxesAttributeNS[] = [];
  const nodeOf = (tag: SaxesTagNS, uri: string, local: string): XNode => {
    // most elements have no attributes: they share one empty list rather than each making one
    const attrs = Object.keys(tag.attributes).length > 0 ? Object.values(tag.attributes) : NO_ATTRIBUTES;
    return { uri, local, prefix: tag.prefix ?? '', attrs, children: [], text: '', line: parser.line };
  };
  parser.on('opentag', (tag: SaxesTagNS) => {
    for (const prefix in tag.ns) prefixes.declare(prefix, tag.ns[prefix]!);
    const uri = tag.uri ?? '';
    const local = tag.local ?? tag.name;
    if (building.length > 0) {
      const node = nodeOf(tag, uri, local);
      const parent = building[building.length - 1]!;
      // text before a first child element is the indentation of a structure, not a value
      if (parent.children.length === 0) parent.text = '';
      parent.children.push(node);
      building.push(node);
    } else if (open.length === 0) {
      root = { name: tag.name, attrs: Object.fromEntries(Object.values(tag.attributes).filter((a) => !a.uri).map((a) => [a.local, a.value])) };
      if (uri !== EPCIS_XML_NS || local !== 'EPCISDocument') problems.push({ kind: 'root', root: tag.name, line: parser.line });
    } else if (open.length === 1 && !uri && local === 'EPCISHeader') {
      building.push(nodeOf(tag, uri, local));
    } else if (inEventList()) {
      const n = (sameNameCount.get(tag.name) ?? 0) + 1;
      sameNameCount.set(tag.name, n);
      const path = `/${root!.name}/EPCISBody/EventList/${tag.name}[${n}]`;
      if (uri || !EVENT_TYPES.has(local)) problems.push({ kind: 'eventType', name: tag.name, line: parser.line, path });
      else {
        eventCount += 1;
        if (eventCount <= maxEvents) {
          sources.push({ path, line: parser.line, fields: new Map() });
          building.push(nodeOf(tag, uri, local));
        }
      }
    }
    open.push({ uri, local });
  });
  const addText = (t: string) => {
    const node = building[building.length - 1];
    // the text of an element with elements in it is not kept (mixed content is no EPCIS field)
    if (node && node.children.length === 0) node.text += t;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    open.pop();
    const node = building.pop();
    if (!node || building.length > 0) return;
    if (node.local === 'EPCISHeader') header = converter.header(node);
    else events.push(converter.event(node, sources.at(-1)!));
  });

  parser.write(xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml).close();

  const attrs = (root as { attrs: Record<string, string> } | null)?.attrs ?? {};
  const schemaVersion = (attrs['schemaVersion'] ?? '').trim();
  const context = Object.keys(prefixes.context).length > 0 ? [EPCIS_CONTEXT, prefixes.context] : [EPCIS_CONTEXT];
  const document: JsonObject = {
    '@context': context,
    type: 'EPCISDocument',
    schemaVersion: schemaVersion !== '' && Number(schemaVersion) === 2 ? '2.0' : schemaVersion,
    creationDate: (attrs['creationDate'] ?? '').trim(),
  };
  if (header) document['epcisHeader'] = header;
  document['epcisBody'] = { eventList: events };
  const rootPath = `/${(root as { name: string } | null)?.name ?? 'epcis:EPCISDocument'}`;

  return {
    document,
    eventCount,
    problems,
    rootPath,
    eventPaths: sources.map((source) => source.path),
    locate(pointer) {
      const at = /^\/epcisBody\/eventList\/(\d+)(?:\/([^/]+)(?:\/(\d+))?)?/.exec(pointer);
      const source = at ? sources[Number(at[1])] : undefined;
      if (!at || !source) return pointer.startsWith('/epcisHeader') ? { path: `${rootPath}/EPCISHeader`, line: 0 } : null;
      const field = at[2] === undefined ? undefined : source.fields.get(escapePointer(at[2]));
      if (!field) return { path: source.path, line: source.line };
      const index = at[3] === undefined ? undefined : Number(at[3]);
      if (index !== undefined && field.items?.[index] !== undefined) return { path: `${source.path}/${field.name}/${field.item}[${index + 1}]`, line: field.items[index] };
      return { path: `${source.path}/${field.name}`, line: field.line };
    },
  };
}
