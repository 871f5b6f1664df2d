import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTURE_BODY_LIMIT } from '../src/modules/epcis/captureRoutes.js';
import { epcisSchemaProblems } from '../src/modules/epcis/documentSchema.js';
import { insertJob, insertRule } from './support/codeFixtures.js';
import { createCompany, createUser } from './support/fixtures.js';
import { GS1_EPCIS_DIR, gs1JsonExamples, partnerKey } from './support/gs1Epcis.js';
import { signIn, startTestApp, type TestApp } from './support/testApp.js';

/**
 * The capture side of the EPCIS 2.0 REST binding, against GS1's own material: every example document of GS1's
 * repository is taken as it is, and the capture interface answers with the binding's headers, error
 * behaviours, capture jobs (checked against the binding's CaptureJob schema), job list and discovery.
 */

const PASSWORD = 'Gs1-Examples-Pass-1';
const BASE = 'https://trace.example.cn';
const CONTEXT = ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'];
const FIXTURES = GS1_EPCIS_DIR;

/** The examples whose events another example has already (the same eventID, written in GS1's files). */
const REPEATED_EVENTS: Record<string, number> = {
  // AssociationEvent/AssociationEvent-f.jsonld
  'Example-Type-sourceOrDestination,measurement,bizTransaction.jsonld': 1,
  // both events: Example_9.6.1-ObjectEvent-with-pseudo-SBDH-headers.jsonld
  'Example_9.6.1-ObjectEvent.jsonld': 2,
  // its second event: Example_9.6.1-ObjectEvent-with-pseudo-SBDH-headers.jsonld
  'WithErrorDeclaration/Example_9.6.1-ObjectEvent-with-error-declaration.jsonld': 1,
  // WithErrorDeclaration/ErrorDeclarationAndCorrectiveEvent.jsonld
  'WithFullCombinationOfFields/object_event_all_possible_fields.jsonld': 1,
  // WithSensorData/SensorDataExample13.jsonld
  'WithSensorData/SensorDataExample17.jsonld': 1,
};

/** GS1's example documents to capture (its one query answer left out by the loader). */
const captureDocuments = gs1JsonExamples() as Array<{ name: string; document: { type: string; epcisBody: { eventList: object[] } } }>;

let t: TestApp;
let companyA: string;
let key: string;
let keyB: string;
let codeA: string;
let codeB: string;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_BASE_URL: BASE, LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  companyA = await createCompany(db, 'GS1 Examples A');
  const companyB = await createCompany(db, 'GS1 Examples B');
  await createUser(db, { username: 'gs1AdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'gs1AdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  key = await partnerKey(t.app, await signIn(t.app, 'gs1AdminA', PASSWORD));
  keyB = await partnerKey(t.app, await signIn(t.app, 'gs1AdminB', PASSWORD));
  [codeA] = (await insertJob(db, { companyId: companyA, ruleId: await insertRule(db, companyA), count: 1 })).codes as [string];
  [codeB] = (await insertJob(db, { companyId: companyB, ruleId: await insertRule(db, companyB), count: 1 })).codes as [string];
});
afterAll(() => t.close());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  json: Record<string, unknown> & { data?: Record<string, unknown>; errors?: Array<{ field: string; message: string }> };
}

async function send(method: 'GET' | 'POST' | 'OPTIONS', url: string, options: { payload?: unknown; headers?: Record<string, string>; as?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${options.as ?? key}`, ...options.headers };
  if (options.payload !== undefined) headers['content-type'] ??= 'application/ld+json';
  const res = await t.app.inject({ method, url, headers, payload: options.payload === undefined ? undefined : JSON.stringify(options.payload) });
  return { status: res.statusCode, headers: res.headers, json: (res.body ? res.json() : {}) as Answer['json'] };
}

const capture = (document: unknown, headers: Record<string, string> = {}, as?: string) => send('POST', '/acc/epcis/capture', { payload: document, headers, as });

async function storedEvents(where: { captureId?: string; eventIds?: string[] } = {}): Promise<number> {
  let q = t.database.db.selectFrom('epcis_event').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyA);
  if (where.captureId) q = q.where('capture_id', '=', where.captureId);
  if (where.eventIds) q = q.where('event_id', 'in', where.eventIds);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

async function jobCount(): Promise<number> {
  const row = await t.database.db.selectFrom('epcis_capture').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyA).executeTakeFirstOrThrow();
  return Number(row.n);
}

const scanUrl = (code: string) => `${BASE}/antiCounterfeiting?code=${code}`;
let serial = 0;

/** A partner's event of its own goods, a new one each time (its own SGTIN serial). */
function partnerEvent(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    type: 'ObjectEvent',
    eventID: `urn:uuid:00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    eventTime: '2026-11-20T09:30:00.000+08:00',
    eventTimeZoneOffset: '+08:00',
    epcList: [`urn:epc:id:sgtin:6901234.012345.${9000 + serial}`],
    action: 'OBSERVE',
    bizStep: 'receiving',
    disposition: 'in_progress',
    ...overrides,
  };
}

