import type { CommonCodeOption, DictEntry, DictItemRow, DictTypeOption, DictTypeRow, PageResult } from '@rd/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_DICTIONARIES } from '../src/seed/builtinDictionaries.js';
import { seedDictionaries } from '../src/seed/dictionarySeed.js';
import { createCompany, createUser } from './support/fixtures.js';
import { ADMIN_PASSWORD, call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Pass-word-1';

let t: TestApp;
let platformAdmin: string;
let enterpriseAdmin: string;

beforeAll(async () => {
  t = await startTestApp();
  const companyId = await createCompany(t.database.db, 'Dict Company');
  await createUser(t.database.db, { username: 'dictEntAdmin', password: PASSWORD, userType: '3', companyId, roles: ['ENTERPRISE_ADMIN'] });
  platformAdmin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  enterpriseAdmin = await signIn(t.app, 'dictEntAdmin', PASSWORD);
});
afterAll(() => t.close());

async function ok<T>(method: string, url: string, options: { body?: unknown; query?: Record<string, string> } = {}, token = platformAdmin) {
  const res = await call<T>(t.app, method, url, { token, ...options });
  expect(res.body.code, `${url}: ${res.body.msg}`).toBe('SUCCESS');
  return res.body.data;
}

const addType = (body: Record<string, unknown>) => ok<DictTypeRow>('POST', '/acc/api/sysDictype/add', { body });
const addItem = (body: Record<string, unknown>) => ok<DictItemRow>('POST', '/acc/api/sysDict/add', { body });

async function counts() {
  const db = t.database.db;
  const types = await db.selectFrom('dict_type').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const items = await db.selectFrom('dict_item').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { types: Number(types.n), items: Number(items.n) };
}

describe('built-in dictionaries', () => {
  it('are seeded at start with every type and item of the data file', async () => {
    const entries = await ok<DictEntry[]>('GET', '/acc/api/sysDict/all');
    for (const type of BUILTIN_DICTIONARIES) {
      const codes = entries.filter((e) => e.typeCode === type.typeCode).map((e) => e.dicCode);
      expect(codes, type.typeCode).toEqual(type.items.map((i) => i.code));
    }
    expect(entries.find((e) => e.typeCode === 'sys_user_sex' && e.dicCode === '2')).toEqual({
      typeCode: 'sys_user_sex',
      dicCode: '2',
      dicName: '女',
      dicNameEn: 'Female',
      sort: 3,
      tagColor: '',
    });
  });

  it('seeding again inserts only what is missing and never overwrites edits', async () => {
    const before = await counts();
    const [enabled] = (
      await ok<PageResult<DictItemRow>>('POST', '/acc/api/sysDict/pageList', { body: { typeCode: 'sys_status', dicName: '启用' } })
    ).list;
    await ok('POST', '/acc/api/sysDict/edit', { body: { id: enabled?.id, dicName: '正常', dicNameEn: 'Active' } });
    await sql`delete from dict_item where type_code = 'sys_oper_result' and dic_code = 'FAILURE'`.execute(t.database.db);

    await seedDictionaries(t.database.db);
    await seedDictionaries(t.database.db);

    expect(await counts()).toEqual(before);
    const status = await ok<DictEntry[]>('POST', '/acc/api/sysDict/list', { body: { typeCode: 'sys_status' } });
    expect(status.map((e) => [e.dicCode, e.dicName, e.dicNameEn])).toEqual([
      ['ENABLED', '正常', 'Active'],
      ['DISABLED', '停用', 'Disabled'],
    ]);
    const result = await ok<DictEntry[]>('POST', '/acc/api/sysDict/list', { body: { typeCode: 'sys_oper_result' } });
    expect(result.map((e) => e.dicCode)).toEqual(['SUCCESS', 'FAILURE']);
  });

  it('cannot be deleted, only edited or disabled', async () => {
    const types = await ok<PageResult<DictTypeRow>>('POST', '/acc/api/sysDictype/pageList', { body: { typeCode: 'code_status' } });
    const codeStatus = types.list.find((r) => r.typeCode === 'code_status');
    expect(codeStatus).toMatchObject({ builtin: true, itemCount: 3 });
    const res = await call(t.app, 'POST', '/acc/api/sysDictype/deleteById', { token: platformAdmin, body: { id: codeStatus?.id, lang: 'en_US' } });
    expect(res.body.code).toBe('BUILTIN_READONLY');
    expect(res.body.msg).toBe('Built-in data cannot be changed or deleted');

    const items = await ok<PageResult<DictItemRow>>('POST', '/acc/api/sysDict/pageList', { body: { typeCode: 'code_status' } });
    const voided = items.list.find((r) => r.dicCode === 'VOIDED');
    expect((await call(t.app, 'POST', '/acc/api/sysDict/deleteById', { token: platformAdmin, body: { id: voided?.id } })).body.code).toBe(
      'BUILTIN_READONLY',
    );
    await ok('POST', '/acc/api/sysDict/edit', { body: { id: voided?.id, status: 'DISABLED' } });
    const active = await ok<DictEntry[]>('POST', '/acc/api/sysDict/list', { body: { typeCode: 'code_status' } });
    expect(active.map((e) => e.dicCode)).toEqual(['NOT_ACTIVATED', 'ACTIVATED']);
    await ok('POST', '/acc/api/sysDict/edit', { body: { id: voided?.id, status: 'ENABLED' } });
  });
});

describe('dictionary types', () => {
  it('adds, lists, edits and deletes a type together with its items', async () => {
    const type = await addType({ typeCode: 'test_colour', typeName: '颜色', typeNameEn: 'Colour', sort: 50 });
    expect(type).toMatchObject({ typeCode: 'test_colour', typeName: '颜色', status: 'ENABLED', itemCount: 0, builtin: false });
    await addItem({ typeCode: 'test_colour', dicCode: 'red', dicName: '红' });
    await addItem({ typeCode: 'test_colour', dicCode: 'blue', dicName: '蓝' });

    const page = await ok<PageResult<DictTypeRow>>('POST', '/acc/api/sysDictype/pageList', { body: { typeName: 'colour' } });
    expect(page.list.map((r) => [r.typeCode, r.itemCount])).toEqual([['test_colour', 2]]);

    const edited = await ok<DictTypeRow>('POST', '/acc/api/sysDictype/edit', {
      body: { id: type.id, typeName: '颜色分类', typeCode: 'sneaky_rename' },
    });
    expect(edited).toMatchObject({ typeCode: 'test_colour', typeName: '颜色分类', typeNameEn: 'Colour', sort: 50 });

    await ok('POST', '/acc/api/sysDictype/deleteById', { body: { id: type.id } });
    const left = await t.database.db.selectFrom('dict_item').select('id').where('type_code', '=', 'test_colour').execute();
    expect(left).toEqual([]);
    const gone = await call(t.app, 'POST', '/acc/api/sysDictype/edit', { token: platformAdmin, body: { id: type.id, typeName: 'x' } });
    expect(gone.body.code).toBe('NOT_FOUND');
  });

  it('keeps type codes unique and made of letters, digits and underscores', async () => {
    await addType({ typeCode: 'test_unique', typeName: 'Unique' });
    const dup = await call(t.app, 'POST', '/acc/api/sysDictype/add', {
      token: platformAdmin,
      body: { typeCode: 'test_unique', typeName: 'Again', lang: 'en_US' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('DUPLICATE');
    expect(dup.body.errors).toEqual([{ field: 'typeCode', message: 'Type code already exists: test_unique' }]);

    const bad = await call(t.app, 'POST', '/acc/api/sysDictype/add', {
      token: platformAdmin,
      body: { typeCode: 'has-dash', typeName: '', sort: 10000, lang: 'en_US' },
    });
    expect(bad.body.code).toBe('PARAM_CHECK');
    expect(Object.fromEntries((bad.body.errors ?? []).map((e) => [e.field, e.message]))).toEqual({
      typeCode: 'Only letters, digits and underscores are allowed',
      typeName: 'This field is required',
      sort: 'Must be at most 9999',
    });
  });

  it('lists only the enabled types for everyone', async () => {
    const off = await addType({ typeCode: 'test_switched_off', typeName: 'Off', status: 'DISABLED' });
    const list = await ok<DictTypeOption[]>('GET', '/acc/api/sysDictype/list', {}, enterpriseAdmin);
    const codes = list.map((o) => o.typeCode);
    expect(codes).toContain('sys_status');
    expect(codes).not.toContain(off.typeCode);
    expect(list.find((o) => o.typeCode === 'sys_user_sex')).toEqual({ typeCode: 'sys_user_sex', typeName: '用户性别', typeNameEn: 'Sex' });
  });
});

describe('dictionary items', () => {
  it('adds, reads, edits and deletes an item', async () => {
    await addType({ typeCode: 'test_grade', typeName: '等级' });
    const item = await addItem({ typeCode: 'test_grade', dicCode: 'A', dicName: '一级', dicNameEn: 'Grade A', sort: 2, tagColor: 'gold' });
    expect(item).toMatchObject({ typeCode: 'test_grade', dicCode: 'A', dicName: '一级', sort: 2, tagColor: 'gold', status: 'ENABLED', builtin: false });

    const read = await ok<DictItemRow>('GET', '/acc/api/sysDict/getById', { query: { id: item.id } });
    expect(read.dicNameEn).toBe('Grade A');

    const edited = await ok<DictItemRow>('POST', '/acc/api/sysDict/edit', {
      body: { id: item.id, dicName: '甲级', dicCode: 'Z', typeCode: 'sys_status' },
    });
    expect(edited).toMatchObject({ typeCode: 'test_grade', dicCode: 'A', dicName: '甲级', dicNameEn: 'Grade A', tagColor: 'gold' });

    await ok('POST', '/acc/api/sysDict/deleteById', { body: { id: item.id } });
    expect((await call(t.app, 'GET', '/acc/api/sysDict/getById', { token: platformAdmin, query: { id: item.id } })).body.code).toBe('NOT_FOUND');
    expect((await call(t.app, 'POST', '/acc/api/sysDict/deleteById', { token: platformAdmin, body: { id: item.id } })).body.code).toBe('NOT_FOUND');
  });

  it('keeps (typeCode, dicCode) unique', async () => {
    await addType({ typeCode: 'test_pair_a', typeName: 'Pair A' });
    await addType({ typeCode: 'test_pair_b', typeName: 'Pair B' });
    await addItem({ typeCode: 'test_pair_a', dicCode: 'X1', dicName: 'One' });
    const dup = await call(t.app, 'POST', '/acc/api/sysDict/add', {
      token: platformAdmin,
      body: { typeCode: 'test_pair_a', dicCode: 'X1', dicName: 'Again' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('DUPLICATE');
    expect(dup.body.msg).toBe('字典值已存在：X1');
    expect(dup.body.errors?.[0]?.field).toBe('dicCode');
    // The same value in another type is a different entry.
    await addItem({ typeCode: 'test_pair_b', dicCode: 'X1', dicName: 'One' });

    const orphan = await call(t.app, 'POST', '/acc/api/sysDict/add', {
      token: platformAdmin,
      body: { typeCode: 'test_no_such_type', dicCode: 'X1', dicName: 'Lost' },
    });
    expect(orphan.body.code).toBe('NOT_FOUND');
  });

  it('validates item fields', async () => {
    const res = await call(t.app, 'POST', '/acc/api/sysDict/add', {
      token: platformAdmin,
      body: { typeCode: 'test_pair_a', dicCode: 'bad code!', dicName: 'n'.repeat(101), tagColor: 'pink', lang: 'en_US' },
    });
    expect(res.body.code).toBe('PARAM_CHECK');
    expect(Object.fromEntries((res.body.errors ?? []).map((e) => [e.field, e.message]))).toEqual({
      dicCode: 'Only letters, digits and _ @ . - are allowed',
      dicName: 'Enter at most 100 characters',
      tagColor: expect.stringContaining('Must be one of:'),
    });
  });

  it('pages items by type, name and status', async () => {
    await addType({ typeCode: 'test_paged', typeName: 'Paged' });
    await addItem({ typeCode: 'test_paged', dicCode: 'p3', dicName: '第三', dicNameEn: 'Third', sort: 3 });
    await addItem({ typeCode: 'test_paged', dicCode: 'p1', dicName: '第一', dicNameEn: 'First', sort: 1 });
    await addItem({ typeCode: 'test_paged', dicCode: 'p2', dicName: '第二', dicNameEn: 'Second', sort: 2, status: 'DISABLED' });

    const all = await ok<PageResult<DictItemRow>>('POST', '/acc/api/sysDict/pageList', { body: { typeCode: 'test_paged' } });
    expect(all.list.map((r) => r.dicCode)).toEqual(['p1', 'p2', 'p3']);
    const byName = await ok<PageResult<DictItemRow>>('POST', '/acc/api/sysDict/pageList', { body: { typeCode: 'test_paged', dicName: 'thir' } });
    expect(byName.list.map((r) => r.dicCode)).toEqual(['p3']);
    const disabled = await ok<PageResult<DictItemRow>>('POST', '/acc/api/sysDict/pageList', {
      body: { typeCode: 'test_paged', status: 'DISABLED' },
    });
    expect(disabled.list.map((r) => r.dicCode)).toEqual(['p2']);

    // The read for forms: enabled only, in order.
    const list = await ok<DictEntry[]>('POST', '/acc/api/sysDict/list', { body: { typeCode: 'test_paged' } }, enterpriseAdmin);
    expect(list.map((e) => e.dicCode)).toEqual(['p1', 'p3']);
  });
});

describe('fetch-all', () => {
  it('answers entries with a strong ETag and 304 when the client holds the current copy', async () => {
    const first = await call<DictEntry[]>(t.app, 'GET', '/acc/api/sysDict/all', { token: enterpriseAdmin, query: { lang: 'zh_CN' } });
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{43}"$/);
    expect(first.headers['cache-control']).toContain('no-cache');
    expect(Object.keys(first.body.data[0] ?? {}).sort()).toEqual(['dicCode', 'dicName', 'dicNameEn', 'sort', 'tagColor', 'typeCode']);

    const again = await t.app.inject({
      method: 'GET',
      url: '/acc/api/sysDict/all?lang=zh_CN',
      headers: { 'x-rd-request-apitoken': enterpriseAdmin, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const weakAndListed = await t.app.inject({
      method: 'GET',
      url: '/acc/api/sysDict/all?lang=zh_CN',
      headers: { 'x-rd-request-apitoken': enterpriseAdmin, 'if-none-match': `"stale", W/${etag}` },
    });
    expect(weakAndListed.statusCode).toBe(304);

    const english = await call(t.app, 'GET', '/acc/api/sysDict/all', { token: enterpriseAdmin, query: { lang: 'en_US' } });
    expect(english.headers.etag).not.toBe(etag);

    await addType({ typeCode: 'test_etag', typeName: 'ETag' });
    await addItem({ typeCode: 'test_etag', dicCode: 'new', dicName: '新' });
    const changed = await t.app.inject({
      method: 'GET',
      url: '/acc/api/sysDict/all?lang=zh_CN',
      headers: { 'x-rd-request-apitoken': enterpriseAdmin, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json() as { data: DictEntry[] }).data.some((e) => e.typeCode === 'test_etag' && e.dicCode === 'new')).toBe(true);
  });

  it('leaves out disabled items and the items of disabled types', async () => {
    const type = await addType({ typeCode: 'test_hidden', typeName: 'Hidden' });
    await addItem({ typeCode: 'test_hidden', dicCode: 'shown', dicName: 'Shown' });
    await addItem({ typeCode: 'test_hidden', dicCode: 'off', dicName: 'Off', status: 'DISABLED' });
    let entries = await ok<DictEntry[]>('GET', '/acc/api/sysDict/all');
    expect(entries.filter((e) => e.typeCode === 'test_hidden').map((e) => e.dicCode)).toEqual(['shown']);

    await ok('POST', '/acc/api/sysDictype/edit', { body: { id: type.id, status: 'DISABLED' } });
    entries = await ok<DictEntry[]>('GET', '/acc/api/sysDict/all');
    expect(entries.some((e) => e.typeCode === 'test_hidden')).toBe(false);
  });
});

describe('large dictionaries and code lists', () => {
  it('pages one type’s entries and matches the keyword in code or name', async () => {
    await addType({ typeCode: 'test_large', typeName: 'Large' });
    for (let i = 1; i <= 25; i++) {
      const n = String(i).padStart(2, '0');
      await addItem({ typeCode: 'test_large', dicCode: `L${n}`, dicName: i === 7 ? '幸运七号' : `条目${n}`, sort: i });
    }
    const page2 = await ok<PageResult<DictEntry>>('GET', '/acc/api/sysDict/largeDic', {
      query: { type: 'test_large', pageNum: '2', pageSize: '10' },
    }, enterpriseAdmin);
    expect(page2.total).toBe(25);
    expect(page2.list.map((e) => e.dicCode)).toEqual(['L11', 'L12', 'L13', 'L14', 'L15', 'L16', 'L17', 'L18', 'L19', 'L20']);

    const byCode = await ok<PageResult<DictEntry>>('GET', '/acc/api/sysDict/largeDic', { query: { type: 'test_large', keyword: 'l2' } });
    expect(byCode.list.map((e) => e.dicCode)).toEqual(['L20', 'L21', 'L22', 'L23', 'L24', 'L25']);
    const byName = await ok<PageResult<DictEntry>>('GET', '/acc/api/sysDict/largeDic', { query: { type: 'test_large', keyword: '幸运' } });
    expect(byName.list.map((e) => e.dicCode)).toEqual(['L07']);
    const literal = await ok<PageResult<DictEntry>>('GET', '/acc/api/sysDict/largeDic', { query: { type: 'test_large', keyword: '%' } });
    expect(literal.total).toBe(0);

    const missingType = await call(t.app, 'GET', '/acc/api/sysDict/largeDic', { token: enterpriseAdmin, query: { keyword: 'x' } });
    expect(missingType.body.code).toBe('PARAM_CHECK');
    expect(missingType.body.errors?.[0]?.field).toBe('type');
  });

  it('answers common/code/list with code options of a type', async () => {
    const projects = await ok<CommonCodeOption[]>('GET', '/acc/common/code/list', { query: { codeType: 'project_code' } }, enterpriseAdmin);
    expect(projects).toEqual([
      { code: 'rd-trace', codeName: '溯源防伪', codeNameEn: 'Traceability' },
      { code: 'rd-medicine', codeName: '药品追溯', codeNameEn: 'Medicine traceability' },
    ]);
    expect(await ok('GET', '/acc/common/code/list', { query: { codeType: 'no_such_type' } })).toEqual([]);
  });
});

describe('access', () => {
  it('lets an enterprise administrator read but not administer dictionaries', async () => {
    const type = await addType({ typeCode: 'test_guarded', typeName: 'Guarded' });
    const item = await addItem({ typeCode: 'test_guarded', dicCode: 'g', dicName: 'G' });
    const writes: Array<[string, string, Record<string, unknown>]> = [
      ['POST', '/acc/api/sysDictype/pageList', {}],
      ['POST', '/acc/api/sysDictype/add', { typeCode: 'test_ent', typeName: 'Ent' }],
      ['POST', '/acc/api/sysDictype/edit', { id: type.id, typeName: 'Changed' }],
      ['POST', '/acc/api/sysDictype/deleteById', { id: type.id }],
      ['POST', '/acc/api/sysDict/pageList', {}],
      ['POST', '/acc/api/sysDict/add', { typeCode: 'test_guarded', dicCode: 'h', dicName: 'H' }],
      ['POST', '/acc/api/sysDict/edit', { id: item.id, dicName: 'Changed' }],
      ['POST', '/acc/api/sysDict/deleteById', { id: item.id }],
    ];
    for (const [method, url, body] of writes) {
      const res = await call(t.app, method, url, { token: enterpriseAdmin, body });
      expect(res.status, url).toBe(403);
      expect(res.body.code, url).toBe('ACCESS_DENIED_ERROR');
    }
    const denied = await call(t.app, 'GET', '/acc/api/sysDict/getById', { token: enterpriseAdmin, query: { id: item.id } });
    expect(denied.body.code).toBe('ACCESS_DENIED_ERROR');
    expect((await ok<DictItemRow>('GET', '/acc/api/sysDict/getById', { query: { id: item.id } })).dicName).toBe('G');

    await ok('GET', '/acc/api/sysDict/all', {}, enterpriseAdmin);
    await ok('GET', '/acc/api/sysDictype/list', {}, enterpriseAdmin);
    await ok('POST', '/acc/api/sysDict/list', { body: { typeCode: 'test_guarded' } }, enterpriseAdmin);
  });

  it('requires a session for the reads', async () => {
    for (const url of ['/acc/api/sysDict/all', '/acc/api/sysDictype/list', '/acc/common/code/list?codeType=sys_status']) {
      expect((await call(t.app, 'GET', url)).body.code).toBe('NO_LOGIN_ERROR');
    }
  });
});
