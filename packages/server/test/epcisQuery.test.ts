import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epcisSchemaProblems } from '../src/modules/epcis/documentSchema.js';
import { packingCodes } from './support/boxFixtures.js';
import { insertJob, insertProductWithBatch, insertRule } from './support/codeFixtures.js';
import { createCompany, createRole, createUser } from './support/fixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Query-Pass-1';
const BASE = 'https://trace.example.cn';

let t: TestApp;
let adminA: string;
let adminB: string;
let viewerA: string;
let items: string[];
let box: string;
let startedAt: string;

type QueryDocument = { type: string; epcisBody: { queryResults: { queryName: string; resultsBody: { eventList: Array<Record<string, unknown>> } } } };

const scanUrl = (code: string) => `${BASE}/antiCounterfeiting?code=${code}`;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_BASE_URL: BASE, LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  const companyA = await createCompany(db, 'Query A');
  const companyB = await createCompany(db, 'Query B');
  await createUser(db, { username: 'queryAdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'queryAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  await createRole(db, { code: 'QUERY_NO_EPCIS', companyId: companyA, menuCodes: ['tagDetail'] });
  await createUser(db, { username: 'queryViewerA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['QUERY_NO_EPCIS'] });
  adminA = await signIn(t.app, 'queryAdminA', PASSWORD);
  adminB = await signIn(t.app, 'queryAdminB', PASSWORD);
  viewerA = await signIn(t.app, 'queryViewerA', PASSWORD);

  startedAt = new Date(Date.now() - 1000).toISOString();
  // company A: three items commissioned, packed into a box, one of them voided; company B: one commissioning
  const packing = await packingCodes(db, companyA, { items: 3, boxes: 1 });
  items = packing.items;
  box = packing.boxes[0] as string;
  const ids = (await db.selectFrom('code').select('id').where('code', 'in', items).execute()).map((r) => r.id);
  expect((await call(t.app, 'POST', '/acc/api/code/activate', { token: adminA, body: { ids } })).body.code).toBe('SUCCESS');
  expect((await call(t.app, 'POST', '/acc/api/boxCodeRelation/bind', { token: adminA, body: { boxCode: box, itemCodes: items } })).body.code).toBe('SUCCESS');
  expect((await call(t.app, 'POST', '/acc/api/code/void', { token: adminA, body: { id: ids[2], reason: 'damaged' } })).body.code).toBe('SUCCESS');
  const { productId, batchId } = await insertProductWithBatch(db, companyB, { batchNo: 'B-ONLY' });
  const jobB = await insertJob(db, { companyId: companyB, ruleId: await insertRule(db, companyB), count: 1, productId, batchId });
  expect((await call(t.app, 'POST', '/acc/api/code/activate', { token: adminB, body: { ids: jobB.codeIds } })).body.code).toBe('SUCCESS');
});
afterAll(() => t.close());

async function query(token: string, params: Record<string, string | string[]> = {}, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: '/acc/epcis/events', query: params, headers: { 'x-rd-request-apitoken': token, ...headers } });
  return { status: res.statusCode, headers: res.headers, json: res.json() as QueryDocument & { code?: string; errors?: Array<{ field: string }> } };
}

async function steps(params: Record<string, string | string[]>, token = adminA): Promise<string[]> {
  const res = await query(token, params);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.epcisBody.queryResults.resultsBody.eventList.map((e) => `${String(e['bizStep'])}/${String(e['action'])}`);
}

