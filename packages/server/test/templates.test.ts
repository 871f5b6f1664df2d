import type { PageResult, ProductDetail, TemplateAttribute, TemplateDetail, TemplateOption, TemplateRow } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from './support/fixtures.js';
import { storedFile } from './support/productFixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Template-Pass-1';
const API = '/acc/api/productTemplate';

let t: TestApp;
let adminA: string;
let adminB: string;
let imageA: string;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  const companyA = await createCompany(db, 'Templates A');
  const companyB = await createCompany(db, 'Templates B');
  await createUser(db, { username: 'tplAdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'tplAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  adminA = await signIn(t.app, 'tplAdminA', PASSWORD);
  adminB = await signIn(t.app, 'tplAdminB', PASSWORD);
  imageA = await storedFile(db, companyA);
});
afterAll(() => t.close());

const post = <T>(token: string, path: string, body: unknown) => call<T>(t.app, 'POST', path, { token, body });
const get = <T>(token: string, path: string, query: Record<string, string>) => call<T>(t.app, 'GET', path, { token, query });
const fields = (res: { body: { errors?: Array<{ field: string }> } }) => (res.body.errors ?? []).map((e) => e.field);

const ATTRIBUTES = [
  { attrKey: 'origin', label: '产地', labelEn: 'Origin', type: 'TEXT', required: true, showOnScan: true },
  { attrKey: 'sugar', label: '糖度', type: 'NUMBER' },
  { attrKey: 'picked', label: '采摘日期', type: 'DATE', showOnScan: true },
  { attrKey: 'photo', label: '照片', type: 'IMAGE' },
  { attrKey: 'intro', label: '介绍', type: 'RICH_TEXT' },
];

async function addTemplate(token: string, body: Record<string, unknown>): Promise<TemplateDetail> {
  const res = await post<TemplateDetail>(token, `${API}/add`, body);
  expect(res.body.code, `${res.body.msg} ${JSON.stringify(res.body.errors)}`).toBe('SUCCESS');
  return res.body.data;
}

const keys = (attributes: TemplateAttribute[]) => attributes.map((a) => a.attrKey);

