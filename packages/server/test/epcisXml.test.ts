import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTURE_BODY_LIMIT } from '../src/modules/epcis/captureRoutes.js';
import { eventHashId, eventPreHash } from '../src/modules/epcis/eventHash.js';
import { readXmlCaptureDocument } from '../src/modules/epcis/xmlToJson.js';
import { closeXsdValidator, validateXsd } from '../src/modules/epcis/xsdValidation.js';
import { insertJob, insertRule } from './support/codeFixtures.js';
import { createCompany, createUser } from './support/fixtures.js';
import { GS1_EPCIS_DIR, gs1JsonExamples, partnerKey, type EpcisJson } from './support/gs1Epcis.js';
import { signIn, startTestApp, type TestApp } from './support/testApp.js';

/**
 * The XML binding of EPCIS 2.0: capture of XML documents (GS1's XSD, converted to the JSON-LD events the JSON
 * capture stores: the same event hash, fields and identifiers rule), the refusals of what is not XML or
 * declares entities (XML bombs, XXE), the limits, and query answers in XML, each checked against GS1's XSD.
 * GS1's own XML examples are the material.
 */

const PASSWORD = 'Xml-Binding-Pass-1';
const BASE = 'https://trace.example.cn';
const XML_DIR = path.join(GS1_EPCIS_DIR, 'XML');
const EVENT_ELEMENT = /<(ObjectEvent|AggregationEvent|TransactionEvent|TransformationEvent|AssociationEvent)[\s>][\s\S]*?<\/\1>/g;

/**
 * GS1's XML files that are not EPCIS documents to capture, and why: the capture interface takes an
 * EPCISDocument (the binding's POST /capture), and these are something else. Each is refused as such.
 */
const NOT_CAPTURE_DOCUMENTS: Record<string, string> = {
  // the binding's capture job answers (EPCISCaptureJob), what GET /capture/{captureID} gives, not a document
  'CaptureJob/Example-CaptureJobRunning.xml': 'epcis:EPCISCaptureJob',
  'CaptureJob/Example-CaptureJobSuccess.xml': 'epcis:EPCISCaptureJob',
  'CaptureJob/Example-CaptureJobWithErrorFile.xml': 'epcis:EPCISCaptureJob',
  'CaptureJob/Example-CaptureJobWithErrors.xml': 'epcis:EPCISCaptureJob',
  // master data documents (EPCISMasterDataDocument, the master data schema), no events; master data comes to
  // capture in an EPCISDocument's header, as WithFullCombinationOfFields/masterdata_all_possible_fields.xml has it
  'CBV/CBV-11.4-2020-06-16a.xml': 'epcismd:EPCISMasterDataDocument',
  'Mimasu/Example-masterData.xml': 'epcismd:EPCISMasterDataDocument',
};

function xmlFiles(dir = XML_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return xmlFiles(file);
    return entry.name.endsWith('.xml') ? [path.relative(XML_DIR, file).split(path.sep).join('/')] : [];
  });
}

const allXml = xmlFiles().sort();
const captureXmlExamples = allXml.filter((name) => !(name in NOT_CAPTURE_DOCUMENTS));
const readExample = (name: string) => fs.readFileSync(path.join(XML_DIR, name), 'utf8');

/** An event of an XML document as a plain reading of its text finds it: its type, time, identifiers, own eventID. */
interface XmlEventReading {
  type: string;
  eventTime: string;
  eventID: string | undefined;
  epcs: string[];
  classes: string[];
  readPoint: string | undefined;
}

const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
const all = (block: string, tag: string) => [...block.matchAll(new RegExp(`<${tag}>\\s*([^<]*?)\\s*</${tag}>`, 'g'))].map((m) => unescape(m[1]!));

function xmlEvents(xml: string): XmlEventReading[] {
  const text = xml.replace(/<!--[\s\S]*?-->/g, '');
  return [...text.matchAll(EVENT_ELEMENT)].map(([block, type]) => ({
    type: type!,
    eventTime: all(block, 'eventTime')[0]!,
    eventID: all(block, 'eventID')[0],
    epcs: [...all(block, 'epc'), ...all(block, 'parentID')],
    classes: all(block, 'epcClass'),
    readPoint: /<readPoint>\s*<id>\s*([^<]*?)\s*<\/id>/.exec(block)?.[1],
  }));
}

