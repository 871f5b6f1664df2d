import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appendEvents } from '../src/modules/epcis/eventStore.js';
import { SubscriptionDeliverer } from '../src/modules/epcis/subscriptionDelivery.js';
import { livenessConnectionName } from '../src/platform/db/processLiveness.js';
import { createCompany, createUser } from './support/fixtures.js';
import { signIn, startTestApp, TEST_DB_KIND, type TestApp } from './support/testApp.js';

/**
 * Named queries and subscriptions: a query saved under a name runs again on demand; a subscription to it
 * has every new matching event posted to the subscriber's webhook, signed, in the order events were
 * committed, at least once through failures, and once across deliverers.
 */

const PASSWORD = 'Subscribe-Pass-1';
const BASE = 'https://trace.example.cn';
let t: TestApp;
let token: string;
let companyId: string;

interface Delivery {
  body: { epcisBody: { queryResults: { subscriptionID: string; queryName: string; resultsBody: { eventList: Array<{ eventID: string }> } } } };
  signature: string | undefined;
  raw: string;
}
const received: Delivery[] = [];
/** What the subscriber answers next: 200 unless told otherwise. */
let answerStatus = 200;
let webhook: http.Server;
let hookUrl: string;

beforeAll(async () => {
  webhook = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (answerStatus === 200) received.push({ body: JSON.parse(raw) as Delivery['body'], signature: req.headers['gs1-signature'] as string | undefined, raw });
      res.writeHead(answerStatus).end();
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hook`;
  t = await startTestApp({ PUBLIC_BASE_URL: BASE, WEBHOOK_PRIVATE_ADDRESSES: 'allow', LOGIN_MAX_FAILURES_PER_IP: '1000' });
  companyId = await createCompany(t.database.db, 'Subscriber');
  await createUser(t.database.db, { username: 'subscribeAdmin', password: PASSWORD, userType: '3', companyId, roles: ['ENTERPRISE_ADMIN'] });
  token = await signIn(t.app, 'subscribeAdmin', PASSWORD);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => webhook.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  answerStatus = 200;
});

async function api(method: string, url: string, body?: unknown) {
  const res = await t.app.inject({ method: method as 'GET', url, payload: body as object, headers: { 'x-rd-request-apitoken': token } });
  return { status: res.statusCode, headers: res.headers, json: res.body ? (res.json() as Record<string, unknown> & { errors?: Array<{ field: string }> }) : {} };
}

let serial = 0;
/** Events appended as a partner's capture would, each with a distinct ID; `bizStep` decides what matches. */
async function append(bizSteps: string[]): Promise<string[]> {
  const events = bizSteps.map((bizStep) => {
    serial += 1;
    return { type: 'ObjectEvent', eventID: `urn:uuid:00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`, eventTime: '2026-11-20T09:30:00.000+08:00', eventTimeZoneOffset: '+08:00', epcList: [`urn:epc:id:sgtin:9999999.012345.${serial}`], action: 'OBSERVE', bizStep };
  });
  await t.database.db.transaction().execute((tx) => appendEvents(tx, { companyId, origin: 'CAPTURE' }, events));
  return events.map((e) => e.eventID);
}

function deliverer() {
  return new SubscriptionDeliverer(t.database, t.config);
}

/** One round of a deliverer as a running instance has it: shown alive (on PostgreSQL) while it delivers. */
async function deliverOnce() {
  const instance = deliverer();
  await instance.liveness.hold();
  try {
    return await instance.deliverDue();
  } finally {
    await instance.liveness.release();
  }
}

/** The deliveries of one subscription (earlier tests' subscriptions go on receiving too). */
const deliveriesOf = (id: string) => received.filter((d) => d.body.epcisBody.queryResults.subscriptionID === id);
const delivered = (id: string) => deliveriesOf(id).flatMap((d) => d.body.epcisBody.queryResults.resultsBody.eventList.map((e) => e.eventID));

describe('named queries', () => {
  it('saves a query under a name, answers it, runs it, and refuses a duplicate or a query that would not run', async () => {
    const created = await api('POST', '/acc/epcis/queries', { name: 'shipped', query: { EQ_bizStep: ['shipping'] } });
    expect(created.status).toBe(201);
    expect(created.headers['location']).toBe('/acc/epcis/queries/shipped');
    const shipped = await append(['shipping', 'receiving', 'shipping']);
    const events = await api('GET', '/acc/epcis/queries/shipped/events');
    expect(events.status).toBe(200);
    const results = (events.json as unknown as Delivery['body']).epcisBody.queryResults;
    expect(results.queryName).toBe('shipped');
    expect(results.resultsBody.eventList.map((e) => e.eventID)).toEqual([shipped[0], shipped[2]]);
    expect((await api('GET', '/acc/epcis/queries/shipped')).json).toEqual({ name: 'shipped', query: { EQ_bizStep: ['shipping'] } });
    expect(((await api('GET', '/acc/epcis/queries')).json as unknown as Array<{ name: string }>).map((q) => q.name)).toContain('shipped');

    const duplicate = await api('POST', '/acc/epcis/queries', { name: 'shipped', query: {} });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json['type']).toBe('epcisException:ResourceAlreadyExistsException');
    const wrong = await api('POST', '/acc/epcis/queries', { name: 'bad name!', query: { EQ_nothing: 'x', GE_eventTime: 'soon' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors?.map((e) => e.field)).toEqual(['name']);
    const wrongQuery = await api('POST', '/acc/epcis/queries', { name: 'wrong', query: { EQ_nothing: 'x', GE_eventTime: 'soon' } });
    expect(wrongQuery.json.errors?.map((e) => e.field).sort()).toEqual(['query.EQ_nothing', 'query.GE_eventTime']);
    expect((await api('GET', '/acc/epcis/queries/wrong')).status).toBe(404);
  });
});

describe('subscriptions', () => {
  let queryName = '';
  let queries = 0;
  beforeEach(async () => {
    queries += 1;
    queryName = `received${queries}`;
    expect((await api('POST', '/acc/epcis/queries', { name: queryName, query: { EQ_bizStep: ['receiving'] } })).status).toBe(201);
  });

  it('posts each new matching event to a stream subscriber, signed, in order, and nothing it had before', async () => {
    await append(['receiving']);
    const created = await api('POST', `/acc/epcis/queries/${queryName}/subscriptions`, { dest: hookUrl, signatureToken: 'partner-secret', stream: true });
    expect(created.status).toBe(201);
    expect(created.json['signatureToken']).toBeUndefined();
    const id = created.json['subscriptionID'] as string;
    expect(created.headers['location']).toBe(`/acc/epcis/queries/${queryName}/subscriptions/${id}`);

    const first = await append(['receiving', 'shipping', 'receiving']);
    const second = await append(['receiving']);
    await deliverOnce();
    expect(delivered(id)).toEqual([first[0], first[2], second[0]]);
    for (const delivery of deliveriesOf(id)) {
      expect(delivery.signature).toBe(`sha256=${createHmac('sha256', 'partner-secret').update(delivery.raw).digest('hex')}`);
      expect(delivery.body.epcisBody.queryResults).toMatchObject({ subscriptionID: id, queryName });
    }
    // nothing new: nothing posted
    received.length = 0;
    await deliverOnce();
    expect(deliveriesOf(id)).toEqual([]);
    expect((await api('GET', `/acc/epcis/queries/${queryName}/subscriptions/${id}`)).json).toMatchObject({ subscriptionID: id, stream: true, dest: hookUrl });
  });

  it('keeps events a subscriber refused and posts them again after a wait, then goes on', async () => {
    const created = await api('POST', `/acc/epcis/queries/${queryName}/subscriptions`, { dest: hookUrl, stream: true });
    const id = created.json['subscriptionID'] as string;
    const events = await append(['receiving', 'receiving']);
    answerStatus = 503;
    await deliverOnce();
    const waiting = await t.database.db.selectFrom('epcis_subscription').select(['attempts', 'next_run_at', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(waiting.attempts).toBe(1);
    expect(waiting.last_error).toBe('HTTP 503');
    expect(waiting.next_run_at.getTime()).toBeGreaterThan(Date.now());
    expect((await api('GET', `/acc/epcis/queries/${queryName}/subscriptions/${id}`)).json['lastError']).toBe('HTTP 503');
    // not due yet
    answerStatus = 200;
    await deliverOnce();
    expect(deliveriesOf(id)).toEqual([]);
    await t.database.db.updateTable('epcis_subscription').set({ next_run_at: new Date() }).where('id', '=', id).execute();
    await deliverOnce();
    expect(delivered(id)).toEqual(events);
  });

  it('sends the events recorded since initialRecordTime first', async () => {
    const before = await append(['receiving', 'shipping']);
    const created = await api('POST', `/acc/epcis/queries/${queryName}/subscriptions`, { dest: hookUrl, stream: true, initialRecordTime: new Date(Date.now() - 60_000).toISOString() });
    expect(created.status).toBe(201);
    const after = await append(['receiving']);
    await deliverOnce();
    const all = delivered(created.json['subscriptionID'] as string);
    expect(all.indexOf(before[0]!)).toBeGreaterThanOrEqual(0);
    expect(all.indexOf(before[0]!)).toBeLessThan(all.indexOf(after[0]!));
    expect(all).not.toContain(before[1]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('delivers a scheduled subscription when its time comes, reporting an empty result when asked to', async () => {
    const created = await api('POST', `/acc/epcis/queries/${queryName}/subscriptions`, { dest: hookUrl, schedule: { hour: '1', minute: '5' }, reportIfEmpty: true });
    expect(created.status).toBe(201);
    const id = created.json['subscriptionID'] as string;
    const row = await t.database.db.selectFrom('epcis_subscription').select('next_run_at').where('id', '=', id).executeTakeFirstOrThrow();
    // 01:05 in the business zone (Asia/Shanghai) is 17:05 UTC
    expect(row.next_run_at.toISOString()).toMatch(/T17:05:00\.000Z$/);
    await deliverOnce();
    expect(deliveriesOf(id)).toEqual([]);
    await t.database.db.updateTable('epcis_subscription').set({ next_run_at: new Date() }).where('id', '=', id).execute();
    await deliverOnce();
    expect(deliveriesOf(id)).toHaveLength(1);
    expect(delivered(id)).toEqual([]);
    const events = await append(['receiving']);
    await t.database.db.updateTable('epcis_subscription').set({ next_run_at: new Date() }).where('id', '=', id).execute();
    await deliverOnce();
    expect(delivered(id)).toEqual(events);
  });

  it('refuses what it cannot deliver to, and a subscription that neither streams nor has a schedule', async () => {
    const bad = await api('POST', `/acc/epcis/queries/${queryName}/subscriptions`, { dest: `${BASE}/hook`, schedule: { minute: 'sixty' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors?.map((e) => e.field).sort()).toEqual(['dest', 'schedule']);
    expect((await api('POST', `/acc/epcis/queries/${queryName}/subscriptions`, { dest: hookUrl })).json.errors?.map((e) => e.field)).toEqual(['stream']);
    expect((await api('POST', '/acc/epcis/queries/nothing/subscriptions', { dest: hookUrl, stream: true })).status).toBe(404);
  });

  it('goes on trying an unreachable subscriber without harm to the others', async () => {
    const closed = await api('POST', `/acc/epcis/queries/${queryName}/subscriptions`, { dest: 'http://127.0.0.1:9/nobody', stream: true });
    const open = await api('POST', `/acc/epcis/queries/${queryName}/subscriptions`, { dest: hookUrl, stream: true });
    const events = await append(['receiving']);
    await deliverOnce();
    expect(delivered(open.json['subscriptionID'] as string)).toEqual(events);
    const failing = await api('GET', `/acc/epcis/queries/${queryName}/subscriptions/${closed.json['subscriptionID'] as string}`);
    expect(String(failing.json['lastError'])).toMatch(/ECONNREFUSED/);
    expect((await api('GET', `/acc/epcis/queries/${queryName}/subscriptions/${open.json['subscriptionID'] as string}`)).json['lastError']).toBeUndefined();
    expect((await api('DELETE', `/acc/epcis/queries/${queryName}/subscriptions/${closed.json['subscriptionID'] as string}`)).status).toBe(204);
    expect((await api('DELETE', `/acc/epcis/queries/${queryName}`)).status).toBe(204);
    expect(await t.database.db.selectFrom('epcis_subscription').select('id').where('query_name', '=', queryName).execute()).toEqual([]);
  });

  it('delivers each event once when several deliverers run side by side, and takes over a dead one’s lease', async () => {
    const created = await api('POST', `/acc/epcis/queries/${queryName}/subscriptions`, { dest: hookUrl, stream: true });
    const id = created.json['subscriptionID'] as string;
    const events = await append(Array.from({ length: 250 }, () => 'receiving'));
    await Promise.all([deliverOnce(), deliverOnce(), deliverOnce()]);
    expect(delivered(id)).toEqual(events);

    // a live deliverer's lease is left alone while it lasts; one that ran out (a hung process) is taken over
    const more = await append(['receiving']);
    const holder = deliverer();
    await holder.liveness.hold();
    const leaseTo = (leased_by: string, seconds: number) =>
      t.database.db.updateTable('epcis_subscription').set({ leased_by, leased_until: new Date(Date.now() + seconds * 1000) }).where('id', '=', id).execute();
    await leaseTo(holder.instance, 60);
    received.length = 0;
    await deliverOnce();
    expect(deliveriesOf(id)).toEqual([]);
    await leaseTo(holder.instance, -1);
    await deliverOnce();
    expect(delivered(id)).toEqual(more);

    if (TEST_DB_KIND === 'postgres') {
      // the holder's process dies: its connection closes, and another deliverer goes on at once
      const last = await append(['receiving']);
      await leaseTo(holder.instance, 60);
      received.length = 0;
      await deliverOnce();
      expect(deliveriesOf(id)).toEqual([]);
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${livenessConnectionName(holder.instance)}`.execute(t.database.db);
      // the server ends the connection's process and lets its lock go a moment after the call
      for (let tries = 0; tries < 40 && deliveriesOf(id).length === 0; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        await deliverOnce();
      }
      expect(delivered(id)).toEqual(last);
    }
    await holder.liveness.release();
  });

  it.runIf(TEST_DB_KIND === 'postgres')('delivers an event committed after a later one, though its id is lower', async () => {
    const id = (await api('POST', `/acc/epcis/queries/${queryName}/subscriptions`, { dest: hookUrl, stream: true })).json['subscriptionID'] as string;
    let releaseSlow!: () => void;
    const slowMayCommit = new Promise<void>((resolve) => (releaseSlow = resolve));
    let slowAppended!: () => void;
    const slowHasIds = new Promise<void>((resolve) => (slowAppended = resolve));
    serial += 1;
    const slowId = `urn:uuid:00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
    const slow = t.database.db.transaction().execute(async (tx) => {
      await appendEvents(tx, { companyId, origin: 'CAPTURE' }, [{ type: 'ObjectEvent', eventID: slowId, eventTime: '2026-11-20T09:30:00.000+08:00', eventTimeZoneOffset: '+08:00', epcList: ['urn:epc:id:sgtin:9999999.012345.slow'], action: 'OBSERVE', bizStep: 'receiving' }]);
      slowAppended();
      await slowMayCommit;
    });
    await slowHasIds;
    const fast = await append(['receiving']);
    await deliverOnce();
    expect(delivered(id)).toEqual(fast);
    releaseSlow();
    await slow;
    await deliverOnce();
    expect(delivered(id)).toEqual([...fast, slowId]);
    const ids = await sql<{ id: string }>`SELECT id::text AS id FROM epcis_event WHERE event_id IN (${slowId}, ${fast[0]}) ORDER BY id`.execute(t.database.db);
    expect(ids.rows).toHaveLength(2);
  });
});

describe('webhook addresses on a public deployment', () => {
  let publicApp: TestApp;
  let publicToken: string;
  beforeAll(async () => {
    publicApp = await startTestApp({ PUBLIC_BASE_URL: BASE, LOGIN_MAX_FAILURES_PER_IP: '1000' });
    const id = await createCompany(publicApp.database.db, 'Public');
    await createUser(publicApp.database.db, { username: 'publicSubscriber', password: PASSWORD, userType: '3', companyId: id, roles: ['ENTERPRISE_ADMIN'] });
    publicToken = await signIn(publicApp.app, 'publicSubscriber', PASSWORD);
    const res = await publicApp.app.inject({ method: 'POST', url: '/acc/epcis/queries', payload: { name: 'all', query: {} }, headers: { 'x-rd-request-apitoken': publicToken } });
    expect(res.statusCode).toBe(201);
  });
  afterAll(() => publicApp.close());

  it('refuses private, loopback, link-local and plain-http addresses, and the server itself', async () => {
    for (const dest of [hookUrl, 'https://127.0.0.1/hook', 'https://10.1.2.3/hook', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/hook', 'https://localhost/hook', 'http://partner.example.com/hook', `${BASE}/acc/epcis/capture`]) {
      const res = await publicApp.app.inject({ method: 'POST', url: '/acc/epcis/queries/all/subscriptions', payload: { dest, stream: true }, headers: { 'x-rd-request-apitoken': publicToken } });
      expect(res.statusCode, dest).toBe(400);
      expect((res.json() as { errors: Array<{ field: string }> }).errors.map((e) => e.field), dest).toEqual(['dest']);
    }
    const fine = await publicApp.app.inject({ method: 'POST', url: '/acc/epcis/queries/all/subscriptions', payload: { dest: 'https://partner.example.com/hook', stream: true }, headers: { 'x-rd-request-apitoken': publicToken } });
    expect(fine.statusCode).toBe(201);
  });
});
