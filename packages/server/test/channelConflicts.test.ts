import type { ChannelConflictRow, ChannelConflictSummary, DealerOverview, DealerRow, PageResult, ScanCheckResult, ShipmentRow } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packingCodes } from './support/boxFixtures.js';
import { createCompany, createRole, createUser } from './support/fixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';
import { zipEntries } from './support/zipEntries.js';

const PASSWORD = 'Conflict-Pass-1';
const HANGZHOU = '115.236.1.1';
const NANJING = '114.114.114.114';
const SHENZHEN = '113.108.1.1';
const BEIJING = '1.2.4.8';

let t: TestApp;
let adminA: string;
let adminB: string;
let viewerA: string;
let dealer: DealerRow;
let shipped: string[];
let unshipped: string[];

async function check(code: string, ip: string): Promise<ScanCheckResult> {
  const res = await call<ScanCheckResult>(t.app, 'GET', '/acc/api/securityCode/check', { query: { code }, ip, headers: { 'user-agent': 'Mozilla/5.0 (iPhone)' } });
  expect(res.body.code, res.body.msg).toBe('SUCCESS');
  return res.body.data;
}

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000', SCAN_RATE_LIMIT_PER_MINUTE: '1000' });
  const db = t.database.db;
  const companyA = await createCompany(db, 'Conflict A');
  const companyB = await createCompany(db, 'Conflict B');
  await createUser(db, { username: 'conflictAdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'conflictAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  await createRole(db, { code: 'CONFLICT_VIEWER', companyId: companyA, menuCodes: ['channelConflict'] });
  await createUser(db, { username: 'conflictViewerA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['CONFLICT_VIEWER'] });
  adminA = await signIn(t.app, 'conflictAdminA', PASSWORD);
  adminB = await signIn(t.app, 'conflictAdminB', PASSWORD);
  viewerA = await signIn(t.app, 'conflictViewerA', PASSWORD);

  // a dealer selling in Hangzhou and all of Jiangsu; six activated items shipped to it, two kept home
  dealer = (await call<DealerRow>(t.app, 'POST', '/acc/api/dealer/add', { token: adminA, body: { code: 'EAST', name: '华东经销', level: 1, areaCodes: ['330100', '320000'] } })).body.data;
  const { items } = await packingCodes(db, companyA, { items: 8, boxes: 0 });
  await db.updateTable('code').set({ status: 'ACTIVATED', activated_at: new Date() }).where('code', 'in', items).execute();
  shipped = items.slice(0, 6);
  unshipped = items.slice(6);
  const order = (await call<ShipmentRow>(t.app, 'POST', '/acc/api/shipment/add', { token: adminA, body: { dealerId: dealer.id } })).body.data;
  expect((await call(t.app, 'POST', '/acc/api/shipment/scan', { token: adminA, body: { id: order.id, codes: shipped } })).body.code).toBe('SUCCESS');
  expect((await call(t.app, 'POST', '/acc/api/shipment/complete', { token: adminA, body: { id: order.id } })).body.code).toBe('SUCCESS');
});
afterAll(() => t.close());

const page = (token: string, body: object = {}) => call<PageResult<ChannelConflictRow>>(t.app, 'POST', '/acc/api/channelConflict/pageList', { token, body });

describe('channel conflicts', () => {
  it('flags genuine scans of shipped goods outside the dealer’s area, and nothing inside it; the verdict stays genuine', async () => {
    expect((await check(shipped[0] as string, HANGZHOU)).verdict).toBe('GENUINE'); // the dealer's city
    expect((await check(shipped[1] as string, NANJING)).verdict).toBe('GENUINE'); // the dealer's province
    expect((await page(adminA)).body.data.total).toBe(0);

    const far = await check(shipped[2] as string, SHENZHEN);
    expect(far.verdict).toBe('GENUINE');
    await check(shipped[3] as string, BEIJING);
    await check(shipped[3] as string, BEIJING); // a repeat scan outside is an alert too
    await check(unshipped[0] as string, SHENZHEN); // not shipped: no dealer, no conflict
    await check(shipped[4] as string, '10.1.2.3'); // place unknown: nothing to compare
    await t.database.db.updateTable('code').set({ status: 'VOIDED' }).where('code', '=', shipped[5] as string).execute();
    expect((await check(shipped[5] as string, SHENZHEN)).verdict).toBe('VOIDED'); // not genuine: no alert

    const list = await page(adminA);
    expect(list.body.data.total).toBe(3);
    const shenzhen = list.body.data.list.find((r) => r.code === shipped[2]) as ChannelConflictRow;
    expect(shenzhen).toMatchObject({
      dealerId: dealer.id,
      dealerName: '华东经销',
      dealerAreaCodes: ['330100', '320000'],
      scanAreaCode: '440000',
      scanCityCode: '440300',
      province: '广东省',
      city: '深圳市',
      ip: SHENZHEN,
    });
    expect(shenzhen.orderNo).toMatch(/^CK/);
    // the alert points at its scan record
    const record = await t.database.db.selectFrom('channel_conflict').select('scan_record_id').where('code_id', '=', (await t.database.db.selectFrom('code').select('id').where('code', '=', shipped[2] as string).executeTakeFirstOrThrow()).id).executeTakeFirstOrThrow();
    const scan = await t.database.db.selectFrom('scan_record').select(['verdict', 'code_text']).where('id', '=', record.scan_record_id).executeTakeFirstOrThrow();
    expect(scan).toEqual({ verdict: 'GENUINE', code_text: shipped[2] });
  });

  it('filters by area and dealer, counts by province and dealer, exports, and stays with its company', async () => {
    expect((await page(adminA, { areaCode: '440000' })).body.data.list.map((r) => r.code)).toEqual([shipped[2]]);
    expect((await page(adminA, { areaCode: '440300' })).body.data.total).toBe(1);
    expect((await page(adminA, { areaCode: '110000', dealerId: dealer.id })).body.data.total).toBe(2);
    expect((await page(adminA, { beginDate: '2020-01-01', endDate: '2020-12-31' })).body.data.total).toBe(0);
    expect((await page(adminA, { beginDate: '2020-01-01' })).body.data.total).toBe(3);

    const summary = await call<ChannelConflictSummary>(t.app, 'POST', '/acc/api/channelConflict/summary', { token: adminA, body: {} });
    expect(summary.body.data).toEqual({
      total: 3,
      provinces: [
        { areaCode: '110000', count: 2 },
        { areaCode: '440000', count: 1 },
      ],
      dealers: [{ dealerId: dealer.id, dealerCode: 'EAST', dealerName: '华东经销', count: 3 }],
    });

    const exported = await t.app.inject({ method: 'POST', url: '/acc/api/channelConflict/export', headers: { 'x-rd-request-apitoken': adminA }, payload: { dealerId: dealer.id } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const sheet = zipEntries(exported.rawPayload).find((e) => e.name === 'xl/worksheets/sheet1.xml')?.data.toString('utf8') ?? '';
    expect(sheet).toContain(shipped[2] as string);
    expect(sheet).toContain('浙江 杭州市、江苏');

    // the dealer's own view: what is at it, what went to it, its sub-dealers
    const sub = (await call<DealerRow>(t.app, 'POST', '/acc/api/dealer/add', { token: adminA, body: { code: 'EAST-HZ', name: '杭州分销', level: 2, parentId: dealer.id, areaCodes: ['330100'] } })).body.data;
    const overview = await call<DealerOverview>(t.app, 'GET', '/acc/api/dealer/overview', { token: adminA, query: { id: dealer.id } });
    expect(overview.body.data).toMatchObject({
      dealer: { code: 'EAST', childCount: 1 },
      children: [{ id: sub.id, code: 'EAST-HZ', name: '杭州分销', level: 2 }],
      itemsAtDealer: 6,
      outboundOrders: 1,
      itemsShipped: 6,
      awaitingReceipt: 1,
      returnOrders: 0,
      itemsReturned: 0,
    });
    expect(overview.body.data.lastShippedAt).not.toBeNull();
    expect((await call(t.app, 'GET', '/acc/api/dealer/overview', { token: adminB, query: { id: dealer.id } })).body.code).toBe('NOT_FOUND');

    expect((await page(adminB)).body.data.total).toBe(0);
    expect((await call(t.app, 'POST', '/acc/api/channelConflict/summary', { token: adminB, body: {} })).body).toMatchObject({ data: { total: 0 } });
    // may look but not export
    expect((await page(viewerA)).body.data.total).toBe(3);
    expect((await t.app.inject({ method: 'POST', url: '/acc/api/channelConflict/export', headers: { 'x-rd-request-apitoken': viewerA }, payload: {} })).statusCode).toBe(403);
  });

  it('judges a scan again by the position the consumer lets the page send: it replaces the IP’s place', async () => {
    const attach = async (checked: ScanCheckResult, lat: number, lng: number, ip: string) => {
      const res = await call(t.app, 'POST', '/acc/api/scanCodeRecord/add', { body: { scanToken: checked.scanToken, lat, lng }, ip });
      expect(res.body).toMatchObject({ code: 'SUCCESS', data: { outcome: 'ATTACHED' } });
    };
    const alertsOf = async (code: string) => (await page(adminA, { pageSize: 100 })).body.data.list.filter((r) => r.code === code);

    // the IP says Shenzhen, the phone is at the West Lake in Hangzhou: the alert goes
    const fromShenzhen = await check(shipped[0] as string, SHENZHEN);
    expect(await alertsOf(shipped[0] as string)).toHaveLength(1);
    await attach(fromShenzhen, 30.2431, 120.15, SHENZHEN);
    expect(await alertsOf(shipped[0] as string)).toHaveLength(0);

    // the IP says Hangzhou, the phone is in Guangzhou: an alert placed by the position
    const fromHangzhou = await check(shipped[1] as string, HANGZHOU);
    expect(await alertsOf(shipped[1] as string)).toHaveLength(0);
    await attach(fromHangzhou, 23.13, 113.26, HANGZHOU);
    expect(await alertsOf(shipped[1] as string)).toEqual([
      expect.objectContaining({ scanAreaCode: '440000', scanCityCode: '440100', province: '广东省', city: '广州市', ip: HANGZHOU, locatedBy: 'POSITION', dealerAreaCodes: ['330100', '320000'] }),
    ]);

    // a position abroad judges nothing: the IP's alert stays; an unshipped code gets none wherever it is
    const before = (await alertsOf(shipped[2] as string)).length;
    await attach(await check(shipped[2] as string, SHENZHEN), 35.68, 139.69, SHENZHEN);
    expect((await alertsOf(shipped[2] as string)).map((r) => r.locatedBy)).toEqual(Array(before + 1).fill('IP'));
    await attach(await check(unshipped[1] as string, HANGZHOU), 23.13, 113.26, HANGZHOU);
    expect(await alertsOf(unshipped[1] as string)).toHaveLength(0);
  });
});

