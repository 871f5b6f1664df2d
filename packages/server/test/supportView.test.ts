import { PERMISSIONS, STATISTICS_API, SUPPORT_VIEW_CLOSE_PATH, SUPPORT_VIEW_OPEN_PATH, type LoginUser, type SupportView } from '@rd/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProductWithBatch } from './support/codeFixtures.js';
import { createCompany, createUser } from './support/fixtures.js';
import { ADMIN_PASSWORD, call, signIn, startTestApp, type TestApp } from './support/testApp.js';

/**
 * The support view: platform staff open a read-only view of one company from company audit, for a stated
 * reason that the operation log keeps; every module then reads that company's data and nothing else, every
 * write is refused by the server, and the view ends on leaving, on sign-out and when its time is up.
 */
let t: TestApp;
const PASS = 'Support-View-1';
const EN = { 'X-RD-Request-Language': 'en_US' };
let companyA: string;
let companyB: string;
let productA: string;
let productB: string;

const db = () => t.database.db;
const post = <T = unknown>(token: string, url: string, body: unknown = {}) => call<T>(t.app, 'POST', url, { token, body, headers: EN });
const get = <T = unknown>(token: string, url: string, query?: Record<string, string>) => call<T>(t.app, 'GET', url, { token, query, headers: EN });
const open = (token: string, body: unknown) => post<SupportView>(token, SUPPORT_VIEW_OPEN_PATH, body);
const me = async (token: string) => (await get<LoginUser>(token, '/acc/user/loginUser')).body.data;
const flat = (nodes: LoginUser['menus']): string[] => nodes.flatMap((n) => [n.menuCode, ...flat(n.children)]);
const productNames = async (token: string) => {
  const res = await post<{ list: Array<{ id: string }> }>(token, '/acc/api/product/pageList', {});
  expect(res.body.code).toBe('SUCCESS');
  return res.body.data.list.map((p) => p.id);
};
const REASON = 'Ticket 4711: codes of batch B1 do not verify';

beforeAll(async () => {
  t = await startTestApp({ SUPPORT_VIEW_MINUTES: '20' });
  companyA = await createCompany(db(), 'Support Company A');
  companyB = await createCompany(db(), 'Support Company B');
  productA = (await insertProductWithBatch(db(), companyA)).productId;
  productB = (await insertProductWithBatch(db(), companyB)).productId;
  await createUser(db(), { username: 'sv_platform', password: PASS, userType: '2', roles: ['PLATFORM_ADMIN'] });
  await createUser(db(), { username: 'sv_auditor', password: PASS, userType: '2', roles: ['AUDITOR'] });
  await createUser(db(), { username: 'sv_ent_a', password: PASS, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db(), { username: 'sv_ent_b', password: PASS, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
});
afterAll(() => t.close());

describe('opening a support view', () => {
  it('needs the support permission: platform administrators hold it, auditors and companies do not', async () => {
    const admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    expect((await me(admin)).permissionList).toContain(PERMISSIONS.companySupportView);
    const platform = await signIn(t.app, 'sv_platform', PASS);
    expect((await me(platform)).permissionList).toContain(PERMISSIONS.companySupportView);
    for (const username of ['sv_auditor', 'sv_ent_a']) {
      const token = await signIn(t.app, username, PASS);
      expect((await open(token, { companyId: companyB, reason: REASON })).body.code).toBe('ACCESS_DENIED_ERROR');
      expect((await me(token)).supportView).toBeNull();
    }
  });

  it('needs a reason of 5 to 200 characters and a company that exists, and changes nothing otherwise', async () => {
    const admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    for (const [reason, message] of [
      [undefined, 'required'],
      ['   ', 'required'],
      [' abc ', '5'],
      ['x'.repeat(201), '200'],
    ] as const) {
      const res = await open(admin, { companyId: companyA, reason });
      expect([res.status, res.body.code]).toEqual([400, 'PARAM_CHECK']);
      expect(res.body.errors?.map((e) => e.field)).toEqual(['reason']);
      expect(res.body.errors?.[0]?.message).toContain(message);
    }
    const badId = await open(admin, { companyId: 'not-an-id', reason: REASON });
    expect(badId.body.errors?.map((e) => e.field)).toEqual(['companyId']);
    const unknown = await open(admin, { companyId: '00000000-0000-4000-8000-000000000000', reason: REASON });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await me(admin)).supportView).toBeNull();
    expect((await post(admin, '/acc/api/product/pageList')).body.code).toBe('COMPANY_REQUIRED');
  });

  it('is recorded in the operation log with the reason, under the company looked at', async () => {
    const admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    const res = await open(admin, { companyId: companyA, reason: `  ${REASON}  ` });
    expect(res.body.code).toBe('SUCCESS');
    expect(res.body.data).toMatchObject({ companyId: companyA, companyName: 'Support Company A' });
    const minutesLeft = (Date.parse(res.body.data.until) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(19);
    expect(minutesLeft).toBeLessThanOrEqual(20);
    const entry = await db()
      .selectFrom('operation_log')
      .select(['username', 'company_id', 'module', 'action', 'params', 'result'])
      .where('module', '=', 'supportView')
      .where('action', '=', 'OPEN')
      .where('result', '=', 'SUCCESS')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ username: 'admin', company_id: companyA });
    expect(entry.params).toContain(REASON);
    expect(entry.params).toContain(companyA);
    // the company's administrator reads it in the company's own log
    const entA = await signIn(t.app, 'sv_ent_a', PASS);
    const log = await post<{ list: Array<{ module: string; action: string }> }>(entA, '/acc/api/qfOperationRecord/pageList', { pageSize: 50 });
    expect(log.body.code).toBe('SUCCESS');
    expect(log.body.data.list.some((e) => e.module === 'supportView' && e.action === 'OPEN')).toBe(true);
    await post(admin, SUPPORT_VIEW_CLOSE_PATH);
  });
});

