import { LANG_HEADER, type MedicinalBatchDetail, type MedicinalBatchRow, type MedicinalProductOption, type MedicinalProductRow, type PageResult } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from './support/fixtures.js';
import { storedFile } from './support/productFixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Medicinal-Pass-1';
const P = '/acc/api/medicinalProduct';
const B = '/acc/api/medicinalBatch';

let t: TestApp;
let adminA: string;
let adminB: string;
let companyA: string;
let pdfA: string;
let pdfB: string;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  companyA = await createCompany(db, 'Medicinal A');
  const companyB = await createCompany(db, 'Medicinal B');
  await createUser(db, { username: 'medAdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'medAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  adminA = await signIn(t.app, 'medAdminA', PASSWORD);
  adminB = await signIn(t.app, 'medAdminB', PASSWORD);
  pdfA = await storedFile(db, companyA, 'application/pdf');
  pdfB = await storedFile(db, companyB, 'application/pdf');
});
afterAll(() => t.close());

const post = <T>(token: string, path: string, body: unknown, lang = 'zh_CN') =>
  call<T>(t.app, 'POST', path, { token, body, headers: { [LANG_HEADER]: lang } });
const fields = (res: { body: { errors?: Array<{ field: string }> } }) => (res.body.errors ?? []).map((e) => e.field);

const amoxicillin = {
  genericName: '阿莫西林胶囊',
  tradeName: '阿莫仙',
  approvalNo: '国药准字H44021351',
  drugStandardCode: '86900000000001',
  dosageForm: 'CAPSULE',
  specification: '0.25g',
  packageSpecification: '0.25g×24粒/盒',
  manufacturer: '珠海联邦制药股份有限公司',
  storage: '遮光，密封保存',
};

async function addProduct(token: string, body: Record<string, unknown>): Promise<MedicinalProductRow> {
  const res = await post<MedicinalProductRow>(token, `${P}/add`, body);
  expect(res.body.code, `${res.body.msg} ${JSON.stringify(res.body.errors)}`).toBe('SUCCESS');
  return res.body.data;
}

