import type { PageResult } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeUrl } from '../src/modules/rule/codeMaker.js';
import { createCompany, createRole, createUser } from './support/fixtures.js';
import { insertJob, insertProductWithBatch, insertRule, type InsertedJob } from './support/codeFixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

interface CodeRow {
  id: string;
  code: string;
  companyId: string;
  ruleId: string;
  ruleName: string;
  recordId: string;
  status: 'NOT_ACTIVATED' | 'ACTIVATED' | 'VOIDED';
  productId: string | null;
  batchId: string | null;
  createdAt: string;
  activatedAt: string | null;
  voidedAt: string | null;
  voidReason: string;
}
interface CodeDetail extends CodeRow {
  url: string;
  ruleKind: string;
}

const LIST = '/acc/api/code/pageList';
const PASSWORD = 'Pass-word-1';
const GTIN = '6901234567892';

let t: TestApp;
let companyA: string;
let companyB: string;
let ruleA1: string;
let ruleA2: string;
let jobA1: InsertedJob;
let jobA2: InsertedJob;
let jobB: InsertedJob;
let productA: { productId: string; batchId: string };
const tokens = { adminA: '', adminB: '', viewerA: '', operatorA: '', platform: '' };

async function list(token: string, body: Record<string, unknown> = {}) {
  return call<PageResult<CodeRow>>(t.app, 'POST', LIST, { token, body: { pageSize: 100, ...body } });
}

async function codesOf(token: string, body: Record<string, unknown> = {}) {
  const res = await list(token, body);
  expect(res.body.code, res.body.msg).toBe('SUCCESS');
  return res.body.data.list.map((c) => c.code);
}

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  companyA = await createCompany(db, 'Company A');
  companyB = await createCompany(db, 'Company B');
  await createUser(db, { username: 'codes_admin_a', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'codes_admin_b', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'codes_oper_a', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_OPERATOR'] });
  await createRole(db, { code: 'CODES_VIEWER', companyId: companyA, menuCodes: ['tagDetail', 'tag:code:list'] });
  await createUser(db, { username: 'codes_view_a', password: PASSWORD, userType: '3', companyId: companyA, roles: ['CODES_VIEWER'] });
  await createUser(db, { username: 'codes_platform', password: PASSWORD, userType: '2', roles: ['PLATFORM_ADMIN'] });
  tokens.adminA = await signIn(t.app, 'codes_admin_a', PASSWORD);
  tokens.adminB = await signIn(t.app, 'codes_admin_b', PASSWORD);
  tokens.viewerA = await signIn(t.app, 'codes_view_a', PASSWORD);
  tokens.operatorA = await signIn(t.app, 'codes_oper_a', PASSWORD);
  tokens.platform = await signIn(t.app, 'codes_platform', PASSWORD);

  productA = await insertProductWithBatch(db, companyA, { gtin: GTIN, batchNo: 'LOT-7' });
  ruleA1 = await insertRule(db, companyA, { name: 'Melon items' });
  ruleA2 = await insertRule(db, companyA, { name: 'Melon boxes', urlForm: 'GS1', hiddenLength: 6 });
  jobA1 = await insertJob(db, { companyId: companyA, ruleId: ruleA1, codes: ['XK0000000001', 'AB0000000002', 'XK0000000003', 'QQ0000000004'] });
  jobA2 = await insertJob(db, { companyId: companyA, ruleId: ruleA2, count: 3, ...productA });
  const ruleB = await insertRule(db, companyB);
  jobB = await insertJob(db, { companyId: companyB, ruleId: ruleB, codes: ['XK9999999999'] });
  // Two codes of job A1 were made in January 2024.
  await db.updateTable('code').set({ created_at: new Date('2024-01-15T10:00:00') } as never).where('id', 'in', jobA1.codeIds.slice(0, 2)).execute();
});

afterAll(async () => {
  await t?.close();
});

