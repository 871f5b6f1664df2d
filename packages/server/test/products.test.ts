import { gs1CheckDigit, type CategoryNode, type PageResult, type ProductDetail, type ProductOption, type ProductRow, type TemplateDetail } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from './support/fixtures.js';
import { boundCode, generationJob, storedFile } from './support/productFixtures.js';
import { ADMIN_PASSWORD, call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Product-Pass-1';
const API = '/acc/api/product';

let t: TestApp;
let companyA: string;
let companyB: string;
let adminA: string;
let adminB: string;
let platformAdmin: string;
let imageA: string;
let imageA2: string;
let imageB: string;
let template: TemplateDetail;

/** GS1 vectors of REFERENCE.md: the body and its check digit. */
const GTIN_VECTORS: Array<[string, string]> = [
  ['0952123454321', '3'],
  ['0950600013435', '2'],
  ['0541234500001', '3'],
];

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  companyA = await createCompany(db, 'Products A');
  companyB = await createCompany(db, 'Products B');
  await createUser(db, { username: 'prodAdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'prodAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  adminA = await signIn(t.app, 'prodAdminA', PASSWORD);
  adminB = await signIn(t.app, 'prodAdminB', PASSWORD);
  platformAdmin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  imageA = await storedFile(db, companyA);
  imageA2 = await storedFile(db, companyA);
  imageB = await storedFile(db, companyB);
  const res = await call<TemplateDetail>(t.app, 'POST', '/acc/api/productTemplate/add', {
    token: adminA,
    body: {
      name: '西瓜模板',
      attributes: [
        { attrKey: 'variety', label: '品种', labelEn: 'Variety', type: 'TEXT', required: true, showOnScan: true },
        { attrKey: 'weight', label: '单果重(kg)', type: 'NUMBER' },
        { attrKey: 'harvestDay', label: '采摘日期', type: 'DATE' },
        { attrKey: 'fieldPhoto', label: '田间照片', type: 'IMAGE' },
        { attrKey: 'story', label: '产品故事', type: 'RICH_TEXT' },
      ],
    },
  });
  expect(res.body.code, res.body.msg).toBe('SUCCESS');
  template = res.body.data;
});
afterAll(() => t.close());

const post = <T>(token: string, path: string, body: unknown) => call<T>(t.app, 'POST', path, { token, body });
const get = <T>(token: string, path: string, query: Record<string, string>) => call<T>(t.app, 'GET', path, { token, query });

async function addProduct(token: string, body: Record<string, unknown>): Promise<ProductDetail> {
  const res = await post<ProductDetail>(token, `${API}/add`, body);
  expect(res.body.code, `${res.body.msg} ${JSON.stringify(res.body.errors)}`).toBe('SUCCESS');
  return res.body.data;
}

async function addCategory(token: string, name: string, parentId: string | null = null): Promise<string> {
  const res = await post<{ id: string }>(token, '/acc/api/productCategory/add', { name, parentId });
  expect(res.body.code, res.body.msg).toBe('SUCCESS');
  return res.body.data.id;
}

/** A GTIN-14 with its right check digit. */
const gtinOf = (body13: string) => `${body13}${gs1CheckDigit(body13)}`;

const fields = (res: { body: { errors?: Array<{ field: string; message: string }> } }) => (res.body.errors ?? []).map((e) => e.field);

describe('categories', () => {
  it('keep a tree per company with unique sibling names, refuse cycles, and refuse deletes while in use', async () => {
    const fruit = await addCategory(adminA, '水果');
    const melon = await addCategory(adminA, '瓜类', fruit);
    const watermelon = await addCategory(adminA, '西瓜', melon);
    await addCategory(adminB, '水果');

    const dup = await post(adminA, '/acc/api/productCategory/add', { name: '瓜类', parentId: fruit });
    expect(dup.body.code).toBe('DUPLICATE');
    expect(fields(dup)).toEqual(['name']);
    // the same name elsewhere in the tree is fine
    await addCategory(adminA, '瓜类');

    const cycle = await post(adminA, '/acc/api/productCategory/edit', { id: fruit, parentId: watermelon });
    expect(cycle.body.code).toBe('PARAM_CHECK');
    expect(fields(cycle)).toEqual(['parentId']);
    const self = await post(adminA, '/acc/api/productCategory/edit', { id: melon, parentId: melon });
    expect(self.body.code).toBe('PARAM_CHECK');

    const tree = (await post<CategoryNode[]>(adminA, '/acc/api/productCategory/list', {})).body.data;
    const outline = (nodes: CategoryNode[], depth = 0): string[] =>
      nodes.flatMap((n) => [`${'-'.repeat(depth)}${n.name}`, ...outline(n.children, depth + 1)]);
    expect(outline(tree)).toEqual(['水果', '-瓜类', '--西瓜', '瓜类']);
    expect(outline((await post<CategoryNode[]>(adminB, '/acc/api/productCategory/list', {})).body.data)).toEqual(['水果']);

    expect((await post(adminA, '/acc/api/productCategory/deleteById', { id: melon })).body.code).toBe('CATEGORY_HAS_CHILDREN');
    await addProduct(adminA, { name: '庞各庄西瓜（分类测试）', categoryId: watermelon });
    expect((await post(adminA, '/acc/api/productCategory/deleteById', { id: watermelon })).body.code).toBe('CATEGORY_IN_USE');
    // another company's category is not there at all
    expect((await post(adminB, '/acc/api/productCategory/deleteById', { id: fruit })).body.code).toBe('NOT_FOUND');
    expect((await post(adminB, '/acc/api/productCategory/edit', { id: fruit, name: 'x' })).body.code).toBe('NOT_FOUND');
    expect((await post(adminB, '/acc/api/productCategory/add', { name: 'x', parentId: fruit })).body.code).toBe('NOT_FOUND');

    const spare = await addCategory(adminA, '待删除');
    expect((await post(adminA, '/acc/api/productCategory/deleteById', { id: spare })).body.code).toBe('SUCCESS');
  });
});

describe('GTIN', () => {
  it('accepts the REFERENCE vectors as GTIN-14 and GTIN-13, and refuses a wrong check digit on the gtin field', async () => {
    for (const [body, check] of GTIN_VECTORS) {
      expect(gs1CheckDigit(body)).toBe(check);
      const gtin14 = `${body}${check}`;
      const product = await addProduct(adminA, { name: `GTIN ${gtin14}`, gtin: gtin14 });
      expect(product.gtin).toBe(gtin14);
      const wrong = `${body}${(Number(check) + 1) % 10}`;
      const res = await post(adminA, `${API}/add`, { name: `bad ${wrong}`, gtin: wrong });
      expect(res.body.code).toBe('PARAM_CHECK');
      expect(fields(res)).toEqual(['gtin']);
    }
    // GTIN-8 and GTIN-12 with valid check digits; lengths 9-11 are not GTINs at all
    expect((await addProduct(adminA, { name: 'EAN-8', gtin: '96385074' })).gtin).toBe('96385074');
    expect((await addProduct(adminA, { name: 'UPC-A', gtin: '036000291452' })).gtin).toBe('036000291452');
    for (const gtin of ['963850741', '12345678901', 'ABCDEFGH', '0952123454321X']) {
      expect(fields(await post(adminA, `${API}/add`, { name: 'bad', gtin }))).toEqual(['gtin']);
    }
  });

  it('is unique per company in its 14-digit form, stored as typed, and free across companies', async () => {
    const gtin13 = '9521234543213'; // the first vector without its leading zero
    const dup = await post(adminA, `${API}/add`, { name: 'same item', gtin: gtin13 });
    expect(dup.body.code).toBe('DUPLICATE');
    expect(fields(dup)).toEqual(['gtin']);
    const other = await addProduct(adminB, { name: 'B 的同码产品', gtin: gtin13 });
    expect(other.gtin).toBe(gtin13);
    // a product without a GTIN never collides
    await addProduct(adminA, { name: 'no gtin 1' });
    await addProduct(adminA, { name: 'no gtin 2', gtin: '' });
  });
});

describe('products', () => {
  it('store attribute values checked against the template, images, plain-text description, and start at version 1', async () => {
    // a control character no text can hold is refused, naming the field
    const bell = await post(adminA, `${API}/add`, { name: '响铃', description: '沙瓤\u0007多汁' });
    expect(bell.body.code).toBe('PARAM_CHECK');
    expect(fields(bell)).toEqual(['description']);
    const product = await addProduct(adminA, {
      name: '京欣一号西瓜',
      templateId: template.id,
      gtin: gtinOf('0690123456789'),
      spec: '8-10kg/个',
      unit: '个',
      brand: '庞各庄',
      images: [imageA, imageA2],
      description: '<script>alert(1)</script>\r\n沙瓤多汁  ',
      attrs: { variety: '京欣一号', weight: '8.5', harvestDay: '2025-06-18', fieldPhoto: imageA, story: '第一行\n第二行', unknownKey: 'dropped' },
    });
    expect(product).toMatchObject({
      version: 1,
      status: 'ENABLED',
      templateName: '西瓜模板',
      images: [imageA, imageA2],
      description: '<script>alert(1)</script>\n沙瓤多汁',
      attrs: { variety: '京欣一号', weight: '8.5', harvestDay: '2025-06-18', fieldPhoto: imageA, story: '第一行\n第二行' },
    });
    expect(product.attributes.map((a) => a.attrKey)).toEqual(['variety', 'weight', 'harvestDay', 'fieldPhoto', 'story']);

    const read = await get<ProductDetail>(adminA, `${API}/getById`, { id: product.id });
    expect(read.body.data.attrs).toEqual(product.attrs);
    expect(read.body.data.description).toBe(product.description);
  });

  it('name every attribute problem on its own field: required, number, date, image, one-line text', async () => {
    const res = await post(adminA, `${API}/add`, {
      name: 'bad attrs',
      templateId: template.id,
      attrs: { variety: '   ', weight: '8,5', harvestDay: '2024-02-30', fieldPhoto: 'not-an-id' },
    });
    expect(res.body.code).toBe('PARAM_CHECK');
    expect(fields(res)).toEqual(['attrs.variety', 'attrs.weight', 'attrs.harvestDay', 'attrs.fieldPhoto']);
    const en = await call(t.app, 'POST', `${API}/add`, {
      token: adminA,
      headers: { 'x-rd-request-language': 'en_US' },
      body: { name: 'bad attrs', templateId: template.id, attrs: { variety: 'x', weight: 'abc' } },
    });
    expect(en.body.errors).toEqual([{ field: 'attrs.weight', message: 'Enter a number' }]);
    const multiLine = await post(adminA, `${API}/add`, { name: 'x', templateId: template.id, attrs: { variety: 'a\nb' } });
    expect(fields(multiLine)).toEqual(['attrs.variety']);
    // numbers: signed decimals are numbers
    for (const weight of ['-1', '0.25', '12', '+3.5']) {
      await addProduct(adminA, { name: `w ${weight}`, templateId: template.id, attrs: { variety: 'v', weight } });
    }
  });

  it('refuse ids of another company anywhere in the body as NOT_FOUND, and another company’s product likewise', async () => {
    const categoryB = await addCategory(adminB, 'B 类');
    const templateB = (await post<TemplateDetail>(adminB, '/acc/api/productTemplate/add', { name: 'B 模板' })).body.data;
    const base = { name: '越权测试', templateId: template.id, attrs: { variety: 'v' } };
    expect((await post(adminA, `${API}/add`, { ...base, categoryId: categoryB })).body.code).toBe('NOT_FOUND');
    expect((await post(adminA, `${API}/add`, { ...base, templateId: templateB.id })).body.code).toBe('NOT_FOUND');
    expect((await post(adminA, `${API}/add`, { ...base, images: [imageB] })).body.code).toBe('NOT_FOUND');
    expect((await post(adminA, `${API}/add`, { ...base, attrs: { variety: 'v', fieldPhoto: imageB } })).body.code).toBe('NOT_FOUND');

    const mine = await addProduct(adminA, base);
    expect((await get(adminB, `${API}/getById`, { id: mine.id })).body.code).toBe('NOT_FOUND');
    expect((await post(adminB, `${API}/edit`, { id: mine.id, name: 'taken over' })).body.code).toBe('NOT_FOUND');
    expect((await post(adminB, `${API}/deleteById`, { id: mine.id })).body.code).toBe('NOT_FOUND');
    expect((await get(adminB, `${API}/queryTemplateProduct`, { templateId: template.id })).body.code).toBe('NOT_FOUND');
    const listB = await post<ProductOption[]>(adminB, `${API}/list`, {});
    expect(listB.body.data.some((p) => p.id === mine.id)).toBe(false);
    const detailB = await post<ProductDetail[]>(adminB, `${API}/listWithDetail`, { ids: [mine.id] });
    expect(detailB.body.data).toEqual([]);
    expect((await get<ProductDetail>(adminA, `${API}/getById`, { id: mine.id })).body.data.name).toBe('越权测试');
  });

  it('go up one version on every edit, and refuse an edit made from a stale version', async () => {
    const product = await addProduct(adminA, { name: '版本测试', templateId: template.id, attrs: { variety: 'v1' } });
    const first = await post<ProductDetail>(adminA, `${API}/edit`, {
      id: product.id,
      version: 1,
      name: '版本测试',
      templateId: template.id,
      attrs: { variety: 'v2', weight: '3' },
    });
    expect(first.body.code, first.body.msg).toBe('SUCCESS');
    expect(first.body.data).toMatchObject({ version: 2, attrs: { variety: 'v2', weight: '3' } });
    const again = await post<ProductDetail>(adminA, `${API}/edit`, { id: product.id, name: '版本测试', templateId: template.id, attrs: { variety: 'v3' } });
    expect(again.body.data.version).toBe(3);
    expect(again.body.data.attrs).toEqual({ variety: 'v3' });

    const stale = await post(adminA, `${API}/edit`, { id: product.id, version: 2, name: 'lost update', templateId: template.id, attrs: { variety: 'x' } });
    expect(stale.body.code).toBe('CONFLICT');
    const now = (await get<ProductDetail>(adminA, `${API}/getById`, { id: product.id })).body.data;
    expect(now).toMatchObject({ name: '版本测试', version: 3 });

    // a failed edit writes nothing and does not count
    const bad = await post(adminA, `${API}/edit`, { id: product.id, name: 'renamed', templateId: template.id, attrs: {} });
    expect(fields(bad)).toEqual(['attrs.variety']);
    expect((await get<ProductDetail>(adminA, `${API}/getById`, { id: product.id })).body.data).toMatchObject({ name: '版本测试', version: 3 });
  });

  it('page with filters: name, category and below, template, status, GTIN prefix; sort by an allowed column only', async () => {
    const root = await addCategory(adminA, '筛选根');
    const leaf = await addCategory(adminA, '筛选叶', root);
    const p1 = await addProduct(adminA, { name: '筛选-A', categoryId: root, gtin: gtinOf('0697777000001') });
    const p2 = await addProduct(adminA, { name: '筛选-B', categoryId: leaf, status: 'DISABLED', templateId: template.id, attrs: { variety: 'v' } });
    const page = async (filters: Record<string, unknown>) => {
      const res = await post<PageResult<ProductRow>>(adminA, `${API}/pageList`, { pageNum: 1, pageSize: 100, ...filters });
      expect(res.body.code, res.body.msg).toBe('SUCCESS');
      return res.body.data.list.map((r) => r.id);
    };
    expect(await page({ name: '筛选-' })).toEqual([p2.id, p1.id]);
    expect(await page({ categoryId: root })).toEqual([p2.id, p1.id]);
    expect(await page({ categoryId: leaf })).toEqual([p2.id]);
    expect(await page({ name: '筛选', status: 'DISABLED' })).toEqual([p2.id]);
    expect(await page({ name: '筛选', templateId: template.id })).toEqual([p2.id]);
    expect(await page({ gtin: '0697777' })).toEqual([p1.id]);
    expect(await page({ name: '筛选', orderName: 'name', orderType: 'asc' })).toEqual([p1.id, p2.id]);
    const row = (await post<PageResult<ProductRow>>(adminA, `${API}/pageList`, { name: '筛选-B' })).body.data.list[0];
    expect(row).toMatchObject({ categoryName: '筛选叶', templateName: '西瓜模板', status: 'DISABLED', version: 1 });
    const badSort = await post(adminA, `${API}/pageList`, { orderName: 'company_id' });
    expect(badSort.body.code).toBe('PARAM_CHECK');
  });

  it('list for selects, with details, and by template', async () => {
    const withTemplate = await addProduct(adminA, { name: '详情列表', templateId: template.id, attrs: { variety: '麒麟', story: '故事' } });
    const options = (await post<ProductOption[]>(adminA, `${API}/list`, { name: '详情列表' })).body.data;
    expect(options).toEqual([{ id: withTemplate.id, name: '详情列表', gtin: null, status: 'ENABLED', templateId: template.id }]);
    const detail = (await post<ProductDetail[]>(adminA, `${API}/listWithDetail`, { ids: [withTemplate.id] })).body.data;
    expect(detail).toHaveLength(1);
    expect(detail[0]).toMatchObject({ id: withTemplate.id, attrs: { variety: '麒麟', story: '故事' }, description: '' });
    expect(detail[0]!.attributes.map((a) => [a.attrKey, a.type, a.required, a.showOnScan])).toEqual([
      ['variety', 'TEXT', true, true],
      ['weight', 'NUMBER', false, false],
      ['harvestDay', 'DATE', false, false],
      ['fieldPhoto', 'IMAGE', false, false],
      ['story', 'RICH_TEXT', false, false],
    ]);
    const byTemplate = (await get<ProductOption[]>(adminA, `${API}/queryTemplateProduct`, { templateId: template.id })).body.data;
    expect(byTemplate.map((p) => p.id)).toContain(withTemplate.id);
    expect(byTemplate.every((p) => p.templateId === template.id)).toBe(true);
  });

  it('cannot be deleted while a batch, a generation job or a code refers to it', async () => {
    const db = t.database.db;
    const withBatch = await addProduct(adminA, { name: '有批次' });
    const batch = await post<{ id: string }>(adminA, '/acc/api/productBatch/add', { productId: withBatch.id, batchNo: 'B1' });
    expect(batch.body.code, batch.body.msg).toBe('SUCCESS');
    expect((await post(adminA, `${API}/deleteById`, { id: withBatch.id })).body).toMatchObject({ code: 'PRODUCT_IN_USE' });

    const withCode = await addProduct(adminA, { name: '有标签' });
    const job = await generationJob(db, companyA);
    await boundCode(db, companyA, job, { code: 'P-DEL-0001', productId: withCode.id, batchId: null });
    const refused = await post(adminA, `${API}/deleteById`, { id: withCode.id });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PRODUCT_IN_USE');

    const withJob = await addProduct(adminA, { name: '有生成任务' });
    await generationJob(db, companyA, { productId: withJob.id });
    expect((await post(adminA, `${API}/deleteById`, { id: withJob.id })).body.code).toBe('PRODUCT_IN_USE');

    const free = await addProduct(adminA, { name: '可删除', templateId: template.id, attrs: { variety: 'v' } });
    expect((await post(adminA, `${API}/deleteById`, { id: free.id })).body.code).toBe('SUCCESS');
    expect((await get(adminA, `${API}/getById`, { id: free.id })).body.code).toBe('NOT_FOUND');
    const values = await db.selectFrom('product_attr_value').select('attr_key').where('product_id', '=', free.id).execute();
    expect(values).toEqual([]);
  });

  it('are a company’s own data: platform staff are sent to a company account', async () => {
    const res = await post(platformAdmin, `${API}/pageList`, {});
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('COMPANY_REQUIRED');
    expect((await post(platformAdmin, `${API}/add`, { name: 'nobody’s' })).body.code).toBe('COMPANY_REQUIRED');
  });

  it('validate names and lengths with translated field errors', async () => {
    const res = await post(adminA, `${API}/add`, { name: '  ', spec: 'x'.repeat(101), images: [imageA, imageA], status: 'GONE' });
    expect(res.body.code).toBe('PARAM_CHECK');
    expect(fields(res).sort()).toEqual(['images', 'name', 'spec', 'status']);
    const tooMany = await post(adminA, `${API}/add`, { name: 'x', images: Array.from({ length: 10 }, () => imageA) });
    expect(fields(tooMany)).toEqual(['images']);
  });
});
