import type { BatchDetail, BatchOption, BatchRow, PageResult, ProductDetail } from '@rd/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from './support/fixtures.js';
import { boundCode, generationJob, storedFile } from './support/productFixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Batch-Pass-1';
const API = '/acc/api/productBatch';

let t: TestApp;
let companyA: string;
let adminA: string;
let adminB: string;
let productA: string;
let productA2: string;
let productB: string;
let imageA: string;
let pdfA: string;
let imageB: string;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  companyA = await createCompany(db, 'Batches A');
  const companyB = await createCompany(db, 'Batches B');
  await createUser(db, { username: 'batchAdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'batchAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  adminA = await signIn(t.app, 'batchAdminA', PASSWORD);
  adminB = await signIn(t.app, 'batchAdminB', PASSWORD);
  imageA = await storedFile(db, companyA);
  pdfA = await storedFile(db, companyA, 'application/pdf');
  imageB = await storedFile(db, companyB);
  productA = (await post<ProductDetail>(adminA, '/acc/api/product/add', { name: '庞各庄西瓜' })).body.data.id;
  productA2 = (await post<ProductDetail>(adminA, '/acc/api/product/add', { name: '京欣甜瓜' })).body.data.id;
  productB = (await post<ProductDetail>(adminB, '/acc/api/product/add', { name: 'B 的西瓜' })).body.data.id;
});
afterAll(() => t.close());

function post<T>(token: string, path: string, body: unknown) {
  return call<T>(t.app, 'POST', path, { token, body });
}
const get = <T>(token: string, path: string, query: Record<string, string>) => call<T>(t.app, 'GET', path, { token, query });
const fields = (res: { body: { errors?: Array<{ field: string }> } }) => (res.body.errors ?? []).map((e) => e.field);

async function addBatch(token: string, body: Record<string, unknown>): Promise<BatchDetail> {
  const res = await post<BatchDetail>(token, `${API}/add`, body);
  expect(res.body.code, `${res.body.msg} ${JSON.stringify(res.body.errors)}`).toBe('SUCCESS');
  return res.body.data;
}

