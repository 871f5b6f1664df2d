import type { ApiKeyCreated, ApiKeyRow, PageResult } from '@rd/contract';
import { PERMISSIONS } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventHashId } from '../src/modules/epcis/eventHash.js';
import { insertJob, insertRule } from './support/codeFixtures.js';
import { createCompany, createRole, createUser } from './support/fixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Capture-Pass-1';
const BASE = 'https://trace.example.cn';
const CONTEXT = ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'];

let t: TestApp;
let companyA: string;
let adminA: string;
let adminB: string;
let operatorA: string;
let codeA: string;
let codeB: string;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_BASE_URL: BASE, LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  companyA = await createCompany(db, 'Capture A');
  const companyB = await createCompany(db, 'Capture B');
  await createUser(db, { username: 'captureAdminA', name: '王小明', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'captureAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  // may make keys and read events, but not capture
  await createRole(db, { code: 'KEY_MAKER', companyId: companyA, menuCodes: ['apiKey', PERMISSIONS.apiKeyAdd, 'epcisEvent'] });
  await createUser(db, { username: 'captureOperatorA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['KEY_MAKER'] });
  adminA = await signIn(t.app, 'captureAdminA', PASSWORD);
  adminB = await signIn(t.app, 'captureAdminB', PASSWORD);
  operatorA = await signIn(t.app, 'captureOperatorA', PASSWORD);
  [codeA] = (await insertJob(db, { companyId: companyA, ruleId: await insertRule(db, companyA), count: 1 })).codes as [string];
  [codeB] = (await insertJob(db, { companyId: companyB, ruleId: await insertRule(db, companyB), count: 1 })).codes as [string];
});
afterAll(() => t.close());

/** What the interface answers: an envelope, a capture job or a query document, read loosely. */
interface Captured {
  [key: string]: unknown;
  data?: Record<string, unknown>;
  errors?: Array<{ field: string; message: string }>;
  epcisBody: { queryResults: { resultsBody: { eventList: Array<Record<string, unknown>> } } };
}

const scanUrl = (code: string) => `${BASE}/antiCounterfeiting?code=${code}`;

function partnerEvent(epcs: string[], overrides: Record<string, unknown> = {}) {
  return {
    type: 'ObjectEvent',
    eventTime: '2026-11-20T09:30:00.000+08:00',
    eventTimeZoneOffset: '+08:00',
    epcList: epcs,
    action: 'OBSERVE',
    bizStep: 'receiving',
    disposition: 'in_progress',
    readPoint: { id: 'urn:epc:id:sgln:6901234.00001.0' },
    bizTransactionList: [{ type: 'po', bizTransaction: 'urn:epcglobal:cbv:bt:6901234000004:PO-77' }],
    ...overrides,
  };
}

function document(events: object[]) {
  return { '@context': CONTEXT, type: 'EPCISDocument', schemaVersion: '2.0', creationDate: '2026-11-20T10:00:00.000Z', epcisBody: { eventList: events } };
}

async function makeKey(token: string, permissions: string[], name = 'ERP sync') {
  return call<ApiKeyCreated>(t.app, 'POST', '/acc/api/apiKey/add', { token, body: { name, permissions } });
}

async function withKey(key: string, method: 'GET' | 'POST', url: string, payload?: unknown, contentType = 'application/json') {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}`, ...(payload ? { 'content-type': contentType } : {}) },
    payload: payload ? JSON.stringify(payload) : undefined,
  });
  return { status: res.statusCode, headers: res.headers, json: res.json() as Captured };
}

async function eventCount(): Promise<number> {
  const row = await t.database.db.selectFrom('epcis_event').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyA).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('company API keys', () => {
  it('shows a key once, stores only its hash, lists it by prefix, and lets it call the EPCIS interface', async () => {
    const made = await makeKey(adminA, [PERMISSIONS.epcisEventList, PERMISSIONS.epcisCapture]);
    expect(made.body.code, made.body.msg).toBe('SUCCESS');
    const { key, keyPrefix, id } = made.body.data;
    expect(key).toMatch(/^rdk_[A-Za-z0-9_-]{32}$/);
    expect(key.startsWith(keyPrefix)).toBe(true);
    const stored = await t.database.db.selectFrom('api_key').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(key.slice(keyPrefix.length));

    const list = await call<PageResult<ApiKeyRow>>(t.app, 'POST', '/acc/api/apiKey/pageList', { token: adminA, body: {} });
    const row = list.body.data.list.find((k) => k.id === id) as ApiKeyRow;
    expect(row).toMatchObject({ name: 'ERP sync', keyPrefix, state: 'ACTIVE', createdBy: 'captureAdminA', lastUsedAt: null, expiresOn: null });
    expect(row).toMatchObject({ createdByName: '王小明', createdByUsername: 'captureAdminA' });
    expect(JSON.stringify(list.body)).not.toContain(key);

    expect((await withKey(key, 'GET', '/acc/epcis/events')).status).toBe(200);
    const used = await call<PageResult<ApiKeyRow>>(t.app, 'POST', '/acc/api/apiKey/pageList', { token: adminA, body: {} });
    expect(used.body.data.list.find((k) => k.id === id)?.lastUsedAt).not.toBeNull();
    // a key opens the machine interfaces only, not the portal's other calls
    expect((await withKey(key, 'POST', '/acc/api/code/pageList', {})).status).toBe(401);
    // and another company's keys are not this company's to see or revoke
    expect((await call(t.app, 'POST', '/acc/api/apiKey/revoke', { token: adminB, body: { id } })).status).toBe(404);
    const listB = await call<PageResult<ApiKeyRow>>(t.app, 'POST', '/acc/api/apiKey/pageList', { token: adminB, body: {} });
    expect(listB.body.data.list.map((k) => k.id)).not.toContain(id);
  });

  it('holds only the permissions given to it, never more than its maker’s', async () => {
    const readOnly = (await makeKey(operatorA, [PERMISSIONS.epcisEventList], 'reader')).body.data.key;
    expect((await withKey(readOnly, 'GET', '/acc/epcis/events')).status).toBe(200);
    expect((await withKey(readOnly, 'POST', '/acc/epcis/capture', document([partnerEvent(['urn:epc:id:sgtin:6901234.012345.1'])]))).status).toBe(403);
    // the operator may read events but not capture: a key for capturing is not theirs to make
    expect((await makeKey(operatorA, [PERMISSIONS.epcisCapture])).status).toBe(403);
    const bad = await makeKey(adminA, ['system:user:add']);
    expect(bad.body.code).toBe('PARAM_CHECK');
  });

  it('stops working when revoked or past its last day', async () => {
    const { key, id } = (await makeKey(adminA, [PERMISSIONS.epcisEventList])).body.data;
    expect((await withKey(key, 'GET', '/acc/epcis/events')).status).toBe(200);
    expect((await call(t.app, 'POST', '/acc/api/apiKey/revoke', { token: adminA, body: { id } })).body.code).toBe('SUCCESS');
    expect((await withKey(key, 'GET', '/acc/epcis/events')).status).toBe(401);
    expect((await call(t.app, 'POST', '/acc/api/apiKey/revoke', { token: adminA, body: { id } })).status).toBe(409);

    const dated = await call<ApiKeyCreated>(t.app, 'POST', '/acc/api/apiKey/add', { token: adminA, body: { name: 'until', permissions: [PERMISSIONS.epcisEventList], expiresOn: '2099-12-31' } });
    expect((await withKey(dated.body.data.key, 'GET', '/acc/epcis/events')).status).toBe(200);
    await t.database.db.updateTable('api_key').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', dated.body.data.id).execute();
    expect((await withKey(dated.body.data.key, 'GET', '/acc/epcis/events')).status).toBe(401);
    const past = await call(t.app, 'POST', '/acc/api/apiKey/add', { token: adminA, body: { name: 'past', permissions: [PERMISSIONS.epcisEventList], expiresOn: '2020-01-01' } });
    expect(past.body.code).toBe('PARAM_CHECK');
    expect((await withKey('rdk_' + 'x'.repeat(32), 'GET', '/acc/epcis/events')).status).toBe(401);
  });
});

describe('POST /acc/epcis/capture', () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeKey(adminA, [PERMISSIONS.epcisEventList, PERMISSIONS.epcisCapture], 'capture')).body.data.key;
  });

  it('stores a partner’s document under the company, answers 202 with the capture job, and does not store it twice', async () => {
    const withId = { ...partnerEvent(['urn:epc:id:sgtin:6901234.012345.1001']), eventID: 'ni:///sha-256;0000000000000000000000000000000000000000000000000000000000000001?ver=CBV2.0' };
    const withoutId = partnerEvent([scanUrl(codeA), 'urn:epc:id:sgtin:6901234.012345.1002'], { bizStep: 'https://ref.gs1.org/cbv/BizStep-receiving' });
    const res = await withKey(key, 'POST', '/acc/epcis/capture', document([withId, withoutId]), 'application/ld+json');
    expect(res.status, JSON.stringify(res.json)).toBe(202);
    expect(res.json['data']).toMatchObject({ eventCount: 2, stored: 2, duplicates: 0 });
    const location = res.headers['location'] as string;
    expect(location).toMatch(/^\/acc\/epcis\/capture\/\d+$/);
    const job = await withKey(key, 'GET', location);
    expect(job.json).toMatchObject({ running: false, success: true, captureErrorBehaviour: 'rollback', errors: [] });

    const found = await withKey(key, 'GET', `/acc/epcis/events?MATCH_epc=${encodeURIComponent(scanUrl(codeA))}&EQ_bizStep=receiving`);
    const events = found.json.epcisBody.queryResults.resultsBody.eventList;
    expect(events).toHaveLength(1);
    expect(events[0]?.['eventID']).toBe(eventHashId(withoutId, CONTEXT));
    const byId = await withKey(key, 'GET', `/acc/epcis/events/${encodeURIComponent(withId.eventID)}`);
    expect(byId.status).toBe(200);

    const again = await withKey(key, 'POST', '/acc/epcis/capture', document([withId, withoutId]));
    expect(again.json['data']).toMatchObject({ eventCount: 2, stored: 0, duplicates: 2 });
    // the other company sees none of it
    const other = await call(t.app, 'GET', `/acc/epcis/events/${encodeURIComponent(withId.eventID)}`, { token: adminB });
    expect(other.status).toBe(404);
  });

  it('refuses a document that is not valid EPCIS 2.0 whole, naming where, and stores nothing', async () => {
    const before = await eventCount();
    const good = partnerEvent(['urn:epc:id:sgtin:6901234.012345.2001']);
    const { eventTime: _gone, ...noTime } = partnerEvent(['urn:epc:id:sgtin:6901234.012345.2002']);
    const res = await withKey(key, 'POST', '/acc/epcis/capture', document([good, { ...noTime, action: 'SHIP' }]));
    expect(res.status).toBe(400);
    expect(res.json['code']).toBe('PARAM_CHECK');
    const fields = (res.json.errors ?? []).map((e) => e.field);
    expect(fields).toContain('/epcisBody/eventList/1');
    expect(fields).toContain('/epcisBody/eventList/1/action');
    expect(await eventCount()).toBe(before);

    const notJson = await t.app.inject({ method: 'POST', url: '/acc/epcis/capture', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, payload: '{"type":' });
    expect(notJson.statusCode).toBe(400);
    const query = await withKey(key, 'POST', '/acc/epcis/capture', { ...document([good]), type: 'EPCISQueryDocument' });
    expect(query.status).toBe(400);
    // past GS1-EPCIS-Capture-Limit: the binding's 413
    const tooMany = await withKey(key, 'POST', '/acc/epcis/capture', document(Array.from({ length: 10_001 }, () => good)));
    expect(tooMany.status).toBe(413);
    expect(tooMany.json['code']).toBe('EPCIS_CAPTURE_LIMIT');
    expect((tooMany.json.errors ?? [])[0]?.field).toBe('/epcisBody/eventList');
    expect(await eventCount()).toBe(before);
  });

  it('refuses events about another company’s codes, and about unknown codes under the portal’s address, alike', async () => {
    const before = await eventCount();
    const res = await withKey(key, 'POST', '/acc/epcis/capture', document([
      partnerEvent([scanUrl(codeA)]),
      partnerEvent(['urn:epc:id:sgtin:6901234.012345.3001', scanUrl(codeB)]),
      { type: 'AggregationEvent', eventTime: '2026-11-20T09:30:00.000+08:00', eventTimeZoneOffset: '+08:00', parentID: scanUrl('NOSUCHCODE001'), childEPCs: [scanUrl(codeA)], action: 'ADD', bizStep: 'packing' },
    ]));
    expect(res.status).toBe(400);
    const errors = res.json.errors ?? [];
    expect(errors.map((e) => e.field)).toEqual(['/epcisBody/eventList/1/epcList/1', '/epcisBody/eventList/2/parentID']);
    expect(errors[0]?.message).toBe(`不是本企业的码：${scanUrl(codeB)}`);
    expect(await eventCount()).toBe(before);
  });

  it('is refused anonymously and to a session without the capture permission', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/acc/epcis/capture', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(anonymous.statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/acc/epcis/capture', { token: operatorA, body: document([]) })).status).toBe(403);
  });
});