function documentOf(events: object[]) {
  return { '@context': CONTEXT, type: 'EPCISDocument', schemaVersion: '2.0', creationDate: '2026-11-20T10:00:00.000Z', epcisBody: { eventList: events } };
}

/**
 * The binding's CaptureJob schema (openapi.yaml, components/schemas). Its `oneOf` of `errors` and `errorFile`
 * names only properties, which every object satisfies twice over (GS1's own example fails it as written);
 * what it means, one of the two present, is checked with `required` on each branch.
 */
async function captureJobValidator() {
  const api = (await SwaggerParser.parse(path.join(FIXTURES, 'openapi.yaml'))) as unknown as { components: { schemas: Record<string, { allOf: Array<Record<string, unknown>> }> } };
  const schemas = structuredClone(api.components.schemas);
  const job = schemas['CaptureJob']!;
  const branches = job.allOf[1]!['oneOf'] as Array<{ properties: Record<string, unknown>; required?: string[] }>;
  for (const branch of branches) branch.required = Object.keys(branch.properties);
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);
  return ajv.compile({ ...job, components: { schemas } });
}

describe("GS1's example documents", () => {
  it('are all valid by the schema the server holds, SensorDataExample8 among them', () => {
    expect(captureDocuments.length).toBe(46);
    for (const { name, document } of captureDocuments) {
      expect(document.type, name).toBe('EPCISDocument');
      expect(epcisSchemaProblems(document), name).toEqual([]);
    }
    expect(captureDocuments.map((d) => d.name)).toContain('WithSensorData/SensorDataExample8.jsonld');
  });

  it('are each captured whole under one company, and each capture job reports success', async () => {
    const validJob = await captureJobValidator();
    const before = await storedEvents();
    let events = 0;
    let repeated = 0;
    for (const { name, document } of captureDocuments) {
      const count = document.epcisBody.eventList.length;
      const duplicates = REPEATED_EVENTS[name] ?? 0;
      events += count;
      repeated += duplicates;
      const res = await capture(document);
      expect(res.status, `${name}: ${JSON.stringify(res.json)}`).toBe(202);
      expect(res.json.data, name).toEqual({ captureId: expect.any(String), eventCount: count, stored: count - duplicates, duplicates, failed: 0, success: true });
      const captureId = res.json.data?.['captureId'] as string;
      expect(res.headers['location']).toBe(`/acc/epcis/capture/${captureId}`);
      expect(await storedEvents({ captureId }), name).toBe(count - duplicates);

      const job = await send('GET', res.headers['location'] as string);
      expect(job.status, name).toBe(200);
      expect(job.json, name).toMatchObject({ captureID: captureId, running: false, success: true, captureErrorBehaviour: 'rollback', errors: [], eventCount: count, stored: count - duplicates, duplicates, failed: 0 });
      expect(validJob(job.json), `${name}: ${JSON.stringify(validJob.errors)}`).toBe(true);
      if (name === 'WithSensorData/SensorDataExample8.jsonld') expect(await storedEvents({ captureId })).toBe(1);
    }
    expect({ events, repeated }).toEqual({ events: 54, repeated: 6 });
    expect((await storedEvents()) - before).toBe(48);
  });
});