describe('code list', () => {
  it("shows the company's codes, newest first, with the rule's name", async () => {
    const res = await list(tokens.adminA);
    expect(res.body.data.total).toBe(7);
    const ids = res.body.data.list.map((c) => BigInt(c.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : 1)));
    const first = res.body.data.list.find((c) => c.code === 'XK0000000001')!;
    expect(first).toMatchObject({ ruleName: 'Melon items', ruleId: ruleA1, recordId: jobA1.id, status: 'NOT_ACTIVATED', companyId: companyA });
  });

  it('filters by rule, job, status, product and batch', async () => {
    expect((await codesOf(tokens.adminA, { ruleId: ruleA2 })).sort()).toEqual([...jobA2.codes].sort());
    expect((await codesOf(tokens.adminA, { recordId: jobA1.id })).sort()).toEqual([...jobA1.codes].sort());
    expect((await codesOf(tokens.adminA, { productId: productA.productId })).sort()).toEqual([...jobA2.codes].sort());
    expect((await codesOf(tokens.adminA, { batchId: productA.batchId })).sort()).toEqual([...jobA2.codes].sort());
    expect(await codesOf(tokens.adminA, { status: 'VOIDED' })).toEqual([]);
    // Empty form fields mean "no filter".
    expect(await codesOf(tokens.adminA, { ruleId: '', status: '', code: '' })).toHaveLength(7);
  });

  it('finds codes by prefix (typed in any case) or exactly', async () => {
    expect((await codesOf(tokens.adminA, { code: 'xk' })).sort()).toEqual(['XK0000000001', 'XK0000000003']);
    expect(await codesOf(tokens.adminA, { code: 'XK0000000003', codeMatch: 'EXACT' })).toEqual(['XK0000000003']);
    expect(await codesOf(tokens.adminA, { code: 'XK', codeMatch: 'EXACT' })).toEqual([]);
    // LIKE wildcards typed by the user are literal.
    expect(await codesOf(tokens.adminA, { code: '%' })).toEqual([]);
  });

  it('filters by creation time and refuses an end before the start', async () => {
    expect((await codesOf(tokens.adminA, { beginTime: '2024-01-01 00:00:00', endTime: '2024-01-31 23:59:59' })).sort()).toEqual([
      'AB0000000002',
      'XK0000000001',
    ]);
    const res = await list(tokens.adminA, { beginTime: '2024-02-01 00:00:00', endTime: '2024-01-01 00:00:00' });
    expect(res.body.code).toBe('PARAM_CHECK');
    expect(res.body.errors?.map((e) => e.field)).toContain('endTime');
  });

  it('sorts by allowed columns only', async () => {
    expect(await codesOf(tokens.adminA, { recordId: jobA1.id, orderName: 'code', orderType: 'asc' })).toEqual([
      'AB0000000002',
      'QQ0000000004',
      'XK0000000001',
      'XK0000000003',
    ]);
    const bad = await list(tokens.adminA, { orderName: 'company_id; drop table code' });
    expect(bad.body.code).toBe('PARAM_CHECK');
  });

  it("never shows another company's codes; platform users see every company's", async () => {
    expect(await codesOf(tokens.adminB)).toEqual(['XK9999999999']);
    expect(await codesOf(tokens.adminB, { recordId: jobA1.id })).toEqual([]);
    expect(await codesOf(tokens.adminB, { code: 'XK' })).toEqual(['XK9999999999']);
    const all = await list(tokens.platform, { code: 'XK' });
    expect(all.body.data.total).toBe(3);
  });

  it('refuses anonymous callers and users without the list permission', async () => {
    const anonymous = await call(t.app, 'POST', LIST, { body: {} });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'NO_LOGIN_ERROR']);
    const company = await createCompany(t.database.db, 'Company C');
    await createRole(t.database.db, { code: 'NOTHING_C', companyId: company, menuCodes: ['tagRule'] });
    await createUser(t.database.db, { username: 'codes_none_c', password: PASSWORD, userType: '3', companyId: company, roles: ['NOTHING_C'] });
    const denied = await call(t.app, 'POST', LIST, { token: await signIn(t.app, 'codes_none_c', PASSWORD), body: {} });
    expect([denied.status, denied.body.code]).toEqual([403, 'ACCESS_DENIED_ERROR']);
  });
});

describe('one code', () => {
  it('by id and by code, with the URL its QR code carries and no hidden code', async () => {
    const id = jobA1.codeIds[0]!;
    const byId = await call<CodeDetail>(t.app, 'GET', '/acc/api/code/getById', { token: tokens.adminA, query: { id } });
    expect(byId.body.code, byId.body.msg).toBe('SUCCESS');
    expect(byId.body.data).toMatchObject({
      id,
      code: 'XK0000000001',
      ruleName: 'Melon items',
      ruleKind: 'ITEM',
      recordId: jobA1.id,
      url: codeUrl(t.config.publicBaseUrl, 'XK0000000001'),
    });
    const byCode = await call<CodeDetail>(t.app, 'GET', '/acc/api/code/getByCode', { token: tokens.adminA, query: { code: 'xk0000000001' } });
    expect(byCode.body.data).toEqual(byId.body.data);

    // A GS1 rule with a product GTIN: the Digital Link with the batch, and still no hidden code anywhere.
    const gs1 = await call<CodeDetail>(t.app, 'GET', '/acc/api/code/getByCode', { token: tokens.adminA, query: { code: jobA2.codes[0]! } });
    expect(gs1.body.data.url).toBe(`${t.config.publicBaseUrl}/01/0${GTIN}/10/LOT-7/21/${jobA2.codes[0]}`);
    expect(Object.keys(gs1.body.data).some((k) => /hidden|secret/i.test(k))).toBe(false);
  });

  it("answers NOT_FOUND for another company's code, an unknown code and a bad id", async () => {
    const other = await call(t.app, 'GET', '/acc/api/code/getByCode', { token: tokens.adminB, query: { code: 'XK0000000001' } });
    expect([other.status, other.body.code]).toEqual([404, 'NOT_FOUND']);
    const otherId = await call(t.app, 'GET', '/acc/api/code/getById', { token: tokens.adminA, query: { id: jobB.codeIds[0]! } });
    expect(otherId.body.code).toBe('NOT_FOUND');
    const unknown = await call(t.app, 'GET', '/acc/api/code/getById', { token: tokens.adminA, query: { id: '999999999' } });
    expect(unknown.body.code).toBe('NOT_FOUND');
    const bad = await call(t.app, 'GET', '/acc/api/code/getById', { token: tokens.adminA, query: { id: 'abc' } });
    expect(bad.body.code).toBe('PARAM_CHECK');
  });
});