describe('medicinal products', () => {
  it('are added, listed, edited and found by name and approval number', async () => {
    const product = await addProduct(adminA, amoxicillin);
    expect(product).toMatchObject({ ...amoxicillin, status: 'ENABLED', batchCount: 0 });

    const page = await post<PageResult<MedicinalProductRow>>(adminA, `${P}/pageList`, { name: '阿莫仙', pageNum: 1, pageSize: 10 });
    expect(page.body.data.list.map((p) => p.id)).toEqual([product.id]);
    const byNumber = await post<PageResult<MedicinalProductRow>>(adminA, `${P}/pageList`, { approvalNo: 'H4402', pageNum: 1, pageSize: 10 });
    expect(byNumber.body.data.total).toBe(1);

    const edited = await post<MedicinalProductRow>(adminA, `${P}/edit`, { id: product.id, ...amoxicillin, storage: '密封，阴凉处' });
    expect(edited.body.data.storage).toBe('密封，阴凉处');

    const options = await post<MedicinalProductOption[]>(adminA, `${P}/list`, {});
    expect(options.body.data.map((o) => o.approvalNo)).toContain(amoxicillin.approvalNo);
    const details = await post<MedicinalProductRow[]>(adminA, `${P}/listWithDetail`, { name: '阿莫西林' });
    expect(details.body.data[0]).toMatchObject({ manufacturer: amoxicillin.manufacturer, batchCount: 0 });
  });

  it('check the approval number, standard code, dosage form and required fields', async () => {
    const bad = await post(adminA, `${P}/add`, { ...amoxicillin, approvalNo: '国药准字X1234', drugStandardCode: '123', dosageForm: 'NOT_A_FORM' });
    expect(bad.body.code).toBe('PARAM_CHECK');
    expect(fields(bad)).toEqual(expect.arrayContaining(['approvalNo', 'drugStandardCode']));
    expect(bad.body.errors?.find((e) => e.field === 'approvalNo')?.message).toContain('国药准字');

    const form = await post(adminA, `${P}/add`, { ...amoxicillin, approvalNo: '国药准字Z20000001', dosageForm: 'NOT_A_FORM' });
    expect(form.body.code).toBe('PARAM_CHECK');
    expect(fields(form)).toEqual(['dosageForm']);

    const missing = await post(adminA, `${P}/add`, { approvalNo: '国药准字Z20000001' }, 'en_US');
    expect(fields(missing)).toEqual(expect.arrayContaining(['genericName', 'dosageForm', 'manufacturer']));

    // blanks and a lower-case letter are normalised, and then the number is a duplicate of the company's
    const dup = await post(adminA, `${P}/add`, { ...amoxicillin, approvalNo: '国药准字 h44021351' }, 'en_US');
    expect(dup.body.code).toBe('DUPLICATE');
    expect(fields(dup)).toEqual(['approvalNo']);

    // another company may carry the same number
    await addProduct(adminB, amoxicillin);
  });

  it("of another company are not found; a product with batches is not deleted", async () => {
    const product = await addProduct(adminA, { ...amoxicillin, approvalNo: '国药准字H20000002', genericName: '布洛芬缓释胶囊' });
    for (const path of ['edit', 'deleteById']) {
      const res = await post(adminB, `${P}/${path}`, { id: product.id, ...amoxicillin, approvalNo: '国药准字H20000002' });
      expect(res.body.code, path).toBe('NOT_FOUND');
    }
    const listB = await post<PageResult<MedicinalProductRow>>(adminB, `${P}/pageList`, { pageNum: 1, pageSize: 100 });
    expect(listB.body.data.list.map((p) => p.id)).not.toContain(product.id);

    const batch = await post<MedicinalBatchDetail>(adminA, `${B}/add`, {
      productId: product.id,
      batchNo: 'IBU-001',
      productionDate: '2025-03-01',
      expiryDate: '2027-02-28',
    });
    expect(batch.body.code).toBe('SUCCESS');
    const refused = await post(adminA, `${P}/deleteById`, { id: product.id });
    expect(refused.body.code).toBe('MEDICINAL_PRODUCT_HAS_BATCHES');
    expect(refused.status).toBe(409);

    await post(adminA, `${B}/deleteById`, { id: batch.body.data.id });
    expect((await post(adminA, `${P}/deleteById`, { id: product.id })).body.code).toBe('SUCCESS');
  });

  it('platform staff without a company are told to use a company account', async () => {
    await createUser(t.database.db, { username: 'medPlatform', password: PASSWORD, userType: '2', roles: ['PLATFORM_ADMIN'] });
    const token = await signIn(t.app, 'medPlatform', PASSWORD);
    const res = await post(token, `${P}/pageList`, { pageNum: 1, pageSize: 10 });
    expect(res.body.code).toBe('COMPANY_REQUIRED');
  });
});

