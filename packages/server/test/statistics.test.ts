import type {
  AreaCount,
  ClientTypeCount,
  CodeRank,
  PageResult,
  ProductRank,
  QuantityDisplay,
  ScanRecordRow,
  ScanTrend,
} from '@rd/contract';
import ExcelJS from 'exceljs';
import pg from 'pg';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanRecordTable } from '../src/platform/db/schema.js';
import { rollUpScans } from '../src/modules/statistics/rollup.js';
import { ADMIN_USERNAME } from '../src/seed/adminSeed.js';
import { createCompany, createUser } from './support/fixtures.js';
import { boundCode, generationJob } from './support/productFixtures.js';
import { ADMIN_PASSWORD, TEST_DB_KIND, call, signIn, startTestApp, type TestApp } from './support/testApp.js';

/**
 * A hand-counted set of scan records around Shanghai midnight of Saturday 7 / Sunday 8 March 2026 (UTC+8:
 * 2026-03-07T16:00Z), which is also where a Sunday-starting week begins. Counted in UTC days, rows 2 and 4
 * would fall on other days: the expected figures below only hold in the business time zone.
 */
const PASSWORD = 'Stats-Pass-1';
const API = '/acc/api/scanCodeRecord';
const RANGE = { beginDate: '2026-03-06', endDate: '2026-03-10' };
const RECALL_ID = '7d2b0c4e-1f3a-4b5c-8d6e-9f0a1b2c3d4e';
let expiredBatch: string;
let freshBatch: string;

let t: TestApp;
let companyA: string;
let companyB: string;
let adminA: string;
let adminB: string;
let root: string;
let productA1: string;
let productA2: string;
const codeIds: Record<'c1' | 'c2' | 'c3' | 'b1', string> = { c1: '', c2: '', c3: '', b1: '' };

function post<T>(token: string, path: string, body: unknown) {
  return call<T>(t.app, 'POST', `${API}/${path}`, { token, body });
}
function get<T>(token: string, path: string, query: Record<string, string>) {
  return call<T>(t.app, 'GET', `${API}/${path}`, { token, query });
}
async function data<T>(res: Promise<{ body: { code: string; msg: string; data: T } }>): Promise<T> {
  const { body } = await res;
  expect(body.code, body.msg).toBe('SUCCESS');
  return body.data;
}

type Row = Omit<Insertable<ScanRecordTable>, 'code_text'> & { code_text?: string };
async function scan(row: Row) {
  await t.database.db
    .insertInto('scan_record')
    .values({ code_text: String(row.code_id ?? 'UNKNOWN'), product_id: null, batch_id: null, verdict: 'GENUINE', scan_seq: 1, ...row })
    .execute();
}

/** Rows 1–3: rolled up before rows 4–9 are written, so the first checks read rollups and raw rows together. */
async function firstRows() {
  const a = { company_id: companyA, source: 'CHECK' as const };
  // 1: Saturday 23:59:59 in Shanghai, of an item whose batch expired on the 6th
  await scan({ ...a, code_id: codeIds.c1, code_text: 'C1', product_id: productA1, batch_id: expiredBatch, area_code: '440000', client_type: 'WECHAT', scanned_at: '2026-03-07T15:59:59Z' });
  // 2: Sunday 00:00:00 in Shanghai (still the 7th in UTC), suspicious, a new week
  await scan({ ...a, code_id: codeIds.c1, code_text: 'C1', product_id: productA1, area_code: '440000', client_type: 'WECHAT', verdict: 'REPEATED', scan_seq: 2, suspicious: true, scanned_at: '2026-03-07T16:00:00Z' });
  // 3: Sunday 07:30, of an item whose batch expires on the 8th, the next day
  await scan({ ...a, code_id: codeIds.c2, code_text: 'C2', product_id: productA2, batch_id: freshBatch, area_code: '110000', client_type: 'ALIPAY', scanned_at: '2026-03-07T23:30:00Z' });
}