describe('batches', () => {
  it('store dates, quantity, grower, origin, farming records and inspection reports', async () => {
    const farmerId = (await post<{ id: string }>(adminA, '/acc/api/farmer/add', { name: '王建国' })).body.data.id;
    const batch = await addBatch(adminA, {
      productId: productA,
      batchNo: 'PGZ-2025/06-01',
      productionDate: '2025-06-20',
      expiryDate: '2025-07-05',
      quantity: 1200,
      farmerId,
      origin: '北京市大兴区庞各庄镇',
      harvestDate: '2025-06-19',
      farmingRecords: [
        { kind: 'SOWING', date: '2025-03-10', operator: '王建国', material: '京欣一号种子 2kg', images: [imageA] },
        { kind: 'SPRAYING', date: '2025-05-02', operator: '李秀英', material: '苦参碱 0.3%' },
        { kind: 'PICKING', date: '2025-06-19' },
      ],
      inspectionReports: [{ name: '农残检测报告', fileId: pdfA, date: '2025-06-18' }, { name: '照片', fileId: imageA }],
      remark: '头茬瓜',
    });
    expect(batch).toMatchObject({
      productId: productA,
      productName: '庞各庄西瓜',
      batchNo: 'PGZ-2025/06-01',
      productionDate: '2025-06-20',
      expiryDate: '2025-07-05',
      quantity: 1200,
      farmerId,
      harvestDate: '2025-06-19',
      codeCount: 0,
    });
    expect(batch.farmingRecords).toEqual([
      { kind: 'SOWING', date: '2025-03-10', operator: '王建国', material: '京欣一号种子 2kg', images: [imageA] },
      { kind: 'SPRAYING', date: '2025-05-02', operator: '李秀英', material: '苦参碱 0.3%', images: [] },
      { kind: 'PICKING', date: '2025-06-19', operator: '', material: '', images: [] },
    ]);
    expect(batch.inspectionReports).toEqual([
      { name: '农残检测报告', fileId: pdfA, date: '2025-06-18' },
      { name: '照片', fileId: imageA, date: null },
    ]);
    const read = await get<BatchDetail>(adminA, `${API}/getById`, { id: batch.id });
    expect(read.body.data).toEqual(batch);
  });

  it('take batch numbers of 1 to 20 GS1 characters only, unique per product', async () => {
    const allSpecials = `!"%&'()*+,-./:;<=>?_`; // 20 characters: every GS1 set-82 punctuation mark
    expect(allSpecials).toHaveLength(20);
    for (const batchNo of [allSpecials, 'Az09', 'a'.repeat(20), 'X']) {
      await addBatch(adminA, { productId: productA2, batchNo });
    }
    for (const batchNo of ['A B', 'A#1', 'A$1', 'A@1', 'a'.repeat(21), '', '批次1', 'A\\B', 'A~B', 'é']) {
      const res = await post(adminA, `${API}/add`, { productId: productA2, batchNo });
      expect(res.body.code, batchNo).toBe('PARAM_CHECK');
      expect(fields(res), batchNo).toEqual(['batchNo']);
    }
    const dup = await post(adminA, `${API}/add`, { productId: productA2, batchNo: 'Az09' });
    expect(dup.body.code).toBe('DUPLICATE');
    expect(fields(dup)).toEqual(['batchNo']);
    // the same number on another product is another batch
    await addBatch(adminA, { productId: productA, batchNo: 'Az09' });
  });

  it('refuse an expiry before production, impossible dates and quantities on their fields', async () => {
    const early = await post(adminA, `${API}/add`, { productId: productA, batchNo: 'D1', productionDate: '2025-06-20', expiryDate: '2025-06-19' });
    expect(early.body.code).toBe('PARAM_CHECK');
    expect(fields(early)).toEqual(['expiryDate']);
    await addBatch(adminA, { productId: productA, batchNo: 'D2', productionDate: '2025-06-20', expiryDate: '2025-06-20' });
    await addBatch(adminA, { productId: productA, batchNo: 'D3', expiryDate: '2025-06-20' });
    expect(fields(await post(adminA, `${API}/add`, { productId: productA, batchNo: 'D4', productionDate: '2025-02-30' }))).toEqual(['productionDate']);
    expect(fields(await post(adminA, `${API}/add`, { productId: productA, batchNo: 'D4', harvestDate: '20250601' }))).toEqual(['harvestDate']);
    expect(fields(await post(adminA, `${API}/add`, { productId: productA, batchNo: 'D4', quantity: -1 }))).toEqual(['quantity']);
    expect(fields(await post(adminA, `${API}/add`, { productId: productA, batchNo: 'D4', quantity: 1.5 }))).toEqual(['quantity']);
    const record = await post(adminA, `${API}/add`, {
      productId: productA,
      batchNo: 'D4',
      farmingRecords: [{ kind: 'WATERING', date: '2025-01-01' }, { kind: 'SOWING' }],
      inspectionReports: [{ name: '', fileId: 'x' }],
    });
    expect(fields(record).sort()).toEqual(['farmingRecords.0.kind', 'farmingRecords.1.date', 'inspectionReports.0.fileId', 'inspectionReports.0.name']);
  });

  it('refuse another company’s product and files inside the body, and another company’s batch, as NOT_FOUND', async () => {
    expect((await post(adminA, `${API}/add`, { productId: productB, batchNo: 'X1' })).body.code).toBe('NOT_FOUND');
    expect(
      (await post(adminA, `${API}/add`, { productId: productA, batchNo: 'X1', farmingRecords: [{ kind: 'SOWING', date: '2025-01-01', images: [imageB] }] })).body.code,
    ).toBe('NOT_FOUND');
    expect((await post(adminA, `${API}/add`, { productId: productA, batchNo: 'X1', inspectionReports: [{ name: 'r', fileId: imageB }] })).body.code).toBe('NOT_FOUND');
    // a report may be any stored file; a farming photo must be an image
    expect(
      (await post(adminA, `${API}/add`, { productId: productA, batchNo: 'X1', farmingRecords: [{ kind: 'SOWING', date: '2025-01-01', images: [pdfA] }] })).body.code,
    ).toBe('NOT_FOUND');

    const mine = await addBatch(adminA, { productId: productA, batchNo: 'MINE-1' });
    expect((await get(adminB, `${API}/getById`, { id: mine.id })).body.code).toBe('NOT_FOUND');
    expect((await post(adminB, `${API}/edit`, { id: mine.id, productId: productB, batchNo: 'TAKEN' })).body.code).toBe('NOT_FOUND');
    expect((await post(adminB, `${API}/deleteById`, { id: mine.id })).body.code).toBe('NOT_FOUND');
    expect((await get(adminB, `${API}/exportFlagCode`, { id: mine.id })).body.code).toBe('NOT_FOUND');
    const pageB = (await post<PageResult<BatchRow>>(adminB, `${API}/pageList`, { productId: productA })).body.data;
    expect(pageB.total).toBe(0);
    expect((await get<BatchDetail>(adminA, `${API}/getById`, { id: mine.id })).body.data.batchNo).toBe('MINE-1');
  });

  it('edit replaces the fields; a batch with bound codes keeps its product', async () => {
    const batch = await addBatch(adminA, { productId: productA, batchNo: 'E-1', quantity: 5, origin: '大兴' });
    const edited = await post<BatchDetail>(adminA, `${API}/edit`, {
      id: batch.id,
      productId: productA2,
      batchNo: 'E-1b',
      quantity: 7,
      farmingRecords: [{ kind: 'INSPECTION', date: '2025-06-01', operator: '质检员' }],
    });
    expect(edited.body.code, edited.body.msg).toBe('SUCCESS');
    expect(edited.body.data).toMatchObject({ productId: productA2, productName: '京欣甜瓜', batchNo: 'E-1b', quantity: 7, origin: '' });
    expect(edited.body.data.farmingRecords).toHaveLength(1);

    const job = await generationJob(t.database.db, companyA, { productId: productA2, batchId: batch.id });
    await boundCode(t.database.db, companyA, job, { code: 'E1-CODE-1', productId: productA2, batchId: batch.id });
    const move = await post(adminA, `${API}/edit`, { id: batch.id, productId: productA, batchNo: 'E-1b' });
    expect(move.body.code).toBe('CONFLICT');
    const stay = await post<BatchDetail>(adminA, `${API}/edit`, { id: batch.id, productId: productA2, batchNo: 'E-1c', quantity: 9 });
    expect(stay.body.data).toMatchObject({ batchNo: 'E-1c', quantity: 9, codeCount: 1 });
  });

  it('cannot be deleted while codes are bound or jobs were made for it', async () => {
    const db = t.database.db;
    const withCode = await addBatch(adminA, { productId: productA, batchNo: 'DEL-1' });
    const job = await generationJob(db, companyA);
    await boundCode(db, companyA, job, { code: 'DEL-1-0001', productId: productA, batchId: withCode.id });
    const refused = await post(adminA, `${API}/deleteById`, { id: withCode.id });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('BATCH_HAS_CODES');

    const withJob = await addBatch(adminA, { productId: productA, batchNo: 'DEL-2' });
    await generationJob(db, companyA, { productId: productA, batchId: withJob.id });
    expect((await post(adminA, `${API}/deleteById`, { id: withJob.id })).body.code).toBe('BATCH_HAS_CODES');

    const free = await addBatch(adminA, { productId: productA, batchNo: 'DEL-3' });
    expect((await post(adminA, `${API}/deleteById`, { id: free.id })).body.code).toBe('SUCCESS');
    expect((await get(adminA, `${API}/getById`, { id: free.id })).body.code).toBe('NOT_FOUND');
  });

  it('page with filters (product, number, date ranges) and list for selects by product in the query string', async () => {
    const product = (await post<ProductDetail>(adminA, '/acc/api/product/add', { name: '筛选用产品' })).body.data.id;
    const b1 = await addBatch(adminA, { productId: product, batchNo: 'F-0601', productionDate: '2025-06-01', expiryDate: '2025-06-30' });
    const b2 = await addBatch(adminA, { productId: product, batchNo: 'F-0615', productionDate: '2025-06-15', expiryDate: '2025-07-15' });
    const b3 = await addBatch(adminA, { productId: product, batchNo: 'G-0701', productionDate: '2025-07-01' });
    const page = async (filters: Record<string, unknown>) => {
      const res = await post<PageResult<BatchRow>>(adminA, `${API}/pageList`, { productId: product, orderName: 'batchNo', orderType: 'asc', ...filters });
      expect(res.body.code, res.body.msg).toBe('SUCCESS');
      return res.body.data.list.map((r) => r.id);
    };
    expect(await page({})).toEqual([b1.id, b2.id, b3.id]);
    expect(await page({ batchNo: 'f-06' })).toEqual([b1.id, b2.id]);
    expect(await page({ productionDateBegin: '2025-06-10', productionDateEnd: '2025-06-30' })).toEqual([b2.id]);
    expect(await page({ productionDateBegin: '2025-06-15' })).toEqual([b2.id, b3.id]);
    expect(await page({ expiryDateEnd: '2025-07-01' })).toEqual([b1.id]);
    expect(await page({ productionDateBegin: '', expiryDateEnd: '' })).toEqual([b1.id, b2.id, b3.id]);
    expect(fields(await post(adminA, `${API}/pageList`, { productionDateBegin: '2025-13-01' }))).toEqual(['productionDateBegin']);

    const options = await call<BatchOption[]>(t.app, 'POST', `${API}/list`, { token: adminA, query: { productId: product } });
    expect(options.body.code, options.body.msg).toBe('SUCCESS');
    expect(options.body.data.map((o) => o.batchNo).sort()).toEqual(['F-0601', 'F-0615', 'G-0701']);
    expect(options.body.data.every((o) => o.productId === product)).toBe(true);
    const inBody = await post<BatchOption[]>(adminA, `${API}/list`, { productId: product, batchNo: 'G-' });
    expect(inBody.body.data.map((o) => o.id)).toEqual([b3.id]);
  });
});