describe('templates', () => {
  it('keep their attributes in the order given, with types, required and show-on-scan flags', async () => {
    const template = await addTemplate(adminA, { name: '甜瓜模板', remark: '夏季', attributes: ATTRIBUTES });
    expect(template).toMatchObject({ name: '甜瓜模板', remark: '夏季', status: 'ENABLED', attributeCount: 5, productCount: 0 });
    expect(template.attributes.map((a) => [a.attrKey, a.type, a.required, a.showOnScan, a.sort])).toEqual([
      ['origin', 'TEXT', true, true, 0],
      ['sugar', 'NUMBER', false, false, 1],
      ['picked', 'DATE', false, true, 2],
      ['photo', 'IMAGE', false, false, 3],
      ['intro', 'RICH_TEXT', false, false, 4],
    ]);
    expect(template.attributes[0]).toMatchObject({ label: '产地', labelEn: 'Origin' });
    const read = await get<TemplateDetail>(adminA, `${API}/getById`, { id: template.id });
    expect(read.body.data.attributes).toEqual(template.attributes);
  });

  it('validate names, keys and types on their fields; keys are unique within a template', async () => {
    const dupKey = await post(adminA, `${API}/add`, {
      name: 'dup key',
      attributes: [
        { attrKey: 'a', label: 'A', type: 'TEXT' },
        { attrKey: 'b', label: 'B', type: 'TEXT' },
        { attrKey: 'a', label: 'A again', type: 'NUMBER' },
      ],
    });
    expect(dupKey.body.code).toBe('PARAM_CHECK');
    expect(fields(dupKey)).toEqual(['attributes.2.attrKey']);

    const badKeys = ['1abc', '_a', 'a-b', 'a b', '中文', 'a'.repeat(33), ''];
    for (const attrKey of badKeys) {
      const res = await post(adminA, `${API}/add`, { name: `k ${attrKey}`, attributes: [{ attrKey, label: 'x', type: 'TEXT' }] });
      expect(fields(res), attrKey).toEqual(['attributes.0.attrKey']);
    }
    await addTemplate(adminA, { name: 'longest key', attributes: [{ attrKey: `a${'b_9'.repeat(10)}z`, label: 'x', type: 'TEXT' }] });

    const badType = await post(adminA, `${API}/add`, { name: 'bad type', attributes: [{ attrKey: 'a', label: 'x', type: 'HTML' }] });
    expect(fields(badType)).toEqual(['attributes.0.type']);
    const noLabel = await post(adminA, `${API}/add`, { name: 'no label', attributes: [{ attrKey: 'a', label: ' ', type: 'TEXT' }] });
    expect(fields(noLabel)).toEqual(['attributes.0.label']);

    await addTemplate(adminA, { name: '唯一名称' });
    const dupName = await post(adminA, `${API}/add`, { name: '唯一名称' });
    expect(dupName.body.code).toBe('DUPLICATE');
    expect(fields(dupName)).toEqual(['name']);
    // another company may use the same name
    await addTemplate(adminB, { name: '唯一名称' });
  });

  it('edit replaces the attribute list as a whole, in order, keeping the ids of kept keys; products lose removed values', async () => {
    const template = await addTemplate(adminA, { name: '替换测试', attributes: ATTRIBUTES });
    const product = await post<ProductDetail>(adminA, '/acc/api/product/add', {
      name: '替换测试产品',
      templateId: template.id,
      attrs: { origin: '大兴', sugar: '12.5', photo: imageA, intro: '好吃' },
    });
    expect(product.body.code, product.body.msg).toBe('SUCCESS');
    expect(product.body.data.version).toBe(1);

    const idOf = new Map(template.attributes.map((a) => [a.attrKey, a.id]));
    const edited = await post<TemplateDetail>(adminA, `${API}/edit`, {
      id: template.id,
      name: '替换测试（新）',
      status: 'ENABLED',
      attributes: [
        { attrKey: 'intro', label: '介绍', type: 'RICH_TEXT' },
        { attrKey: 'origin', label: '产地（省市）', type: 'TEXT', required: true },
        { attrKey: 'grade', label: '等级', type: 'TEXT' },
      ],
    });
    expect(edited.body.code, edited.body.msg).toBe('SUCCESS');
    expect(keys(edited.body.data.attributes)).toEqual(['intro', 'origin', 'grade']);
    expect(edited.body.data.attributes.map((a) => a.sort)).toEqual([0, 1, 2]);
    expect(edited.body.data.attributes[0]!.id).toBe(idOf.get('intro'));
    expect(edited.body.data.attributes[1]).toMatchObject({ id: idOf.get('origin'), label: '产地（省市）', showOnScan: false });
    expect(edited.body.data.name).toBe('替换测试（新）');

    const after = (await get<ProductDetail>(adminA, '/acc/api/product/getById', { id: product.body.data.id })).body.data;
    expect(after.attrs).toEqual({ origin: '大兴', intro: '好吃' });
    expect(after.version).toBe(2);
    expect(keys(after.attributes)).toEqual(['intro', 'origin', 'grade']);

    const dupKey = await post(adminA, `${API}/edit`, {
      id: template.id,
      name: 'x',
      attributes: [
        { attrKey: 'k', label: 'k', type: 'TEXT' },
        { attrKey: 'k', label: 'k', type: 'TEXT' },
      ],
    });
    expect(fields(dupKey)).toEqual(['attributes.1.attrKey']);
    // edit is a whole replacement: the attribute list must be sent
    expect(fields(await post(adminA, `${API}/edit`, { id: template.id, name: 'x' }))).toEqual(['attributes']);
  });

  it('cannot be deleted while products use it; otherwise goes with its attributes', async () => {
    const used = await addTemplate(adminA, { name: '在用模板', attributes: [{ attrKey: 'a', label: 'a', type: 'TEXT' }] });
    const product = await post<ProductDetail>(adminA, '/acc/api/product/add', { name: '用模板的产品', templateId: used.id });
    expect(product.body.code).toBe('SUCCESS');
    const refused = await post(adminA, `${API}/deleteById`, { id: used.id });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TEMPLATE_IN_USE');
    expect((await get<TemplateDetail>(adminA, `${API}/getById`, { id: used.id })).body.data.productCount).toBe(1);

    const unused = await addTemplate(adminA, { name: '闲置模板', attributes: [{ attrKey: 'a', label: 'a', type: 'TEXT' }] });
    expect((await post(adminA, `${API}/deleteById`, { id: unused.id })).body.code).toBe('SUCCESS');
    expect((await get(adminA, `${API}/getById`, { id: unused.id })).body.code).toBe('NOT_FOUND');
    const left = await t.database.db.selectFrom('template_attribute').select('id').where('template_id', '=', unused.id).execute();
    expect(left).toEqual([]);
  });

  it('a disabled template cannot be chosen for a product, but products keep the one they have', async () => {
    const template = await addTemplate(adminA, { name: '停用模板', attributes: [{ attrKey: 'a', label: 'a', type: 'TEXT' }] });
    const product = (await post<ProductDetail>(adminA, '/acc/api/product/add', { name: '停用前', templateId: template.id })).body.data;
    const disabled = await post(adminA, `${API}/edit`, { id: template.id, name: '停用模板', status: 'DISABLED', attributes: template.attributes });
    expect(disabled.body.code, disabled.body.msg).toBe('SUCCESS');
    const refused = await post(adminA, '/acc/api/product/add', { name: '停用后', templateId: template.id });
    expect(refused.body.code).toBe('PARAM_CHECK');
    expect(fields(refused)).toEqual(['templateId']);
    const kept = await post<ProductDetail>(adminA, '/acc/api/product/edit', { id: product.id, name: '停用前（改）', templateId: template.id });
    expect(kept.body.code, kept.body.msg).toBe('SUCCESS');
    const options = (await post<TemplateOption[]>(adminA, `${API}/list`, { status: 'ENABLED' })).body.data;
    expect(options.some((o) => o.id === template.id)).toBe(false);
  });

  it('page and list with filters, of the caller’s company only', async () => {
    await addTemplate(adminA, { name: '分页-一', status: 'DISABLED' });
    await addTemplate(adminA, { name: '分页-二' });
    await addTemplate(adminB, { name: '分页-别家' });
    const page = await post<PageResult<TemplateRow>>(adminA, `${API}/pageList`, { name: '分页', orderName: 'name', orderType: 'asc' });
    expect(page.body.data.list.map((r) => r.name)).toEqual(['分页-一', '分页-二'].sort());
    expect(page.body.data.total).toBe(2);
    const disabled = await post<PageResult<TemplateRow>>(adminA, `${API}/pageList`, { name: '分页', status: 'DISABLED' });
    expect(disabled.body.data.list.map((r) => r.name)).toEqual(['分页-一']);
    const list = (await post<TemplateOption[]>(adminA, `${API}/list`, {})).body.data;
    expect(list.map((o) => o.name)).not.toContain('分页-别家');
  });

  it('another company’s template is not found, by id or inside a body', async () => {
    const mine = await addTemplate(adminA, { name: '我的模板', attributes: ATTRIBUTES });
    expect((await get(adminB, `${API}/getById`, { id: mine.id })).body.code).toBe('NOT_FOUND');
    expect((await post(adminB, `${API}/edit`, { id: mine.id, name: 'taken', attributes: [] })).body.code).toBe('NOT_FOUND');
    expect((await post(adminB, `${API}/deleteById`, { id: mine.id })).body.code).toBe('NOT_FOUND');
    expect((await post(adminB, '/acc/api/productAttr/list', { templateId: mine.id })).body.code).toBe('NOT_FOUND');
    expect((await post(adminB, '/acc/api/productAttr/add', { templateId: mine.id, attrKey: 'x', label: 'x', type: 'TEXT' })).body.code).toBe('NOT_FOUND');
    expect((await post(adminB, '/acc/api/productAttr/deleteById', { id: mine.attributes[0]!.id })).body.code).toBe('NOT_FOUND');
    const unchanged = (await get<TemplateDetail>(adminA, `${API}/getById`, { id: mine.id })).body.data;
    expect(unchanged.name).toBe('我的模板');
    expect(keys(unchanged.attributes)).toEqual(keys(mine.attributes));
  });
});