async function laterRows() {
  const a = { company_id: companyA, source: 'CHECK' as const };
  // 4: Monday 01:00 in Shanghai (Sunday in UTC), suspicious, of an item under a recall
  await scan({ ...a, code_id: codeIds.c1, code_text: 'C1', product_id: productA1, area_code: '110000', client_type: 'BROWSER', verdict: 'REPEATED', scan_seq: 3, suspicious: true, recall_id: RECALL_ID, scanned_at: '2026-03-08T17:00:00Z' });
  // 4b: a mistyped code of company B's shape: no code, not a scan, counted apart
  await scan({ company_id: companyB, source: 'CHECK', code_id: null, code_text: 'C1X', verdict: 'CHECK_FAILED', scan_seq: null, area_code: '110000', client_type: 'WECHAT', scanned_at: '2026-03-08T18:00:00Z' });
  // 4c: the same outside the range
  await scan({ company_id: companyB, source: 'CHECK', code_id: null, code_text: 'C1Y', verdict: 'CHECK_FAILED', scan_seq: null, area_code: '110000', client_type: 'WECHAT', scanned_at: '2026-03-12T18:00:00Z' });
  // 5: Friday 10:00, a code bound to no product, place unknown; its text would be a formula in a spreadsheet
  await scan({ ...a, code_id: codeIds.c3, code_text: '=HYPERLINK("x")', area_code: '', client_type: 'OTHER', scanned_at: '2026-03-06T02:00:00Z', source: 'SCAN' });
  // 6: the simulator's: never counted
  await scan({ ...a, code_id: codeIds.c2, code_text: 'C2', product_id: productA2, area_code: '310000', client_type: 'WECHAT', scanned_at: '2026-03-08T01:00:00Z', source: 'TEST' });
  // 7: an unknown code: no company, never counted
  await scan({ company_id: null, code_id: null, code_text: 'NO-SUCH-CODE', verdict: 'NOT_FOUND', scan_seq: null, area_code: '440000', client_type: 'WECHAT', scanned_at: '2026-03-08T02:00:00Z' });
  // 8: company B
  await scan({ company_id: companyB, code_id: codeIds.b1, code_text: 'B1', area_code: '440000', client_type: 'WECHAT', scanned_at: '2026-03-08T03:00:00Z' });
  // 9: Wednesday 00:30 in Shanghai, the 11th: outside the range though it is the 10th in UTC
  await scan({ ...a, code_id: codeIds.c2, code_text: 'C2', product_id: productA2, area_code: '440000', client_type: 'WECHAT', verdict: 'REPEATED', scan_seq: 2, scanned_at: '2026-03-10T16:30:00Z' });
  // 10: now, for today's figure
  await scan({ ...a, code_id: codeIds.c3, code_text: '=HYPERLINK("x")', area_code: '320000', client_type: 'QQ', verdict: 'REPEATED', scan_seq: 2, scanned_at: new Date() });
}

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000', STATS_ROLLUP_SECONDS: '0' });
  const db = t.database.db;
  companyA = await createCompany(db, 'Stats A');
  companyB = await createCompany(db, 'Stats B');
  await createUser(db, { username: 'statAdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'statAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  adminA = await signIn(t.app, 'statAdminA', PASSWORD);
  adminB = await signIn(t.app, 'statAdminB', PASSWORD);
  root = await signIn(t.app, ADMIN_USERNAME, ADMIN_PASSWORD);
  productA1 = (await call<{ id: string }>(t.app, 'POST', '/acc/api/product/add', { token: adminA, body: { name: '庞各庄西瓜' } })).body.data.id;
  productA2 = (await call<{ id: string }>(t.app, 'POST', '/acc/api/product/add', { token: adminA, body: { name: '京欣甜瓜' } })).body.data.id;
  const batch = async (productId: string, batchNo: string, expiryDate: string) =>
    (await db.insertInto('product_batch').values({ company_id: companyA, product_id: productId, batch_no: batchNo, expiry_date: expiryDate }).returning('id').executeTakeFirstOrThrow()).id;
  expiredBatch = await batch(productA1, 'OLD', '2026-03-06');
  freshBatch = await batch(productA2, 'FRESH', '2026-03-08');
  const jobA = await generationJob(db, companyA);
  const jobB = await generationJob(db, companyB);
  await db.updateTable('code_record').set({ progress: 3 }).where('id', '=', jobA.recordId).execute();
  await db.updateTable('code_record').set({ progress: 1 }).where('id', '=', jobB.recordId).execute();
  await boundCode(db, companyA, jobA, { code: 'C1', productId: productA1, batchId: null, status: 'ACTIVATED', activatedAt: new Date() });
  await boundCode(db, companyA, jobA, { code: 'C2', productId: productA2, batchId: null, status: 'ACTIVATED', activatedAt: new Date() });
  await boundCode(db, companyA, jobA, { code: 'C3', productId: null, batchId: null });
  await boundCode(db, companyB, jobB, { code: 'B1', productId: null, batchId: null, status: 'ACTIVATED', activatedAt: new Date() });
  const codes = await db.selectFrom('code').select(['id', 'code']).execute();
  for (const c of codes) codeIds[c.code.toLowerCase() as keyof typeof codeIds] = c.id;

  await firstRows();
  expect((await rollUpScans(db, 'Asia/Shanghai')).idsCovered).toBe(3);
  await laterRows();
});
afterAll(() => t.close());