describe('activate and void', () => {
  const detail = async (id: string) =>
    (await call<CodeDetail>(t.app, 'GET', '/acc/api/code/getById', { token: tokens.adminA, query: { id } })).body.data;

  it('activates a code that is not in force, once', async () => {
    const id = jobA1.codeIds[1]!;
    const res = await call<{ activated: number }>(t.app, 'POST', '/acc/api/code/activate', { token: tokens.operatorA, body: { id } });
    expect(res.body.code, res.body.msg).toBe('SUCCESS');
    expect(res.body.data.activated).toBe(1);
    const after = await detail(id);
    expect(after.status).toBe('ACTIVATED');
    expect(after.activatedAt).not.toBeNull();
    const again = await call(t.app, 'POST', '/acc/api/code/activate', { token: tokens.adminA, body: { id } });
    expect([again.status, again.body.code]).toEqual([409, 'CONFLICT']);
  });

  it('activates several codes all or none', async () => {
    const [a, b, c] = jobA2.codeIds as [string, string, string];
    await call(t.app, 'POST', '/acc/api/code/void', { token: tokens.adminA, body: { id: c, reason: 'printing fault' } });
    const mixed = await call(t.app, 'POST', '/acc/api/code/activate', { token: tokens.adminA, body: { ids: [a, b, c] } });
    expect(mixed.body.code).toBe('CONFLICT');
    expect((await detail(a)).status).toBe('NOT_ACTIVATED');
    const foreign = await call(t.app, 'POST', '/acc/api/code/activate', { token: tokens.adminA, body: { ids: [a, jobB.codeIds[0]] } });
    expect(foreign.body.code).toBe('NOT_FOUND');
    expect((await detail(a)).status).toBe('NOT_ACTIVATED');
    const both = await call<{ activated: number }>(t.app, 'POST', '/acc/api/code/activate', { token: tokens.adminA, body: { ids: [a, b, a] } });
    expect(both.body.data.activated).toBe(2);
    expect([(await detail(a)).status, (await detail(b)).status]).toEqual(['ACTIVATED', 'ACTIVATED']);
  });

  it('needs an id or ids', async () => {
    const none = await call(t.app, 'POST', '/acc/api/code/activate', { token: tokens.adminA, body: {} });
    expect(none.body.code).toBe('PARAM_CHECK');
    const both = await call(t.app, 'POST', '/acc/api/code/activate', { token: tokens.adminA, body: { id: '1', ids: ['2'] } });
    expect(both.body.code).toBe('PARAM_CHECK');
  });

  it('voids with a reason (required, at most 200 characters) and keeps it with the time', async () => {
    const id = jobA1.codeIds[2]!;
    for (const reason of [undefined, '', '   ']) {
      const res = await call(t.app, 'POST', '/acc/api/code/void', { token: tokens.adminA, body: { id, reason } });
      expect(res.body.code).toBe('PARAM_CHECK');
      expect(res.body.errors?.map((e) => e.field)).toEqual(['reason']);
    }
    const long = await call(t.app, 'POST', '/acc/api/code/void', { token: tokens.adminA, body: { id, reason: 'x'.repeat(201) } });
    expect(long.body.errors?.map((e) => e.field)).toEqual(['reason']);
    expect((await detail(id)).status).toBe('NOT_ACTIVATED');

    const ok = await call(t.app, 'POST', '/acc/api/code/void', { token: tokens.adminA, body: { id, reason: '  label torn  ' } });
    expect(ok.body.code, ok.body.msg).toBe('SUCCESS');
    const after = await detail(id);
    expect(after).toMatchObject({ status: 'VOIDED', voidReason: 'label torn' });
    expect(after.voidedAt).not.toBeNull();
    const again = await call(t.app, 'POST', '/acc/api/code/void', { token: tokens.adminA, body: { id, reason: 'again' } });
    expect(again.body.code).toBe('CONFLICT');
    const activate = await call(t.app, 'POST', '/acc/api/code/activate', { token: tokens.adminA, body: { id } });
    expect(activate.body.code).toBe('CONFLICT');
  });

  it('voids a code in force too', async () => {
    const id = jobA1.codeIds[1]!; // activated above
    const res = await call(t.app, 'POST', '/acc/api/code/void', { token: tokens.adminA, body: { id, reason: 'recalled' } });
    expect(res.body.code).toBe('SUCCESS');
    expect((await detail(id)).status).toBe('VOIDED');
  });

  it("changes nothing of another company and needs the permission of each action", async () => {
    const foreign = await call(t.app, 'POST', '/acc/api/code/void', { token: tokens.adminB, body: { id: jobA1.codeIds[3], reason: 'x' } });
    expect(foreign.body.code).toBe('NOT_FOUND');
    const foreignActivate = await call(t.app, 'POST', '/acc/api/code/activate', { token: tokens.adminB, body: { id: jobA1.codeIds[3] } });
    expect(foreignActivate.body.code).toBe('NOT_FOUND');
    expect((await detail(jobA1.codeIds[3]!)).status).toBe('NOT_ACTIVATED');

    // Operators may activate but not void; a viewer may do neither.
    const operatorVoid = await call(t.app, 'POST', '/acc/api/code/void', { token: tokens.operatorA, body: { id: jobA1.codeIds[3], reason: 'x' } });
    expect([operatorVoid.status, operatorVoid.body.code]).toEqual([403, 'ACCESS_DENIED_ERROR']);
    const viewerActivate = await call(t.app, 'POST', '/acc/api/code/activate', { token: tokens.viewerA, body: { id: jobA1.codeIds[3] } });
    expect(viewerActivate.body.code).toBe('ACCESS_DENIED_ERROR');
    const anonymous = await call(t.app, 'POST', '/acc/api/code/void', { body: { id: jobA1.codeIds[3], reason: 'x' } });
    expect(anonymous.body.code).toBe('NO_LOGIN_ERROR');
  });

  it('records changes in the operation log', async () => {
    const entry = await t.database.db
      .selectFrom('operation_log')
      .select(['module', 'action', 'target', 'result'])
      .where('module', '=', 'code')
      .where('target', '=', jobA1.codeIds[2]!)
      .where('result', '=', 'SUCCESS')
      .executeTakeFirst();
    expect(entry).toMatchObject({ module: 'code', action: 'UPDATE' });
  });
});

