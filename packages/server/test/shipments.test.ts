import type { DealerRow, PageResult, ShipmentRow, ShipmentScanResult } from '@rd/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epcisSchemaProblems } from '../src/modules/epcis/documentSchema.js';
import { packingCodes } from './support/boxFixtures.js';
import { createCompany, createRole, createUser } from './support/fixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';
import { zipEntries } from './support/zipEntries.js';

const PASSWORD = 'Ship-Pass-1';
const BASE = 'https://trace.example.cn';
let t: TestApp;
let companyA: string;
let companyB: string;
let adminA: string;
let adminB: string;
let shipperA: string;
let dealer1: DealerRow;
let dealer2: DealerRow;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_BASE_URL: BASE, LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  companyA = await createCompany(db, 'Ship A');
  companyB = await createCompany(db, 'Ship B');
  await createUser(db, { username: 'shipAdminA', name: '王小明', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'shipAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  await createRole(db, { code: 'SHIPPER', companyId: companyA, menuCodes: ['shipment', 'supply:shipment:ship'] });
  // a person who gave no name: named by the login name
  await createUser(db, { username: 'shipperA', name: '', password: PASSWORD, userType: '3', companyId: companyA, roles: ['SHIPPER'] });
  adminA = await signIn(t.app, 'shipAdminA', PASSWORD);
  adminB = await signIn(t.app, 'shipAdminB', PASSWORD);
  shipperA = await signIn(t.app, 'shipperA', PASSWORD);
  const addDealer = async (code: string, areaCodes: string[]) =>
    (await call<DealerRow>(t.app, 'POST', '/acc/api/dealer/add', { token: adminA, body: { code, name: `Dealer ${code}`, level: 1, areaCodes } })).body.data;
  dealer1 = await addDealer('D1', ['330000']);
  dealer2 = await addDealer('D2', ['440000']);
});
afterAll(() => t.close());

/** Activated items, boxes holding some of them, and a pallet (a box) holding the boxes. */
async function goods(companyId: string, items: number, boxes: number, perBox: number) {
  const db = t.database.db;
  const made = await packingCodes(db, companyId, { items, boxes: boxes + 1 });
  await db.updateTable('code').set({ status: 'ACTIVATED', activated_at: new Date() }).where('code', 'in', made.items).execute();
  const ids = new Map((await db.selectFrom('code').select(['id', 'code']).where('code', 'in', [...made.items, ...made.boxes]).execute()).map((r) => [r.code, r.id]));
  const pallet = made.boxes[boxes] as string;
  for (let b = 0; b < boxes; b += 1) {
    const box = made.boxes[b] as string;
    for (const item of made.items.slice(b * perBox, (b + 1) * perBox)) {
      await db.insertInto('box_item').values({ item_code_id: ids.get(item) as string, box_code_id: ids.get(box) as string, company_id: companyId }).execute();
    }
    await db.insertInto('box_item').values({ item_code_id: ids.get(box) as string, box_code_id: ids.get(pallet) as string, company_id: companyId }).execute();
  }
  return { items: made.items, boxes: made.boxes.slice(0, boxes), pallet };
}

const open = async (token: string, dealerId: string, kind: 'OUTBOUND' | 'RETURN' = 'OUTBOUND') =>
  (await call<ShipmentRow>(t.app, 'POST', kind === 'OUTBOUND' ? '/acc/api/shipment/add' : '/acc/api/shipment/return/add', { token, body: { dealerId } })).body;
const scan = (token: string, id: string, codes: string[], kind = '', more: Record<string, unknown> = {}) =>
  call<ShipmentScanResult>(t.app, 'POST', `/acc/api/shipment${kind}/scan`, { token, body: { id, codes, ...more } });
const complete = (token: string, id: string, kind = '') => call(t.app, 'POST', `/acc/api/shipment${kind}/complete`, { token, body: { id } });
const errors = (res: { body: { errors?: Array<{ field: string; message: string }> } }) => Object.fromEntries((res.body.errors ?? []).map((e) => [e.field, e.message]));
/** What a person reads must not carry request paths such as `codes.0:`. */
const PATH_IN_TEXT = /\b(?:codes|itemCodes|boxCode)(?:\.\d+)?\s*:/;
const lines = async (token: string, id: string) =>
  (await call<PageResult<{ code: string; isBox: boolean; viaBox: string | null }>>(t.app, 'POST', '/acc/api/shipment/lines', { token, body: { id, pageSize: 100 } })).body.data.list;