describe('exportFlagCode', () => {
  it('streams an .xlsx of the batch’s codes (code, status, activated at) and records the export', async () => {
    const db = t.database.db;
    const batch = await addBatch(adminA, { productId: productA, batchNo: 'EXP/01' });
    const other = await addBatch(adminA, { productId: productA, batchNo: 'EXP-02' });
    const job = await generationJob(db, companyA, { productId: productA, batchId: batch.id });
    // written in the business time zone (Asia/Shanghai, UTC+8), whatever the server's own zone
    const activatedAt = new Date('2025-06-20T00:30:15Z');
    await boundCode(db, companyA, job, { code: 'EXP-0001', productId: productA, batchId: batch.id, status: 'ACTIVATED', activatedAt });
    await boundCode(db, companyA, job, { code: '=HYPERLINK("x")', productId: productA, batchId: batch.id });
    await boundCode(db, companyA, job, { code: 'EXP-0003', productId: productA, batchId: batch.id, status: 'VOIDED' });
    await boundCode(db, companyA, job, { code: 'OTHER-0001', productId: productA, batchId: other.id });

    const res = await get(adminA, `${API}/exportFlagCode`, { id: batch.id });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(`filename*=UTF-8''EXP_01-${encodeURIComponent('标签')}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.raw as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toEqual([
      ['标签码', '状态', '激活时间'],
      ['EXP-0001', '已生效', '2025-06-20 08:30:15'],
      [`'=HYPERLINK("x")`, '未生效'],
      ['EXP-0003', '已作废'],
    ]);

    const log = await db
      .selectFrom('operation_log')
      .select(['module', 'action', 'result'])
      .where('url', '=', `${API}/exportFlagCode`)
      .where('company_id', '=', companyA)
      .execute();
    expect(log).toEqual([{ module: 'productBatch', action: 'EXPORT', result: 'SUCCESS' }]);

    const en = await call(t.app, 'GET', `${API}/exportFlagCode`, { token: adminA, query: { id: other.id, lang: 'en_US' } });
    const enBook = new ExcelJS.Workbook();
    await enBook.xlsx.load(en.raw as unknown as ArrayBuffer);
    const enRows: unknown[][] = [];
    enBook.worksheets[0]!.eachRow((row) => enRows.push((row.values as unknown[]).slice(1)));
    expect(enRows).toEqual([['Code', 'Status', 'Activated at'], ['OTHER-0001', 'Not in force']]);
  });

  it('reads a long batch in chunks and keeps the order the codes were made in', async () => {
    const db = t.database.db;
    const batch = await addBatch(adminA, { productId: productA, batchNo: 'LONG' });
    const job = await generationJob(db, companyA, { productId: productA, batchId: batch.id });
    const codes = Array.from({ length: 4500 }, (_, i) => `LONG-${String(i).padStart(5, '0')}`);
    for (let i = 0; i < codes.length; i += 500) {
      await db
        .insertInto('code')
        .values(codes.slice(i, i + 500).map((code) => ({ code, company_id: companyA, rule_id: job.ruleId, record_id: job.recordId, product_id: productA, batch_id: batch.id })))
        .execute();
    }
    const res = await get(adminA, `${API}/exportFlagCode`, { id: batch.id });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.raw as unknown as ArrayBuffer);
    const read: string[] = [];
    workbook.worksheets[0]!.eachRow((row, n) => n > 1 && read.push(String(row.getCell(1).value)));
    expect(read).toEqual(codes);
    expect((await post<PageResult<BatchRow>>(adminA, `${API}/pageList`, { batchNo: 'LONG' })).body.data.list[0]!.codeCount).toBe(4500);
  });
});