describe('while a support view is open', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    expect((await open(admin, { companyId: companyA, reason: REASON })).body.code).toBe('SUCCESS');
  });

  it('shows the company’s screens with read codes only, and says which company', async () => {
    const user = await me(admin);
    expect(user.supportView).toMatchObject({ companyId: companyA, companyName: 'Support Company A' });
    expect(user.userType).toBe('3');
    expect(user.platformUserType).toBe('1');
    expect(user.companyName).toBe('Support Company A');
    const codes = flat(user.menus);
    expect(codes).toEqual(expect.arrayContaining(['product', 'tagRule', 'dealer', 'farmerList', 'companyInfo', 'userInfo']));
    expect(codes).not.toContain('companyAudit');
    expect(codes).not.toContain('menuConf');
    expect(user.permissionList).toContain(PERMISSIONS.productList);
    expect(user.permissionList).not.toContain(PERMISSIONS.productAdd);
    expect(user.permissionList).not.toContain(PERMISSIONS.companySupportView);
    expect(user.permissionList.every((code) => /:(list|view)$/.test(code))).toBe(true);
  });

  it('reads that company’s data and nothing of another company', async () => {
    expect(await productNames(admin)).toEqual([productA]);
    expect((await get(admin, '/acc/api/product/getById', { id: productA })).body.code).toBe('SUCCESS');
    expect((await get(admin, '/acc/api/product/getById', { id: productB })).body.code).toBe('NOT_FOUND');
    const users = await post<{ list: Array<{ username: string }> }>(admin, '/acc/userinfo/queryList', { pageSize: 100 });
    expect(users.body.code).toBe('SUCCESS');
    expect(users.body.data.list.map((u) => u.username)).toEqual(['sv_ent_a']);
    // a company named in the request does not move the view
    const stats = await post(admin, `${STATISTICS_API}/quantityDisplayList`, { companyId: companyB, beginDate: '2026-01-01', endDate: '2026-01-31' });
    expect(stats.body.code).toBe('NOT_FOUND');
  });

  it('refuses every write on the server with a translated message, and writes nothing', async () => {
    const before = await db().selectFrom('product').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const add = await post(admin, '/acc/api/product/add', { name: 'Written in support' });
    expect([add.status, add.body.code]).toEqual([403, 'SUPPORT_VIEW_READ_ONLY']);
    expect(add.body.msg).toContain('read-only');
    const zh = await call(t.app, 'POST', '/acc/api/product/add', { token: admin, body: { name: 'x' } });
    expect(zh.body.msg).toContain('只读');
    for (const [method, url, body] of [
      ['POST', '/acc/api/product/deleteById', { id: productA }],
      ['POST', '/acc/api/rule/add', {}],
      ['POST', '/acc/userinfo/changePassword', { oldPassword: ADMIN_PASSWORD, newPassword: 'Another-Pass-9', confirmPsw: 'Another-Pass-9' }],
      ['POST', '/acc/menuConf/saveOrUpdateMenu', {}],
      ['POST', '/acc/api/codeRecord/add', {}],
      ['POST', '/acc/api/dealer/export', {}],
    ] as const) {
      const res = await call(t.app, method, url, { token: admin, body, headers: EN });
      expect([url, res.body.code]).toEqual([url, 'SUPPORT_VIEW_READ_ONLY']);
    }
    const after = await db().selectFrom('product').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    // platform screens are out of a company's view, reads included
    expect((await post(admin, '/acc/api/companyInfo/pageList')).body.code).toBe('ACCESS_DENIED_ERROR');
    // the password did not change: signing in with it still works
    await signIn(t.app, 'admin', ADMIN_PASSWORD);
  });

  it('ends on leaving: the account is a platform account again', async () => {
    expect((await post(admin, SUPPORT_VIEW_CLOSE_PATH)).body.code).toBe('SUCCESS');
    const user = await me(admin);
    expect(user.supportView).toBeNull();
    expect(user.userType).toBe('1');
    expect(flat(user.menus)).toContain('companyAudit');
    expect((await post(admin, '/acc/api/product/pageList')).body.code).toBe('COMPANY_REQUIRED');
    const closed = await db().selectFrom('operation_log').select('company_id').where('module', '=', 'supportView').where('action', '=', 'CLOSE').execute();
    expect(closed.map((e) => e.company_id)).toContain(companyA);
  });
});