async function eventsOf(orderNo: string) {
  const rows = await t.database.db
    .selectFrom('epcis_event')
    .select(['body', 'biz_step', 'disposition'])
    .where('company_id', '=', companyA)
    .where(sql<boolean>`body->'bizTransactionList'->0->>'bizTransaction' LIKE ${`%/shipment/${orderNo}`}`)
    .orderBy('id')
    .execute();
  return rows;
}

describe('outbound orders', () => {
  it('ships a pallet of boxes (nested) and loose items, counts them, and refuses every bad code in one call', async () => {
    const g = await goods(companyA, 14, 4, 3); // 4 boxes × 3 items on a pallet, 2 loose items
    const order = await open(adminA, dealer1.id);
    expect(order.code, order.msg).toBe('SUCCESS');
    expect(order.data.orderNo).toMatch(/^CK\d{8}-0001$/);
    const loose = g.items.slice(12) as [string, string];

    const res = await scan(adminA, order.data.id, [g.pallet, loose[0]]);
    expect(res.body.code, res.body.msg).toBe('SUCCESS');
    expect(res.body.data).toEqual({ addedItems: 13, addedBoxes: 5, unchanged: 0, itemCount: 13, boxCount: 5, unpacked: [] });
    const again = await scan(adminA, order.data.id, [g.pallet, g.boxes[0] as string, loose[0]]);
    expect(again.body.data).toMatchObject({ addedItems: 0, unchanged: 3, itemCount: 13 });

    // refused whole: an unknown code, another company's, a voided item, a box holding an unactivated item
    const other = await packingCodes(t.database.db, companyB, { items: 1, boxes: 0 });
    const spoilt = await goods(companyA, 3, 1, 3);
    await t.database.db.updateTable('code').set({ status: 'NOT_ACTIVATED' }).where('code', '=', spoilt.items[1] as string).execute();
    const voided = await goods(companyA, 1, 0, 0);
    await t.database.db.updateTable('code').set({ status: 'VOIDED' }).where('code', '=', voided.items[0] as string).execute();
    const bad = await scan(adminA, order.data.id, [loose[1], 'NOSUCHCODE0001', other.items[0] as string, voided.items[0] as string, spoilt.boxes[0] as string]);
    expect(bad.status).toBe(409);
    expect(bad.body.code).toBe('CODES_REJECTED');
    const why = errors(bad);
    expect(Object.keys(why).sort()).toEqual(['codes.1', 'codes.2', 'codes.3', 'codes.4']);
    expect(why['codes.2']).toBe(why['codes.1']);
    expect(why['codes.3']).toBe('标签码已作废');
    expect(why['codes.4']).toBe(`箱内的 ${spoilt.items[1]}：标签码未激活`);
    // the message a person reads names the codes, not their places in the request
    expect(bad.body.msg).toBe(
      `未保存：第 2 个码（标签码不存在）；第 3 个码（标签码不存在）；${voided.items[0]}（标签码已作废）；${spoilt.boxes[0]}（箱内的 ${spoilt.items[1]}：标签码未激活）`,
    );
    expect(bad.body.msg).not.toMatch(PATH_IN_TEXT);
    expect(bad.body.msg).not.toContain(other.items[0]);
    const after = await call<ShipmentRow>(t.app, 'GET', '/acc/api/shipment/getById', { token: adminA, query: { id: order.data.id } });
    expect(after.body.data.itemCount).toBe(13);

    // a code in this open order cannot go into another one
    const second = await open(adminA, dealer2.id);
    const taken = await scan(adminA, second.data.id, [g.boxes[1] as string], '');
    expect(errors(taken)['codes.0']).toBe(`箱内的 ${g.items[3]}：已在未完成的出入库单 ${order.data.orderNo} 中`);

    // complete: the items are at the dealer, with a shipping event naming the dealer and the order
    expect((await complete(adminA, order.data.id)).body.code).toBe('SUCCESS');
    const placed = await t.database.db.selectFrom('code_shipment').select(sql<number>`count(*)::int`.as('n')).where('dealer_id', '=', dealer1.id).executeTakeFirstOrThrow();
    expect(placed.n).toBe(13);
    const [shipping, ...more] = await eventsOf(order.data.orderNo);
    expect(more).toEqual([]);
    expect(shipping?.biz_step).toBe('shipping');
    expect(shipping?.body).toMatchObject({
      action: 'OBSERVE',
      disposition: 'in_transit',
      destinationList: [{ type: 'owning_party', destination: `${BASE}/party/${companyA}/dealer/D1` }],
      sourceList: [{ type: 'owning_party', source: `${BASE}/party/${companyA}` }],
    });
    expect((shipping?.body['epcList'] as string[]).length).toBe(18);
    expect(epcisSchemaProblems({ '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'], type: 'EPCISDocument', schemaVersion: '2.0', creationDate: new Date().toISOString(), epcisBody: { eventList: [shipping?.body] } })).toEqual([]);

    // shipped goods are refused by the next order, naming the dealer; a completed order is closed
    const shippedAgain = await scan(adminA, second.data.id, [loose[0]]);
    expect(errors(shippedAgain)['codes.0']).toBe('已出库给经销商 Dealer D1，尚未退回');
    expect((await scan(adminA, order.data.id, [loose[1]])).body.code).toBe('SHIPMENT_NOT_OPEN');

    // the dealer confirms the receipt once
    expect((await call(t.app, 'POST', '/acc/api/shipment/receive', { token: adminA, body: { id: order.data.id } })).body.code).toBe('SUCCESS');
    expect((await call(t.app, 'POST', '/acc/api/shipment/receive', { token: adminA, body: { id: order.data.id } })).body.code).toBe('SHIPMENT_NOT_RECEIVABLE');
    const steps = (await eventsOf(order.data.orderNo)).map((e) => `${e.biz_step}/${e.disposition}`);
    expect(steps).toEqual(['shipping/in_transit', 'receiving/in_progress']);
  });

  it('brings goods back with a return from the dealer that has them, and frees cancelled orders', async () => {
    const g = await goods(companyA, 3, 0, 0);
    const out = await open(adminA, dealer1.id);
    await scan(adminA, out.data.id, g.items);
    await complete(adminA, out.data.id);

    const wrongDealer = await open(adminA, dealer2.id, 'RETURN');
    expect(wrongDealer.data.orderNo).toMatch(/^TH\d{8}-\d{4}$/);
    expect(errors(await scan(adminA, wrongDealer.data.id, [g.items[0] as string], '/return'))['codes.0']).toBe('不在该经销商处');
    const back = await open(adminA, dealer1.id, 'RETURN');
    expect((await scan(adminA, back.data.id, [g.items[0] as string], '/return')).body.data.itemCount).toBe(1);
    // an outbound call does not reach a return
    expect((await scan(adminA, back.data.id, [g.items[1] as string])).status).toBe(404);
    expect((await complete(adminA, back.data.id, '/return')).body.code).toBe('SUCCESS');
    const [returned] = await eventsOf(back.data.orderNo);
    expect(returned).toMatchObject({ biz_step: 'receiving', disposition: 'returned' });
    expect(returned?.body['sourceList']).toEqual([{ type: 'owning_party', source: `${BASE}/party/${companyA}/dealer/D1` }]);

    // back home: it can be shipped again; a cancelled order leaves its codes free
    const next = await open(adminA, dealer2.id);
    expect((await scan(adminA, next.data.id, [g.items[0] as string])).body.code).toBe('SUCCESS');
    expect((await call(t.app, 'POST', '/acc/api/shipment/cancel', { token: adminA, body: { id: next.data.id } })).body.code).toBe('SUCCESS');
    const again = await open(adminA, dealer2.id);
    expect((await scan(adminA, again.data.id, [g.items[0] as string])).body.code).toBe('SUCCESS');
    expect((await complete(adminA, (await open(adminA, dealer2.id)).data.id)).body.code).toBe('SHIPMENT_EMPTY');
  });

  it('refuses a code scanned alone while it sits in a box, unless asked to take it out of the box', async () => {
    const g = await goods(companyA, 6, 2, 3); // a pallet of 2 boxes × 3 items
    const [box1, box2] = g.boxes as [string, string];
    const [inBox1] = g.items as [string];
    const order = await open(adminA, dealer1.id);

    // alone: refused with the box it is in, in the words a shipper reads (no request path), nothing added
    const alone = await scan(adminA, order.data.id, [inBox1]);
    expect(alone.status).toBe(409);
    expect(alone.body.errors).toEqual([{ field: 'codes.0', reason: 'IN_BOX', message: `在箱 ${box1} 中：请扫描箱码整箱加入，或从箱中取出后单独加入` }]);
    expect(alone.body.msg).toBe(`未保存：${inBox1}（在箱 ${box1} 中：请扫描箱码整箱加入，或从箱中取出后单独加入）`);
    expect(alone.body.msg).not.toMatch(PATH_IN_TEXT);
    const english = await call(t.app, 'POST', '/acc/api/shipment/scan', { token: adminA, body: { id: order.data.id, codes: [inBox1], lang: 'en_US' } });
    expect(english.body.msg).toBe(`Nothing was saved: ${inBox1} (inside box ${box1}: scan the box to add it whole, or take it out of the box to add it alone)`);
    // a box on a pallet is no different
    expect(errors(await scan(adminA, order.data.id, [box2]))).toEqual({ 'codes.0': `在箱 ${g.pallet} 中：请扫描箱码整箱加入，或从箱中取出后单独加入` });
    expect((await call<ShipmentRow>(t.app, 'GET', '/acc/api/shipment/getById', { token: adminA, query: { id: order.data.id } })).body.data.itemCount).toBe(0);

    // with its box (in either order, or once the box is in) it goes in with the box
    const together = await scan(adminA, order.data.id, [inBox1, g.pallet]);
    expect(together.body.code, together.body.msg).toBe('SUCCESS');
    expect(together.body.data).toMatchObject({ addedItems: 6, addedBoxes: 3, unchanged: 1, unpacked: [] });
    expect((await lines(adminA, order.data.id)).find((l) => l.code === inBox1)?.viaBox).toBe(g.pallet);
    // and it cannot leave the order without its box
    const unscan = await call(t.app, 'POST', '/acc/api/shipment/unscan', { token: adminA, body: { id: order.data.id, codes: [inBox1] } });
    expect(unscan.body.errors).toEqual([{ field: 'codes.0', reason: 'CAME_WITH_BOX', message: `随箱 ${g.pallet} 加入本单：请移除整箱` }]);
    expect((await call(t.app, 'POST', '/acc/api/shipment/cancel', { token: adminA, body: { id: order.data.id } })).body.code).toBe('SUCCESS');

    // asked to: it leaves its box (history and box contents say so) and goes in alone
    const next = await open(adminA, dealer1.id);
    const taken = await scan(adminA, next.data.id, [inBox1], '', { unpack: true });
    expect(taken.body.code, taken.body.msg).toBe('SUCCESS');
    expect(taken.body.data).toEqual({ addedItems: 1, addedBoxes: 0, unchanged: 0, itemCount: 1, boxCount: 0, unpacked: [{ code: inBox1, boxCode: box1 }] });
    expect((await lines(adminA, next.data.id)).map((l) => [l.code, l.viaBox])).toEqual([[inBox1, null]]);
    const contents = await call<{ total: number }>(t.app, 'GET', '/acc/api/boxCodeRelation/queryListByBoxCode', { token: adminA, query: { boxCode: box1 } });
    expect(contents.body.data.total).toBe(2);
    const history = await call<PageResult<{ action: string; epcisAction: string; boxCode: string; userName: string | null }>>(t.app, 'GET', '/acc/api/boxCodeRelation/history', {
      token: adminA,
      query: { itemCode: inBox1 },
    });
    expect(history.body.data.list[0]).toMatchObject({ action: 'UNPACK', epcisAction: 'DELETE', boxCode: box1 });
    // the box it left ships without it
    const rest = await scan(adminA, next.data.id, [box1], '', { unpack: true });
    expect(rest.body.data).toMatchObject({ addedItems: 2, addedBoxes: 1, itemCount: 3, unpacked: [{ code: box1, boxCode: g.pallet }] });
    expect((await complete(adminA, next.data.id)).body.code).toBe('SUCCESS');
  });

  it('asks the same of a return: an item in a box at the dealer comes back alone only when taken out', async () => {
    const g = await goods(companyA, 2, 1, 2);
    const out = await open(adminA, dealer2.id);
    expect((await scan(adminA, out.data.id, [g.pallet])).body.code).toBe('SUCCESS');
    expect((await complete(adminA, out.data.id)).body.code).toBe('SUCCESS');
    const back = await open(adminA, dealer2.id, 'RETURN');
    expect(errors(await scan(adminA, back.data.id, [g.items[0] as string], '/return'))).toEqual({
      'codes.0': `在箱 ${g.boxes[0]} 中：请扫描箱码整箱加入，或从箱中取出后单独加入`,
    });
    const taken = await scan(adminA, back.data.id, [g.items[0] as string], '/return', { unpack: true });
    expect(taken.body.data).toMatchObject({ itemCount: 1, unpacked: [{ code: g.items[0], boxCode: g.boxes[0] }] });
  });

  it('lists orders with filters, their lines, and keeps each company and permission to itself', async () => {
    const list = await call<PageResult<ShipmentRow>>(t.app, 'POST', '/acc/api/shipment/pageList', { token: adminA, body: { dealerId: dealer1.id, kind: 'OUTBOUND', status: 'RECEIVED' } });
    expect(list.body.data.total).toBe(1);
    const received = list.body.data.list[0] as ShipmentRow;
    // who made the order (制单人): by name, the login name apart; createdBy stays the login name for existing clients
    expect(received).toMatchObject({ createdBy: 'shipAdminA', createdByName: '王小明', createdByUsername: 'shipAdminA' });
    const one = await call<ShipmentRow>(t.app, 'GET', '/acc/api/shipment/getById', { token: adminA, query: { id: received.id } });
    expect(one.body.data).toMatchObject({ createdByName: '王小明', createdByUsername: 'shipAdminA' });
    const lines = await call<PageResult<{ code: string; isBox: boolean; viaBox: string | null }>>(t.app, 'POST', '/acc/api/shipment/lines', { token: adminA, body: { id: received.id, pageSize: 100 } });
    expect(lines.body.data.total).toBe(18);
    expect(lines.body.data.list.filter((l) => l.isBox)).toHaveLength(5);

    // the order's EPCIS document: its codes' shipping and receiving, valid by GS1's schema
    const exported = await t.app.inject({ method: 'GET', url: '/acc/epcis/export', query: { shipmentId: received.id }, headers: { 'x-rd-request-apitoken': adminA } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(exported.headers['content-disposition']).toContain(`EPCIS-${received.orderNo}.jsonld`);
    const document = exported.json() as { epcisBody: { eventList: Array<Record<string, unknown>> } };
    expect(epcisSchemaProblems(document)).toEqual([]);
    expect(document.epcisBody.eventList.map((e) => e['bizStep'])).toEqual(['shipping', 'receiving']);
    expect((await t.app.inject({ method: 'GET', url: '/acc/epcis/export', query: { shipmentId: received.id }, headers: { 'x-rd-request-apitoken': adminB } })).statusCode).toBe(404);

    const sheet = await t.app.inject({ method: 'POST', url: '/acc/api/shipment/export', headers: { 'x-rd-request-apitoken': adminA }, payload: { status: 'RECEIVED' } });
    expect(sheet.statusCode).toBe(200);
    const rows = zipEntries(sheet.rawPayload).find((e) => e.name === 'xl/worksheets/sheet1.xml')?.data.toString('utf8') ?? '';
    expect(rows).toContain(received.orderNo);
    expect(rows).toContain('已收货');
    expect(rows).toContain('王小明');
    expect(rows).not.toContain('shipAdminA');
    expect((await call(t.app, 'POST', '/acc/api/shipment/pageList', { token: adminB, body: {} })).body).toMatchObject({ data: { total: 0 } });
    expect((await call(t.app, 'GET', '/acc/api/shipment/getById', { token: adminB, query: { id: received.id } })).status).toBe(404);
    expect((await call(t.app, 'POST', '/acc/api/shipment/add', { token: adminB, body: { dealerId: dealer1.id } })).status).toBe(404);
    // a shipper may ship but not take returns or confirm receipts
    const shippers = await open(shipperA, dealer1.id);
    expect(shippers.code).toBe('SUCCESS');
    expect(shippers.data).toMatchObject({ createdBy: 'shipperA', createdByName: 'shipperA', createdByUsername: 'shipperA' });
    expect((await call(t.app, 'POST', '/acc/api/shipment/return/add', { token: shipperA, body: { dealerId: dealer1.id } })).status).toBe(403);
    expect((await call(t.app, 'POST', '/acc/api/shipment/receive', { token: shipperA, body: { id: received.id } })).status).toBe(403);
    // a dealer with orders cannot be deleted
    expect((await call(t.app, 'POST', '/acc/api/dealer/delete', { token: adminA, body: { id: dealer2.id } })).body.code).toBe('DEALER_IN_USE');
  });
});