let t: TestApp;
let companyA: string;
let companyJson: string;
let key: string;
let keyJson: string;
let codeA: string;
let codeB: string;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_BASE_URL: BASE, LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  companyA = await createCompany(db, 'XML A');
  const companyB = await createCompany(db, 'XML B');
  companyJson = await createCompany(db, 'XML JSON examples');
  await createUser(db, { username: 'xmlAdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'xmlAdminJ', password: PASSWORD, userType: '3', companyId: companyJson, roles: ['ENTERPRISE_ADMIN'] });
  key = await partnerKey(t.app, await signIn(t.app, 'xmlAdminA', PASSWORD));
  keyJson = await partnerKey(t.app, await signIn(t.app, 'xmlAdminJ', PASSWORD));
  // GS1's JSON examples under a company of their own: their events are answered in XML too
  for (const example of gs1JsonExamples()) {
    const res = await t.app.inject({ method: 'POST', url: '/acc/epcis/capture', payload: example.document, headers: { authorization: `Bearer ${keyJson}`, 'content-type': 'application/ld+json' } });
    expect(res.statusCode, `${example.name}: ${res.body}`).toBe(202);
  }
  [codeA] = (await insertJob(db, { companyId: companyA, ruleId: await insertRule(db, companyA), count: 1 })).codes as [string];
  [codeB] = (await insertJob(db, { companyId: companyB, ruleId: await insertRule(db, companyB), count: 1 })).codes as [string];
}, 60_000);
afterAll(async () => {
  await t.close();
  await closeXsdValidator();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  json: Record<string, unknown> & { data?: Record<string, unknown>; errors?: Array<{ field: string; message: string }> };
}

async function send(method: 'GET' | 'POST', url: string, options: { payload?: string | Buffer; headers?: Record<string, string>; as?: string; query?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${options.as ?? key}`, ...options.headers };
  if (options.payload !== undefined) headers['content-type'] ??= 'application/xml';
  const res = await t.app.inject({ method, url, headers, payload: options.payload, query: options.query });
  const isJson = /json/.test(String(res.headers['content-type'] ?? ''));
  return { status: res.statusCode, headers: res.headers, text: res.body, json: (isJson && res.body ? res.json() : {}) as Answer['json'] };
}

const captureXml = (xml: string | Buffer, headers: Record<string, string> = {}, url = '/acc/epcis/capture') => send('POST', url, { payload: xml, headers });

async function storedEvents(where: { companyId?: string; captureId?: string } = {}): Promise<Array<{ eventId: string; body: EpcisJson }>> {
  let q = t.database.db.selectFrom('epcis_event').select(['event_id as eventId', 'body']).where('company_id', '=', where.companyId ?? companyA);
  if (where.captureId) q = q.where('capture_id', '=', where.captureId);
  return (await q.orderBy('id').execute()) as Array<{ eventId: string; body: EpcisJson }>;
}

async function jobCount(): Promise<number> {
  const row = await t.database.db.selectFrom('epcis_capture').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyA).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A small EPCIS XML document of the given events (XML of each). */
function xmlDocument(events: string[], namespaces = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<epcis:EPCISDocument xmlns:epcis="urn:epcglobal:epcis:xsd:2"${namespaces} schemaVersion="2.0" creationDate="2026-11-20T10:00:00.000+08:00">
  <EPCISBody>
    <EventList>
${events.join('\n')}
    </EventList>
  </EPCISBody>
</epcis:EPCISDocument>
`;
}

let serial = 0;
/** A partner's ObjectEvent of its own goods (a new SGTIN serial each time), with `inner` added before its end. */
function objectEvent(options: { epcs?: string[]; action?: string; inner?: string } = {}): string {
  serial += 1;
  const epcs = options.epcs ?? [`urn:epc:id:sgtin:6901234.012345.${7000 + serial}`];
  return `      <ObjectEvent>
        <eventTime>2026-11-20T09:${String(serial % 60).padStart(2, '0')}:00.000+08:00</eventTime>
        <eventTimeZoneOffset>+08:00</eventTimeZoneOffset>
        <epcList>${epcs.map((epc) => `<epc>${epc}</epc>`).join('')}</epcList>
        <action>${options.action ?? 'OBSERVE'}</action>
        <bizStep>urn:epcglobal:cbv:bizstep:receiving</bizStep>
        <disposition>urn:epcglobal:cbv:disp:in_progress</disposition>
        <readPoint><id>urn:epc:id:sgln:6901234.00001.0</id></readPoint>${options.inner ?? ''}
      </ObjectEvent>`;
}

const scanUrl = (code: string) => `${BASE}/antiCounterfeiting?code=${code}`;

/** The eventIDs of an XML query answer, in order. */
const xmlEventIds = (xml: string) => all(xml, 'eventID');

const jsonEvents = (answer: Answer) => (answer.json['epcisBody'] as { queryResults: { resultsBody: { eventList: EpcisJson[] } } }).queryResults.resultsBody.eventList;

/** The events of an XML query answer read back as an XML capture reads them, with the context they come with. */
function xmlAnswerEvents(xml: string): { events: EpcisJson[]; context: unknown } {
  const root = /<epcisq:EPCISQueryDocument([^>]*)>/.exec(xml)![1]!;
  const list = /<EventList>([\s\S]*)<\/EventList>/.exec(xml)?.[1] ?? '';
  const document = `<epcis:EPCISDocument xmlns:epcis="urn:epcglobal:epcis:xsd:2"${root.replace(/ xmlns:epcisq="[^"]*"/, '')}><EPCISBody><EventList>${list}</EventList></EPCISBody></epcis:EPCISDocument>`;
  const read = readXmlCaptureDocument(document, 1000);
  return { events: (read.document['epcisBody'] as { eventList: EpcisJson[] }).eventList, context: read.document['@context'] };
}

describe("capture of GS1's XML examples", () => {
  it('takes every EPCISDocument among them, and refuses the capture jobs and master data documents as what they are', async () => {
    expect(allXml.length).toBe(37);
    expect(captureXmlExamples.length).toBe(31);
    for (const [name, root] of Object.entries(NOT_CAPTURE_DOCUMENTS)) {
      const [events, jobs] = [(await storedEvents()).length, await jobCount()];
      const res = await captureXml(readExample(name));
      expect(res.status, name).toBe(400);
      expect(res.json.errors, name).toContainEqual({ field: `/${root}`, message: expect.stringContaining(`采集接口只接受 EPCISDocument，该文档为 ${root}`) });
      expect([(await storedEvents()).length, await jobCount()]).toEqual([events, jobs]);
    }
  });

  it('captures each example whole, and finds each of its events again by a query for its identifiers', async () => {
    const seen = new Set<string>();
    let total = 0;
    for (const name of captureXmlExamples) {
      const xml = readExample(name);
      const expected = xmlEvents(xml);
      const res = await captureXml(xml);
      expect(res.status, `${name}: ${res.text}`).toBe(202);
      const data = res.json.data!;
      expect(data, name).toMatchObject({ eventCount: expected.length, failed: 0, success: true });
      expect(Number(data['stored']) + Number(data['duplicates']), name).toBe(expected.length);
      const stored = await storedEvents({ captureId: String(data['captureId']) });
      expect(stored.length, name).toBe(data['stored']);
      for (const s of stored) seen.add(s.eventId);
      total += expected.length;

      for (const event of expected) {
        // by an identifier it names; an event that names none (a sensor's reading) by its read point
        const query: Record<string, string> =
          event.epcs.length > 0 ? { MATCH_anyEPC: event.epcs[0]! } : event.classes.length > 0 ? { MATCH_anyEPCClass: event.classes[0]! } : { EQ_readPoint: event.readPoint! };
        expect(Object.values(query)[0], `${name}: an event without identifiers or read point`).toBeDefined();
        const found = await send('GET', '/acc/epcis/events', { query: { ...query, perPage: '100', eventType: event.type } });
        expect(found.status, found.text).toBe(200);
        const list = (found.json['epcisBody'] as { queryResults: { resultsBody: { eventList: EpcisJson[] } } }).queryResults.resultsBody.eventList;
        const same = list.filter((e) => e['eventTime'] === event.eventTime && (event.eventID === undefined || e['eventID'] === event.eventID));
        expect(same.length, `${name}: ${event.type} at ${event.eventTime} by ${JSON.stringify(query)}`).toBeGreaterThan(0);
      }
    }
    expect(total).toBe(63);
    expect((await storedEvents()).length).toBe(seen.size);
  });

  it('gives the event hash: the WithEventHashID examples meant to be identical get one eventID, the same as their JSON form', async () => {
    // a company of its own, so that only these examples are its events
    const companyH = await createCompany(t.database.db, 'XML hash');
    await createUser(t.database.db, { username: 'xmlAdminH', password: PASSWORD, userType: '3', companyId: companyH, roles: ['ENTERPRISE_ADMIN'] });
    const keyH = await partnerKey(t.app, await signIn(t.app, 'xmlAdminH', PASSWORD));
    // 1 is the base event; 3 and 4 shuffle its EPCs and quantities, 5 names its namespace by another prefix,
    // 6 types an extension value xsd:string: one event, one eventID
    for (const n of [1, 3, 4, 5, 6]) {
      const res = await send('POST', '/acc/epcis/capture', { payload: readExample(`WithEventHashID/event_with_identical_hash_id_${n}.xml`), as: keyH });
      expect(res.status, res.text).toBe(202);
      // the first is stored; each of the others is the same event (the same eventID), which the company has
      expect(res.json.data, `example ${n}`).toMatchObject(n === 1 ? { eventCount: 1, stored: 1, duplicates: 0 } : { eventCount: 1, stored: 0, duplicates: 1 });
    }
    const ids = (await storedEvents({ companyId: companyH })).map((e) => e.eventId);
    expect(ids.length).toBe(1);

    // 2 is the same moment written at another offset (-05:00). CBV 2.0's hash (and GS1's reference
    // implementation) takes eventTimeZoneOffset as it is written, so it is another event by its hash: its
    // pre-hash differs from 1's in the offset and nothing else
    const other = await send('POST', '/acc/epcis/capture', { payload: readExample('WithEventHashID/event_with_identical_hash_id_2.xml'), as: keyH });
    expect(other.json.data).toMatchObject({ eventCount: 1, stored: 1, duplicates: 0 });
    const preHash = (n: number) => {
      const read = readXmlCaptureDocument(readExample(`WithEventHashID/event_with_identical_hash_id_${n}.xml`), 10);
      return eventPreHash((read.document['epcisBody'] as { eventList: EpcisJson[] }).eventList[0]!, read.document['@context']);
    };
    expect(preHash(2).replace('eventTimeZoneOffset=-05:00', 'eventTimeZoneOffset=-06:00')).toBe(preHash(1));
    expect(preHash(2)).not.toBe(preHash(1));

    const json = JSON.parse(fs.readFileSync(path.join(XML_DIR, 'WithEventHashID/event_with_identical_hash_id_7.json'), 'utf8')) as EpcisJson;
    const jsonEvent = (json['epcisBody'] as { eventList: EpcisJson[] }).eventList[0]!;
    const [id] = [...ids];
    expect(id).toBe(eventHashId(jsonEvent, json['@context']));
    expect(id).toMatch(/^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/);
    const one = await send('GET', `/acc/epcis/events/${encodeURIComponent(id!)}`);
    expect(one.status).toBe(200);
    expect(one.json['eventID']).toBe(id);
  });
});

describe('what an XML capture stores', () => {
  it('keeps extension elements under their namespace: the query finds them by the prefix the document used, by GS1-Extensions and by namespace', async () => {
    const ns = ' xmlns:lab="https://lab.example.com/epcis/" xmlns:cbvmda="urn:epcglobal:cbv:mda"';
    const inner = `
        <ilmd><cbvmda:lotNumber>LOT-XML-1</cbvmda:lotNumber><lab:grade>A</lab:grade></ilmd>
        <lab:temperature>4.5</lab:temperature>
        <lab:probe><lab:serial>P-77</lab:serial><lab:serial>P-78</lab:serial></lab:probe>`;
    const res = await captureXml(xmlDocument([objectEvent({ action: 'ADD', inner })], ns));
    expect(res.status, res.text).toBe(202);
    const [stored] = await storedEvents({ captureId: String(res.json.data!['captureId']) });
    expect(stored!.body).toMatchObject({
      type: 'ObjectEvent',
      action: 'ADD',
      bizStep: 'receiving',
      disposition: 'in_progress',
      ilmd: { 'cbvmda:lotNumber': 'LOT-XML-1', 'lab:grade': 'A' },
      'lab:temperature': '4.5',
      'lab:probe': { 'lab:serial': ['P-77', 'P-78'] },
    });
    const idsOf = async (query: Record<string, string>, headers: Record<string, string> = {}) => {
      const found = await send('GET', '/acc/epcis/events', { query, headers });
      expect(found.status, found.text).toBe(200);
      return (found.json['epcisBody'] as { queryResults: { resultsBody: { eventList: EpcisJson[] } } }).queryResults.resultsBody.eventList.map((e) => e['eventID']);
    };
    for (const [query, headers] of [
      [{ 'EQ_lab:temperature': '4.5' }, {}],
      [{ 'EQ_x:temperature': '4.5' }, { 'GS1-Extensions': 'x=https://lab.example.com/epcis/' }],
      [{ 'EQ_{https://lab.example.com/epcis/}temperature': '4.5' }, {}],
      [{ 'GT_lab:temperature': '4' }, {}],
      [{ 'EQ_ILMD_lab:grade': 'A' }, {}],
      [{ 'EQ_ILMD_cbvmda:lotNumber': 'LOT-XML-1' }, {}],
      [{ 'EQ_INNER_lab:serial': 'P-78' }, {}],
    ] as Array<[Record<string, string>, Record<string, string>]>) {
      expect(await idsOf(query, headers), JSON.stringify(query)).toEqual([stored!.eventId]);
    }
    const namespaces = await t.database.db.selectFrom('epcis_namespace').select(['prefix', 'namespace']).where('company_id', '=', companyA).where('prefix', '=', 'lab').execute();
    expect(namespaces).toEqual([{ prefix: 'lab', namespace: 'https://lab.example.com/epcis/' }]);
  });

  it("takes the master data of the document's header", async () => {
    const rows = await t.database.db
      .selectFrom('epcis_vocabulary_element')
      .select(['vocabulary', 'attributes', 'children'])
      .where('company_id', '=', companyA)
      .where('element_id', '=', 'urn:epc:id:sgln:0037000.00729.0')
      .orderBy('vocabulary')
      .execute();
    expect(rows.map((r) => r.vocabulary)).toEqual(['urn:epcglobal:epcis:vtype:BusinessLocation', 'urn:epcglobal:epcis:vtype:ReadPoint']);
    expect(rows[0]!.children).toEqual(['urn:epc:id:sgln:0037000.00729.8201']);
    expect(rows[0]!.attributes).toMatchObject({
      'http://example.com/ext1#string': 'stringValue',
      'http://example.com/ext1#object1': { 'ext1:object2': { inner1: 'val1', inner2: 'val2' }, 'ext1:string': 'string' },
    });
    const within = await send('GET', '/acc/epcis/events', { query: { HASATTR_bizLocation: 'http://example.com/ext1#string', perPage: '100' } });
    expect(within.status, within.text).toBe(200);
  });
});

describe('refusals of an XML capture', () => {
  async function refused(xml: string | Buffer, options: { headers?: Record<string, string>; url?: string } = {}) {
    const [events, jobs] = [(await storedEvents()).length, await jobCount()];
    const res = await captureXml(xml, options.headers, options.url);
    expect([(await storedEvents()).length, await jobCount()], 'nothing stored, no job').toEqual([events, jobs]);
    return res;
  }

  it('names the element, its line and what is wrong by GS1’s XSD, in the caller’s language', async () => {
    const xml = xmlDocument([objectEvent({ action: 'SHIP' }), objectEvent()]);
    const res = await refused(xml);
    expect(res.status).toBe(400);
    expect(res.json['code']).toBe('PARAM_CHECK');
    const line = xml.split('\n').findIndex((l) => l.includes('<action>SHIP</action>')) + 1;
    expect(res.json.errors).toEqual([
      {
        field: '/epcis:EPCISDocument/EPCISBody/EventList/ObjectEvent[1]/action',
        message: `第 ${line} 行：不符合 GS1 的 EPCIS 2.0 XML 格式（XSD）：Element 'action': [facet 'enumeration'] The value 'SHIP' is not an element of the set {'ADD', 'OBSERVE', 'DELETE'}.`,
      },
    ]);
    const english = await refused(xml, { url: '/acc/epcis/capture?lang=en_US' });
    expect(english.json.errors?.[0]?.message).toBe(
      `Line ${line}: Not valid by GS1's EPCIS 2.0 XML schema (XSD): Element 'action': [facet 'enumeration'] The value 'SHIP' is not an element of the set {'ADD', 'OBSERVE', 'DELETE'}.`,
    );
    // a problem of the document itself (no EPCISBody) fails it whatever the error behaviour
    const noBody = await refused(xmlDocument([]).replace(/<EPCISBody>[\s\S]*<\/EPCISBody>/, ''), { headers: { 'GS1-Capture-Error-Behaviour': 'proceed' } });
    expect(noBody.status).toBe(400);
    expect(noBody.json.errors?.[0]?.field).toBe('/epcis:EPCISDocument');
    expect(noBody.json.errors?.[0]?.message).toContain('EPCISBody');
  });

  it('answers malformed XML with 400 naming the line, nothing stored', async () => {
    for (const [xml, problem] of [
      [xmlDocument([objectEvent()]).replace('</EventList>', ''), 'unexpected close tag'],
      ['not xml at all', 'text data outside of root node'],
      [xmlDocument([objectEvent()]).replace('<action>OBSERVE</action>', '<action>OBSERVE &undeclared;</action>'), 'undefined entity'],
      ['', ''],
    ] as const) {
      const res = await refused(xml);
      expect(res.status, xml.slice(0, 40)).toBe(400);
      expect(res.json.errors?.[0]?.message, xml.slice(0, 40)).toMatch(/不是格式正确的 XML|不符合 GS1/);
      if (problem) expect(res.json.errors?.[0]?.message).toContain(problem);
    }
    const latin = await refused(Buffer.from(xmlDocument([objectEvent()]).replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), 'latin1'));
    expect(latin.json.errors?.[0]?.message).toBe('第 1 行：请以 UTF-8 编码发送 XML，该文档为 ISO-8859-1');
  });

  it('refuses XML bombs and external entities before anything is expanded, and stays responsive', async () => {
    const laughs = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('\n');
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol0 "lol">\n${laughs}\n]>\n${xmlDocument([objectEvent({ inner: '<bizLocation><id>&lol9;</id></bizLocation>' })]).replace(/^<\?xml[^>]*>\n/, '')}`;
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n${xmlDocument([objectEvent({ inner: '<bizLocation><id>&xxe;</id></bizLocation>' })]).replace(/^<\?xml[^>]*>\n/, '')}`;
    const externalDtd = `<?xml version="1.0"?>\n<!DOCTYPE epcis:EPCISDocument SYSTEM "http://127.0.0.1:9/evil.dtd">\n${xmlDocument([objectEvent()]).replace(/^<\?xml[^>]*>\n/, '')}`;
    const parameterEntities = `<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY % remote SYSTEM "http://127.0.0.1:9/x.dtd"> %remote;]>\n<x/>`;
    for (const xml of [bomb, xxe, externalDtd, parameterEntities]) {
      const started = performance.now();
      const res = await refused(xml);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(res.status).toBe(400);
      expect(res.json.errors).toEqual([{ field: '/', message: expect.stringMatching(/^第 2 行：不接受带声明的 DOCTYPE/) }]);
    }
    const english = await refused(xxe, { url: '/acc/epcis/capture?lang=en_US' });
    expect(english.json.errors?.[0]?.message).toMatch(/^Line 2: A DOCTYPE with declarations .* entities are never expanded/);
    // the server answers at once after them
    const after = await send('GET', '/acc/epcis/events', { query: { perPage: '1' } });
    expect(after.status).toBe(200);
    // and libxml2 behind the capture expands nothing either, were a bomb to reach it
    const started = performance.now();
    const verdict = await validateXsd(Buffer.from(bomb), 'document');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(verdict.problems.length).toBeGreaterThan(0);
    expect(JSON.stringify(verdict)).not.toContain('lollollol');
  });

  it('refuses a document past the capture limits as JSON is refused: 413, nothing stored', async () => {
    const tooMany = await refused(xmlDocument(Array.from({ length: 10_001 }, () => objectEvent())));
    expect(tooMany.status).toBe(413);
    expect(tooMany.json['code']).toBe('EPCIS_CAPTURE_LIMIT');
    expect(tooMany.json['msg']).toContain('10001');
    expect(tooMany.json.errors?.[0]?.field).toBe('/epcis:EPCISDocument/EPCISBody/EventList');
    expect(tooMany.headers['gs1-epcis-capture-limit']).toBe('10000');
    const padding = `<!--${'x'.repeat(CAPTURE_BODY_LIMIT)}-->`;
    const tooLarge = await refused(xmlDocument([objectEvent()]).replace('<EPCISBody>', `${padding}<EPCISBody>`));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers['gs1-epcis-capture-file-size-limit']).toBe(String(CAPTURE_BODY_LIMIT));
  });

  it("keeps the identifiers rule: another company's code refuses the document (rollback), or the event (proceed), named by element and line", async () => {
    const own = objectEvent({ epcs: [scanUrl(codeA)] });
    const foreign = objectEvent({ epcs: [`urn:epc:id:sgtin:6901234.012345.8001`, scanUrl(codeB)] });
    const invalid = objectEvent({ action: 'SHIP' });
    const good = objectEvent();
    const xml = xmlDocument([own, foreign, good]);
    const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

    const rollback = await refused(xml);
    expect(rollback.status).toBe(400);
    expect(rollback.json.errors).toEqual([
      { field: '/epcis:EPCISDocument/EPCISBody/EventList/ObjectEvent[2]/epcList/epc[2]', message: `第 ${lineOf(xml, scanUrl(codeB))} 行：不是本企业的码：${scanUrl(codeB)}` },
    ]);

    const mixed = xmlDocument([own, invalid, foreign, good]);
    const res = await captureXml(mixed, { 'GS1-Capture-Error-Behaviour': 'proceed' });
    expect(res.status, res.text).toBe(202);
    expect(res.json.data).toMatchObject({ eventCount: 4, stored: 2, failed: 2, success: false });
    const job = await send('GET', `${res.headers['location'] as string}?lang=en_US`);
    expect(job.json['errors']).toEqual([
      {
        type: 'epcisException:ValidationException',
        title: 'The event was not stored',
        status: 400,
        detail: `Line ${lineOf(mixed, 'SHIP')}: Not valid by GS1's EPCIS 2.0 XML schema (XSD): Element 'action': [facet 'enumeration'] The value 'SHIP' is not an element of the set {'ADD', 'OBSERVE', 'DELETE'}.`,
        pointer: '/epcis:EPCISDocument/EPCISBody/EventList/ObjectEvent[2]/action',
      },
      {
        type: 'epcisException:ValidationException',
        title: 'The event was not stored',
        status: 400,
        detail: `Line ${lineOf(mixed, scanUrl(codeB))}: Not a code of your company: ${scanUrl(codeB)}`,
        pointer: '/epcis:EPCISDocument/EPCISBody/EventList/ObjectEvent[3]/epcList/epc[2]',
      },
    ]);
  });

  it('takes text/xml and a bare DOCTYPE, and answers other media types 415 naming XML among those it takes; other routes do not take XML', async () => {
    const res = await captureXml(`<?xml version="1.0"?>\n<!DOCTYPE project>\n${xmlDocument([objectEvent()]).replace(/^<\?xml[^>]*>\n/, '')}`, { 'content-type': 'text/xml; charset=utf-8' });
    expect(res.status, res.text).toBe(202);
    const other = await captureXml(xmlDocument([objectEvent()]), { 'content-type': 'application/epcis+xml' });
    expect(other.status).toBe(415);
    expect(other.json['msg']).toContain('application/xml, text/xml');
    // XML is the capture's only: the portal's other routes do not take it
    const token = await signIn(t.app, 'xmlAdminA', PASSWORD);
    const elsewhere = await t.app.inject({ method: 'POST', url: '/acc/api/apiKey/add', payload: '<x/>', headers: { 'x-rd-request-apitoken': token, 'content-type': 'application/xml' } });
    expect(elsewhere.statusCode, elsewhere.body).toBe(400);
    expect(elsewhere.json()).toMatchObject({ code: 'PARAM_CHECK', errors: [{ field: '(body)', message: 'Unsupported Media Type' }] });
  });
});