describe('GET /acc/epcis/events', () => {
  it('answers an EPCISQueryDocument valid by GS1’s schema with the company’s events only, in record order', async () => {
    const res = await query(adminA);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(epcisSchemaProblems(res.json)).toEqual([]);
    expect(res.json.type).toBe('EPCISQueryDocument');
    expect(res.json.epcisBody.queryResults.queryName).toBe('SimpleEventQuery');
    const events = res.json.epcisBody.queryResults.resultsBody.eventList;
    expect(events.map((e) => `${String(e['bizStep'])}/${String(e['action'])}`)).toEqual(['commissioning/ADD', 'packing/ADD', 'decommissioning/DELETE']);
    expect(events.every((e) => typeof e['recordTime'] === 'string' && typeof e['eventID'] === 'string')).toBe(true);
    expect(JSON.stringify(res.json)).not.toContain('B-ONLY');
    expect(await steps({}, adminB)).toEqual(['commissioning/ADD']);

    const ld = await query(adminA, {}, { accept: 'application/ld+json' });
    expect(ld.headers['content-type']).toMatch(/^application\/ld\+json/);
  });

  it('filters by event type, action, CBV values in any of their forms, and times', async () => {
    expect(await steps({ eventType: 'AggregationEvent' })).toEqual(['packing/ADD']);
    expect(await steps({ eventType: 'ObjectEvent|AggregationEvent', EQ_action: 'DELETE' })).toEqual(['decommissioning/DELETE']);
    for (const form of ['packing', 'https://ref.gs1.org/cbv/BizStep-packing', 'urn:epcglobal:cbv:bizstep:packing']) {
      expect(await steps({ EQ_bizStep: form })).toEqual(['packing/ADD']);
    }
    expect(await steps({ EQ_bizStep: ['commissioning', 'decommissioning'] })).toEqual(['commissioning/ADD', 'decommissioning/DELETE']);
    expect(await steps({ EQ_disposition: 'https://ref.gs1.org/cbv/Disp-inactive' })).toEqual(['decommissioning/DELETE']);
    expect(await steps({ GE_eventTime: startedAt })).toHaveLength(3);
    expect(await steps({ LT_eventTime: startedAt })).toEqual([]);
    expect(await steps({ GE_recordTime: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
    expect(await steps({ EQ_readPoint: 'urn:epc:id:sgln:0614141.00777.0' })).toEqual([]);
  });

  it('matches identifiers: MATCH_epc the objects, MATCH_parentID the box, MATCH_anyEPC either', async () => {
    const item = scanUrl(items[0] as string);
    expect(await steps({ MATCH_epc: item })).toEqual(['commissioning/ADD', 'packing/ADD']);
    expect(await steps({ MATCH_epc: scanUrl(items[2] as string) })).toEqual(['commissioning/ADD', 'packing/ADD', 'decommissioning/DELETE']);
    expect(await steps({ MATCH_epc: scanUrl(box) })).toEqual([]);
    expect(await steps({ MATCH_parentID: scanUrl(box) })).toEqual(['packing/ADD']);
    expect(await steps({ MATCH_anyEPC: scanUrl(box) })).toEqual(['packing/ADD']);
    expect(await steps({ MATCH_anyEPC: `${scanUrl(box)}|${scanUrl(items[2] as string)}` })).toEqual(['commissioning/ADD', 'packing/ADD', 'decommissioning/DELETE']);
    // another company's identifiers find nothing
    expect(await steps({ MATCH_epc: item }, adminB)).toEqual([]);
  });

  it('pages with perPage and a nextPageToken in the Link header, keeping the filters', async () => {
    const seen: string[] = [];
    let params: Record<string, string | string[]> = { perPage: '1', eventType: ['ObjectEvent', 'AggregationEvent'] };
    for (let page = 0; page < 5; page += 1) {
      const res = await query(adminA, params);
      seen.push(...res.json.epcisBody.queryResults.resultsBody.eventList.map((e) => String(e['eventID'])));
      const link = res.headers['link'] as string | undefined;
      if (!link) break;
      const match = /^<([^>]+)>; rel="next"$/.exec(link);
      expect(match).not.toBeNull();
      const next = new URL(match![1] as string, 'http://x');
      expect(next.pathname).toBe('/acc/epcis/events');
      expect(next.searchParams.getAll('eventType')).toEqual(['ObjectEvent', 'AggregationEvent']);
      params = {};
      for (const key of new Set(next.searchParams.keys())) params[key] = next.searchParams.getAll(key);
    }
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
  });

  it('refuses unknown parameters and bad values with PARAM_CHECK naming each', async () => {
    const res = await query(adminA, { EQ_bizstep: 'packing', perPage: '0', GE_eventTime: 'yesterday', EQ_action: 'ADDED', nextPageToken: 'nonsense', eventType: 'Event' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('PARAM_CHECK');
    expect((res.json.errors ?? []).map((e) => e.field).sort()).toEqual(['EQ_action', 'EQ_bizstep', 'GE_eventTime', 'eventType', 'nextPageToken', 'perPage']);
    // past the server's limit, perPage is served at the limit rather than refused (the binding's upper limit)
    expect((await query(adminA, { perPage: '101' })).status).toBe(200);
  });

  it('is refused without a session and without the permission', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/acc/epcis/events' });
    expect(anonymous.statusCode).toBe(401);
    expect((await query(viewerA)).status).toBe(403);
  });
});

describe('GET /acc/epcis/events/{eventID}', () => {
  it('answers one event with its context to its company, NOT_FOUND to another', async () => {
    const all = (await query(adminA)).json.epcisBody.queryResults.resultsBody.eventList;
    const packing = all.find((e) => e['bizStep'] === 'packing') as Record<string, unknown>;
    const url = `/acc/epcis/events/${encodeURIComponent(String(packing['eventID']))}`;
    const own = await t.app.inject({ method: 'GET', url, headers: { 'x-rd-request-apitoken': adminA } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'], ...packing });
    const other = await t.app.inject({ method: 'GET', url, headers: { 'x-rd-request-apitoken': adminB } });
    expect(other.statusCode).toBe(404);
  });
});
