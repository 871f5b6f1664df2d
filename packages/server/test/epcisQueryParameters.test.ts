import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from './support/fixtures.js';
import { eventsWithIds, GS1_EPCIS_DIR, gs1JsonExamples, type EpcisJson } from './support/gs1Epcis.js';
import { signIn, startTestApp, type TestApp } from './support/testApp.js';

/**
 * Every SimpleEventQuery parameter, on GS1's own example documents: they are captured under one company,
 * and each parameter must answer exactly the examples' events that a plain reading of their JSON says it
 * should (never none, so no case passes by matching nothing). The parameters GS1's REST binding lists for
 * GET /events are each exercised.
 */

const PASSWORD = 'Query-Params-Pass-1';
let t: TestApp;
let token: string;
/** The examples' events by eventID, the first of each ID as the repository keeps it, and their document's context. */
const events = new Map<string, EpcisJson>();
const contexts = new Map<string, unknown>();
/** The namespace an event's document gave a prefix. */
function namespaceOf(eventId: string, prefix: string): string | undefined {
  const context = contexts.get(eventId);
  for (const entry of Array.isArray(context) ? context : [context]) {
    if (entry && typeof entry === 'object' && typeof (entry as Record<string, unknown>)[prefix] === 'string') return (entry as Record<string, string>)[prefix];
  }
  return undefined;
}

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_BASE_URL: 'https://trace.example.cn', LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const companyId = await createCompany(t.database.db, 'GS1 Examples');
  await createUser(t.database.db, { username: 'gs1QueryAdmin', password: PASSWORD, userType: '3', companyId, roles: ['ENTERPRISE_ADMIN'] });
  token = await signIn(t.app, 'gs1QueryAdmin', PASSWORD);
  for (const example of gs1JsonExamples()) {
    const res = await t.app.inject({ method: 'POST', url: '/acc/epcis/capture', payload: example.document, headers: { 'x-rd-request-apitoken': token, 'content-type': 'application/ld+json' } });
    expect(res.statusCode, `${example.name}: ${res.body}`).toBe(202);
    for (const event of eventsWithIds(example.document)) {
      if (events.has(String(event['eventID']))) continue;
      events.set(String(event['eventID']), event);
      contexts.set(String(event['eventID']), example.document['@context']);
    }
  }
}, 60_000);
afterAll(() => t.close());

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  json: { type?: string; code?: string; errors?: Array<{ field: string }>; epcisBody?: { queryResults: { resultsBody: { eventList: EpcisJson[] } } } };
}

async function get(url: string, query: Record<string, string | string[]> = {}, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await t.app.inject({ method: 'GET', url, query, headers: { 'x-rd-request-apitoken': token, ...headers } });
  return { status: res.statusCode, headers: res.headers, json: res.json() as Answer['json'] };
}

/** The eventIDs a query answers, following its pages to the end. */
async function ids(query: Record<string, string | string[]>, headers: Record<string, string> = {}, url = '/acc/epcis/events'): Promise<string[]> {
  const found: string[] = [];
  let params: Record<string, string | string[]> = { perPage: '100', ...query };
  for (let page = 0; page < 50; page += 1) {
    const res = await get(url, params, headers);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    found.push(...res.json.epcisBody!.queryResults.resultsBody.eventList.map((e) => String(e['eventID'])));
    const link = res.headers['link'] as string | undefined;
    if (!link) return found;
    params = Object.fromEntries(new URL(/<([^>]+)>/.exec(link)![1]!, 'http://x').searchParams);
  }
  throw new Error('more than 50 pages');
}

/** The eventIDs of the examples' events that `test` says a parameter selects: never none. */
function expected(test: (event: EpcisJson) => boolean): string[] {
  const out = [...events.entries()].filter(([, event]) => test(event)).map(([id]) => id);
  expect(out.length, 'an expectation that selects no event proves nothing').toBeGreaterThan(0);
  return out.sort();
}

// plain readings of an event's JSON
const list = (value: unknown): EpcisJson[] => (Array.isArray(value) ? (value as EpcisJson[]) : []);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const bare = (value: unknown) => String(value ?? '').replace(/^(https:\/\/ref\.gs1\.org\/cbv\/[A-Za-z]+-|urn:epcglobal:cbv:[a-z]+:)/, '');
const epcsOf = (e: EpcisJson, fields: string[]) => fields.flatMap((f) => (f === 'parentID' ? (typeof e['parentID'] === 'string' ? [e['parentID']] : []) : strings(e[f])));
const classesOf = (e: EpcisJson, fields: string[]) => fields.flatMap((f) => list(e[f]).map((q) => String(q['epcClass'])));
const quantities = (e: EpcisJson) => ['quantityList', 'childQuantityList', 'inputQuantityList', 'outputQuantityList'].flatMap((f) => list(e[f]).map((q) => q['quantity'])).filter((q): q is number => typeof q === 'number');
const metadata = (e: EpcisJson) => list(e['sensorElementList']).map((s) => (s['sensorMetadata'] ?? {}) as EpcisJson);
const reports = (e: EpcisJson) => list(e['sensorElementList']).flatMap((s) => list(s['sensorReport']));
const sensorValues = (e: EpcisJson, field: string) => [...metadata(e), ...reports(e)].map((r) => r[field]).filter((v) => v !== undefined);
const error = (e: EpcisJson) => e['errorDeclaration'] as EpcisJson | undefined;
const time = (value: unknown) => Date.parse(String(value));
const ilmd = (e: EpcisJson) => (e['ilmd'] ?? {}) as EpcisJson;