describe('GS1-Capture-Error-Behaviour', () => {
  // one event the schema refuses, one about another company's code, between events that pass
  const mixed = () => {
    const good = [partnerEvent(), partnerEvent({ epcList: [scanUrl(codeA)] }), partnerEvent()];
    const badSchema = partnerEvent({ action: 'SHIP' });
    const foreign = partnerEvent({ epcList: [`urn:epc:id:sgtin:6901234.012345.8001`, scanUrl(codeB)] });
    return { good, bad: [badSchema, foreign], document: documentOf([good[0]!, badSchema, good[1]!, foreign, good[2]!]) };
  };
  const idsOf = (events: Array<{ eventID: string }>) => events.map((e) => e.eventID);

  it('proceed: stores the events that pass and lists the others in the job, which is not a success', async () => {
    const { good, bad, document } = mixed();
    const res = await capture(document, { 'GS1-Capture-Error-Behaviour': 'proceed' });
    expect(res.status, JSON.stringify(res.json)).toBe(202);
    expect(res.json.data).toMatchObject({ eventCount: 5, stored: 3, duplicates: 0, failed: 2, success: false });
    expect(await storedEvents({ eventIds: idsOf(good) })).toBe(3);
    expect(await storedEvents({ eventIds: idsOf(bad) })).toBe(0);

    const job = await send('GET', res.headers['location'] as string);
    expect(job.json).toMatchObject({ running: false, success: false, captureErrorBehaviour: 'proceed', eventCount: 5, stored: 3, failed: 2 });
    const errors = job.json['errors'] as Array<Record<string, unknown>>;
    // GS1's schema says what is wrong with the action several ways (its enum, and the pattern of each branch)
    expect([...new Set(errors.map((e) => e['pointer']))]).toEqual(['/epcisBody/eventList/1/action', '/epcisBody/eventList/3/epcList/1']);
    expect(errors[0]).toMatchObject({ type: 'epcisException:ValidationException', status: 400, title: '该事件未存储' });
    expect(errors.map((e) => e['detail'])).toContain('不符合 EPCIS 2.0 格式：must be one of "OBSERVE", "ADD", "DELETE"');
    expect(errors.at(-1)).toMatchObject({ pointer: '/epcisBody/eventList/3/epcList/1', detail: `不是本企业的码：${scanUrl(codeB)}` });
    expect((await captureJobValidator())(job.json)).toBe(true);
    // the job reads in the language it is asked in
    const english = await send('GET', `${res.headers['location'] as string}?lang=en_US`);
    expect((english.json['errors'] as Array<Record<string, unknown>>).at(-1)).toMatchObject({ title: 'The event was not stored', detail: `Not a code of your company: ${scanUrl(codeB)}` });
  });

  it('rollback (the default, or asked for): one failing event refuses the document whole, with no job', async () => {
    const asked: Array<Record<string, string>> = [{}, { 'GS1-Capture-Error-Behaviour': 'rollback' }];
    for (const headers of asked) {
      const { good, document } = mixed();
      const [events, jobs] = [await storedEvents(), await jobCount()];
      const res = await capture(document, headers);
      expect(res.status).toBe(400);
      expect(res.json['code']).toBe('PARAM_CHECK');
      expect(new Set((res.json.errors ?? []).map((e) => e.field))).toEqual(new Set(['/epcisBody/eventList/1/action']));
      expect(await storedEvents()).toBe(events);
      expect(await storedEvents({ eventIds: idsOf(good) })).toBe(0);
      expect(await jobCount()).toBe(jobs);
    }
    // the identifiers are judged once the schema passes: then they refuse it whole too
    const foreign = documentOf([partnerEvent(), partnerEvent({ epcList: [scanUrl(codeB)] })]);
    const res = await capture(foreign);
    expect(res.status).toBe(400);
    expect((res.json.errors ?? []).map((e) => e.field)).toEqual(['/epcisBody/eventList/1/epcList/0']);
  });

  it('proceed does not take a document that fails as a whole', async () => {
    const [events, jobs] = [await storedEvents(), await jobCount()];
    const proceed = { 'GS1-Capture-Error-Behaviour': 'proceed' };
    const { creationDate: _gone, ...noDate } = documentOf([partnerEvent()]);
    const noDateRes = await capture(noDate, proceed);
    expect(noDateRes.status).toBe(400);
    expect(noDateRes.json.errors).toContainEqual({ field: '/', message: '不符合 EPCIS 2.0 格式：lacks the required property "creationDate"' });
    expect((await capture({ ...documentOf([partnerEvent()]), type: 'EPCISQueryDocument' }, proceed)).status).toBe(400);
    expect((await capture({ ...documentOf([]), epcisBody: { eventList: {} } }, proceed)).status).toBe(400);
    const tooMany = await capture(documentOf(Array.from({ length: 10_001 }, () => partnerEvent())), proceed);
    expect(tooMany.status).toBe(413);
    expect(tooMany.json['code']).toBe('EPCIS_CAPTURE_LIMIT');
    expect(await storedEvents()).toBe(events);
    expect(await jobCount()).toBe(jobs);
  });

  it('refuses any other value, naming the header, before the document is read', async () => {
    const events = await storedEvents();
    for (const value of ['all', 'greedy', '']) {
      const res = await capture(documentOf([partnerEvent()]), { 'GS1-Capture-Error-Behaviour': value });
      expect(res.status, value).toBe(400);
      expect(res.json['code']).toBe('EPCIS_HEADER_INVALID');
      expect(res.json['msg']).toContain('请求头 GS1-Capture-Error-Behaviour');
    }
    const english = await send('POST', '/acc/epcis/capture?lang=en_US', { payload: documentOf([partnerEvent()]), headers: { 'GS1-Capture-Error-Behaviour': 'greedy' } });
    expect(english.json['msg']).toBe('The header GS1-Capture-Error-Behaviour cannot be greedy: use one of rollback, proceed');
    expect(await storedEvents()).toBe(events);
  });
});