/** Every call's answer for company A over RANGE, worked out by hand from rows 1–10 above. */
async function expectCompanyAFigures(token: string, extra: Record<string, string> = {}) {
  const body = { ...RANGE, ...extra };
  expect(await data(post<QuantityDisplay>(token, 'quantityDisplayList', body))).toEqual({
    codesIssued: 3,
    codesActivated: 2,
    scans: 5,
    todayScans: 1,
    suspiciousScans: 2,
    expiredScans: 1,
    recalledScans: 1,
    checkFailedScans: 0,
  });
  expect(await data(post<AreaCount[]>(token, 'areaScanningCodeList', body))).toEqual([
    { areaCode: '110000', scans: 2, suspicious: 1 },
    { areaCode: '440000', scans: 2, suspicious: 1 },
    { areaCode: '', scans: 1, suspicious: 0 },
  ]);
  const recalledMap = await data(get<AreaCount[]>(token, 'recalledScanMapList', body));
  expect(recalledMap).toHaveLength(34);
  expect(recalledMap.filter((a) => a.scans > 0)).toEqual([{ areaCode: '110000', scans: 1, suspicious: 0 }]);
  const map = await data(get<AreaCount[]>(token, 'scanMapList', body));
  expect(map).toHaveLength(34);
  expect(map.filter((m) => m.scans > 0)).toEqual([
    { areaCode: '110000', scans: 2, suspicious: 1 },
    { areaCode: '440000', scans: 2, suspicious: 1 },
  ]);
  expect(await data(post<ScanTrend>(token, 'weeklyCodeList', body))).toEqual({
    days: [
      { date: '2026-03-06', scans: 1, suspicious: 0 },
      { date: '2026-03-07', scans: 1, suspicious: 0 },
      { date: '2026-03-08', scans: 2, suspicious: 1 },
      { date: '2026-03-09', scans: 1, suspicious: 1 },
      { date: '2026-03-10', scans: 0, suspicious: 0 },
    ],
    weeks: [
      { date: '2026-03-01', scans: 2, suspicious: 0 },
      { date: '2026-03-08', scans: 3, suspicious: 2 },
    ],
  });
  expect(await data(get<ClientTypeCount[]>(token, 'clientTypeList', body))).toEqual([
    { clientType: 'WXWORK', scans: 0 },
    { clientType: 'WECHAT', scans: 2 },
    { clientType: 'DINGTALK', scans: 0 },
    { clientType: 'ALIPAY', scans: 1 },
    { clientType: 'QQ', scans: 0 },
    { clientType: 'QQ_BROWSER', scans: 0 },
    { clientType: 'BROWSER', scans: 1 },
    { clientType: 'OTHER', scans: 1 },
  ]);
  const products = await data(post<ProductRank[]>(token, 'productRankingList', body));
  expect(products).toHaveLength(3);
  expect(products[0]).toEqual({ productId: productA1, productName: '庞各庄西瓜', scans: 3 });
  expect(products.slice(1).map((p) => [p.productName, p.scans]).sort()).toEqual([
    ['', 1],
    ['京欣甜瓜', 1],
  ]);
  // Ranked by the walk over all-time totals (the range holds 5 of the company's 7 scans)…
  expect(await data(get<CodeRank[]>(token, 'scanCodeRankingList', body))).toEqual([
    { codeId: codeIds.c1, code: 'C1', productId: productA1, productName: '庞各庄西瓜', scans: 3 },
    { codeId: codeIds.c2, code: 'C2', productId: productA2, productName: '京欣甜瓜', scans: 1 },
    { codeId: codeIds.c3, code: 'C3', productId: null, productName: '', scans: 1 },
  ]);
  expect(await data(get<CodeRank[]>(token, 'scanCodeRankingList', { ...body, limit: '1' }))).toEqual([
    expect.objectContaining({ code: 'C1', scans: 3 }),
  ]);
  // …and grouped from the raw rows when the range is short (row 9 alone).
  expect(
    await data(get<CodeRank[]>(token, 'scanCodeRankingList', { ...extra, beginDate: '2026-03-11', endDate: '2026-03-11' })),
  ).toEqual([expect.objectContaining({ code: 'C2', scans: 1 })]);
}

