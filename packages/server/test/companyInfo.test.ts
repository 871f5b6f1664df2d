import type { CompanyInfoRow, CompanyInfoView, PageResult } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRule } from './support/codeFixtures.js';
import { createCompany, createUser } from './support/fixtures.js';
import { storedFile } from './support/productFixtures.js';
import { ADMIN_PASSWORD, call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Company-Pass-1';
const API = '/acc/api/companyInfo';

let t: TestApp;
let companyA: string;
let companyB: string;
let adminA: string;
let operatorA: string;
let adminB: string;
let auditor: string;
let superUser: string;
let auditorId: string;
let adminAId: string;
let logoA: string;
let pdfA: string;
let imageB: string;
let ruleA: string;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  companyA = await createCompany(db, 'Company info A', { approved: false });
  companyB = await createCompany(db, 'Company info B', { approved: false });
  adminAId = await createUser(db, { username: 'ciAdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'ciOperatorA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_OPERATOR'] });
  await createUser(db, { username: 'ciAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  auditorId = await createUser(db, { username: 'ciAuditor', name: '孙审核', password: PASSWORD, userType: '2', roles: ['AUDITOR'] });
  adminA = await signIn(t.app, 'ciAdminA', PASSWORD);
  operatorA = await signIn(t.app, 'ciOperatorA', PASSWORD);
  adminB = await signIn(t.app, 'ciAdminB', PASSWORD);
  auditor = await signIn(t.app, 'ciAuditor', PASSWORD);
  superUser = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  logoA = await storedFile(db, companyA);
  pdfA = await storedFile(db, companyA, 'application/pdf');
  imageB = await storedFile(db, companyB);
  ruleA = await insertRule(db, companyA);
});
afterAll(() => t.close());

const post = <T = CompanyInfoView>(token: string, path: string, body: unknown = {}) => call<T>(t.app, 'POST', `${API}/${path}`, { token, body });
const get = <T = CompanyInfoView>(token: string, path: string, query: Record<string, string> = {}) =>
  call<T>(t.app, 'GET', `${API}/${path}`, { token, query });
const fields = (res: { body: { errors?: Array<{ field: string }> } }) => (res.body.errors ?? []).map((e) => e.field);

/** A real, public unified social credit code (check character Q). */
const LICENSE = '91110108551385082Q';
const REPORT = {
  fullName: '北京测试农业科技有限公司',
  simpleName: '测试农业',
  licenseNumber: LICENSE,
  legalPerson: '赵六',
  registerAddress: '北京市海淀区中关村大街 1 号',
  businessTerm: '2010-01-01 至 长期',
  businessScope: '农产品种植与销售',
  contactName: '钱七',
  contactPhone: '13912345678',
  address: '北京市海淀区',
  website: 'https://example.com',
  introduction: '<b>不是 HTML</b>\r\n第二行',
};

async function expectStatus(token: string, path: string, body: unknown, expected: string) {
  const res = await post(token, path, body);
  expect(res.body.code, `${path}: ${res.body.msg}`).toBe('SUCCESS');
  expect(res.body.data.info?.status).toBe(expected);
  return res.body.data;
}

/** A refused transition: CONFLICT, and the message names the current state. */
async function expectRefused(token: string, path: string, body: unknown, current: string) {
  const res = await post(token, path, body);
  expect(res.status, `${path} from ${current}`).toBe(409);
  expect(res.body.code).toBe('CONFLICT');
  expect(res.body.msg).toContain(current);
  expect(res.body.errors?.[0]?.field).toBe('status');
}

async function statusOfA(): Promise<string | undefined> {
  const row = await t.database.db.selectFrom('company_info').select('status').where('company_id', '=', companyA).executeTakeFirst();
  return row?.status;
}

function generateOne(token: string) {
  return call(t.app, 'POST', '/acc/api/codeRecord/add', { token, body: { ruleId: ruleA, quantity: 1 } });
}

describe('company info state machine', () => {
  it('before the first report: nothing to show, edit / submit / withdraw refused, auditors see nothing, codes refused', async () => {
    const view = await get(adminA, 'getCompanyInfo');
    expect(view.body.code).toBe('SUCCESS');
    expect(view.body.data.info).toBeNull();
    expect(view.body.data.trail).toEqual([]);
    expect(view.body.data.company).toMatchObject({ companyId: companyA, fullName: 'Company info A' });
    await expectRefused(adminA, 'editReport', REPORT, 'NONE');
    await expectRefused(adminA, 'submit', {}, 'NONE');
    await expectRefused(adminA, 'unSubmit', {}, 'NONE');
    expect((await get(auditor, 'getById', { id: companyA })).body.code).toBe('NOT_FOUND');
    expect((await post(auditor, 'auditPass', { id: companyA })).body.code).toBe('NOT_FOUND');
    const refused = await generateOne(adminA);
    expect(refused.body.code).toBe('COMPANY_NOT_APPROVED');
    expect(await t.database.db.selectFrom('code_record').select('id').where('company_id', '=', companyA).execute()).toEqual([]);
  });

  it('checks the fields: credit code check character, phone, website, own stored images', async () => {
    const badCheck = await post(adminA, 'report', { ...REPORT, licenseNumber: '91110108551385082A' });
    expect(badCheck.body.code).toBe('PARAM_CHECK');
    expect(fields(badCheck)).toEqual(['licenseNumber']);
    const several = await post(adminA, 'report', { ...REPORT, fullName: ' ', contactPhone: '12345', website: 'javascript:alert(1)' });
    expect(fields(several).sort()).toEqual(['contactPhone', 'fullName', 'website']);
    expect((await post(adminA, 'report', { ...REPORT, logoFileId: imageB })).body.code).toBe('NOT_FOUND');
    expect((await post(adminA, 'report', { ...REPORT, licenseFileId: pdfA })).body.code).toBe('NOT_FOUND');
    expect(await statusOfA()).toBeUndefined();
  });

  it('takes a business term only as a date range or 长期, real dates in order, naming the field in the request language', async () => {
    const refused = async (businessTerm: string, lang = 'zh_CN') => {
      const res = await post(adminA, 'report', { ...REPORT, businessTerm, lang });
      expect(res.body.code, businessTerm).toBe('PARAM_CHECK');
      expect(fields(res), businessTerm).toEqual(['businessTerm']);
      return res.body.errors?.[0]?.message ?? '';
    };
    for (const term of ['yesterday', '昨天', '2012-04-16', '2012-04-16 至', '2012-4-16 至 长期', '2012/04/16 至 长期', '2012-04-16 至 永久', '2012-04-16 - 2030-01-01', '长期']) {
      expect(await refused(term)).toMatch(/^营业期限.*开始日期 至 结束日期.*长期/);
    }
    expect(await refused('2023-02-29 至 长期')).toMatch(/^营业期限中的日期不存在/);
    expect(await refused('2012-04-16 至 2020-13-01')).toMatch(/^营业期限中的日期不存在/);
    expect(await refused('2020-01-02 至 2020-01-01')).toBe('营业期限的结束日期不能早于开始日期');
    expect(await refused('yesterday', 'en_US')).toMatch(/^Business term: .*open-ended/);
    expect(await statusOfA()).toBeUndefined();
  });

  it('says what a website should be, and refuses what is no web address even with https:// added', async () => {
    for (const website of ['yesterday', 'javascript:alert(1)', 'ftp://example.com', 'https://example', 'www.example .com', 'mailto:info@example.com']) {
      const res = await post(adminA, 'report', { ...REPORT, website });
      expect(res.body.code, website).toBe('PARAM_CHECK');
      expect(res.body.errors, website).toEqual([{ field: 'website', message: '企业网站请填写网址，如 www.example.com 或 https://www.example.com' }]);
    }
    const english = await post(adminA, 'report', { ...REPORT, website: 'yesterday', lang: 'en_US' });
    expect(english.body.errors?.[0]?.message).toBe('Website: enter a web address, e.g. www.example.com or https://www.example.com');
    expect(await statusOfA()).toBeUndefined();
  });

  it('refuses those without the permission: an operator edits nothing, an auditor reports nothing, a company audits nothing', async () => {
    expect((await get(operatorA, 'getCompanyInfo')).body.code).toBe('SUCCESS');
    expect((await post(operatorA, 'report', REPORT)).body.code).toBe('ACCESS_DENIED_ERROR');
    expect((await post(operatorA, 'submit')).body.code).toBe('ACCESS_DENIED_ERROR');
    // the company report is a company's own screen: a platform auditor is told a company is needed
    expect((await post(auditor, 'report', REPORT)).body.code).toBe('COMPANY_REQUIRED');
    expect((await get(auditor, 'getCompanyInfo')).body.code).toBe('COMPANY_REQUIRED');
    expect((await post(adminA, 'pageList', {})).body.code).toBe('ACCESS_DENIED_ERROR');
    expect((await get(adminB, 'getById', { id: companyA })).body.code).toBe('ACCESS_DENIED_ERROR');
    expect((await post(adminA, 'auditPass', { id: companyA })).body.code).toBe('ACCESS_DENIED_ERROR');
    expect((await post(adminA, 'auditReject', { id: companyA, reason: 'x' })).body.code).toBe('ACCESS_DENIED_ERROR');
    expect(await statusOfA()).toBeUndefined();
  });

  it('walks report → DRAFT, refusing what DRAFT does not allow', async () => {
    const view = await expectStatus(adminA, 'report', { ...REPORT, licenseNumber: ' 91110108551385082q ', logoFileId: logoA }, 'DRAFT');
    expect(view.info).toMatchObject({ revision: 1, licenseNumber: LICENSE, logoFileId: logoA, introduction: '<b>不是 HTML</b>\n第二行', approved: null });
    await expectRefused(adminA, 'report', REPORT, 'DRAFT');
    await expectRefused(adminA, 'unSubmit', {}, 'DRAFT');
    await expectRefused(auditor, 'auditPass', { id: companyA }, 'DRAFT');
    await expectRefused(auditor, 'auditReject', { id: companyA, reason: '资料不全' }, 'DRAFT');
    const edited = await expectStatus(adminA, 'editReport', { ...REPORT, simpleName: '测试农业二', logoFileId: logoA }, 'DRAFT');
    expect(edited.info).toMatchObject({ revision: 1, simpleName: '测试农业二' });
  });

  it('walks submit → SUBMITTED and back with unSubmit, refusing edits while under audit', async () => {
    const submitted = await expectStatus(adminA, 'submit', {}, 'SUBMITTED');
    expect(submitted.info?.submittedAt).not.toBeNull();
    await expectRefused(adminA, 'submit', {}, 'SUBMITTED');
    await expectRefused(adminA, 'editReport', REPORT, 'SUBMITTED');
    await expectRefused(adminA, 'report', REPORT, 'SUBMITTED');
    await expectStatus(adminA, 'unSubmit', {}, 'DRAFT');
    await expectStatus(adminA, 'submit', {}, 'SUBMITTED');
  });

  it('rejects with a required reason of 1 to 500 characters; REJECTED is edited or submitted again', async () => {
    const missing = await post(auditor, 'auditReject', { id: companyA, reason: '  ' });
    expect(missing.body.code).toBe('PARAM_CHECK');
    expect(fields(missing)).toEqual(['reason']);
    expect(fields(await post(auditor, 'auditReject', { id: companyA, reason: 'x'.repeat(501) }))).toEqual(['reason']);
    expect(await statusOfA()).toBe('SUBMITTED');

    const rejected = await expectStatus(auditor, 'auditReject', { id: companyA, reason: '营业执照照片不清晰' }, 'REJECTED');
    expect(rejected.info?.rejectReason).toBe('营业执照照片不清晰');
    await expectRefused(adminA, 'unSubmit', {}, 'REJECTED');
    await expectRefused(auditor, 'auditPass', { id: companyA }, 'REJECTED');
    await expectRefused(auditor, 'auditReject', { id: companyA, reason: '再次' }, 'REJECTED');
    // a rejected report goes straight back to audit, or is corrected first
    await expectStatus(adminA, 'submit', {}, 'SUBMITTED');
    await expectStatus(auditor, 'auditReject', { id: companyA, reason: '请补充联系人' }, 'REJECTED');
    const corrected = await expectStatus(adminA, 'editReport', { ...REPORT, contactName: '孙八', logoFileId: logoA }, 'DRAFT');
    expect(corrected.info?.revision).toBe(1);
    await expectStatus(adminA, 'submit', {}, 'SUBMITTED');
    expect((await generateOne(adminA)).body.code).toBe('COMPANY_NOT_APPROVED');
  });

  it('passes: the submitted copy becomes the approved snapshot and the company’s registered data; codes may be generated', async () => {
    const passed = await expectStatus(auditor, 'auditPass', { id: companyA }, 'APPROVED');
    expect(passed.info).toMatchObject({ approvedRevision: 1, rejectReason: '' });
    expect(passed.info?.approvedAt).not.toBeNull();
    expect(passed.info?.approved).toMatchObject({ fullName: REPORT.fullName, contactName: '孙八', licenseNumber: LICENSE, logoFileId: logoA });
    const company = await t.database.db.selectFrom('company').selectAll().where('id', '=', companyA).executeTakeFirstOrThrow();
    expect(company).toMatchObject({ full_name: REPORT.fullName, simple_name: REPORT.simpleName, license_number: LICENSE });
    await expectRefused(adminA, 'submit', {}, 'APPROVED');
    await expectRefused(adminA, 'unSubmit', {}, 'APPROVED');
    await expectRefused(auditor, 'auditPass', { id: companyA }, 'APPROVED');
    await expectRefused(auditor, 'auditReject', { id: companyA, reason: '晚了' }, 'APPROVED');
    expect((await generateOne(adminA)).body.code).toBe('SUCCESS');
  });

  it('editing an approved report starts a new DRAFT revision and keeps the approved snapshot (and code generation)', async () => {
    const draft = await expectStatus(adminA, 'editReport', { ...REPORT, fullName: '北京测试农业科技股份有限公司', logoFileId: logoA }, 'DRAFT');
    expect(draft.info).toMatchObject({ revision: 2, fullName: '北京测试农业科技股份有限公司', approvedRevision: 1 });
    expect(draft.info?.approved?.fullName).toBe(REPORT.fullName);
    expect((await generateOne(adminA)).body.code).toBe('SUCCESS');
    await expectStatus(adminA, 'submit', {}, 'SUBMITTED');
    await expectStatus(auditor, 'auditReject', { id: companyA, reason: '更名需提供证明' }, 'REJECTED');
    const afterReject = await get(adminA, 'getCompanyInfo');
    expect(afterReject.body.data.info?.approved?.fullName).toBe(REPORT.fullName);
    expect((await generateOne(adminA)).body.code).toBe('SUCCESS');
    await expectStatus(adminA, 'submit', {}, 'SUBMITTED');
    // the platform super user audits too
    const second = await expectStatus(superUser, 'auditPass', { id: companyA }, 'APPROVED');
    expect(second.info).toMatchObject({ approvedRevision: 2, approved: expect.objectContaining({ fullName: '北京测试农业科技股份有限公司' }) });
  });

  it('keeps every transition in the audit trail: from, to, who, when, comment', async () => {
    const view = await get(auditor, 'getById', { id: companyA });
    expect(view.body.code).toBe('SUCCESS');
    const steps = view.body.data.trail.map((e) => [e.action, e.fromStatus, e.toStatus, e.revision]);
    expect(steps).toEqual([
      ['REPORT', null, 'DRAFT', 1],
      ['EDIT', 'DRAFT', 'DRAFT', 1],
      ['SUBMIT', 'DRAFT', 'SUBMITTED', 1],
      ['UNSUBMIT', 'SUBMITTED', 'DRAFT', 1],
      ['SUBMIT', 'DRAFT', 'SUBMITTED', 1],
      ['REJECT', 'SUBMITTED', 'REJECTED', 1],
      ['SUBMIT', 'REJECTED', 'SUBMITTED', 1],
      ['REJECT', 'SUBMITTED', 'REJECTED', 1],
      ['EDIT', 'REJECTED', 'DRAFT', 1],
      ['SUBMIT', 'DRAFT', 'SUBMITTED', 1],
      ['PASS', 'SUBMITTED', 'APPROVED', 1],
      ['EDIT', 'APPROVED', 'DRAFT', 2],
      ['SUBMIT', 'DRAFT', 'SUBMITTED', 2],
      ['REJECT', 'SUBMITTED', 'REJECTED', 2],
      ['SUBMIT', 'REJECTED', 'SUBMITTED', 2],
      ['PASS', 'SUBMITTED', 'APPROVED', 2],
    ]);
    const rows = await t.database.db.selectFrom('company_info_audit').selectAll().where('company_id', '=', companyA).orderBy('id').execute();
    expect(rows[0]?.actor_id).toBe(adminAId);
    expect(rows[5]).toMatchObject({ actor_id: auditorId, comment: '营业执照照片不清晰' });
    expect(rows.every((r) => r.created_at instanceof Date)).toBe(true);
    // who acted, by name, with the login name apart (a person without a name is named by the login name)
    expect(view.body.data.trail[0]).toMatchObject({ actorName: 'ciAdminA', actorUsername: 'ciAdminA' });
    expect(view.body.data.trail[5]).toMatchObject({ actorName: '孙审核', actorUsername: 'ciAuditor', comment: '营业执照照片不清晰' });
  });

  it('writes the operation log for every change, refused ones included', async () => {
    const entries = await t.database.db.selectFrom('operation_log').select(['action', 'result', 'error_code', 'url']).where('module', '=', 'companyInfo').execute();
    expect(entries.some((e) => e.url.endsWith('/auditPass') && e.result === 'SUCCESS')).toBe(true);
    expect(entries.some((e) => e.url.endsWith('/report') && e.action === 'INSERT')).toBe(true);
    expect(entries.some((e) => e.result === 'FAILURE' && e.error_code === 'CONFLICT')).toBe(true);
  });
});

describe('auditors and tenancy', () => {
  it('lists reports of every company, paged, by status and by name', async () => {
    // A's credit code is A's (copied to A's company when it passed): B may not report it as its own
    const taken = await post(adminB, 'report', { ...REPORT, fullName: '乙方瓜果合作社' });
    expect(taken.body.code).toBe('DUPLICATE');
    expect(fields(taken)).toEqual(['licenseNumber']);
    // it says the code is another company's, never which one
    expect(taken.body.errors?.[0]?.message).toBe('该统一社会信用代码已由本平台的另一家企业注册，请核对');
    expect(JSON.stringify(taken.body)).not.toMatch(/北京测试农业|Company info A/);
    await expectStatus(adminB, 'report', { ...REPORT, fullName: '乙方瓜果合作社', licenseNumber: '91440300708461136T' }, 'DRAFT');
    await expectStatus(adminB, 'submit', {}, 'SUBMITTED');
    const submitted = await post<PageResult<CompanyInfoRow>>(auditor, 'pageList', { pageNum: 1, pageSize: 10, status: 'SUBMITTED' });
    expect(submitted.body.code).toBe('SUCCESS');
    expect(submitted.body.data.list.map((r) => r.companyId)).toEqual([companyB]);
    const byName = await post<PageResult<CompanyInfoRow>>(auditor, 'pageList', { fullName: '股份' });
    expect(byName.body.data.list.map((r) => [r.companyId, r.status])).toEqual([[companyA, 'APPROVED']]);
    const paged = await post<PageResult<CompanyInfoRow>>(auditor, 'pageList', { pageNum: 2, pageSize: 1, orderName: 'fullName', orderType: 'asc' });
    expect(paged.body.data).toMatchObject({ total: 2, pageNum: 2, pageSize: 1 });
    expect(paged.body.data.list).toHaveLength(1);
    expect(fields(await post(auditor, 'pageList', { status: 'LOST' }))).toEqual(['status']);
  });

  it('a company sees and changes only its own report', async () => {
    const own = await get(adminB, 'getCompanyInfo');
    expect(own.body.data.company.companyId).toBe(companyB);
    expect(own.body.data.info?.fullName).toBe('乙方瓜果合作社');
    expect(JSON.stringify(own.body.data)).not.toContain(companyA);
    const before = await t.database.db.selectFrom('company_info').selectAll().where('company_id', '=', companyA).executeTakeFirstOrThrow();
    // an id in the body is not read: the company comes from the session
    await post(adminB, 'unSubmit', { id: companyA });
    expect(await statusOfA()).toBe('APPROVED');
    const after = await t.database.db.selectFrom('company_info').selectAll().where('company_id', '=', companyA).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect((await get(auditor, 'getById', { id: '00000000-0000-0000-0000-000000000000' })).body.code).toBe('NOT_FOUND');
  });

  it('shows auditors the pictures a report names (working copy and approved snapshot), and nobody else', async () => {
    // a 1×1 PNG, stored as the logo's bytes
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const { sha256, size } = await t.storage.put(png);
    await t.database.db.updateTable('stored_file').set({ sha256, size_bytes: size }).where('id', '=', logoA).execute();
    const image = (token: string, query: Record<string, string>) => call(t.app, 'GET', `${API}/image`, { token, query });
    for (const copy of ['working', 'approved']) {
      const res = await image(auditor, { id: companyA, kind: 'logo', copy });
      expect(res.status, copy).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(res.raw, png)).toBe(0);
    }
    expect((await image(auditor, { id: companyA, kind: 'license' })).body.code).toBe('NOT_FOUND');
    expect((await image(auditor, { id: companyA, kind: 'seal' })).body.code).toBe('PARAM_CHECK');
    expect((await image(adminB, { id: companyA, kind: 'logo' })).body.code).toBe('ACCESS_DENIED_ERROR');
    expect((await image(adminA, { id: companyA, kind: 'logo' })).body.code).toBe('ACCESS_DENIED_ERROR');
  });
});

describe('business term and website as stored', () => {
  it('stores the business term in the licence’s words whichever language it was typed in, and a bare host with https://', async () => {
    const db = t.database.db;
    const companyC = await createCompany(db, 'Company info C', { approved: false });
    await createUser(db, { username: 'ciAdminC', password: PASSWORD, userType: '3', companyId: companyC, roles: ['ENTERPRISE_ADMIN'] });
    const adminC = await signIn(t.app, 'ciAdminC', PASSWORD);
    const body = { ...REPORT, fullName: '丙方农业有限公司', licenseNumber: '91350100M000100Y43' };
    const first = await expectStatus(adminC, 'report', { ...body, businessTerm: ' 2012-04-16 to Open-ended ', website: ' www.example.com/about ' }, 'DRAFT');
    expect(first.info).toMatchObject({ businessTerm: '2012-04-16 至 长期', website: 'https://www.example.com/about' });
    const ranged = await expectStatus(adminC, 'editReport', { ...body, businessTerm: '2012-04-16至2032-04-15', website: 'http://瓜香.中国:8080/' }, 'DRAFT');
    expect(ranged.info).toMatchObject({ businessTerm: '2012-04-16 至 2032-04-15', website: 'http://瓜香.中国:8080/' });
    // one day is a term too, and none may be given at all
    const oneDay = await expectStatus(adminC, 'editReport', { ...body, businessTerm: '2012-04-16 至 2012-04-16', website: '//example.com' }, 'DRAFT');
    expect(oneDay.info).toMatchObject({ businessTerm: '2012-04-16 至 2012-04-16', website: 'https://example.com' });
    const none = await expectStatus(adminC, 'editReport', { ...body, businessTerm: '', website: '' }, 'DRAFT');
    expect(none.info).toMatchObject({ businessTerm: '', website: '' });
  });
});