describe('export', () => {
  const parse = (raw: Buffer) => {
    const text = raw.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    return text
      .slice(1)
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(','));
  };

  it('streams the codes matching the filters as CSV, in creation order, cells safe from formulas', async () => {
    const id = jobA1.codeIds[3]!;
    await call(t.app, 'POST', '/acc/api/code/void', { token: tokens.adminA, body: { id, reason: '=HYPERLINK("x")' } });
    const res = await call(t.app, 'GET', '/acc/api/code/export', { token: tokens.adminA, query: { recordId: jobA1.id, lang: 'en_US' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Codes-\d{8}\.csv"/);
    const [header, ...rows] = parse(res.raw);
    expect(header).toEqual([
      'Code',
      'Status',
      'Tag rule',
      'Generation job',
      'Serial',
      'Product ID',
      'Batch ID',
      'Generated at',
      'In force since',
      'Voided at',
      'Void reason',
      'Scan URL',
    ]);
    expect(rows.map((r) => r[0])).toEqual(jobA1.codes);
    const voided = rows[3]!;
    expect(voided[1]).toBe('Invalid');
    expect(voided[10]).toBe(`"'=HYPERLINK(""x"")"`);
    expect(voided[11]).toBe(codeUrl(t.config.publicBaseUrl, jobA1.codes[3]!));

    const onlyVoided = parse((await call(t.app, 'GET', '/acc/api/code/export', { token: tokens.adminA, query: { status: 'VOIDED' } })).raw);
    expect(onlyVoided[0]![0]).toBe('标签码');
    expect(onlyVoided.slice(1).map((r) => r[1])).toEqual(['已作废', '已作废', '已作废', '已作废']);
  });

  it("exports nothing of another company and needs the export permission", async () => {
    const other = await call(t.app, 'GET', '/acc/api/code/export', { token: tokens.adminB, query: { recordId: jobA1.id } });
    expect(parse(other.raw)).toHaveLength(1);
    const viewer = await call(t.app, 'GET', '/acc/api/code/export', { token: tokens.viewerA });
    expect(viewer.body.code).toBe('ACCESS_DENIED_ERROR');
    const log = await t.database.db
      .selectFrom('operation_log')
      .select(['action'])
      .where('module', '=', 'code')
      .where('action', '=', 'EXPORT')
      .execute();
    expect(log.length).toBeGreaterThanOrEqual(2);
  });
});