describe('scan statistics', () => {
  it('count by province, day, week, client type, product and code in Shanghai days, TEST rows and unknown codes left out', async () => {
    await expectCompanyAFigures(adminA);
  });

  it('give the same answers once everything is rolled up, and with fresh rows above the watermark again', async () => {
    // rows 4–10 and the two mistyped codes 4b, 4c
    expect((await rollUpScans(t.database.db, 'Asia/Shanghai')).idsCovered).toBe(9);
    await expectCompanyAFigures(adminA);
    // the mistyped code is counted apart from the rollup's TOTAL row, which holds no scan of it
    expect(await data(post<QuantityDisplay>(adminB, 'quantityDisplayList', RANGE))).toMatchObject({ scans: 1, checkFailedScans: 1 });
    // a scan arriving after the rollup counts at once, from the raw rows
    await scan({ company_id: companyA, code_id: codeIds.c2, code_text: 'C2', product_id: productA2, area_code: '110000', client_type: 'ALIPAY', scanned_at: '2026-03-10T03:00:00Z', source: 'CHECK' });
    const figures = await data(post<QuantityDisplay>(adminA, 'quantityDisplayList', RANGE));
    expect(figures.scans).toBe(6);
    const ranking = await data(get<CodeRank[]>(adminA, 'scanCodeRankingList', RANGE));
    expect(ranking.map((r) => [r.code, r.scans])).toEqual([
      ['C1', 3],
      ['C2', 2],
      ['C3', 1],
    ]);
    await t.database.db.deleteFrom('scan_record').where('scanned_at', '=', new Date('2026-03-10T03:00:00Z')).execute();
  });

  it('rebuild the rollups when the business time zone changes, cutting days in the new zone', async () => {
    // In UTC, row 2 (16:00Z on the 7th) stays on the 7th and row 4 (17:00Z on the 8th) on the 8th.
    await rollUpScans(t.database.db, 'UTC');
    const days = await t.database.db
      .selectFrom('scan_stat_day')
      .select(['day', 'scans'])
      .where('company_id', '=', companyA)
      .where('dim', '=', 'TOTAL')
      .where('day', '>=', '2026-03-06')
      .where('day', '<=', '2026-03-10')
      .orderBy('day')
      .execute();
    expect(days.map((d) => [d.day, Number(d.scans)])).toEqual([
      ['2026-03-06', 1],
      ['2026-03-07', 3],
      ['2026-03-08', 1],
      ['2026-03-10', 1],
    ]);
    // rollups cut in another zone are not used: the server (Shanghai) answers from raw rows until rebuilt
    await expectCompanyAFigures(adminA);
    await rollUpScans(t.database.db, 'Asia/Shanghai');
    await expectCompanyAFigures(adminA);
  });

  it('keep companies apart; platform users pick a company or see all', async () => {
    expect(await data(post<QuantityDisplay>(adminB, 'quantityDisplayList', RANGE))).toEqual({
      codesIssued: 1,
      codesActivated: 1,
      scans: 1,
      todayScans: 0,
      suspiciousScans: 0,
      expiredScans: 0,
      recalledScans: 0,
      checkFailedScans: 1,
    });
    expect(await data(get<CodeRank[]>(adminB, 'scanCodeRankingList', RANGE))).toEqual([
      expect.objectContaining({ code: 'B1', scans: 1 }),
    ]);
    const denied = await post(adminB, 'areaScanningCodeList', { ...RANGE, companyId: companyA });
    expect(denied.body.code).toBe('NOT_FOUND');
    expect((await post(adminB, 'pageList', { ...RANGE, companyId: companyA })).body.code).toBe('NOT_FOUND');
    await expectCompanyAFigures(root, { companyId: companyA });
    const all = await data(post<QuantityDisplay>(root, 'quantityDisplayList', RANGE));
    expect(all).toMatchObject({ scans: 6, codesIssued: 4, codesActivated: 3 });
    const unknownCompany = await post(root, 'quantityDisplayList', { ...RANGE, companyId: '5b0f6a5e-7c1d-4f7e-9a43-2c1b9d0e8f11' });
    expect(unknownCompany.body.code).toBe('NOT_FOUND');
  });

  it.runIf(TEST_DB_KIND === 'postgres')('never roll up past a scan whose transaction is still open, and never block it', async () => {
    const before = await rollUpScans(t.database.db, 'Asia/Shanghai');
    const open = new pg.Client({ connectionString: t.config.databaseUrl as string });
    await open.connect();
    try {
      await open.query('BEGIN');
      await open.query(
        `INSERT INTO scan_record (company_id, code_id, code_text, source, area_code, client_type, scanned_at)
         VALUES ($1, $2, 'C2', 'CHECK', '110000', 'ALIPAY', '2026-03-09T04:00:00Z')`,
        [companyA, codeIds.c2],
      );
      // a later scan commits meanwhile: its id is above the open one's
      await scan({ company_id: companyA, code_id: codeIds.c3, code_text: 'C3', area_code: '110000', client_type: 'ALIPAY', scanned_at: '2026-03-09T05:00:00Z', source: 'CHECK' });
      const during = await rollUpScans(t.database.db, 'Asia/Shanghai', { waitMs: 300 });
      expect(during.rolledUpTo).toBe(before.rolledUpTo);
      expect((await data(post<QuantityDisplay>(adminA, 'quantityDisplayList', RANGE))).scans).toBe(6);
      await open.query('COMMIT');
      expect(BigInt((await rollUpScans(t.database.db, 'Asia/Shanghai')).rolledUpTo)).toBeGreaterThan(BigInt(before.rolledUpTo) + 1n);
      expect((await data(post<QuantityDisplay>(adminA, 'quantityDisplayList', RANGE))).scans).toBe(7);
    } finally {
      await open.end();
      // back to the hand-counted set (these two rows were never counted in what the other tests expect)
      await t.database.db.deleteFrom('scan_record').where('scanned_at', 'in', [new Date('2026-03-09T04:00:00Z'), new Date('2026-03-09T05:00:00Z')]).execute();
      await rollUpScans(t.database.db, 'UTC');
      await rollUpScans(t.database.db, 'Asia/Shanghai');
    }
  });

  it('check the range', async () => {
    const reversed = await post(adminA, 'quantityDisplayList', { beginDate: '2026-03-10', endDate: '2026-03-06' });
    expect(reversed.body.code).toBe('PARAM_CHECK');
    const bad = await get(adminA, 'clientTypeList', { beginDate: '2026-02-30', endDate: '2026-03-06' });
    expect(bad.body.code).toBe('PARAM_CHECK');
  });
});