const item = 'urn:epc:id:sgtin:0614141.107346.2018';
const corrective = 'ni:///sha-256;fec9667280c4710a3fa9558b7bc8ddc2ced0dc442d87f82becae24bb6ca6a46f?ver=CBV2.0';

/** Each parameter with a value, and what it selects read plainly from the JSON. */
const CASES: Array<[string, string, (e: EpcisJson) => boolean]> = [
  ['eventType', 'AssociationEvent', (e) => e['type'] === 'AssociationEvent'],
  ['GE_eventTime', '2019-10-07T00:00:00Z', (e) => time(e['eventTime']) >= Date.parse('2019-10-07T00:00:00Z')],
  ['LT_eventTime', '2006-01-01T00:00:00Z', (e) => time(e['eventTime']) < Date.parse('2006-01-01T00:00:00Z')],
  ['GE_recordTime', '2000-01-01T00:00:00Z', () => true],
  ['LT_recordTime', '2999-01-01T00:00:00Z', () => true],
  ['EQ_action', 'DELETE', (e) => e['action'] === 'DELETE'],
  ['EQ_bizStep', 'urn:epcglobal:cbv:bizstep:receiving', (e) => bare(e['bizStep']) === 'receiving'],
  ['EQ_disposition', 'in_progress', (e) => bare(e['disposition']) === 'in_progress'],
  ['EQ_persistentDisposition_set', 'completeness_verified', (e) => strings((e['persistentDisposition'] as EpcisJson | undefined)?.['set']).includes('completeness_verified')],
  ['EQ_persistentDisposition_unset', 'completeness_inferred', (e) => strings((e['persistentDisposition'] as EpcisJson | undefined)?.['unset']).includes('completeness_inferred')],
  ['EQ_readPoint', 'urn:epc:id:sgln:4012345.00005.0', (e) => (e['readPoint'] as EpcisJson | undefined)?.['id'] === 'urn:epc:id:sgln:4012345.00005.0'],
  ['WD_readPoint', 'urn:epc:id:sgln:0614141.00777.0', (e) => (e['readPoint'] as EpcisJson | undefined)?.['id'] === 'urn:epc:id:sgln:0614141.00777.0'],
  ['EQ_bizLocation', 'urn:epc:id:sgln:0614141.00888.0', (e) => (e['bizLocation'] as EpcisJson | undefined)?.['id'] === 'urn:epc:id:sgln:0614141.00888.0'],
  ['WD_bizLocation', 'urn:epc:id:sgln:0012345.11111.0', (e) => (e['bizLocation'] as EpcisJson | undefined)?.['id'] === 'urn:epc:id:sgln:0012345.11111.0'],
  ['EQ_transformationID', 'urn:epc:id:gdti:0614141.12345.400', (e) => e['transformationID'] === 'urn:epc:id:gdti:0614141.12345.400'],
  ['MATCH_epc', item, (e) => epcsOf(e, ['epcList', 'childEPCs']).includes(item)],
  ['MATCH_parentID', 'urn:epc:id:sscc:0614141.1234567890', (e) => e['parentID'] === 'urn:epc:id:sscc:0614141.1234567890'],
  ['MATCH_inputEPC', 'urn:epc:id:sgtin:4012345.011122.25', (e) => strings(e['inputEPCList']).includes('urn:epc:id:sgtin:4012345.011122.25')],
  ['MATCH_outputEPC', 'urn:epc:id:sgtin:4012345.077889.25', (e) => strings(e['outputEPCList']).includes('urn:epc:id:sgtin:4012345.077889.25')],
  ['MATCH_anyEPC', 'urn:epc:id:sscc:0614141.1234567890', (e) => epcsOf(e, ['epcList', 'childEPCs', 'parentID', 'inputEPCList', 'outputEPCList']).includes('urn:epc:id:sscc:0614141.1234567890')],
  // a class is the same in any spelling: the lot as an LGTIN URN or as a Digital Link
  ['MATCH_epcClass', 'urn:epc:class:lgtin:4012345.012345.998877', (e) => classesOf(e, ['quantityList', 'childQuantityList']).some((c) => c === 'urn:epc:class:lgtin:4012345.012345.998877' || c === 'https://id.gs1.org/01/04012345123456/10/998877')],
  ['MATCH_inputEPCClass', 'urn:epc:idpat:sgtin:4012345.066666.*', (e) => classesOf(e, ['inputQuantityList']).some((c) => c === 'urn:epc:idpat:sgtin:4012345.066666.*' || c.startsWith('https://id.gs1.org/01/04012345666663'))],
  ['MATCH_outputEPCClass', 'urn:epc:idpat:sgtin:4012345.044444.*', (e) => classesOf(e, ['outputQuantityList']).includes('urn:epc:idpat:sgtin:4012345.044444.*')],
  ['MATCH_anyEPCClass', 'urn:epc:idpat:sgtin:4012345.011111.*', (e) => classesOf(e, ['quantityList', 'childQuantityList', 'inputQuantityList', 'outputQuantityList']).some((c) => c.startsWith('urn:epc:class:lgtin:4012345.011111.'))],
  ['EQ_quantity', '200', (e) => quantities(e).includes(200)],
  ['GT_quantity', '500', (e) => quantities(e).some((q) => q > 500)],
  ['GE_quantity', '500', (e) => quantities(e).some((q) => q >= 500)],
  ['LT_quantity', '5', (e) => quantities(e).some((q) => q < 5)],
  ['LE_quantity', '4', (e) => quantities(e).some((q) => q <= 4)],
  ['EXISTS_errorDeclaration', 'true', (e) => error(e) !== undefined],
  ['GE_errorDeclarationTime', '2019-01-01T00:00:00Z', (e) => error(e) !== undefined && time(error(e)!['declarationTime']) >= Date.parse('2019-01-01T00:00:00Z')],
  ['LT_errorDeclarationTime', '2010-01-01T00:00:00Z', (e) => error(e) !== undefined && time(error(e)!['declarationTime']) < Date.parse('2010-01-01T00:00:00Z')],
  ['EQ_errorReason', 'incorrect_data', (e) => bare(error(e)?.['reason']) === 'incorrect_data'],
  ['EQ_correctiveEventID', corrective, (e) => strings(error(e)?.['correctiveEventIDs']).includes(corrective)],
  ['GE_startTime', '2019-04-02T00:00:00Z', (e) => sensorValues(e, 'startTime').some((v) => time(v) >= Date.parse('2019-04-02T00:00:00Z'))],
  ['LT_startTime', '2019-04-03T00:00:00Z', (e) => sensorValues(e, 'startTime').some((v) => time(v) < Date.parse('2019-04-03T00:00:00Z'))],
  ['GE_endTime', '2019-04-02T00:00:00Z', (e) => sensorValues(e, 'endTime').some((v) => time(v) >= Date.parse('2019-04-02T00:00:00Z'))],
  ['LT_endTime', '2020-01-01T00:00:00Z', (e) => sensorValues(e, 'endTime').some((v) => time(v) < Date.parse('2020-01-01T00:00:00Z'))],
  ['GE_time', '2019-07-19T00:00:00Z', (e) => sensorValues(e, 'time').some((v) => time(v) >= Date.parse('2019-07-19T00:00:00Z'))],
  ['LT_time', '2019-05-01T00:00:00Z', (e) => sensorValues(e, 'time').some((v) => time(v) < Date.parse('2019-05-01T00:00:00Z'))],
  ['EQ_type', 'Illuminance', (e) => reports(e).some((r) => r['type'] === 'Illuminance')],
  ['EQ_deviceID', 'urn:epc:id:giai:4000001.111', (e) => sensorValues(e, 'deviceID').includes('urn:epc:id:giai:4000001.111')],
  ['EQ_dataProcessingMethod', 'https://example.com/253/4012345000054987', (e) => sensorValues(e, 'dataProcessingMethod').includes('https://example.com/253/4012345000054987')],
  ['EQ_microorganism', 'https://www.ncbi.nlm.nih.gov/taxonomy/1126011', (e) => sensorValues(e, 'microorganism').includes('https://www.ncbi.nlm.nih.gov/taxonomy/1126011')],
  ['EQ_chemicalSubstance', 'https://identifiers.org/inchikey:CZMRCDWAGMRECN-UGDNZRGBSA-N', (e) => sensorValues(e, 'chemicalSubstance').includes('https://identifiers.org/inchikey:CZMRCDWAGMRECN-UGDNZRGBSA-N')],
  ['EQ_bizRules', 'https://example.com/253/4012345000054987', (e) => sensorValues(e, 'bizRules').includes('https://example.com/253/4012345000054987')],
  ['EQ_stringValue', 'SomeString', (e) => sensorValues(e, 'stringValue').includes('SomeString')],
  ['EQ_hexBinaryValue', 'f0f0f0', (e) => sensorValues(e, 'hexBinaryValue').includes('f0f0f0')],
  ['EQ_uriValue', 'https://id.gs1.org/8004/4000001111', (e) => sensorValues(e, 'uriValue').includes('https://id.gs1.org/8004/4000001111')],
  ['EQ_booleanValue', 'true', (e) => sensorValues(e, 'booleanValue').includes(true)],
  ['GE_percRank', '50', (e) => sensorValues(e, 'percRank').some((v) => Number(v) >= 50)],
  // the families named after a type, a unit or a field
  ['EQ_bizTransaction_po', 'urn:epc:id:gdti:0614141.00001.1618034', (e) => list(e['bizTransactionList']).some((b) => bare(b['type']) === 'po' && b['bizTransaction'] === 'urn:epc:id:gdti:0614141.00001.1618034')],
  ['EQ_source_location', 'urn:epc:id:sgln:4012345.00225.0', (e) => list(e['sourceList']).some((s) => bare(s['type']) === 'location' && s['source'] === 'urn:epc:id:sgln:4012345.00225.0')],
  ['EQ_destination_owning_party', 'urn:epc:id:pgln:0614141.00777', (e) => list(e['destinationList']).some((s) => bare(s['type']) === 'owning_party' && s['destination'] === 'urn:epc:id:pgln:0614141.00777')],
  ['GE_value_CEL', '26', (e) => reports(e).some((r) => r['uom'] === 'CEL' && typeof r['value'] === 'number' && r['value'] >= 26)],
  ['LT_maxValue_CEL', '20', (e) => reports(e).some((r) => r['uom'] === 'CEL' && typeof r['maxValue'] === 'number' && r['maxValue'] < 20)],
  ['EQ_value_CEL', '26', (e) => reports(e).some((r) => r['uom'] === 'CEL' && r['value'] === 26)],
  ['GE_quantity_KGM', '500', (e) => ['quantityList', 'childQuantityList', 'inputQuantityList', 'outputQuantityList'].some((f) => list(e[f]).some((q) => q['uom'] === 'KGM' && Number(q['quantity']) >= 500))],
  ['EQ_ILMD_cbvmda:lotNumber', 'LOTABC', (e) => ilmd(e)['cbvmda:lotNumber'] === 'LOTABC'],
  ['EXISTS_ILMD_example:bestBeforeDate', 'true', (e) => ilmd(e)['example:bestBeforeDate'] !== undefined],
  ['GT_ILMD_ext1:float', '19.5', (e) => Number(ilmd(e)['ext1:float']) > 19.5],
  ['EQ_INNER_ILMD_example2:sizeCode', 'B-2', (e) => JSON.stringify(ilmd(e)).includes('"example2:sizeCode":"B-2"')],
  ['EQ_example:myField', 'Example of a vendor/user extension', (e) => e['example:myField'] === 'Example of a vendor/user extension'],
  ['EXISTS_ext1:object', 'true', (e) => e['ext1:object'] !== undefined],
  ['EQ_INNER_ext3:string', 'stringInObjectInObjectInArray', (e) => Object.entries(e).some(([k, v]) => k.startsWith('ext1:') && JSON.stringify(v).includes('"ext3:string":"stringInObjectInObjectInArray"'))],
  ['EQ_ERROR_DECLARATION_example:vendorExtension', 'Test1', (e) => error(e)?.['example:vendorExtension'] === 'Test1'],
  ['EQ_SENSORMETADATA_ext1:someFurtherMetadata', 'someText', (e) => metadata(e).some((m) => m['ext1:someFurtherMetadata'] === 'someText')],
  ['EQ_SENSORREPORT_ext1:someFurtherReportData', 'someText', (e) => reports(e).some((r) => r['ext1:someFurtherReportData'] === 'someText')],
];

