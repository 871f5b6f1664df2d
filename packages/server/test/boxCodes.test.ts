import type { BoxBindResult, BoxContents, BoxEvent, BoxSummary, BoxUnbindResult, CodeDetail, CodeItem, PageResult } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createRole, createUser } from './support/fixtures.js';
import { packingCodes as codesOfCompany } from './support/boxFixtures.js';
import { insertProductWithBatch } from './support/codeFixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Box-Pass-1';
const API = '/acc/api/boxCodeRelation';

let t: TestApp;
let companyA: string;
let adminA: string;
let adminB: string;
let noBindA: string;
let productBatch: { productId: string; batchId: string };

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  companyA = await createCompany(db, 'Boxes A');
  const companyB = await createCompany(db, 'Boxes B');
  await createUser(db, { username: 'boxAdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'boxAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  await createRole(db, { code: 'BOX_VIEWER', companyId: companyA, menuCodes: ['tagDetail'] });
  await createUser(db, { username: 'boxViewerA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['BOX_VIEWER'] });
  adminA = await signIn(t.app, 'boxAdminA', PASSWORD);
  adminB = await signIn(t.app, 'boxAdminB', PASSWORD);
  noBindA = await signIn(t.app, 'boxViewerA', PASSWORD);
  productBatch = await insertProductWithBatch(db, companyA, { batchNo: 'BOX-B1' });
});
afterAll(() => t.close());

const bind = (token: string, body: unknown) => call<BoxBindResult>(t.app, 'POST', `${API}/bind`, { token, body });
const unbind = (token: string, body: unknown) => call<BoxUnbindResult>(t.app, 'POST', `${API}/unbind`, { token, body });
const contents = (token: string, boxCode: string, page: Record<string, string> = {}) =>
  call<BoxContents>(t.app, 'GET', `${API}/queryListByBoxCode`, { token, query: { boxCode, ...page } });
const history = (token: string, query: Record<string, string>) => call<PageResult<BoxEvent>>(t.app, 'GET', `${API}/history`, { token, query });
/** Codes for packing, the items in force (packing refuses items that are not; see 'what shipping would refuse'). */
const packingCodes = (db: TestApp['database']['db'], companyId: string, counts: { items: number; boxes: number }, refs: { productId?: string; batchId?: string } = {}) =>
  codesOfCompany(db, companyId, counts, { ...refs, activated: true });
const errorsOf = (res: { body: { errors?: Array<{ field: string; message: string }> } }) =>
  Object.fromEntries((res.body.errors ?? []).map((e) => [e.field, e.message]));

describe('packing items into boxes', () => {
  it('packs items, lists them with product and batch in packing order, paged; packing again changes nothing', async () => {
    const { items, boxes } = await packingCodes(t.database.db, companyA, { items: 5, boxes: 1 }, productBatch);
    const box = boxes[0] as string;
    const first = await bind(adminA, { boxCode: box.toLowerCase(), itemCodes: items.slice(0, 3) });
    expect(first.body.code, first.body.msg).toBe('SUCCESS');
    expect(first.body.data).toEqual({ boxCode: box, packed: 3, moved: 0, unchanged: 0, itemCount: 3, movedFrom: [] });

    // The same label read twice, plus two new ones: the repeat is counted as unchanged.
    const second = await bind(adminA, { boxCode: box, itemCodes: [items[2], items[3], items[3], items[4]] });
    expect(second.body.data).toEqual({ boxCode: box, packed: 2, moved: 0, unchanged: 1, itemCount: 5, movedFrom: [] });

    const page1 = await contents(adminA, box, { pageNum: '1', pageSize: '2' });
    expect(page1.body.code).toBe('SUCCESS');
    expect(page1.body.data.box).toMatchObject({ code: box, status: 'NOT_ACTIVATED' });
    expect(page1.body.data.total).toBe(5);
    expect(page1.body.data.list).toHaveLength(2);
    expect(page1.body.data.list[0]).toMatchObject({ productName: 'Melon', batchNo: 'BOX-B1', packedBy: 'boxAdminA' });
    const all = await contents(adminA, box, { pageSize: '100' });
    expect(new Set(all.body.data.list.map((i) => i.itemCode))).toEqual(new Set(items));
  });

  it('refuses, all or none, naming each code: unknown, another company’s, wrong kind, voided', async () => {
    const db = t.database.db;
    const a = await packingCodes(db, companyA, { items: 4, boxes: 2 });
    const companyB = (await db.selectFrom('company').select('id').where('full_name', '=', 'Boxes B').executeTakeFirstOrThrow()).id;
    const b = await packingCodes(db, companyB, { items: 1, boxes: 1 });
    await db.updateTable('code').set({ status: 'VOIDED' }).where('code', '=', a.items[3] as string).execute();

    const res = await bind(adminA, {
      boxCode: a.boxes[0],
      itemCodes: [a.items[0], 'NOSUCHCODE0001', b.items[0], a.boxes[1], a.items[3]],
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CODES_REJECTED');
    const errors = errorsOf(res);
    expect(Object.keys(errors).sort()).toEqual(['itemCodes.1', 'itemCodes.2', 'itemCodes.3', 'itemCodes.4']);
    // Another company's code reads exactly like an unknown one.
    expect(errors['itemCodes.2']).toBe(errors['itemCodes.1']);
    expect(errors['itemCodes.1']).toBe('标签码不存在');
    expect(errors['itemCodes.3']).toContain('不是单品码');
    expect(errors['itemCodes.4']).toContain('作废');
    // Nothing was packed, not even the good item.
    expect((await contents(adminA, a.boxes[0] as string)).body.data.total).toBe(0);

    // The box itself: an item code, another company's box, a voided box.
    expect(errorsOf(await bind(adminA, { boxCode: a.items[1], itemCodes: [a.items[0]] }))).toEqual({ boxCode: expect.stringContaining('不是箱码') });
    const foreignBox = await bind(adminA, { boxCode: b.boxes[0], itemCodes: [a.items[0]] });
    expect(errorsOf(foreignBox)).toEqual({ boxCode: '标签码不存在' });
    expect(JSON.stringify(foreignBox.body)).not.toContain(b.boxes[0]);
    await db.updateTable('code').set({ status: 'VOIDED' }).where('code', '=', a.boxes[1] as string).execute();
    const english = await call(t.app, 'POST', `${API}/bind`, {
      token: adminA,
      body: { boxCode: a.boxes[1], itemCodes: [a.items[0]], lang: 'en_US' },
    });
    expect(english.body.msg).toContain('voided');
    expect((await contents(adminB, a.boxes[0] as string)).body.code).toBe('NOT_FOUND');
    // Viewing: the company's own item code is "not a box code"; another company's box is not found.
    expect(errorsOf(await contents(adminA, a.items[0] as string))).toEqual({ boxCode: expect.stringContaining('不是箱码') });
    expect((await contents(adminA, b.boxes[0] as string)).body.code).toBe('NOT_FOUND');
  });

  it('refuses an item that is in another box unless it is moved; moves and unpacking are in the history', async () => {
    const { items, boxes } = await packingCodes(t.database.db, companyA, { items: 3, boxes: 2 });
    const [boxA, boxB] = boxes as [string, string];
    expect((await bind(adminA, { boxCode: boxA, itemCodes: items })).body.data.itemCount).toBe(3);

    const refused = await bind(adminA, { boxCode: boxB, itemCodes: [items[0]] });
    expect(refused.body.code).toBe('CODES_REJECTED');
    expect(errorsOf(refused)['itemCodes.0']).toBe(`已装入箱 ${boxA}（如需转箱，请选择转箱）`);

    const moved = await bind(adminA, { boxCode: boxB, itemCodes: [items[0]], move: true });
    expect(moved.body.data).toEqual({ boxCode: boxB, packed: 0, moved: 1, unchanged: 0, itemCount: 1, movedFrom: [{ itemCode: items[0], boxCode: boxA }] });
    expect((await contents(adminA, boxA)).body.data.total).toBe(2);

    // One item out of A; an item not in A is refused and nothing is taken out.
    const notIn = await unbind(adminA, { boxCode: boxA, itemCodes: [items[1], items[0]] });
    expect(notIn.body.code).toBe('CODES_REJECTED');
    expect(errorsOf(notIn)).toEqual({ 'itemCodes.1': '不在该箱中' });
    expect((await unbind(adminA, { boxCode: boxA, itemCodes: [items[1]] })).body.data).toEqual({ removed: 1, itemCount: 1 });
    // The whole of B.
    expect((await unbind(adminA, { boxCode: boxB })).body.data).toEqual({ removed: 1, itemCount: 0 });

    const ofA = await history(adminA, { boxCode: boxA, pageSize: '50' });
    expect(ofA.body.data.list.map((e) => [e.action, e.epcisAction, e.itemCode, e.fromBoxCode])).toEqual([
      ['UNPACK', 'DELETE', items[1], null],
      ['MOVE', 'ADD', items[0], boxA],
      ['PACK', 'ADD', items[2], null],
      ['PACK', 'ADD', items[1], null],
      ['PACK', 'ADD', items[0], null],
    ]);
    const ofItem = await history(adminA, { itemCode: items[0] as string });
    expect(ofItem.body.data.list.map((e) => [e.action, e.boxCode, e.userName])).toEqual([
      ['UNPACK', boxB, 'boxAdminA'],
      ['MOVE', boxB, 'boxAdminA'],
      ['PACK', boxA, 'boxAdminA'],
    ]);
    expect((await history(adminB, { itemCode: items[0] as string })).body.code).toBe('NOT_FOUND');
  });

  it('needs the bind permission and a company account', async () => {
    const { items, boxes } = await packingCodes(t.database.db, companyA, { items: 1, boxes: 1 });
    expect((await bind(noBindA, { boxCode: boxes[0], itemCodes: items })).body.code).toBe('ACCESS_DENIED_ERROR');
    expect((await contents(noBindA, boxes[0] as string)).body.code).toBe('ACCESS_DENIED_ERROR');
    const platform = await signIn(t.app, 'admin', 'Admin-Test-Pass-1');
    expect((await bind(platform, { boxCode: boxes[0], itemCodes: items })).body.code).toBe('COMPANY_REQUIRED');
  });

  it('shows the public only counts per product, and nothing for item, voided or unknown codes', async () => {
    const db = t.database.db;
    const { items, boxes } = await packingCodes(db, companyA, { items: 3, boxes: 1 }, productBatch);
    const loose = await packingCodes(db, companyA, { items: 1, boxes: 0 });
    await bind(adminA, { boxCode: boxes[0], itemCodes: [...items, ...loose.items] });
    const res = await call<BoxSummary>(t.app, 'GET', `${API}/summary`, { query: { code: boxes[0] as string } });
    expect(res.body.code).toBe('SUCCESS');
    expect(res.body.data).toEqual({ boxCode: boxes[0], itemCount: 4, products: [{ productName: 'Melon', count: 3 }, { productName: '', count: 1 }] });
    for (const item of items) expect(JSON.stringify(res.body)).not.toContain(item);
    expect((await call(t.app, 'GET', `${API}/summary`, { query: { code: items[0] as string } })).body.code).toBe('NOT_FOUND');
    expect((await call(t.app, 'GET', `${API}/summary`, { query: { code: 'NOSUCHBOX' } })).body.code).toBe('NOT_FOUND');
  });

  it('filters the code list by box and names the box in a code’s detail', async () => {
    const { items, boxes } = await packingCodes(t.database.db, companyA, { items: 3, boxes: 1 });
    await bind(adminA, { boxCode: boxes[0], itemCodes: items.slice(0, 2) });
    const list = await call<PageResult<CodeItem>>(t.app, 'POST', '/acc/api/code/pageList', {
      token: adminA,
      body: { boxCode: (boxes[0] as string).toLowerCase(), pageSize: 50 },
    });
    expect(list.body.code, list.body.msg).toBe('SUCCESS');
    expect(new Set(list.body.data.list.map((c) => c.code))).toEqual(new Set(items.slice(0, 2)));
    expect((await call<PageResult<CodeItem>>(t.app, 'POST', '/acc/api/code/pageList', { token: adminB, body: { boxCode: boxes[0] } })).body.data.total).toBe(0);
    const inBox = await call<CodeDetail>(t.app, 'GET', '/acc/api/code/getByCode', { token: adminA, query: { code: items[0] as string } });
    expect(inBox.body.data.boxCode).toBe(boxes[0]);
    const loose = await call<CodeDetail>(t.app, 'GET', '/acc/api/code/getByCode', { token: adminA, query: { code: items[2] as string } });
    expect(loose.body.data.boxCode).toBeNull();
  });
});

/** What a person reads must not carry request paths such as `itemCodes.0:` or `boxCode:`. */
const PATH_IN_TEXT = /\b(?:itemCodes|codes|boxCode)(?:\.\d+)?\s*:/;

describe('packing refuses what shipping would refuse the box for', () => {
  it('refuses an item that is not activated (not bound to a batch), naming it and why, in both languages', async () => {
    const db = t.database.db;
    const loose = await codesOfCompany(db, companyA, { items: 2, boxes: 1 });
    const [box] = loose.boxes as [string];
    const [item, other] = loose.items as [string, string];

    const refused = await bind(adminA, { boxCode: box, itemCodes: [item] });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CODES_REJECTED');
    expect(refused.body.errors).toEqual([
      { field: 'itemCodes.0', reason: 'PACK_NOT_ACTIVATED', message: '标签码未激活，不能装箱（请先在“生产赋码”绑定批次；未激活的单品出库时会被拒绝）' },
    ]);
    expect(refused.body.msg).toBe(`未保存：${item}（标签码未激活，不能装箱（请先在“生产赋码”绑定批次；未激活的单品出库时会被拒绝））`);
    expect(refused.body.msg).not.toMatch(PATH_IN_TEXT);
    const english = await call(t.app, 'POST', `${API}/bind`, { token: adminA, body: { boxCode: box, itemCodes: [item, other], lang: 'en_US' } });
    expect(english.body.msg).toBe(
      `Nothing was saved: ${item} (the code is not activated, so it cannot be packed (bind it to a batch first under “Bind codes to a batch”; shipping refuses items not activated)); ${other} (the code is not activated, so it cannot be packed (bind it to a batch first under “Bind codes to a batch”; shipping refuses items not activated))`,
    );
    expect((await contents(adminA, box)).body.data.total).toBe(0);

    // bound to a batch (and so in force) on the production line, it packs, and the box ships
    const bound = await call(t.app, 'POST', '/acc/api/code/bindBatch', { token: adminA, body: { batchId: productBatch.batchId, codes: [item] } });
    expect(bound.body.code, bound.body.msg).toBe('SUCCESS');
    expect((await bind(adminA, { boxCode: box, itemCodes: [item] })).body.data).toMatchObject({ packed: 1, itemCount: 1 });
    const dealer = (await call<{ id: string }>(t.app, 'POST', '/acc/api/dealer/add', { token: adminA, body: { code: 'PACK-D1', name: 'Packing dealer', level: 1, areaCodes: ['330000'] } })).body.data;
    const order = (await call<{ id: string }>(t.app, 'POST', '/acc/api/shipment/add', { token: adminA, body: { dealerId: dealer.id } })).body.data;
    const shipped = await call(t.app, 'POST', '/acc/api/shipment/scan', { token: adminA, body: { id: order.id, codes: [box] } });
    expect(shipped.body.code, shipped.body.msg).toBe('SUCCESS');
  });

  it('refuses a box or an item an open order holds, and an item at a dealer; an ordered box is not unpacked', async () => {
    const db = t.database.db;
    const { items, boxes } = await packingCodes(db, companyA, { items: 4, boxes: 2 });
    const [boxA, boxB] = boxes as [string, string];
    expect((await bind(adminA, { boxCode: boxA, itemCodes: [items[0]] })).body.code).toBe('SUCCESS');
    const dealer = (await call<{ id: string }>(t.app, 'POST', '/acc/api/dealer/add', { token: adminA, body: { code: 'PACK-D2', name: '包装测试经销商', level: 1, areaCodes: ['440000'] } })).body.data;
    const order = (await call<{ id: string; orderNo: string }>(t.app, 'POST', '/acc/api/shipment/add', { token: adminA, body: { dealerId: dealer.id } })).body.data;
    expect((await call(t.app, 'POST', '/acc/api/shipment/scan', { token: adminA, body: { id: order.id, codes: [boxA, items[1]] } })).body.code).toBe('SUCCESS');

    // the ordered box takes no more items and gives none up; an ordered loose item goes into no box
    expect(errorsOf(await bind(adminA, { boxCode: boxA, itemCodes: [items[2]] }))).toEqual({ boxCode: `已在未完成的出入库单 ${order.orderNo} 中` });
    expect(errorsOf(await unbind(adminA, { boxCode: boxA }))).toEqual({ boxCode: `已在未完成的出入库单 ${order.orderNo} 中` });
    expect(errorsOf(await bind(adminA, { boxCode: boxB, itemCodes: [items[1]] }))).toEqual({ 'itemCodes.0': `已在未完成的出入库单 ${order.orderNo} 中` });
    expect(errorsOf(await bind(adminA, { boxCode: boxB, itemCodes: [items[0]], move: true }))).toEqual({ 'itemCodes.0': `已在未完成的出入库单 ${order.orderNo} 中` });

    // shipped: the loose item is at the dealer, not here to be packed
    expect((await call(t.app, 'POST', '/acc/api/shipment/complete', { token: adminA, body: { id: order.id } })).body.code).toBe('SUCCESS');
    const atDealer = await bind(adminA, { boxCode: boxB, itemCodes: [items[1]] });
    expect(errorsOf(atDealer)).toEqual({ 'itemCodes.0': '已出库给经销商 包装测试经销商，尚未退回' });
    expect(atDealer.body.msg).toBe(`未保存：${items[1]}（已出库给经销商 包装测试经销商，尚未退回）`);
    expect((await contents(adminA, boxB)).body.data.total).toBe(0);
  });

  it('names each refused code in the message by its text, or by its place in words when it is not the company’s', async () => {
    const db = t.database.db;
    const a = await packingCodes(db, companyA, { items: 1, boxes: 1 });
    const res = await bind(adminA, { boxCode: a.boxes[0], itemCodes: [a.items[0], 'NOSUCHCODE0001', a.boxes[0]] });
    expect(Object.keys(errorsOf(res)).sort()).toEqual(['itemCodes.1', 'itemCodes.2']);
    expect(res.body.msg).toBe(`未保存：第 2 个码（标签码不存在）；${a.boxes[0]}（不是单品码（该码的标签规则类型为箱码））`);
    const english = await call(t.app, 'POST', `${API}/bind`, { token: adminA, body: { boxCode: 'NOSUCHBOX0001', itemCodes: ['NOSUCHCODE0001'], lang: 'en_US' } });
    expect(english.body.msg).toBe('Nothing was saved: the box code (no such code); code 1 (no such code)');
    for (const msg of [res.body.msg, english.body.msg]) expect(msg).not.toMatch(PATH_IN_TEXT);
  });
});

describe('packing races', () => {
  it('two concurrent binds of one item into two boxes: exactly one wins', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { items, boxes } = await packingCodes(t.database.db, companyA, { items: 1, boxes: 2 });
      const results = await Promise.all(boxes.map((box) => bind(adminA, { boxCode: box, itemCodes: items })));
      const codes = results.map((r) => r.body.code).sort();
      expect(codes).toEqual(['CODES_REJECTED', 'SUCCESS']);
      const winner = boxes[results.findIndex((r) => r.body.code === 'SUCCESS')];
      const rows = await t.database.db.selectFrom('box_item').selectAll().where('item_code_id', 'in',
        t.database.db.selectFrom('code').select('id').where('code', '=', items[0] as string)).execute();
      expect(rows).toHaveLength(1);
      const loser = results.find((r) => r.body.code !== 'SUCCESS');
      expect(errorsOf(loser as (typeof results)[number])['itemCodes.0']).toContain(winner);
    }
  });

  it('packing an item and scanning it alone into an order at once: one wins, the other is told why', async () => {
    const dealer = (await call<{ id: string }>(t.app, 'POST', '/acc/api/dealer/add', { token: adminA, body: { code: 'RACE-D1', name: 'Race dealer', level: 1, areaCodes: ['330000'] } })).body.data;
    for (let round = 0; round < 5; round += 1) {
      const { items, boxes } = await packingCodes(t.database.db, companyA, { items: 1, boxes: 1 });
      const order = (await call<{ id: string }>(t.app, 'POST', '/acc/api/shipment/add', { token: adminA, body: { dealerId: dealer.id } })).body.data;
      const [packed, scanned] = await Promise.all([
        bind(adminA, { boxCode: boxes[0], itemCodes: items }),
        call(t.app, 'POST', '/acc/api/shipment/scan', { token: adminA, body: { id: order.id, codes: items } }),
      ]);
      expect([packed.body.code, scanned.body.code].sort()).toEqual(['CODES_REJECTED', 'SUCCESS']);
      const loser = packed.body.code === 'SUCCESS' ? scanned : packed;
      expect(loser.body.errors?.[0]?.reason).toBe(packed.body.code === 'SUCCESS' ? 'IN_BOX' : 'IN_OPEN_ORDER');
      await call(t.app, 'POST', '/acc/api/shipment/cancel', { token: adminA, body: { id: order.id } });
    }
  });

  it('overlapping carton scans in opposite orders neither deadlock nor split an item across boxes', async () => {
    const { items, boxes } = await packingCodes(t.database.db, companyA, { items: 6, boxes: 2 });
    const results = await Promise.all([
      bind(adminA, { boxCode: boxes[0], itemCodes: items }),
      bind(adminA, { boxCode: boxes[1], itemCodes: [...items].reverse() }),
    ]);
    expect(results.map((r) => r.body.code).sort()).toEqual(['CODES_REJECTED', 'SUCCESS']);
    const winner = results.find((r) => r.body.code === 'SUCCESS');
    expect(winner?.body.data.itemCount).toBe(6);
  });
});