describe('medicinal batches', () => {
  let productId = '';
  beforeAll(async () => {
    productId = (await addProduct(adminA, { ...amoxicillin, approvalNo: '国药准字Z11020001', genericName: '六味地黄丸', dosageForm: 'PILL' })).id;
  });

  it('are added with dates in order, listed, edited, and carry attached files', async () => {
    const added = await post<MedicinalBatchDetail>(adminA, `${B}/add`, {
      productId,
      batchNo: 'LW2025-06',
      productionDate: '2025-06-01',
      expiryDate: '2028-05-31',
      quantity: 12000,
      origin: '北京市',
      remark: '首批',
    });
    expect(added.body.code, JSON.stringify(added.body)).toBe('SUCCESS');
    expect(added.body.data).toMatchObject({ genericName: '六味地黄丸', approvalNo: '国药准字Z11020001', quantity: 12000, files: [] });
    const id = added.body.data.id;

    const withFile = await post<MedicinalBatchDetail>(adminA, '/acc/api/medicinalBatchFile/add', { batchId: id, fileId: pdfA, name: '检验报告书', kind: 'INSPECTION' });
    expect(withFile.body.code).toBe('SUCCESS');
    expect(withFile.body.data.files).toMatchObject([{ fileId: pdfA, name: '检验报告书', kind: 'INSPECTION' }]);
    // another company's file is not one of A's
    const foreign = await post(adminA, '/acc/api/medicinalBatchFile/add', { batchId: id, fileId: pdfB, name: 'B 的报告' });
    expect(foreign.body.code).toBe('NOT_FOUND');
    // and B cannot attach to A's batch
    expect((await post(adminB, '/acc/api/medicinalBatchFile/add', { batchId: id, fileId: pdfB, name: 'x' })).body.code).toBe('NOT_FOUND');

    const detail = await post<MedicinalBatchDetail>(adminA, `${B}/listDetail`, { id });
    expect(detail.body.data).toMatchObject({ manufacturer: amoxicillin.manufacturer, dosageForm: 'PILL' });
    expect(detail.body.data.files).toHaveLength(1);

    const page = await post<PageResult<MedicinalBatchRow>>(adminA, `${B}/pageList`, { productName: '地黄', pageNum: 1, pageSize: 10 });
    expect(page.body.data.list).toMatchObject([{ id, batchNo: 'LW2025-06', fileCount: 1 }]);
    const expiring = await post<PageResult<MedicinalBatchRow>>(adminA, `${B}/pageList`, {
      expiryDateBegin: '2028-01-01',
      expiryDateEnd: '2028-12-31',
      pageNum: 1,
      pageSize: 10,
    });
    expect(expiring.body.data.list.map((b) => b.id)).toContain(id);

    const edited = await post<MedicinalBatchDetail>(adminA, `${B}/edit`, {
      id,
      productId,
      batchNo: 'LW2025-06',
      productionDate: '2025-06-01',
      expiryDate: '2028-05-31',
      quantity: 11800,
    });
    expect(edited.body.data.quantity).toBe(11800);

    const removed = await post<MedicinalBatchDetail>(adminA, '/acc/api/medicinalBatchFile/deleteById', { id: withFile.body.data.files[0]?.id });
    expect(removed.body.data.files).toEqual([]);
  });

  it('refuse an expiry before production, a repeated batch number and a foreign product', async () => {
    const order = await post(adminA, `${B}/add`, { productId, batchNo: 'LW-X', productionDate: '2025-06-01', expiryDate: '2025-05-01' });
    expect(order.body.code).toBe('PARAM_CHECK');
    expect(fields(order)).toEqual(['expiryDate']);
    const badDate = await post(adminA, `${B}/add`, { productId, batchNo: 'LW-X', productionDate: '2025-02-30', expiryDate: '2025-05-01' });
    expect(fields(badDate)).toEqual(['productionDate']);

    const body = { productId, batchNo: 'LW-DUP', productionDate: '2025-01-01', expiryDate: '2026-01-01' };
    expect((await post(adminA, `${B}/add`, body)).body.code).toBe('SUCCESS');
    const dup = await post(adminA, `${B}/add`, body);
    expect(dup.body.code).toBe('DUPLICATE');
    expect(fields(dup)).toEqual(['batchNo']);

    const foreign = await post(adminB, `${B}/add`, { ...body, batchNo: 'B-1' });
    expect(foreign.body.code).toBe('NOT_FOUND');
    const page = await post<PageResult<MedicinalBatchRow>>(adminA, `${B}/pageList`, { batchNo: 'LW-DUP', pageNum: 1, pageSize: 10 });
    const batchId = page.body.data.list[0]?.id as string;
    for (const path of ['listDetail', 'deleteById']) {
      expect((await post(adminB, `${B}/${path}`, { id: batchId })).body.code, path).toBe('NOT_FOUND');
    }
    expect((await post(adminB, `${B}/edit`, { id: batchId, ...body })).body.code).toBe('NOT_FOUND');
  });
});