describe('the end of a support view', () => {
  it('comes with sign-out: the next sign-in starts without it', async () => {
    const platform = await signIn(t.app, 'sv_platform', PASS);
    expect((await open(platform, { companyId: companyB, reason: REASON })).body.code).toBe('SUCCESS');
    expect(await productNames(platform)).toEqual([productB]);
    expect((await post(platform, '/acc/user/logout')).body.code).toBe('SUCCESS');
    expect((await post(platform, '/acc/api/product/pageList')).body.code).toBe('NO_LOGIN_ERROR');
    const again = await signIn(t.app, 'sv_platform', PASS);
    expect((await me(again)).supportView).toBeNull();
    expect((await post(again, '/acc/api/product/pageList')).body.code).toBe('COMPANY_REQUIRED');
  });

  it('comes when its time is up, without a call', async () => {
    const platform = await signIn(t.app, 'sv_platform', PASS);
    expect((await open(platform, { companyId: companyB, reason: REASON })).body.code).toBe('SUCCESS');
    await db().updateTable('user_session').set({ support_until: sql`now() - interval '1 second'` }).where('support_company_id', '=', companyB).execute();
    expect((await me(platform)).supportView).toBeNull();
    expect((await post(platform, '/acc/api/product/pageList')).body.code).toBe('COMPANY_REQUIRED');
  });

  it('cannot be stacked: a view is left before another company is opened', async () => {
    const platform = await signIn(t.app, 'sv_platform', PASS);
    expect((await open(platform, { companyId: companyA, reason: REASON })).body.code).toBe('SUCCESS');
    expect((await open(platform, { companyId: companyB, reason: REASON })).body.code).toBe('SUPPORT_VIEW_READ_ONLY');
    expect((await me(platform)).supportView?.companyId).toBe(companyA);
    await post(platform, SUPPORT_VIEW_CLOSE_PATH);
  });
});