describe('template attributes (api/productAttr)', () => {
  it('list, add at the end or at a position, refuse a repeated key, and delete with the values in products', async () => {
    const template = await addTemplate(adminA, { name: '属性接口', attributes: ATTRIBUTES.slice(0, 2) });
    const list = async () => (await post<TemplateAttribute[]>(adminA, '/acc/api/productAttr/list', { templateId: template.id })).body.data;
    expect(keys(await list())).toEqual(['origin', 'sugar']);

    const atEnd = await post<TemplateAttribute>(adminA, '/acc/api/productAttr/add', { templateId: template.id, attrKey: 'tail', label: '末尾', type: 'DATE' });
    expect(atEnd.body.code, atEnd.body.msg).toBe('SUCCESS');
    expect(atEnd.body.data).toMatchObject({ attrKey: 'tail', type: 'DATE', sort: 2 });
    const first = await post<TemplateAttribute>(adminA, '/acc/api/productAttr/add', {
      templateId: template.id,
      attrKey: 'head',
      label: '开头',
      type: 'TEXT',
      required: true,
      sort: 0,
    });
    expect(first.body.data.sort).toBe(0);
    expect(keys(await list())).toEqual(['head', 'origin', 'sugar', 'tail']);

    const dup = await post(adminA, '/acc/api/productAttr/add', { templateId: template.id, attrKey: 'sugar', label: 'x', type: 'TEXT' });
    expect(dup.body.code).toBe('DUPLICATE');
    expect(fields(dup)).toEqual(['attrKey']);

    const product = await post<ProductDetail>(adminA, '/acc/api/product/add', {
      name: '属性接口产品',
      templateId: template.id,
      attrs: { head: 'h', origin: 'o', sugar: '11' },
    });
    expect(product.body.code, product.body.msg).toBe('SUCCESS');
    const sugar = (await list()).find((a) => a.attrKey === 'sugar')!;
    expect((await post(adminA, '/acc/api/productAttr/deleteById', { id: sugar.id })).body.code).toBe('SUCCESS');
    expect(keys(await list())).toEqual(['head', 'origin', 'tail']);
    const after = (await get<ProductDetail>(adminA, '/acc/api/product/getById', { id: product.body.data.id })).body.data;
    expect(after.attrs).toEqual({ head: 'h', origin: 'o' });
    expect(after.version).toBe(2);
  });
});
