import { sql } from 'kysely';
import type { CodeDetail } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epcisSchemaProblems } from '../src/modules/epcis/documentSchema.js';
import { eventHashId } from '../src/modules/epcis/eventHash.js';
import { commissioningEvents, eventTimeFields, EVENT_EPCS_MAX } from '../src/modules/epcis/portalEvents.js';
import { codeActivationKind } from '../src/modules/codeRecord/jobs.js';
import { JobRunner } from '../src/platform/jobs/jobRunner.js';
import { packingCodes } from './support/boxFixtures.js';
import { insertJob, insertProductWithBatch, insertRule } from './support/codeFixtures.js';
import { createCompany, createUser } from './support/fixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Epcis-Pass-1';

let t: TestApp;
let companyA: string;
let adminA: string;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_BASE_URL: 'https://trace.example.cn', BUSINESS_TIME_ZONE: 'Asia/Shanghai' });
  companyA = await createCompany(t.database.db, 'Events A');
  await createUser(t.database.db, { username: 'eventsAdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  adminA = await signIn(t.app, 'eventsAdminA', PASSWORD);
});
afterAll(() => t.close());

interface StoredEvent {
  id: string;
  event_id: string;
  event_type: string;
  action: string;
  biz_step: string;
  body: Record<string, unknown>;
  epcs: string[];
}

/** The company's events after `afterId`, in record order, with the identifiers indexed for each. */
async function eventsSince(afterId: string): Promise<StoredEvent[]> {
  const rows = await t.database.db
    .selectFrom('epcis_event as e')
    .select(['e.id', 'e.event_id', 'e.event_type', 'e.action', 'e.biz_step', 'e.body'])
    .where('e.company_id', '=', companyA)
    .where('e.id', '>', afterId)
    .orderBy('e.id')
    .execute();
  const out: StoredEvent[] = [];
  for (const row of rows) {
    const epcs = await t.database.db.selectFrom('epcis_event_epc').select(['role', 'epc']).where('event_pk', '=', row.id).execute();
    out.push({ ...(row as unknown as StoredEvent), epcs: epcs.map((e) => `${e.role} ${e.epc}`).sort() });
  }
  return out;
}

async function lastEventId(): Promise<string> {
  const row = await t.database.db.selectFrom('epcis_event').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return String(row?.id ?? 0);
}

async function urlOf(code: string): Promise<string> {
  const res = await call<CodeDetail>(t.app, 'GET', '/acc/api/code/getByCode', { token: adminA, query: { code } });
  return res.body.data.url;
}

/** Every stored event is valid by GS1's schema inside a document, and its eventID is its CBV hash. */
function expectValidEvents(events: StoredEvent[]) {
  const document = {
    '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: new Date().toISOString(),
    epcisBody: { eventList: events.map((e) => e.body) },
  };
  expect(epcisSchemaProblems(document)).toEqual([]);
  for (const e of events) expect(e.event_id).toBe(eventHashId(e.body));
}

