import type { BatchDetail, FarmerDetail, FarmerRelation, FarmerRow, PageResult, ProductDetail } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFarmers } from '../src/seed/demoFarmers.js';
import { seedDemoProducts } from '../src/seed/demoProducts.js';
import { createCompany, createRole, createUser } from './support/fixtures.js';
import { storedFile } from './support/productFixtures.js';
import { ADMIN_PASSWORD, call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Farmer-Pass-1';
const API = '/acc/api/farmer';
// GB 11643's own example: the check character of 11010519491231002 is X
const ID_X = '11010519491231002X';
const ID_A = '110101199003071233';
const ID_B = '440306198501010016';

let t: TestApp;
let adminA: string;
let viewerA: string;
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
  const companyA = await createCompany(db, 'Growers A');
  const companyB = await createCompany(db, 'Growers B');
  await createUser(db, { username: 'farmerAdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  // sees the growers' screen but may not edit growers
  await createRole(db, { code: 'FARMER_VIEWER', companyId: companyA, menuCodes: ['farmerInfo', 'farmerList'] });
  await createUser(db, { username: 'farmerViewerA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['FARMER_VIEWER'] });
  await createUser(db, { username: 'farmerAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  adminA = await signIn(t.app, 'farmerAdminA', PASSWORD);
  viewerA = await signIn(t.app, 'farmerViewerA', PASSWORD);
  adminB = await signIn(t.app, 'farmerAdminB', PASSWORD);
  imageA = await storedFile(db, companyA);
  pdfA = await storedFile(db, companyA, 'application/pdf');
  imageB = await storedFile(db, companyB);
  productA = (await post<ProductDetail>(adminA, '/acc/api/product/add', { name: '京欣一号西瓜' })).body.data.id;
  productA2 = (await post<ProductDetail>(adminA, '/acc/api/product/add', { name: '麒麟西瓜' })).body.data.id;
  productB = (await post<ProductDetail>(adminB, '/acc/api/product/add', { name: 'B 的甜瓜' })).body.data.id;
});
afterAll(() => t.close());

function post<T>(token: string, path: string, body: unknown) {
  return call<T>(t.app, 'POST', path, { token, body });
}
const get = <T>(token: string, path: string, query: Record<string, string>) => call<T>(t.app, 'GET', path, { token, query });
const fields = (res: { body: { errors?: Array<{ field: string }> } }) => (res.body.errors ?? []).map((e) => e.field);

async function addFarmer(token: string, body: Record<string, unknown>): Promise<FarmerDetail> {
  const res = await post<FarmerDetail>(token, `${API}/add`, body);
  expect(res.body.code, `${res.body.msg} ${JSON.stringify(res.body.errors)}`).toBe('SUCCESS');
  return res.body.data;
}

const page = (token: string, filters: Record<string, unknown> = {}) =>
  post<PageResult<FarmerRow>>(token, `${API}/pageList`, { pageNum: 1, pageSize: 50, ...filters });

describe('growers', () => {
  it('store a grower with region, area, photo and products, and answer the detail', async () => {
    const farmer = await addFarmer(adminA, {
      name: '王建国',
      phone: '13812345678',
      idCard: ID_X.toLowerCase(),
      regionCode: '110115',
      regionName: '北京市大兴区',
      address: '庞各庄镇四各庄村 12 号',
      plantingBase: '四各庄村基地',
      plantingArea: 12.5,
      varieties: '京欣一号、麒麟',
      certifications: '绿色食品',
      photoFileId: imageA,
      remark: '合作社理事',
      productIds: [productA, productA2],
    });
    expect(farmer).toMatchObject({
      name: '王建国',
      phone: '13812345678',
      // a lower-case x is kept as X; the editor sees the whole number
      idCard: ID_X,
      idCardMasked: false,
      regionCode: '110115',
      regionName: '北京市大兴区',
      plantingArea: '12.50',
      photoFileId: imageA,
      status: 'ENABLED',
      batchCount: 0,
      batches: [],
    });
    expect(farmer.products.map((p) => p.id).sort()).toEqual([productA, productA2].sort());

    // the operation log keeps the ID card masked too
    const logged = await t.database.db.selectFrom('operation_log').select('params').where('module', '=', 'farmer').where('action', '=', 'INSERT').execute();
    expect(logged.map((l) => l.params).join()).toContain('110***********002X');
    expect(logged.map((l) => l.params.toUpperCase()).join()).not.toContain(ID_X);

    const minimal = await addFarmer(adminA, { name: '李' });
    expect(minimal).toMatchObject({ phone: '', idCard: '', plantingArea: null, photoFileId: null, products: [], idCardMasked: false });
  });

  it('refuse bad input field by field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'name'],
      [{ name: '瓜'.repeat(31) }, 'name'],
      [{ name: '张三', phone: '1381234567' }, 'phone'],
      [{ name: '张三', phone: '010-123' }, 'phone'],
      // the last character is not the GB 11643 check character (it should be 3)
      [{ name: '张三', idCard: '110101199003071234' }, 'idCard'],
      [{ name: '张三', idCard: '1101011990030712' }, 'idCard'],
      [{ name: '张三', idCard: '11010519491231002Y' }, 'idCard'],
      [{ name: '张三', regionCode: '1101', regionName: '北京' }, 'regionCode'],
      [{ name: '张三', regionName: '北京市' }, 'regionCode'],
      [{ name: '张三', regionCode: '110000' }, 'regionName'],
      [{ name: '张三', plantingArea: 1.234 }, 'plantingArea'],
      [{ name: '张三', plantingArea: -1 }, 'plantingArea'],
      [{ name: '张三', plantingArea: 'abc' }, 'plantingArea'],
      [{ name: '张三', plantingArea: 1e12 }, 'plantingArea'],
      [{ name: '张三', productIds: [productA, productA] }, 'productIds'],
      [{ name: '张三', photoFileId: 'not-an-id' }, 'photoFileId'],
    ];
    for (const [body, field] of cases) {
      const res = await post(adminA, `${API}/add`, body);
      expect(res.body.code, JSON.stringify(body)).toBe('PARAM_CHECK');
      expect(fields(res), JSON.stringify(body)).toContain(field);
    }
    // a landline, a 15-digit card and an area given as text pass
    const ok = await addFarmer(adminA, { name: '赵六', phone: '010-61234567', idCard: '110101900307123', plantingArea: '0.5' });
    expect(ok).toMatchObject({ phone: '010-61234567', idCard: '110101900307123', plantingArea: '0.50' });
  });

  it('refuse an ID card already used in the company, naming it masked; another company may use it', async () => {
    await addFarmer(adminA, { name: '刘一', idCard: ID_A });
    const again = await post(adminA, `${API}/add`, { name: '刘二', idCard: ID_A });
    expect(again.body.code).toBe('DUPLICATE');
    expect(fields(again)).toEqual(['idCard']);
    expect(JSON.stringify(again.body)).not.toContain(ID_A);
    await addFarmer(adminB, { name: 'B 的刘一', idCard: ID_A });
  });

  it('take only the company’s products and images', async () => {
    for (const body of [
      { name: '钱七', productIds: [productB] },
      { name: '钱七', productIds: [productA, '00000000-0000-4000-8000-000000000000'] },
      { name: '钱七', photoFileId: imageB },
      { name: '钱七', photoFileId: pdfA },
    ]) {
      const res = await post(adminA, `${API}/add`, body);
      expect(res.body.code, JSON.stringify(body)).toBe('NOT_FOUND');
    }
    const written = await t.database.db.selectFrom('farmer').select('id').where('name', '=', '钱七').execute();
    expect(written).toEqual([]);
  });

  it('list growers with masked ID cards, their products, and filters', async () => {
    await addFarmer(adminA, { name: '孙丽', phone: '13900001111', idCard: ID_B, regionCode: '440306', regionName: '广东省深圳市宝安区', productIds: [productA2] });
    const all = await page(adminA);
    expect(all.body.code).toBe('SUCCESS');
    const wang = all.body.data.list.find((f) => f.name === '王建国');
    expect(wang?.idCard).toBe('110***********002X');
    expect(wang?.products.map((p) => p.name).sort()).toEqual(['京欣一号西瓜', '麒麟西瓜']);
    for (const row of all.body.data.list) expect(row.idCard).not.toMatch(/^\d{15,18}$|^\d{17}X$/);
    expect(JSON.stringify(all.body)).not.toContain(ID_X);

    const names = async (filters: Record<string, unknown>) => (await page(adminA, filters)).body.data.list.map((f) => f.name).sort();
    expect(await names({ name: '建国' })).toEqual(['王建国']);
    expect(await names({ phone: '0000111' })).toEqual(['孙丽']);
    expect(await names({ region: '1101' })).toEqual(['王建国']);
    expect(await names({ region: '宝安' })).toEqual(['孙丽']);
    expect(await names({ productId: productA2 })).toEqual(['孙丽', '王建国']);
    expect(await names({ productId: productA })).toEqual(['王建国']);
    // % and _ are taken literally
    expect(await names({ name: '%' })).toEqual([]);
    const sorted = await page(adminA, { orderName: 'name', orderType: 'asc' });
    expect(sorted.body.code).toBe('SUCCESS');
    expect((await page(adminA, { orderName: 'id_card' })).body.code).toBe('PARAM_CHECK');
  });

  it('show the whole ID card only to those who may edit growers', async () => {
    const { list } = (await page(adminA, { name: '王建国' })).body.data;
    const id = list[0]?.id as string;
    const asViewer = await get<FarmerDetail>(viewerA, `${API}/getById`, { id });
    expect(asViewer.body.data).toMatchObject({ idCard: '110***********002X', idCardMasked: true });
    expect(JSON.stringify(asViewer.body)).not.toContain(ID_X);
    const asAdmin = await get<FarmerDetail>(adminA, `${API}/getById`, { id });
    expect(asAdmin.body.data).toMatchObject({ idCard: ID_X, idCardMasked: false });
    // the viewer may neither add, edit nor delete
    expect((await post(viewerA, `${API}/add`, { name: '周八' })).body.code).toBe('ACCESS_DENIED_ERROR');
    expect((await post(viewerA, `${API}/edit`, { id, name: '周八' })).body.code).toBe('ACCESS_DENIED_ERROR');
    expect((await post(viewerA, `${API}/deleteById`, { id })).body.code).toBe('ACCESS_DENIED_ERROR');
  });

  it('answer the products of a grower and the growers of a product', async () => {
    const wang = (await page(adminA, { name: '王建国' })).body.data.list[0] as FarmerRow;
    const ofFarmer = await post<FarmerRelation[]>(adminA, '/acc/api/farmerProductRelation/list', { farmerId: wang.id });
    expect(ofFarmer.body.data.map((r) => r.productName)).toEqual(['京欣一号西瓜', '麒麟西瓜']);
    expect(ofFarmer.body.data.every((r) => r.farmerId === wang.id && r.farmerName === '王建国')).toBe(true);
    const ofProduct = await call<FarmerRelation[]>(t.app, 'POST', '/acc/api/farmerProductRelation/list', {
      token: adminA,
      query: { productId: productA2 },
    });
    expect(ofProduct.body.data.map((r) => r.farmerName)).toEqual(['孙丽', '王建国']);
    const both = await post<FarmerRelation[]>(adminA, '/acc/api/farmerProductRelation/list', { farmerId: wang.id, productId: productA });
    expect(both.body.data).toHaveLength(1);
    const neither = await post(adminA, '/acc/api/farmerProductRelation/list', {});
    expect(neither.body.code).toBe('PARAM_CHECK');
    // another company sees nothing of A's growers or products
    const fromB = await post<FarmerRelation[]>(adminB, '/acc/api/farmerProductRelation/list', { farmerId: wang.id });
    expect(fromB.body.data).toEqual([]);
    const ofProductFromB = await post<FarmerRelation[]>(adminB, '/acc/api/farmerProductRelation/list', { productId: productA2 });
    expect(ofProductFromB.body.data).toEqual([]);
  });

  it('edit a grower: fields and product links replaced', async () => {
    const farmer = await addFarmer(adminA, { name: '吴九', idCard: '32010219780512345X', productIds: [productA] });
    const res = await post<FarmerDetail>(adminA, `${API}/edit`, {
      id: farmer.id,
      name: '吴九妹',
      idCard: '32010219780512345x',
      plantingArea: '3',
      status: 'DISABLED',
      productIds: [productA2],
    });
    expect(res.body.code).toBe('SUCCESS');
    expect(res.body.data).toMatchObject({ name: '吴九妹', idCard: '32010219780512345X', plantingArea: '3.00', status: 'DISABLED' });
    expect(res.body.data.products.map((p) => p.id)).toEqual([productA2]);
    // taking another grower's ID card is refused
    const taken = await post(adminA, `${API}/edit`, { id: farmer.id, name: '吴九妹', idCard: ID_A });
    expect(taken.body.code).toBe('DUPLICATE');
    // B can neither edit nor read A's grower, and cannot link A's products
    expect((await post(adminB, `${API}/edit`, { id: farmer.id, name: '改名' })).body.code).toBe('NOT_FOUND');
    expect((await get(adminB, `${API}/getById`, { id: farmer.id })).body.code).toBe('NOT_FOUND');
    expect((await post(adminB, `${API}/add`, { name: 'B', productIds: [productA] })).body.code).toBe('NOT_FOUND');
    expect((await page(adminB)).body.data.list.map((f) => f.name)).toEqual(['B 的刘一']);
    const after = await get<FarmerDetail>(adminA, `${API}/getById`, { id: farmer.id });
    expect(after.body.data.name).toBe('吴九妹');
  });

  it('refuse to delete a grower while batches name them; a batch takes only the company’s growers', async () => {
    const farmer = await addFarmer(adminA, { name: '郑十', productIds: [productA] });
    const batchRes = await post<BatchDetail>(adminA, '/acc/api/productBatch/add', { productId: productA, batchNo: 'ZS-001', farmerId: farmer.id });
    expect(batchRes.body.code).toBe('SUCCESS');
    expect(batchRes.body.data).toMatchObject({ farmerId: farmer.id, farmerName: '郑十' });
    const farmerB = await addFarmer(adminB, { name: 'B 的郑十' });
    const foreign = await post(adminA, '/acc/api/productBatch/add', { productId: productA, batchNo: 'ZS-002', farmerId: farmerB.id });
    expect(foreign.body.code).toBe('NOT_FOUND');

    const detail = await get<FarmerDetail>(adminA, `${API}/getById`, { id: farmer.id });
    expect(detail.body.data.batchCount).toBe(1);
    expect(detail.body.data.batches).toEqual([
      expect.objectContaining({ id: batchRes.body.data.id, batchNo: 'ZS-001', productId: productA, productName: '京欣一号西瓜' }),
    ]);

    const refused = await post(adminA, `${API}/deleteById`, { id: farmer.id });
    expect(refused.body.code).toBe('FARMER_HAS_BATCHES');
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('1');
    expect((await post(adminB, `${API}/deleteById`, { id: farmer.id })).body.code).toBe('NOT_FOUND');

    expect((await post(adminA, '/acc/api/productBatch/deleteById', { id: batchRes.body.data.id })).body.code).toBe('SUCCESS');
    expect((await post(adminA, `${API}/deleteById`, { id: farmer.id })).body.code).toBe('SUCCESS');
    expect((await get(adminA, `${API}/getById`, { id: farmer.id })).body.code).toBe('NOT_FOUND');
    const links = await t.database.db.selectFrom('farmer_product').select('product_id').where('farmer_id', '=', farmer.id).execute();
    expect(links).toEqual([]);
  });

  it('never leave a batch naming a deleted grower when delete and batch save race', async () => {
    for (let round = 0; round < 8; round += 1) {
      const farmer = await addFarmer(adminA, { name: `竞速 ${round}` });
      const [removed, batch] = await Promise.all([
        post(adminA, `${API}/deleteById`, { id: farmer.id }),
        post<BatchDetail>(adminA, '/acc/api/productBatch/add', { productId: productA, batchNo: `RACE-${round}`, farmerId: farmer.id }),
      ]);
      // one of them wins, the other is told why; nothing fails half-way
      const outcome = `${removed.body.code}/${batch.body.code}`;
      expect(['SUCCESS/NOT_FOUND', 'FARMER_HAS_BATCHES/SUCCESS']).toContain(outcome);
      if (batch.body.code === 'SUCCESS') await post(adminA, '/acc/api/productBatch/deleteById', { id: batch.body.data.id });
    }
  });

  it('lose a product’s link when the product is deleted', async () => {
    const product = (await post<ProductDetail>(adminA, '/acc/api/product/add', { name: '早春红玉' })).body.data.id;
    const farmer = await addFarmer(adminA, { name: '冯小满', productIds: [product, productA] });
    expect((await post(adminA, '/acc/api/product/deleteById', { id: product })).body.code).toBe('SUCCESS');
    const after = await get<FarmerDetail>(adminA, `${API}/getById`, { id: farmer.id });
    expect(after.body.data.products.map((p) => p.id)).toEqual([productA]);
  });

  it('come with the demo cooperative: growers linked to its products and named by its batches', async () => {
    const db = t.database.db;
    const demo = await createCompany(db, 'Demo cooperative');
    await seedDemoProducts(db, demo, null);
    await seedDemoFarmers(db, demo, null);
    await createUser(db, { username: 'farmerDemo', password: PASSWORD, userType: '3', companyId: demo, roles: ['ENTERPRISE_ADMIN'] });
    const token = await signIn(t.app, 'farmerDemo', PASSWORD);
    const { list } = (await page(token, { orderName: 'name', orderType: 'asc' })).body.data;
    expect(list).toHaveLength(3);
    for (const farmer of list) {
      expect(farmer.products.length).toBeGreaterThan(0);
      const detail = await get<FarmerDetail>(token, `${API}/getById`, { id: farmer.id });
      expect(detail.body.data.batches.length).toBe(farmer.batchCount);
    }
    expect(list.reduce((n, f) => n + f.batchCount, 0)).toBe(2);
  });

  it('are a company’s own data: platform staff are told to use a company account', async () => {
    const platform = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    expect((await page(platform)).body.code).toBe('COMPANY_REQUIRED');
  });
});