describe('SimpleEventQuery on GS1’s example documents', () => {
  it('answers each parameter with exactly the events it selects', async () => {
    const wrong: string[] = [];
    for (const [name, value, test] of CASES) {
      const want = [...events.entries()].filter(([, event]) => test(event)).map(([id]) => id).sort();
      if (want.length === 0) wrong.push(`${name}=${value}: the expectation selects no event`);
      const got = (await ids({ [name]: value })).sort();
      if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push(`${name}=${value}: got ${got.length}, want ${want.length}`);
    }
    expect(wrong).toEqual([]);
  });

  it('exercises every query parameter the REST binding lists for GET /events', () => {
    const yaml = fs.readFileSync(path.join(GS1_EPCIS_DIR, 'openapi.yaml'), 'utf8');
    const eventsPath = yaml.slice(yaml.indexOf('\n  /events:\n'), yaml.indexOf('\n  /events/{eventID}:\n'));
    const get = eventsPath.slice(eventsPath.indexOf('\n    get:\n'), eventsPath.indexOf('\n    post:\n'));
    const named = [...get.matchAll(/#\/components\/parameters\/([\w-]+)"?/g)].map((m) => m[1]!).filter((n) => !n.startsWith('GS1-') && n !== 'NextPageToken' && n !== 'PerPage');
    expect(named.length).toBeGreaterThan(50);
    const covered = new Set([...CASES.map(([name]) => name), 'orderBy', 'orderDirection', 'eventCountLimit', 'maxEventCount', 'EQ_eventID']);
    expect(named.filter((n) => !covered.has(n))).toEqual([]);
  });

  it('takes extension fields by prefix (GS1-Extensions or the documents’), by namespace#name and by {namespace}name', async () => {
    const value = 'Example of a vendor/user extension';
    // documents bind the prefix `example` to two namespaces; the prefix alone finds both
    expect((await ids({ 'EQ_example:myField': value })).sort()).toEqual(expected((e) => e['example:myField'] === value));
    const inNamespace = expected((e) => e['example:myField'] === value && namespaceOf(String(e['eventID']), 'example') === 'http://ns.example.com/epcis/');
    expect(await ids({ 'EQ_https://ns.example.com/epcis#myField': value })).toEqual([]);
    expect(await ids({ 'EQ_ex:myField': value }, { 'GS1-Extensions': 'ex=http://other.example.com/' })).toEqual([]);
    for (const [name, headers] of [
      ['EQ_ex:myField', { 'GS1-Extensions': 'ex=http://ns.example.com/epcis/' }],
      ['EQ_http://ns.example.com/epcis/#myField', {}],
      ['EQ_{http://ns.example.com/epcis/}myField', {}],
    ] as const) {
      expect((await ids({ [name]: value }, headers)).sort(), name).toEqual(inNamespace);
    }
  });

  it('finds events by EPC patterns and by any spelling of a GS1 identifier', async () => {
    expect((await ids({ MATCH_epc: 'urn:epc:idpat:sgtin:0614141.107346.*' })).sort()).toEqual(expected((e) => epcsOf(e, ['epcList', 'childEPCs']).some((x) => x.startsWith('urn:epc:id:sgtin:0614141.107346.'))));
    expect((await ids({ MATCH_anyEPC: 'urn:epc:idpat:sscc:0614141.*' })).sort()).toEqual(
      expected((e) => epcsOf(e, ['epcList', 'childEPCs', 'parentID', 'inputEPCList', 'outputEPCList']).some((x) => x.startsWith('urn:epc:id:sscc:0614141.'))),
    );
    // the same SGTIN as a Digital Link on any domain
    expect((await ids({ MATCH_epc: 'https://example.com/01/10614141073464/21/2018' })).sort()).toEqual(expected((e) => epcsOf(e, ['epcList', 'childEPCs']).includes(item)));
    // a Digital Link in an event is found by its EPC URN and by a pattern
    const dl = expected((e) => epcsOf(e, ['epcList', 'childEPCs']).includes('https://id.gs1.org/01/70614141123451/21/2018'));
    expect((await ids({ MATCH_epc: 'urn:epc:id:sgtin:0614141.712345.2018' })).sort()).toEqual(dl);
    expect((await ids({ MATCH_epc: 'urn:epc:idpat:sgtin:0614141.712345.*' })).sort()).toEqual(
      expected((e) => epcsOf(e, ['epcList', 'childEPCs']).some((x) => x.startsWith('https://id.gs1.org/01/70614141123451/21/') || x.startsWith('urn:epc:id:sgtin:0614141.712345.'))),
    );
    const bad = await get('/acc/epcis/events', { MATCH_epc: 'urn:epc:idpat:sgtin:*.107346.2018' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors?.map((e) => e.field)).toEqual(['MATCH_epc']);
  });

  it('orders by eventTime either way, limits with eventCountLimit, and refuses a result past maxEventCount', async () => {
    const byTime = [...events.values()].sort((a, b) => time(a['eventTime']) - time(b['eventTime']));
    const first3 = await ids({ orderBy: 'eventTime', orderDirection: 'ASC', eventCountLimit: '3', perPage: '2' });
    expect(first3.map((id) => time(events.get(id)!['eventTime']))).toEqual(byTime.slice(0, 3).map((e) => time(e['eventTime'])));
    const newest = await ids({ orderBy: 'eventTime', eventCountLimit: '1' });
    expect(time(events.get(newest[0]!)!['eventTime'])).toBe(Math.max(...byTime.map((e) => time(e['eventTime']))));
    // every event once when paging through an order, small pages included
    expect((await ids({ orderBy: 'recordTime', orderDirection: 'ASC', perPage: '7' })).sort()).toEqual([...events.keys()].sort());
    expect((await ids({ orderBy: 'eventTime', perPage: '5' })).sort()).toEqual([...events.keys()].sort());

    const tooLarge = await get('/acc/epcis/events', { maxEventCount: '2' });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(tooLarge.json).toMatchObject({ type: 'epcisException:QueryTooLargeException', status: 413, code: 'EPCIS_QUERY_TOO_LARGE' });
    expect(await ids({ maxEventCount: String(events.size) })).toHaveLength(events.size);

    const exclusive = await get('/acc/epcis/events', { eventCountLimit: '1', maxEventCount: '1', orderBy: 'eventTime' });
    expect(exclusive.status).toBe(400);
    expect(exclusive.json).toMatchObject({ type: 'epcisException:QueryParameterException' });
    expect((await get('/acc/epcis/events', { eventCountLimit: '1' })).json.errors?.map((e) => e.field)).toEqual(['eventCountLimit']);
  });

  it('orders by an extension field, events without it last', async () => {
    const withField = [...events.entries()].filter(([, e]) => e['ext1:float'] !== undefined || ilmd(e)['ext1:float'] !== undefined);
    const got = await ids({ orderBy: 'ext1:int', orderDirection: 'ASC' });
    expect(got).toHaveLength(events.size);
    expect(withField.length).toBeGreaterThan(0);
    const intOf = (id: string) => Number(events.get(id)!['ext1:int']);
    const ordered = got.filter((id) => events.get(id)!['ext1:int'] !== undefined);
    expect(ordered.length).toBeGreaterThan(0);
    expect(ordered.map(intOf)).toEqual([...ordered.map(intOf)].sort((a, b) => a - b));
    expect(got.slice(0, ordered.length)).toEqual(ordered);
  });

  it('refuses what it cannot read, naming each parameter, and a query naming too many values', async () => {
    const res = await get('/acc/epcis/events', { EQ_bizstep: 'x', GE_eventTime: 'yesterday', GT_quantity: 'many', orderDirection: 'UP', EQ_nofield: 'x' });
    expect(res.status).toBe(400);
    expect([...new Set(res.json.errors?.map((e) => e.field))].sort()).toEqual(['EQ_bizstep', 'EQ_nofield', 'GE_eventTime', 'GT_quantity', 'orderDirection']);
    const many = await get('/acc/epcis/events', { MATCH_epc: Array.from({ length: 1001 }, (_, i) => `urn:epc:id:sgtin:0614141.107346.${i}`) });
    expect(many.status).toBe(413);
    expect(many.json.type).toBe('epcisException:QueryTooComplexException');
  });

  it('serves perPage past its limit a hundred at a time, with a next link', async () => {
    const res = await get('/acc/epcis/events', { perPage: '1000' });
    expect(res.status).toBe(200);
    expect(res.json.epcisBody!.queryResults.resultsBody.eventList.length).toBe(Math.min(100, events.size));
  });
});

describe('GS1-EPC-Format', () => {
  const eventId = 'ni:///sha-256;df7bb3c352fef055578554f09f5e2aa41782150ced7bd0b8af24dd3ccb30ba69?ver=CBV2.0';
  const answered = async (headers: Record<string, string>) => {
    const res = await get('/acc/epcis/events', { EQ_eventID: eventId }, headers);
    return { ...res, event: res.json.epcisBody?.queryResults.resultsBody.eventList[0] };
  };

  it('answers EPC URNs as GS1 Digital Links unless asked to keep them as captured', async () => {
    // GS1's Example 9.6.1 captured its identifiers as URNs
    const asked: Array<Record<string, string>> = [{}, { 'GS1-EPC-Format': 'Always_GS1_Digital_Link' }];
    for (const headers of asked) {
      const { status, headers: answer, event } = await answered(headers);
      expect(status).toBe(200);
      expect(answer['gs1-epc-format']).toBe('Always_GS1_Digital_Link');
      expect(event?.['epcList']).toEqual(['https://id.gs1.org/01/10614141073464/21/2017', 'https://id.gs1.org/01/10614141073464/21/2018']);
      expect(event?.['readPoint']).toEqual({ id: 'https://id.gs1.org/414/0614141073467/254/1234' });
      // a transaction on the web stays as it is
      expect(event?.['bizTransactionList']).toEqual([{ type: 'po', bizTransaction: 'http://transaction.acme.com/po/12345678' }]);
    }
    for (const format of ['Never_Translates', 'No_Preference']) {
      const { headers: answer, event } = await answered({ 'GS1-EPC-Format': format });
      expect(answer['gs1-epc-format']).toBe('Never_Translates');
      expect(event?.['epcList']).toEqual(['urn:epc:id:sgtin:0614141.107346.2017', 'urn:epc:id:sgtin:0614141.107346.2018']);
      expect(event?.['readPoint']).toEqual({ id: 'urn:epc:id:sgln:0614141.07346.1234' });
    }
    const xml = await t.app.inject({ method: 'GET', url: '/acc/epcis/events', query: { EQ_eventID: eventId }, headers: { 'x-rd-request-apitoken': token, accept: 'application/xml' } });
    expect(xml.body).toContain('<epc>https://id.gs1.org/01/10614141073464/21/2017</epc>');
  });

  it('refuses EPC URNs it cannot write, and a format it does not know', async () => {
    const urn = await answered({ 'GS1-EPC-Format': 'Always_EPC_URN' });
    expect(urn.status).toBe(406);
    expect(urn.json.type).toBe('epcisException:NotAcceptableException');
    const unknown = await answered({ 'GS1-EPC-Format': 'Sometimes' });
    expect(unknown.status).toBe(400);
  });
});

describe('top-level resources', () => {
  it('lists event types, business steps, dispositions, read points, business locations and EPCs, each with its events', async () => {
    const root = await get('/acc/epcis/');
    expect(root.json).toMatchObject({ type: 'Collection' });
    const member = (root.json as { member: string[] }).member;
    expect(member).toEqual(expect.arrayContaining(['eventTypes', 'epcs', 'bizSteps', 'bizLocations', 'readPoints', 'dispositions', 'events']));

    const types = (await get('/acc/epcis/eventTypes')).json as unknown as { member: string[] };
    expect(types.member).toEqual([...new Set([...events.values()].map((e) => String(e['type'])))].sort());
    expect(((await get('/acc/epcis/eventTypes/AssociationEvent')).json as unknown as { member: string[] }).member).toEqual(['events']);
    expect((await ids({}, {}, '/acc/epcis/eventTypes/AssociationEvent/events')).sort()).toEqual(expected((e) => e['type'] === 'AssociationEvent'));
    expect((await get('/acc/epcis/eventTypes/NoSuchEvent')).status).toBe(404);

    const steps = ((await get('/acc/epcis/bizSteps', { perPage: '3' })).json as unknown as { member: string[] }).member;
    expect(steps).toHaveLength(3);
    expect((await ids({}, {}, '/acc/epcis/bizSteps/receiving/events')).sort()).toEqual(expected((e) => bare(e['bizStep']) === 'receiving'));
    const action = [...events.values()].find((e) => bare(e['bizStep']) === 'receiving')!['action'] as string;
    expect((await ids({ EQ_action: action }, {}, '/acc/epcis/bizSteps/receiving/events')).sort()).toEqual(expected((e) => bare(e['bizStep']) === 'receiving' && e['action'] === action));
    expect((await ids({}, {}, `/acc/epcis/readPoints/${encodeURIComponent('urn:epc:id:sgln:4012345.00005.0')}/events`)).sort()).toEqual(
      expected((e) => (e['readPoint'] as EpcisJson | undefined)?.['id'] === 'urn:epc:id:sgln:4012345.00005.0'),
    );
    expect((await ids({}, {}, `/acc/epcis/epcs/${encodeURIComponent(item)}/events`)).sort()).toEqual(expected((e) => epcsOf(e, ['epcList', 'childEPCs', 'parentID', 'inputEPCList', 'outputEPCList']).includes(item)));

    // every EPC, page after page, once each
    const all: string[] = [];
    let params: Record<string, string> = { perPage: '40' };
    for (;;) {
      const res = await get('/acc/epcis/epcs', params);
      all.push(...(res.json as unknown as { member: string[] }).member);
      const link = res.headers['link'] as string | undefined;
      if (!link) break;
      params = Object.fromEntries(new URL(/<([^>]+)>/.exec(link)![1]!, 'http://x').searchParams);
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain('https://id.gs1.org/01/10614141073464/21/2018');
  });

  it('answers OPTIONS with the versions, and DELETE of a page token with 204', async () => {
    const options = await t.app.inject({ method: 'OPTIONS', url: '/acc/epcis/events', headers: { 'x-rd-request-apitoken': token } });
    expect(options.statusCode).toBe(204);
    expect(options.headers).toMatchObject({ 'gs1-epcis-version': '2.0.0', 'gs1-cbv-version': '2.0.0', allow: 'GET, OPTIONS' });
    const release = await t.app.inject({ method: 'DELETE', url: '/acc/epcis/nextPageToken/abc', headers: { 'x-rd-request-apitoken': token } });
    expect(release.statusCode).toBe(204);
  });
});

describe('locations within locations, and their master data', () => {
  const DOCK = 'urn:epc:id:sgln:9999999.00000.0';
  const DOOR_1 = 'urn:epc:id:sgln:9999999.00001.0';
  const DOOR_2 = 'urn:epc:id:sgln:9999999.00002.0';
  const NAME = 'urn:epcglobal:cbv:mda#name';
  let companyId: string;
  let company: string;

  function observed(id: string, bizLocation: string) {
    return { type: 'ObjectEvent', eventID: id, eventTime: '2026-11-20T09:30:00.000+08:00', eventTimeZoneOffset: '+08:00', epcList: ['urn:epc:id:sgtin:9999999.012345.1'], action: 'OBSERVE', bizLocation: { id: bizLocation } };
  }

  beforeAll(async () => {
    const db = t.database.db;
    companyId = await createCompany(db, 'Locations');
    company = `https://trace.example.cn/party/${companyId}`;
    await createUser(db, { username: 'locationsAdmin', password: PASSWORD, userType: '3', companyId, roles: ['ENTERPRISE_ADMIN'] });
    const first = await db.insertInto('dealer').values({ company_id: companyId, code: 'D1', name: 'First', level: 1, area_codes: ['320000'] }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('dealer').values({ company_id: companyId, code: 'D1/2', name: 'Second', level: 2, parent_id: first.id, area_codes: ['320100'] }).execute();
    await db.insertInto('dealer').values({ company_id: companyId, code: 'D3', name: 'Third', level: 1, area_codes: ['110000'] }).execute();
    const document = {
      '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
      type: 'EPCISDocument',
      schemaVersion: '2.0',
      creationDate: '2026-11-20T10:00:00.000+08:00',
      epcisHeader: {
        epcisMasterData: {
          vocabularyList: [
            {
              type: 'urn:epcglobal:epcis:vtype:BusinessLocation',
              vocabularyElementList: [
                { id: DOCK, children: [DOOR_1] },
                { id: DOOR_1, attributes: [{ id: NAME, attribute: 'Door one' }], children: [DOOR_2] },
              ],
            },
          ],
        },
      },
      epcisBody: {
        eventList: [
          observed('urn:uuid:00000000-0000-4000-8000-000000000001', DOOR_1),
          observed('urn:uuid:00000000-0000-4000-8000-000000000002', DOOR_2),
          observed('urn:uuid:00000000-0000-4000-8000-000000000003', `${company}/dealer/${encodeURIComponent('D1/2')}`),
          observed('urn:uuid:00000000-0000-4000-8000-000000000004', `${company}/dealer/D3`),
        ],
      },
    };
    const own = await signIn(t.app, 'locationsAdmin', PASSWORD);
    const res = await t.app.inject({ method: 'POST', url: '/acc/epcis/capture', payload: document, headers: { 'x-rd-request-apitoken': own, 'content-type': 'application/ld+json' } });
    expect(res.statusCode, res.body).toBe(202);
    token = own;
  });

  const tail = (list: string[]) => list.map((id) => id.slice(-1)).sort();

  it('finds events below a location by partners’ master data and by the company’s dealer tree', async () => {
    expect(tail(await ids({ WD_bizLocation: DOCK }))).toEqual(['1', '2']);
    expect(tail(await ids({ WD_bizLocation: DOOR_1 }))).toEqual(['1', '2']);
    expect(tail(await ids({ WD_bizLocation: DOOR_2 }))).toEqual(['2']);
    expect(tail(await ids({ EQ_bizLocation: DOCK }))).toEqual([]);
    expect(tail(await ids({ WD_bizLocation: company }))).toEqual(['3', '4']);
    expect(tail(await ids({ WD_bizLocation: `${company}/dealer/D1` }))).toEqual(['3']);
  });

  it('finds events by an attribute of their location', async () => {
    expect(tail(await ids({ HASATTR_bizLocation: NAME }))).toEqual(['1']);
    expect(tail(await ids({ [`EQATTR_bizLocation_${NAME}`]: 'Door one' }))).toEqual(['1']);
    expect(tail(await ids({ [`EQATTR_bizLocation_${NAME}`]: 'Door two' }))).toEqual([]);
  });
});

describe('identifiers indexed as they were written', () => {
  it('still finds events whose identifiers were indexed before keys were canonical, by the label as written', async () => {
    const label = 'https://trace.example.cn/01/06901234567892/10/L-1/21/OLDLABEL1';
    const db = t.database.db;
    const companyId = await createCompany(db, 'Earlier index');
    await createUser(db, { username: 'earlierIndexAdmin', password: PASSWORD, userType: '3', companyId, roles: ['ENTERPRISE_ADMIN'] });
    token = await signIn(t.app, 'earlierIndexAdmin', PASSWORD);
    const event = { type: 'ObjectEvent', eventID: 'urn:uuid:00000000-0000-4000-8000-0000000000aa', eventTime: '2026-01-01T00:00:00.000+08:00', eventTimeZoneOffset: '+08:00', epcList: [label], action: 'OBSERVE' };
    const inserted = await db
      .insertInto('epcis_event')
      .values({ company_id: companyId, event_id: String(event.eventID), event_type: 'ObjectEvent', action: 'OBSERVE', event_time: event.eventTime, body: JSON.stringify(event), origin: 'PORTAL' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // the index row as earlier versions wrote it: the label itself
    await db.insertInto('epcis_event_epc').values({ event_pk: inserted.id, role: 'E', epc: label }).execute();
    expect(await ids({ MATCH_epc: label })).toEqual([event.eventID]);
    expect(await ids({ MATCH_anyEPC: label })).toEqual([event.eventID]);
  });
});
