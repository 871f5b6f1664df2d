import type { DealerOption, DealerRow, PageResult } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from './support/fixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';
import { zipEntries } from './support/zipEntries.js';

const PASSWORD = 'Dealer-Pass-1';
let t: TestApp;
let adminA: string;
let adminB: string;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  const companyA = await createCompany(db, 'Dealers A');
  const companyB = await createCompany(db, 'Dealers B');
  await createUser(db, { username: 'dealerAdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'dealerAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  adminA = await signIn(t.app, 'dealerAdminA', PASSWORD);
  adminB = await signIn(t.app, 'dealerAdminB', PASSWORD);
});
afterAll(() => t.close());

const add = (token: string, body: object) => call<DealerRow>(t.app, 'POST', '/acc/api/dealer/add', { token, body });
const page = (token: string, body: object = {}) => call<PageResult<DealerRow>>(t.app, 'POST', '/acc/api/dealer/pageList', { token, body });
const fields = (res: { body: { errors?: Array<{ field: string }> } }) => (res.body.errors ?? []).map((e) => e.field).sort();

describe('dealers', () => {
  it('adds dealers on levels under their parent, with a sales area of provinces and cities', async () => {
    const top = await add(adminA, { code: 'ZJ-01', name: '浙江总经销', contact: '王经理', phone: '13800138000', level: 1, areaCodes: ['330000', '330000', '320100'] });
    expect(top.body.code, top.body.msg).toBe('SUCCESS');
    expect(top.body.data).toMatchObject({ code: 'ZJ-01', level: 1, parentId: null, areaCodes: ['330000', '320100'], status: 'ENABLED', namePublic: true, childCount: 0 });
    const sub = await add(adminA, { code: 'HZ-01', name: '杭州分销', level: 2, parentId: top.body.data.id, areaCodes: ['330100'], namePublic: false });
    expect(sub.body.data).toMatchObject({ parentName: '浙江总经销', level: 2, namePublic: false });

    const list = await page(adminA, { areaCode: '330100' });
    expect(list.body.data.list.map((d) => d.code).sort()).toEqual(['HZ-01', 'ZJ-01']);
    expect((await page(adminA, { areaCode: '320000' })).body.data.list.map((d) => d.code)).toEqual([]);
    expect((await page(adminA, { areaCode: '320100' })).body.data.list.map((d) => d.code)).toEqual(['ZJ-01']);
    expect((await page(adminA, { keyword: 'hz' })).body.data.list.map((d) => d.code)).toEqual(['HZ-01']);
    const tops = await page(adminA, { level: 1 });
    expect(tops.body.data.list.find((d) => d.code === 'ZJ-01')?.childCount).toBe(1);
    // the export: the same dealers, areas in words
    const exported = await t.app.inject({ method: 'POST', url: '/acc/api/dealer/export', headers: { 'x-rd-request-apitoken': adminA }, payload: { areaCode: '330100' } });
    expect(exported.statusCode).toBe(200);
    const sheet = zipEntries(exported.rawPayload).find((e) => e.name === 'xl/worksheets/sheet1.xml')?.data.toString('utf8') ?? '';
    expect(sheet).toContain('HZ-01');
    expect(sheet).toContain('ZJ-01');
    expect(sheet).toContain('浙江、江苏 南京市');
    const options = await call<DealerOption[]>(t.app, 'GET', '/acc/api/dealer/options', { token: adminA, query: { level: '1' } });
    expect(options.body.data.map((o) => o.code)).toEqual(['ZJ-01']);
  });

  it('refuses, naming the field: unknown areas, a parent not one level up, a repeated code, a level without parent', async () => {
    const top = (await page(adminA, { keyword: 'ZJ-01' })).body.data.list[0] as DealerRow;
    const badArea = await add(adminA, { code: 'X-1', name: 'x', level: 1, areaCodes: ['330000', '339900', '999999'] });
    expect(badArea.body.code).toBe('PARAM_CHECK');
    expect(fields(badArea)).toEqual(['areaCodes.1', 'areaCodes.2']);
    const skip = await add(adminA, { code: 'X-2', name: 'x', level: 3, parentId: top.id, areaCodes: ['330000'] });
    expect(fields(skip)).toEqual(['parentId']);
    expect(fields(await add(adminA, { code: 'X-3', name: 'x', level: 2, areaCodes: ['330000'] }))).toEqual(['parentId']);
    expect(fields(await add(adminA, { code: 'X-4', name: 'x', level: 1, areaCodes: [] }))).toEqual(['areaCodes']);
    const repeated = await add(adminA, { code: 'ZJ-01', name: 'again', level: 1, areaCodes: ['330000'] });
    expect(repeated.body.code).toBe('DUPLICATE');
    expect(fields(repeated)).toEqual(['code']);
  });

  it('keeps the tree whole: no level change with sub-dealers, no delete with sub-dealers', async () => {
    const top = (await page(adminA, { keyword: 'ZJ-01' })).body.data.list[0] as DealerRow;
    const own = await call(t.app, 'POST', '/acc/api/dealer/edit', { token: adminA, body: { ...top, level: 2, parentId: top.id } });
    expect(fields(own as never)).toEqual(['parentId']);
    const other = (await add(adminA, { code: 'ZJ-02', name: '另一家', level: 1, areaCodes: ['330000'] })).body.data;
    const lower = await call(t.app, 'POST', '/acc/api/dealer/edit', { token: adminA, body: { ...top, level: 2, parentId: other.id } });
    expect(fields(lower as never)).toEqual(['level']);
    const del = await call(t.app, 'POST', '/acc/api/dealer/delete', { token: adminA, body: { id: top.id } });
    expect(del.body.code).toBe('DEALER_IN_USE');
    const renamed = await call<DealerRow>(t.app, 'POST', '/acc/api/dealer/edit', { token: adminA, body: { ...top, name: '浙江一级', status: 'DISABLED' } });
    expect(renamed.body.data).toMatchObject({ name: '浙江一级', status: 'DISABLED' });
    const sub = (await page(adminA, { keyword: 'HZ-01' })).body.data.list[0] as DealerRow;
    expect((await call(t.app, 'POST', '/acc/api/dealer/delete', { token: adminA, body: { id: sub.id } })).body.code).toBe('SUCCESS');
  });

  it('is the company’s own: another company neither sees, edits nor hangs dealers under them', async () => {
    const top = (await page(adminA, { keyword: 'ZJ-01' })).body.data.list[0] as DealerRow;
    expect((await page(adminB)).body.data.total).toBe(0);
    expect((await call(t.app, 'GET', '/acc/api/dealer/getById', { token: adminB, query: { id: top.id } })).status).toBe(404);
    expect((await call(t.app, 'POST', '/acc/api/dealer/edit', { token: adminB, body: { ...top } })).status).toBe(404);
    expect((await call(t.app, 'POST', '/acc/api/dealer/delete', { token: adminB, body: { id: top.id } })).status).toBe(404);
    expect(fields(await add(adminB, { code: 'B-1', name: 'b', level: 2, parentId: top.id, areaCodes: ['110000'] }))).toEqual(['parentId']);
    // the same code in another company is fine
    expect((await add(adminB, { code: 'ZJ-01', name: 'b', level: 1, areaCodes: ['110000'] })).body.code).toBe('SUCCESS');
  });
});