describe('scan records', () => {
  const list = (token: string, filters: Record<string, unknown>) =>
    data(post<PageResult<ScanRecordRow>>(token, 'pageList', { pageNum: 1, pageSize: 50, ...filters }));

  it('list newest first with every filter', async () => {
    const page = await list(adminA, RANGE);
    expect(page.total).toBe(5);
    expect(page.list.map((r) => r.scannedAt)).toEqual([
      '2026-03-08T17:00:00.000Z',
      '2026-03-07T23:30:00.000Z',
      '2026-03-07T16:00:00.000Z',
      '2026-03-07T15:59:59.000Z',
      '2026-03-06T02:00:00.000Z',
    ]);
    expect(page.list[1]).toMatchObject({ code: 'C2', productName: '京欣甜瓜', clientType: 'ALIPAY', areaCode: '110000', verdict: 'GENUINE' });
    const totals = async (filters: Record<string, unknown>) => {
      const p = await list(adminA, { ...RANGE, ...filters });
      expect(p.list).toHaveLength(p.total);
      return p.total;
    };
    expect(await totals({ areaCode: '110000' })).toBe(2);
    expect(await totals({ clientType: 'WECHAT' })).toBe(2);
    expect(await totals({ productId: productA1 })).toBe(3);
    expect(await totals({ productId: productA1, areaCode: '440000' })).toBe(2);
    expect(await totals({ verdict: 'REPEATED' })).toBe(2);
    expect(await totals({ suspicious: true })).toBe(2);
    expect(await totals({ suspicious: false })).toBe(3);
    expect(await totals({ code: 'HYPERLINK' })).toBe(1);
    expect(await totals({ source: 'TEST' })).toBe(1);
    expect(await totals({ beginDate: '2026-03-08', endDate: '2026-03-08' })).toBe(2);
    expect((await list(adminA, {})).total).toBe(7);
    expect((await list(adminB, {})).total).toBe(1);
    // platform users see unknown codes too
    expect((await list(root, { ...RANGE, verdict: 'NOT_FOUND' })).list.map((r) => r.code)).toEqual(['NO-SUCH-CODE']);
    const paged = await list(adminA, { ...RANGE, pageSize: 2, pageNum: 3 });
    expect(paged.total).toBe(5);
    expect(paged.list.map((r) => r.scannedAt)).toEqual(['2026-03-06T02:00:00.000Z']);
  });

  it('sort by the allowed fields and refuse any other, naming it', async () => {
    const oldest = await list(adminA, { ...RANGE, orderName: 'scannedAt', orderType: 'asc' });
    expect(oldest.list.map((r) => r.scannedAt)[0]).toBe('2026-03-06T02:00:00.000Z');
    // the database's collation decides the order of texts; one direction is the other reversed, ties included
    for (const orderName of ['code', 'verdict', 'clientType', 'areaCode']) {
      const up = await list(adminA, { ...RANGE, orderName, orderType: 'asc' });
      const down = await list(adminA, { ...RANGE, orderName, orderType: 'desc' });
      expect(down.list.map((r) => r.id)).toEqual(up.list.map((r) => r.id).reverse());
    }
    const byVerdict = await list(adminA, { ...RANGE, orderName: 'verdict', orderType: 'asc' });
    expect(byVerdict.list.map((r) => r.verdict)).toEqual(['GENUINE', 'GENUINE', 'GENUINE', 'REPEATED', 'REPEATED']);
    const refused = await post(adminA, 'pageList', { ...RANGE, orderName: 'ip; DROP TABLE scan_record' });
    expect(refused.body.code).toBe('PARAM_CHECK');
    expect(refused.body.errors?.[0]?.field).toBe('orderName');
    expect(refused.body.errors?.[0]?.message).toContain('ip; DROP TABLE scan_record');
  });

  it('export the filtered records as .xlsx, newest first, formulas neutralised', async () => {
    const res = await call(t.app, 'GET', `${API}/export`, { token: adminA, query: { ...RANGE, suspicious: 'false' } });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows = sheet.getSheetValues().slice(1) as unknown[][];
    expect(rows[0]!.slice(1, 3)).toEqual(['扫码时间', '标签码']);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[9]])).toEqual([
      ['2026-03-08 07:30:00', 'C2', '支付宝'],
      ['2026-03-07 23:59:59', 'C1', '微信'],
      ['2026-03-06 10:00:00', `'=HYPERLINK("x")`, '其他'],
    ]);
    const other = await call(t.app, 'GET', `${API}/export`, { token: adminB, query: { companyId: companyA } });
    expect(other.body.code).toBe('NOT_FOUND');
  });
});