describe('query answers in XML', () => {
  const XML = { accept: 'application/xml' };

  /** Every page of a query in JSON and in XML, side by side. */
  async function pages(url: string, as: string, headers: Record<string, string> = {}): Promise<Array<{ json: Answer; xml: Answer }>> {
    const out: Array<{ json: Answer; xml: Answer }> = [];
    let next: string | null = url;
    while (next) {
      const json = await send('GET', next, { as, headers });
      const xml = await send('GET', next, { as, headers: { ...headers, ...XML } });
      expect(json.status, json.text).toBe(200);
      expect(xml.status, xml.text).toBe(200);
      expect(xml.headers['link']).toBe(json.headers['link']);
      out.push({ json, xml });
      const link = json.headers['link'] as string | undefined;
      next = link ? /^<([^>]+)>/.exec(link)![1]! : null;
    }
    return out;
  }

  it("answers GET /events as an EPCISQueryDocument valid by GS1's XSD, with the JSON answer's events and fields", async () => {
    let events = 0;
    for (const [as, companyId] of [
      [key, companyA],
      [keyJson, companyJson],
    ] as const) {
      const namespaces = await t.database.db.selectFrom('epcis_namespace').select(['prefix', 'namespace']).where('company_id', '=', companyId).orderBy('prefix').orderBy('namespace').execute();
      // the JSON answer's context is the standard's, its cbvmda: and gs1: what the standard says; another prefix
      // is the company's (its first namespace, where its documents gave it several)
      const context = Object.fromEntries([...namespaces].reverse().filter((n) => !['cbvmda', 'gs1'].includes(n.prefix)).map((n) => [n.prefix, n.namespace]));
      for (const { json, xml } of await pages('/acc/epcis/events?perPage=40', as)) {
        expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
        expect(xml.headers['gs1-epcis-version']).toBe('2.0.0');
        expect(xml.headers['gs1-cbv-xml-format']).toBe('Always_URN');
        const verdict = await validateXsd(Buffer.from(xml.text), 'query');
        expect(verdict, xml.text.slice(0, 2000)).toEqual({ wellFormed: true, problems: [] });
        const ids = jsonEvents(json).map((e) => e['eventID']);
        expect(xmlEventIds(xml.text)).toEqual(ids);
        // the same fields: each event read back from the XML has the JSON event's hash
        const back = xmlAnswerEvents(xml.text);
        expect(back.events.length).toBe(ids.length);
        jsonEvents(json).forEach((event, i) => {
          const [a, b] = [eventPreHash(back.events[i]!, back.context), eventPreHash(event, ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld', context])];
          expect(a, String(event['eventID'])).toBe(b);
        });
        events += ids.length;
      }
    }
    expect(events).toBeGreaterThan(100);
  });

  it("answers one event by its ID, a top-level resource's and a named query's events, in XML as well", async () => {
    const [first, second] = jsonEvents(await send('GET', '/acc/epcis/events', { query: { perPage: '2', EQ_bizStep: 'receiving' } }));
    for (const event of [first!, second!]) {
      const one = await send('GET', `/acc/epcis/events/${encodeURIComponent(String(event['eventID']))}`, { headers: { accept: 'text/xml' } });
      expect(one.status, one.text).toBe(200);
      expect(one.headers['content-type']).toBe('text/xml; charset=utf-8');
      expect(await validateXsd(Buffer.from(one.text), 'query')).toEqual({ wellFormed: true, problems: [] });
      expect(xmlEventIds(one.text)).toEqual([event['eventID']]);
    }
    for (const { json, xml } of await pages('/acc/epcis/bizSteps/receiving/events?perPage=10', key)) {
      expect(await validateXsd(Buffer.from(xml.text), 'query')).toEqual({ wellFormed: true, problems: [] });
      expect(xmlEventIds(xml.text)).toEqual(jsonEvents(json).map((e) => e['eventID']));
    }
    // a named query's events too, under its name
    const token = await signIn(t.app, 'xmlAdminA', PASSWORD);
    const saved = await t.app.inject({ method: 'POST', url: '/acc/epcis/queries', payload: { name: 'xmlReceipts', query: { EQ_bizStep: ['receiving'] } }, headers: { 'x-rd-request-apitoken': token } });
    expect(saved.statusCode, saved.body).toBe(201);
    const named = await t.app.inject({ method: 'GET', url: '/acc/epcis/queries/xmlReceipts/events?perPage=5', headers: { 'x-rd-request-apitoken': token, accept: 'application/xml' } });
    expect(named.statusCode, named.body).toBe(200);
    expect(await validateXsd(Buffer.from(named.body), 'query')).toEqual({ wellFormed: true, problems: [] });
    expect(named.body).toContain('<queryName>xmlReceipts</queryName>');
    expect(xmlEventIds(named.body).length).toBe(5);
    // a refusal stays the binding's problem details in JSON
    const missing = await send('GET', '/acc/epcis/events/urn%3Auuid%3Anone', { headers: XML });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('answers XML when the Accept header prefers it, by its q-values', async () => {
    const kind = async (accept: string) => String((await send('GET', '/acc/epcis/events', { query: { perPage: '1' }, headers: { accept } })).headers['content-type']).split(';')[0];
    expect(await kind('application/xml')).toBe('application/xml');
    expect(await kind('text/xml')).toBe('text/xml');
    expect(await kind('application/json;q=0.5, application/xml')).toBe('application/xml');
    expect(await kind('application/xml;q=0.2, application/ld+json')).toBe('application/ld+json');
    expect(await kind('application/xml;q=0.2, */*')).toBe('application/json');
    expect(await kind('*/*')).toBe('application/json');
    expect(await kind('text/html, application/xhtml+xml, application/xml;q=0.9, */*;q=0.8')).toBe('application/xml');
    expect(await kind('application/json')).toBe('application/json');
  });

  it('writes CBV values as URNs unless GS1-CBV-XML-Format asks for web URIs, or for them as captured', async () => {
    const query = { perPage: '100', EQ_bizStep: 'receiving' };
    const urn = await send('GET', '/acc/epcis/events', { query, headers: XML });
    expect(urn.text).toContain('<bizStep>urn:epcglobal:cbv:bizstep:receiving</bizStep>');
    expect(urn.text).not.toContain('https://ref.gs1.org/cbv/');
    const web = await send('GET', '/acc/epcis/events', { query, headers: { ...XML, 'GS1-CBV-XML-Format': 'Always_Web_URI' } });
    expect(web.headers['gs1-cbv-xml-format']).toBe('Always_Web_URI');
    expect(web.text).toContain('<bizStep>https://ref.gs1.org/cbv/BizStep-receiving</bizStep>');
    expect(web.text).toContain('type="https://ref.gs1.org/cbv/BTT-po"');
    expect(web.text).not.toMatch(/urn:epcglobal:cbv:(bizstep|disp|btt|sdt|er):/);
    expect(await validateXsd(Buffer.from(web.text), 'query')).toEqual({ wellFormed: true, problems: [] });
    const noPreference = await send('GET', '/acc/epcis/events', { query, headers: { ...XML, 'GS1-CBV-XML-Format': 'No_Preference' } });
    expect(noPreference.text.replace(/creationDate="[^"]*"/, '')).toBe(urn.text.replace(/creationDate="[^"]*"/, ''));
    const asCaptured = await send('GET', '/acc/epcis/events', { query, headers: { ...XML, 'GS1-CBV-XML-Format': 'Never_Translates' } });
    expect(asCaptured.status).toBe(200);
    const bad = await send('GET', '/acc/epcis/events', { query, headers: { ...XML, 'GS1-CBV-XML-Format': 'Sometimes' } });
    expect(bad.status).toBe(400);
    expect(bad.json['code']).toBe('EPCIS_HEADER_INVALID');
    expect(bad.json['msg']).toContain('GS1-CBV-XML-Format');
  });

  it("writes extension fields as elements of their namespace: the capture's, or the one the company's documents declared for a prefix", async () => {
    const fromXml = await send('GET', '/acc/epcis/events', { query: { 'EQ_lab:temperature': '4.5' }, headers: XML });
    expect(fromXml.text).toContain('xmlns:lab="https://lab.example.com/epcis/"');
    expect(fromXml.text).toContain('<lab:temperature>4.5</lab:temperature>');
    expect(fromXml.text).toContain('<lab:probe><lab:serial>P-77</lab:serial><lab:serial>P-78</lab:serial></lab:probe>');
    expect(fromXml.text).toMatch(/<ilmd>(<cbvmda:lotNumber>LOT-XML-1<\/cbvmda:lotNumber>|<lab:grade>A<\/lab:grade>){2}<\/ilmd>/);
    expect(fromXml.text).toContain('xmlns:cbvmda="urn:epcglobal:cbv:mda"');
    // GS1's JSON example with its own prefix (example = http://ns.example.com/epcis/, declared in its context)
    const fromJson = await send('GET', '/acc/epcis/events', { as: keyJson, query: { 'EXISTS_example:myField': 'true' }, headers: XML });
    expect(fromJson.status, fromJson.text).toBe(200);
    expect(fromJson.text).toContain('xmlns:example="http://ns.example.com/epcis/"');
    expect(fromJson.text).toMatch(/<example:myField>[^<]+<\/example:myField>/);
  });
});