describe('EPCIS events of the portal’s actions', () => {
  it('activation is a commissioning with the lot, voiding a decommissioning; EPCs are the labels’ Digital Links', async () => {
    const db = t.database.db;
    const { productId, batchId } = await insertProductWithBatch(db, companyA, { gtin: '6901234567892', batchNo: 'L-2026/11' });
    const rule = await insertRule(db, companyA, { urlForm: 'GS1' });
    const job = await insertJob(db, { companyId: companyA, ruleId: rule, count: 3, productId, batchId });
    const before = await lastEventId();

    const activated = await call<{ activated: number }>(t.app, 'POST', '/acc/api/code/activate', { token: adminA, body: { ids: job.codeIds } });
    expect(activated.body.data.activated).toBe(3);
    const voided = await call(t.app, 'POST', '/acc/api/code/void', { token: adminA, body: { id: job.codeIds[0], reason: 'torn label' } });
    expect(voided.body.code).toBe('SUCCESS');

    const events = await eventsSince(before);
    expect(events.map((e) => [e.event_type, e.action, e.biz_step])).toEqual([
      ['ObjectEvent', 'ADD', 'commissioning'],
      ['ObjectEvent', 'DELETE', 'decommissioning'],
    ]);
    const urls = await Promise.all(job.codes.map(urlOf));
    expect(urls[0]).toMatch(/^https:\/\/trace\.example\.cn\/01\/06901234567892\/10\/L-2026%2F11\/21\//);
    const [commissioning, decommissioning] = events as [StoredEvent, StoredEvent];
    expect(commissioning.body).toMatchObject({ disposition: 'active', ilmd: { 'cbvmda:lotNumber': 'L-2026/11' }, eventTimeZoneOffset: '+08:00' });
    expect([...(commissioning.body['epcList'] as string[])].sort()).toEqual([...urls].sort());
    // the identifier index keeps each label under its canonical Digital Link, the lot left out
    expect(commissioning.epcs).toEqual(urls.map((u) => `E ${u.replace(/^https:\/\/trace\.example\.cn\/01\/(\d{14})\/10\/[^/]+\/21\//, 'https://id.gs1.org/01/$1/21/')}`).sort());
    expect(commissioning.epcs.every((e) => e.startsWith('E https://id.gs1.org/01/06901234567892/21/'))).toBe(true);
    expect(decommissioning.body).toMatchObject({ epcList: [urls[0]], disposition: 'inactive' });
    expectValidEvents(events);

    // a refused activation writes nothing
    await call(t.app, 'POST', '/acc/api/code/activate', { token: adminA, body: { ids: job.codeIds } });
    expect(await eventsSince(decommissioning.id)).toEqual([]);
  });

  it('packing, moving and unpacking are AggregationEvents with the box as parent; scan-form codes use their scan URL', async () => {
    const { items, boxes } = await packingCodes(t.database.db, companyA, { items: 3, boxes: 2 }, { activated: true });
    const [box1, box2] = boxes as [string, string];
    const before = await lastEventId();
    const bind = (boxCode: string, itemCodes: string[], move = false) =>
      call(t.app, 'POST', '/acc/api/boxCodeRelation/bind', { token: adminA, body: { boxCode, itemCodes, move } });
    expect((await bind(box1, items)).body.code).toBe('SUCCESS');
    expect((await bind(box2, [items[0] as string], true)).body.code).toBe('SUCCESS');
    expect((await call(t.app, 'POST', '/acc/api/boxCodeRelation/unbind', { token: adminA, body: { boxCode: box1 } })).body.code).toBe('SUCCESS');

    const url = (code: string) => `https://trace.example.cn/antiCounterfeiting?code=${code}`;
    expect(await urlOf(box1)).toBe(url(box1));
    const events = await eventsSince(before);
    const summary = events.map((e) => ({
      action: e.action,
      bizStep: e.biz_step,
      parentID: e.body['parentID'],
      childEPCs: [...(e.body['childEPCs'] as string[])].sort(),
    }));
    expect(summary).toEqual([
      { action: 'ADD', bizStep: 'packing', parentID: url(box1), childEPCs: items.map(url).sort() },
      { action: 'DELETE', bizStep: 'unpacking', parentID: url(box1), childEPCs: [url(items[0] as string)] },
      { action: 'ADD', bizStep: 'packing', parentID: url(box2), childEPCs: [url(items[0] as string)] },
      { action: 'DELETE', bizStep: 'unpacking', parentID: url(box1), childEPCs: items.slice(1).map(url).sort() },
    ]);
    expect(events[0]?.epcs).toEqual([`P ${url(box1)}`, ...items.map((c) => `E ${url(c)}`)].sort());
    expectValidEvents(events);
  });

  it('an item taken out of its box at the shipping desk is an unpacking (AggregationEvent DELETE) from that box', async () => {
    const { items, boxes } = await packingCodes(t.database.db, companyA, { items: 2, boxes: 1 }, { activated: true });
    const [box] = boxes as [string];
    const url = (code: string) => `https://trace.example.cn/antiCounterfeiting?code=${code}`;
    expect((await call(t.app, 'POST', '/acc/api/boxCodeRelation/bind', { token: adminA, body: { boxCode: box, itemCodes: items } })).body.code).toBe('SUCCESS');
    const dealer = (await call<{ id: string }>(t.app, 'POST', '/acc/api/dealer/add', { token: adminA, body: { code: 'EV-D1', name: 'Events dealer', level: 1, areaCodes: ['330000'] } })).body.data;
    const order = (await call<{ id: string }>(t.app, 'POST', '/acc/api/shipment/add', { token: adminA, body: { dealerId: dealer.id } })).body.data;
    const before = await lastEventId();

    // refused alone: nothing recorded
    const refused = await call(t.app, 'POST', '/acc/api/shipment/scan', { token: adminA, body: { id: order.id, codes: [items[0]] } });
    expect(refused.body.code).toBe('CODES_REJECTED');
    expect(await eventsSince(before)).toEqual([]);

    const taken = await call(t.app, 'POST', '/acc/api/shipment/scan', { token: adminA, body: { id: order.id, codes: [items[0]], unpack: true } });
    expect(taken.body.code, taken.body.msg).toBe('SUCCESS');
    const events = await eventsSince(before);
    expect(events.map((e) => ({ type: e.event_type, action: e.action, bizStep: e.biz_step, parentID: e.body['parentID'], childEPCs: e.body['childEPCs'] }))).toEqual([
      { type: 'AggregationEvent', action: 'DELETE', bizStep: 'unpacking', parentID: url(box), childEPCs: [url(items[0] as string)] },
    ]);
    expectValidEvents(events);
  });

  it('binding to a batch commissions the codes with the batch as lot; an undo is a decommissioning', async () => {
    const db = t.database.db;
    const { batchId } = await insertProductWithBatch(db, companyA, { batchNo: 'FIELD-7' });
    const { items } = await packingCodes(db, companyA, { items: 2, boxes: 0 });
    const before = await lastEventId();
    const bound = await call(t.app, 'POST', '/acc/api/code/bindBatch', { token: adminA, body: { batchId, codes: items } });
    expect(bound.body.code, bound.body.msg).toBe('SUCCESS');
    const undone = await call(t.app, 'POST', '/acc/api/code/unbindBatch', { token: adminA, body: { code: items[0] } });
    expect(undone.body.code, undone.body.msg).toBe('SUCCESS');
    const events = await eventsSince(before);
    expect(events.map((e) => [e.action, e.biz_step, (e.body['epcList'] as string[]).length])).toEqual([
      ['ADD', 'commissioning', 2],
      ['DELETE', 'decommissioning', 1],
    ]);
    expect(events[0]?.body['ilmd']).toEqual({ 'cbvmda:lotNumber': 'FIELD-7' });
    expectValidEvents(events);
  });
});

/**
 * Runs a whole-job change in steps of 1,000 codes: a worker that stops after one step, then another that takes
 * over and finishes it.
 */
async function runInTwoWorkers(changeId: string) {
  const db = t.database.db;
  const kind = { ...codeActivationKind({ database: t.database, db, config: t.config }), step: codeActivationKind({ database: t.database, db, config: { ...t.config, codeChunkSizeEmbedded: 1000, codeChunkSize: 1000 } }).step };
  const runner = (id: string) => new JobRunner({ db, kinds: [], staleSeconds: 0, pollMs: 10, workerId: id });
  expect(await runner('first').runJob(kind, changeId, { maxSteps: 1 })).toBe('paused');
  expect(await runner('second').runJob(kind, changeId)).toBe('finished');
}

describe('activating a whole generation job', () => {
  it('puts every code in force in steps, each with its commissioning events, and resumes after a lost step', async () => {
    const db = t.database.db;
    const { productId, batchId } = await insertProductWithBatch(db, companyA, { gtin: '6901234567809', batchNo: 'BULK-1' });
    const rule = await insertRule(db, companyA, { urlForm: 'GS1' });
    const job = await insertJob(db, { companyId: companyA, ruleId: rule, count: 2500, productId, batchId });
    // one code was put in force by hand already: it keeps its event and is not commissioned twice
    await call(t.app, 'POST', '/acc/api/code/activate', { token: adminA, body: { id: job.codeIds[1] } });
    const before = await lastEventId();
    const asked = await call<{ id: string }>(t.app, 'POST', '/acc/api/codeRecord/activate', { token: adminA, body: { id: job.id } });
    expect(asked.body.code, asked.body.msg).toBe('SUCCESS');
    expect((await call(t.app, 'POST', '/acc/api/codeRecord/activate', { token: adminA, body: { id: job.id } })).body.code).toBe('ACTIVATION_UNDER_WAY');

    await runInTwoWorkers(asked.body.data.id);

    const state = await call<{ status: string; quantity: number; progress: number }>(t.app, 'GET', '/acc/api/codeRecord/activation', { token: adminA, query: { id: job.id } });
    expect(state.body.data).toMatchObject({ status: 'DONE', quantity: 2500, progress: 2499 });
    const statuses = await db.selectFrom('code').select('status').where('record_id', '=', job.id).distinct().execute();
    expect(statuses.map((r) => r.status)).toEqual(['ACTIVATED']);
    const events = await eventsSince(before);
    expect(events.every((e) => e.biz_step === 'commissioning' && e.action === 'ADD')).toBe(true);
    const epcs = events.flatMap((e) => e.body['epcList'] as string[]);
    expect(epcs).toHaveLength(2499);
    expect(new Set(epcs).size).toBe(2499);
    expect(Math.max(...events.map((e) => (e.body['epcList'] as string[]).length))).toBeLessThanOrEqual(EVENT_EPCS_MAX);
    expect(events[0]?.body['ilmd']).toEqual({ 'cbvmda:lotNumber': 'BULK-1' });
    expectValidEvents(events);

    // the batch's EPCIS document: every commissioning of its codes, the hand activation first
    const exported = await t.app.inject({ method: 'GET', url: '/acc/epcis/export', query: { batchId }, headers: { 'x-rd-request-apitoken': adminA } });
    expect(exported.statusCode).toBe(200);
    const document = exported.json() as { type: string; epcisBody: { eventList: Array<{ epcList: string[]; bizStep: string }> } };
    expect(document.type).toBe('EPCISDocument');
    expect(epcisSchemaProblems(document)).toEqual([]);
    expect(document.epcisBody.eventList.every((e) => e.bizStep === 'commissioning')).toBe(true);
    expect(new Set(document.epcisBody.eventList.flatMap((e) => e.epcList)).size).toBe(2500);
  });

  it('voids every code in steps, each keeping the reason, with their decommissioning events; a reason is required', async () => {
    const db = t.database.db;
    const rule = await insertRule(db, companyA);
    const job = await insertJob(db, { companyId: companyA, ruleId: rule, count: 2300 });
    // one code already voided keeps its own reason and is not decommissioned twice; one in force is voided too
    await call(t.app, 'POST', '/acc/api/code/void', { token: adminA, body: { id: job.codeIds[0], reason: 'Torn label' } });
    await call(t.app, 'POST', '/acc/api/code/activate', { token: adminA, body: { id: job.codeIds[1] } });
    const noReason = await call(t.app, 'POST', '/acc/api/codeRecord/voidAll', { token: adminA, body: { id: job.id, reason: ' ' } });
    expect(noReason.body.code).toBe('PARAM_CHECK');
    expect(noReason.body.errors?.map((e: { field: string }) => e.field)).toEqual(['reason']);
    const before = await lastEventId();
    const asked = await call<{ id: string }>(t.app, 'POST', '/acc/api/codeRecord/voidAll', { token: adminA, body: { id: job.id, reason: 'Roll printed with the wrong batch' } });
    expect(asked.body.code, asked.body.msg).toBe('SUCCESS');
    // one change of a whole job at a time, whichever it is
    expect((await call(t.app, 'POST', '/acc/api/codeRecord/activate', { token: adminA, body: { id: job.id } })).body.code).toBe('ACTIVATION_UNDER_WAY');

    await runInTwoWorkers(asked.body.data.id);

    const state = await call<{ action: string; voidReason: string; status: string; progress: number }>(t.app, 'GET', '/acc/api/codeRecord/activation', { token: adminA, query: { id: job.id } });
    expect(state.body.data).toMatchObject({ action: 'VOID', voidReason: 'Roll printed with the wrong batch', status: 'DONE', progress: 2299 });
    const codes = await db.selectFrom('code').select(['status', 'void_reason']).where('record_id', '=', job.id).execute();
    expect(codes.every((c) => c.status === 'VOIDED')).toBe(true);
    expect(codes.filter((c) => c.void_reason === 'Torn label')).toHaveLength(1);
    expect(codes.filter((c) => c.void_reason === 'Roll printed with the wrong batch')).toHaveLength(2299);
    const tally = await db.selectFrom('code_tally').select(['status', 'codes']).where('record_id', '=', job.id).where(sql<boolean>`codes > 0`).execute();
    expect(tally.map((r) => [r.status, Number(r.codes)])).toEqual([['VOIDED', 2300]]);
    const events = await eventsSince(before);
    expect(events.every((e) => e.biz_step === 'decommissioning' && e.action === 'DELETE')).toBe(true);
    expect(new Set(events.flatMap((e) => e.body['epcList'] as string[])).size).toBe(2299);
    expectValidEvents(events);
  });
});

describe('portal event shapes', () => {
  it('splits a large action into events of at most EVENT_EPCS_MAX identifiers, each with its own ID', () => {
    const epcs = Array.from({ length: EVENT_EPCS_MAX * 2 + 500 }, (_, i) => `https://trace.example.cn/antiCounterfeiting?code=C${i}`);
    const events = commissioningEvents({ epcBase: 'https://trace.example.cn', timeZone: 'Asia/Shanghai' }, new Date(), epcs, null);
    expect(events.map((e) => (e['epcList'] as string[]).length)).toEqual([EVENT_EPCS_MAX, EVENT_EPCS_MAX, 500]);
    expect(new Set(events.map((e) => e.eventID)).size).toBe(3);
    expect(events.flatMap((e) => e['epcList'] as string[])).toEqual(epcs);
  });

  it('writes the time with the business zone’s offset', () => {
    const at = new Date('2026-11-25T03:04:05.678Z');
    expect(eventTimeFields({ epcBase: '', timeZone: 'Asia/Shanghai' }, at)).toEqual({ eventTime: '2026-11-25T11:04:05.678+08:00', eventTimeZoneOffset: '+08:00' });
    expect(eventTimeFields({ epcBase: '', timeZone: 'America/New_York' }, at)).toEqual({ eventTime: '2026-11-24T22:04:05.678-05:00', eventTimeZoneOffset: '-05:00' });
    expect(eventTimeFields({ epcBase: '', timeZone: 'UTC' }, at)).toEqual({ eventTime: '2026-11-25T03:04:05.678+00:00', eventTimeZoneOffset: '+00:00' });
  });
});