describe('versions, media types and the headers of every answer', () => {
  const captureHeaders = {
    'gs1-epcis-version': '2.0.0',
    'gs1-cbv-version': '2.0.0',
    'gs1-epcis-capture-limit': '10000',
    'gs1-epcis-capture-file-size-limit': String(CAPTURE_BODY_LIMIT),
  };

  it('refuses a request naming another EPCIS or CBV version than 2.0 with 406, and takes 2.0.x', async () => {
    const events = await storedEvents();
    for (const [header, value] of [
      ['GS1-EPCIS-Version', '1.2.0'],
      ['GS1-EPCIS-Version', '3.0'],
      ['GS1-CBV-Version', '1.2'],
      ['GS1-CBV-Version', 'latest'],
    ] as const) {
      const res = await capture(documentOf([partnerEvent()]), { [header]: value });
      expect(res.status, `${header}: ${value}`).toBe(406);
      expect(res.json['code']).toBe('EPCIS_VERSION_UNSUPPORTED');
      expect(res.json['msg']).toContain(header);
      expect(res.headers).toMatchObject(captureHeaders);
    }
    expect((await send('GET', '/acc/epcis/capture', { headers: { 'GS1-EPCIS-Version': '1.2.0' } })).status).toBe(406);
    expect(await storedEvents()).toBe(events);
    for (const value of ['2.0', '2.0.0', '2.0.1']) {
      const res = await capture(documentOf([partnerEvent()]), { 'GS1-EPCIS-Version': value, 'GS1-CBV-Version': value });
      expect(res.status, value).toBe(202);
    }
  });

  it('answers a document in another media type with 415', async () => {
    const res = await send('POST', '/acc/epcis/capture', { payload: documentOf([partnerEvent()]), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
    expect(res.json['code']).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(res.json['msg']).toContain('application/json, application/ld+json, application/xml, text/xml');
    expect((await send('POST', '/acc/epcis/capture', { payload: documentOf([partnerEvent()]), headers: { 'content-type': 'application/json; charset=utf-8' } })).status).toBe(202);
  });

  it('names the versions and limits on every answer of the capture interface, refusals too', async () => {
    const { id } = await t.database.db.selectFrom('epcis_capture').select('id').where('company_id', '=', companyA).executeTakeFirstOrThrow();
    const answers = [
      await capture(documentOf([partnerEvent()])),
      await capture(documentOf([partnerEvent({ action: 'SHIP' })])),
      await capture(documentOf(Array.from({ length: 10_001 }, () => partnerEvent()))),
      await send('POST', '/acc/epcis/capture', { payload: documentOf([]), headers: { 'content-type': 'text/plain' } }),
      await send('GET', '/acc/epcis/capture'),
      await send('GET', `/acc/epcis/capture/${id}`),
      await send('GET', '/acc/epcis/capture/999999999'),
      await send('OPTIONS', '/acc/epcis/capture'),
      await send('GET', '/acc/epcis/capture', { as: 'rdk_' + 'x'.repeat(32) }),
    ];
    expect(answers.map((a) => a.status)).toEqual([202, 400, 413, 415, 200, 200, 404, 204, 401]);
    for (const answer of answers) expect(answer.headers).toMatchObject(captureHeaders);
  });
});

describe('GET /acc/epcis/capture', () => {
  it("lists the company's capture jobs newest first, a page at a time through the Link header, each as GET /capture/{captureID} answers it", async () => {
    const ids = (await t.database.db.selectFrom('epcis_capture').select('id').where('company_id', '=', companyA).orderBy('id', 'desc').execute()).map((r) => String(r.id));
    expect(ids.length).toBeGreaterThan(50);
    const validJob = await captureJobValidator();
    const seen: string[] = [];
    let url: string | null = '/acc/epcis/capture?perPage=20';
    let pages = 0;
    while (url) {
      const res = await send('GET', url);
      expect(res.status, url).toBe(200);
      expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
      const jobs = res.json as unknown as Array<Record<string, unknown>>;
      expect(jobs.length).toBeLessThanOrEqual(20);
      for (const job of jobs) expect(validJob(job), JSON.stringify(validJob.errors)).toBe(true);
      seen.push(...jobs.map((j) => j['captureID'] as string));
      pages += 1;
      const link = res.headers['link'] as string | undefined;
      const next = link ? /^<([^>]+)>; rel="next"$/.exec(link) : null;
      if (link) expect(next, link).not.toBeNull();
      url = next ? next[1]! : null;
      if (url) expect(url).toMatch(/^\/acc\/epcis\/capture\?perPage=20&nextPageToken=/);
    }
    expect(seen).toEqual(ids);
    expect(pages).toBe(Math.ceil(ids.length / 20));

    const [first] = (await send('GET', '/acc/epcis/capture?perPage=1')).json as unknown as Array<Record<string, unknown>>;
    expect(first).toEqual((await send('GET', `/acc/epcis/capture/${ids[0]}`)).json);
    const proceeded = ((await send('GET', '/acc/epcis/capture?perPage=100')).json as unknown as Array<Record<string, unknown>>).find((j) => j['captureErrorBehaviour'] === 'proceed');
    expect(proceeded).toEqual((await send('GET', `/acc/epcis/capture/${String(proceeded?.['captureID'])}`)).json);
  });

  it("never shows another company's jobs, and refuses a bad perPage or page token", async () => {
    const other = await send('GET', '/acc/epcis/capture?perPage=100', { as: keyB });
    expect(other.status).toBe(200);
    expect(other.json).toEqual([]);
    expect(other.headers['link']).toBeUndefined();
    const firstOfA = ((await send('GET', '/acc/epcis/capture?perPage=1')).json as unknown as Array<{ captureID: string }>)[0]!.captureID;
    expect((await send('GET', `/acc/epcis/capture/${firstOfA}`, { as: keyB })).status).toBe(404);
    for (const query of ['perPage=0', 'perPage=101', 'perPage=x', 'nextPageToken=nonsense']) {
      const res = await send('GET', `/acc/epcis/capture?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json['code']).toBe('PARAM_CHECK');
    }
  });
});

describe('OPTIONS /acc/epcis/capture', () => {
  it('answers 204 with the methods, versions, vendor version, limits and error behaviours of the capture interface', async () => {
    const res = await send('OPTIONS', '/acc/epcis/capture');
    expect(res.status).toBe(204);
    expect(res.headers).toMatchObject({
      allow: 'OPTIONS, POST, GET',
      'gs1-epcis-version': '2.0.0',
      'gs1-epcis-min': '2.0.0',
      'gs1-epcis-max': '2.0.0',
      'gs1-cbv-version': '2.0.0',
      'gs1-cbv-min': '2.0.0',
      'gs1-cbv-max': '2.0.0',
      'gs1-epcis-capture-limit': '10000',
      'gs1-epcis-capture-file-size-limit': String(48 * 1024 * 1024),
      // the binding's value for a server that takes both rollback and proceed
      'gs1-capture-error-behaviour': 'all',
    });
    expect(res.headers['gs1-vendor-version']).toMatch(/^rd-trace-\d+\.\d+\.\d+/);
    const job = await send('OPTIONS', '/acc/epcis/capture/1');
    expect(job.status).toBe(204);
    expect(job.headers).toMatchObject({ allow: 'OPTIONS, GET', 'gs1-epcis-version': '2.0.0', 'gs1-cbv-max': '2.0.0' });
  });

  it('is for callers of the capture interface only', async () => {
    const anonymous = await t.app.inject({ method: 'OPTIONS', url: '/acc/epcis/capture' });
    expect(anonymous.statusCode).toBe(401);
    expect((await send('OPTIONS', '/acc/epcis/capture', { as: 'rdk_' + 'y'.repeat(32) })).status).toBe(401);
  });
});
