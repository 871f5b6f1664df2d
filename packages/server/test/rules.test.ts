import {
  CODE_ALPHABETS,
  SAMPLE_GTIN,
  luhnCheckDigit,
  mod3736CheckChar,
  type FieldError,
  type PageResult,
  type RuleOption,
  type RulePreview,
  type RuleRow,
} from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenCode, matchesShape, type CodeShape } from '../src/modules/rule/codeMaker.js';
import { companySecret } from '../src/modules/rule/companySecret.js';
import { createCompany, createUser } from './support/fixtures.js';
import { ADMIN_PASSWORD, call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Rule-Pass-1';
const BASE = '/acc/api/rule';

let t: TestApp;
let companyA: string;
let companyB: string;
let adminA: string;
let adminB: string;
let operatorA: string;
let platformAdmin: string;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_BASE_URL: 'https://trace.example.com' });
  const db = t.database.db;
  companyA = await createCompany(db, 'Rule Company A');
  companyB = await createCompany(db, 'Rule Company B');
  await createUser(db, { username: 'ruleAdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'ruleAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'ruleOpA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_OPERATOR'] });
  adminA = await signIn(t.app, 'ruleAdminA', PASSWORD);
  adminB = await signIn(t.app, 'ruleAdminB', PASSWORD);
  operatorA = await signIn(t.app, 'ruleOpA', PASSWORD);
  platformAdmin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
});
afterAll(() => t.close());

/** A rule that passes every check: random Crockford base32, 12 characters, MOD 37-36. */
const VALID = { ruleName: '', alphabet: 'CROCKFORD32', bodyLength: 12, checkScheme: 'DAMM' };

let names = 0;
const uniqueName = (stem = 'Rule') => `${stem} ${++names}`;

async function post<T>(token: string, path: string, body: unknown, lang?: 'en_US') {
  return call<T>(t.app, 'POST', `${BASE}/${path}`, { token, body, headers: lang ? { 'X-RD-Request-Language': lang } : {} });
}

async function add(token: string, body: Record<string, unknown> = {}): Promise<RuleRow> {
  const res = await post<RuleRow>(token, 'add', { ...VALID, ruleName: uniqueName(), ...body });
  expect(res.body.code, res.body.msg).toBe('SUCCESS');
  return res.body.data;
}

async function getById(token: string, id: string) {
  return call<RuleRow>(t.app, 'GET', `${BASE}/getById`, { token, query: { id } });
}

/** The field errors of a refused call, as { field: message }. */
function fieldErrors(body: { errors?: FieldError[] }): Record<string, string> {
  return Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]));
}

async function refusedAdd(body: Record<string, unknown>, lang?: 'en_US') {
  const res = await post<null>(adminA, 'add', { ...VALID, ruleName: uniqueName('Refused'), ...body }, lang);
  expect(res.body.code, JSON.stringify(body)).toBe('PARAM_CHECK');
  expect(res.status).toBe(400);
  return fieldErrors(res.body);
}

/** A generation job of the rule, and optionally one code made by it, written the way a job writes them. */
async function jobOf(companyId: string, ruleId: string, options: { status?: 'QUEUED' | 'DONE' | 'CANCELLED'; code?: string }) {
  const db = t.database.db;
  const record = await db
    .insertInto('code_record')
    .values({ company_id: companyId, rule_id: ruleId, quantity: 1, status: options.status ?? 'DONE', progress: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.code) {
    await db.insertInto('code').values({ code: options.code, company_id: companyId, rule_id: ruleId, record_id: record.id }).execute();
  }
  return record.id;
}

describe('tag rules: add, read, list, edit, delete', () => {
  it('adds a rule with the defaults of the unsaid fields and reads it back', async () => {
    const name = uniqueName('Defaults');
    const res = await post<RuleRow>(adminA, 'add', { ruleName: `  ${name}  `, alphabet: 'DIGITS', bodyLength: 16, prefix: ' 69 ' });
    expect(res.body.code, res.body.msg).toBe('SUCCESS');
    const rule = res.body.data;
    expect(rule).toMatchObject({
      ruleName: name,
      kind: 'ITEM',
      mode: 'RANDOM',
      prefix: '69',
      bodyLength: 16,
      alphabet: 'DIGITS',
      checkScheme: 'NONE',
      hiddenLength: 0,
      urlForm: 'SCAN',
      repeatThreshold: 5,
      status: 'ENABLED',
      remark: '',
      nextSerial: '1',
      jobCount: 0,
      shapeLocked: false,
    });
    const stored = await t.database.db.selectFrom('tag_rule').select(['company_id', 'created_by']).where('id', '=', rule.id).executeTakeFirstOrThrow();
    expect(stored.company_id).toBe(companyA);
    expect(stored.created_by).not.toBeNull();

    const read = await getById(adminA, rule.id);
    expect(read.body.code).toBe('SUCCESS');
    expect(read.body.data).toEqual(rule);
  });

  it('upper-cases the prefix and ignores fields it does not know (no mass assignment)', async () => {
    const rule = await add(adminA, { prefix: 'xg', nextSerial: 999, companyId: companyB, id: '00000000-0000-0000-0000-000000000001' });
    expect(rule.prefix).toBe('XG');
    expect(rule.nextSerial).toBe('1');
    expect(rule.id).not.toBe('00000000-0000-0000-0000-000000000001');
    const stored = await t.database.db.selectFrom('tag_rule').select('company_id').where('id', '=', rule.id).executeTakeFirstOrThrow();
    expect(stored.company_id).toBe(companyA);
  });

  it('pages with filters on name (contains, % taken literally), kind, mode and status', async () => {
    const box = await add(adminA, { ruleName: 'Filter 100% box', kind: 'BOX', mode: 'SEQUENTIAL', alphabet: 'DIGITS', bodyLength: 8, checkScheme: 'LUHN' });
    const item = await add(adminA, { ruleName: 'Filter item', status: 'DISABLED' });
    await add(adminA, { ruleName: 'Filter 1000 item' });

    const page = async (filters: Record<string, unknown>) => {
      const res = await post<PageResult<RuleRow>>(adminA, 'pageList', { pageNum: 1, pageSize: 100, ...filters });
      expect(res.body.code, res.body.msg).toBe('SUCCESS');
      return res.body.data;
    };
    expect((await page({ ruleName: '100%' })).list.map((r) => r.id)).toEqual([box.id]);
    expect((await page({ ruleName: 'filter', kind: 'BOX' })).list.map((r) => r.id)).toEqual([box.id]);
    expect((await page({ ruleName: 'Filter', mode: 'SEQUENTIAL' })).list.map((r) => r.id)).toEqual([box.id]);
    expect((await page({ ruleName: 'Filter', status: 'DISABLED' })).list.map((r) => r.id)).toEqual([item.id]);
    const all = await page({ ruleName: 'Filter', kind: '', mode: '', status: '' });
    expect(all.total).toBe(3);
    expect(all.list.map((r) => r.ruleName)).toEqual(['Filter 1000 item', 'Filter item', 'Filter 100% box']);
    const byName = await page({ ruleName: 'Filter', orderName: 'ruleName', orderType: 'asc', pageSize: 2 });
    expect(byName).toMatchObject({ total: 3, pageNum: 1, pageSize: 2 });
    expect(byName.list.map((r) => r.ruleName)).toEqual(['Filter 100% box', 'Filter 1000 item']);

    const bad = await post(adminA, 'pageList', { orderName: 'rule_name; drop table tag_rule' });
    expect(bad.body.code).toBe('PARAM_CHECK');
    const badKind = await post(adminA, 'pageList', { kind: 'PALLET' });
    expect(fieldErrors(badKind.body)).toHaveProperty('kind');
  });

  it('lists the enabled rules of the company by name for selects, optionally of one kind', async () => {
    const enabledBox = await add(adminA, { ruleName: 'List box', kind: 'BOX' });
    const disabled = await add(adminA, { ruleName: 'List disabled', status: 'DISABLED' });
    const res = await post<RuleOption[]>(adminA, 'list', {});
    expect(res.body.code).toBe('SUCCESS');
    const names = res.body.data.map((r) => r.ruleName);
    expect(names).toContain('List box');
    expect(names).not.toContain('List disabled');
    expect([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))).toEqual(names);
    expect(res.body.data.find((r) => r.id === enabledBox.id)).toEqual({
      id: enabledBox.id,
      ruleName: 'List box',
      kind: 'BOX',
      mode: 'RANDOM',
      prefix: '',
      bodyLength: 12,
      alphabet: 'CROCKFORD32',
      checkScheme: 'DAMM',
      hiddenLength: 0,
      urlForm: 'SCAN',
    });
    const boxes = await post<RuleOption[]>(adminA, 'list', { kind: 'BOX' });
    expect(boxes.body.data.every((r) => r.kind === 'BOX')).toBe(true);
    expect(boxes.body.data.map((r) => r.id)).toContain(enabledBox.id);
    expect(res.body.data.map((r) => r.id)).not.toContain(disabled.id);
  });

  it('edits the fields sent and keeps the others', async () => {
    const rule = await add(adminA, { remark: 'first', hiddenLength: 6 });
    const res = await post<RuleRow>(adminA, 'edit', {
      id: rule.id,
      ruleName: `${rule.ruleName} renamed`,
      remark: 'second',
      repeatThreshold: 20,
      urlForm: 'GS1',
      status: 'DISABLED',
      prefix: 'ab',
    });
    expect(res.body.code, res.body.msg).toBe('SUCCESS');
    expect(res.body.data).toMatchObject({
      ruleName: `${rule.ruleName} renamed`,
      remark: 'second',
      repeatThreshold: 20,
      urlForm: 'GS1',
      status: 'DISABLED',
      prefix: 'AB',
      hiddenLength: 6,
      bodyLength: 12,
      alphabet: 'CROCKFORD32',
    });
    expect(new Date(res.body.data.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(rule.updatedAt).getTime());
  });

  it('deletes a rule without jobs; it is gone afterwards', async () => {
    const rule = await add(adminA);
    const res = await post<null>(adminA, 'deleteById', { id: rule.id });
    expect(res.body.code, res.body.msg).toBe('SUCCESS');
    expect((await getById(adminA, rule.id)).body.code).toBe('NOT_FOUND');
    expect((await post(adminA, 'deleteById', { id: rule.id })).body.code).toBe('NOT_FOUND');
  });

  it('records changes in the operation log, not reads or previews', async () => {
    const rule = await add(adminA, { ruleName: 'Logged rule' });
    await post(adminA, 'preview', { alphabet: 'DIGITS', bodyLength: 16 });
    const entries = await t.database.db
      .selectFrom('operation_log')
      .select(['module', 'action', 'target', 'company_id'])
      .where('module', '=', 'rule')
      .execute();
    expect(entries.some((e) => e.action === 'INSERT' && e.company_id === companyA)).toBe(true);
    expect(entries.some((e) => e.action === 'OTHER')).toBe(false);
    expect(rule.id).toBeTruthy();
  });
});

describe('tag rules: validation of every field', () => {
  it('rule name: required, at most 50 characters, unique in the company', async () => {
    expect((await refusedAdd({ ruleName: '   ' })).ruleName).toBe('此项为必填项');
    expect((await refusedAdd({ ruleName: undefined })).ruleName).toBe('此项为必填项');
    expect((await refusedAdd({ ruleName: 'n'.repeat(51) })).ruleName).toBe('长度不能超过50个字符');
    await add(adminA, { ruleName: 'n'.repeat(50) });

    const taken = await add(adminA, { ruleName: 'Taken name' });
    const again = await post(adminA, 'add', { ...VALID, ruleName: 'Taken name' });
    expect(again.body.code).toBe('DUPLICATE');
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('规则名称已存在：Taken name');
    expect(fieldErrors(again.body).ruleName).toBe('规则名称已存在：Taken name');

    const other = await add(adminA, { ruleName: 'Other name' });
    const rename = await post(adminA, 'edit', { id: other.id, ruleName: 'Taken name' }, 'en_US');
    expect(rename.body.code).toBe('DUPLICATE');
    expect(rename.body.msg).toBe('Rule name already exists: Taken name');
    // Saving a rule under its own name is not a duplicate.
    expect((await post(adminA, 'edit', { id: taken.id, ruleName: 'Taken name' })).body.code).toBe('SUCCESS');
    // Another company may use the same name.
    expect((await post(adminB, 'add', { ...VALID, ruleName: 'Taken name' })).body.code).toBe('SUCCESS');
  });

  it('kind, mode, alphabet, check scheme, URL form and status take only their listed values', async () => {
    expect((await refusedAdd({ kind: 'PALLET' })).kind).toBe('取值必须是以下之一：ITEM, BOX');
    expect((await refusedAdd({ mode: 'SHUFFLED' })).mode).toBe('取值必须是以下之一：RANDOM, SEQUENTIAL');
    expect((await refusedAdd({ alphabet: 'BASE64' })).alphabet).toBe('取值必须是以下之一：DIGITS, CROCKFORD32, NO_LOOKALIKE');
    expect((await refusedAdd({ alphabet: undefined })).alphabet).toBe('此项为必填项');
    expect((await refusedAdd({ checkScheme: 'CRC' })).checkScheme).toBe('取值必须是以下之一：NONE, LUHN, DAMM, MOD37_36');
    expect((await refusedAdd({ urlForm: 'SHORT' })).urlForm).toBe('取值必须是以下之一：SCAN, GS1');
    expect((await refusedAdd({ status: 'ON' })).status).toBe('取值必须是以下之一：ENABLED, DISABLED');
  });

  it('prefix: at most 10 characters of the rule’s alphabet, no separators; digits only for Luhn', async () => {
    expect((await refusedAdd({ prefix: 'ABCDEFGHJKM' })).prefix).toBe('长度不能超过10个字符');
    expect((await refusedAdd({ prefix: 'AB-1' })).prefix).toBe('前缀只能使用所选字符集中的字符（0123456789ABCDEFGHJKMNPQRSTVWXYZ），不能有空格或分隔符');
    expect((await refusedAdd({ prefix: 'A B' })).prefix).toContain('不能有空格或分隔符');
    // Crockford base32 has no I, L, O or U.
    expect(await refusedAdd({ prefix: 'OIL' }, 'en_US')).toEqual({
      prefix: 'The prefix may only use characters of the chosen alphabet (0123456789ABCDEFGHJKMNPQRSTVWXYZ), with no spaces or separators',
    });
    expect((await refusedAdd({ prefix: 'AB', alphabet: 'DIGITS', bodyLength: 16, checkScheme: 'DAMM' })).prefix).toContain('0123456789');
    expect((await refusedAdd({ prefix: 'X1', alphabet: 'DIGITS', bodyLength: 16, checkScheme: 'LUHN' })).prefix).toBe(
      'Luhn 校验位只适用于数字，前缀必须全部是数字',
    );
    // No-look-alike letters: 0 and 8 are out.
    expect((await refusedAdd({ prefix: 'A0', alphabet: 'NO_LOOKALIKE', bodyLength: 12, checkScheme: 'NONE' })).prefix).toContain('34679ACDEFGHJKMNPQRTUVWXY');
    expect((await add(adminA, { prefix: 'ABCDEFGHJK' })).prefix).toBe('ABCDEFGHJK');
    expect((await add(adminA, { prefix: '690', alphabet: 'DIGITS', bodyLength: 16, checkScheme: 'LUHN' })).prefix).toBe('690');
  });

  it('body length: a whole number from 4 to 32', async () => {
    expect((await refusedAdd({ bodyLength: 3 })).bodyLength).toBe('不能小于4');
    expect((await refusedAdd({ bodyLength: 33 })).bodyLength).toBe('不能大于32');
    expect((await refusedAdd({ bodyLength: 12.5 })).bodyLength).toBe('请输入整数');
    expect((await refusedAdd({ bodyLength: '12' })).bodyLength).toBe('请输入整数');
    expect((await refusedAdd({ bodyLength: undefined })).bodyLength).toBe('此项为必填项');
    expect((await add(adminA, { bodyLength: 32 })).bodyLength).toBe(32);
  });

  it('check scheme: one the alphabet allows (Luhn for digits only); the old MOD 37-36 for no new rule', async () => {
    expect((await refusedAdd({ checkScheme: 'LUHN' })).checkScheme).toBe('该字符集不能使用这种校验方式（Luhn 只用于纯数字）');
    expect((await refusedAdd({ alphabet: 'NO_LOOKALIKE', checkScheme: 'LUHN' })).checkScheme).toBeTruthy();
    expect((await refusedAdd({ checkScheme: 'MOD37_36' }, 'en_US')).checkScheme).toContain('old check scheme');
    expect((await refusedAdd({ alphabet: 'NO_LOOKALIKE', checkScheme: 'MOD37_36' })).checkScheme).toContain('旧的校验方式');
    expect((await add(adminA, { alphabet: 'NO_LOOKALIKE', checkScheme: 'DAMM' })).checkScheme).toBe('DAMM');
    expect((await add(adminA, { alphabet: 'DIGITS', bodyLength: 16, checkScheme: 'DAMM' })).checkScheme).toBe('DAMM');
    expect((await add(adminA, { alphabet: 'DIGITS', bodyLength: 16, checkScheme: 'LUHN' })).checkScheme).toBe('LUHN');
  });

  it('a rule that printed with MOD 37-36 keeps it through edits, and may not take it back once changed', async () => {
    const rule = await add(adminA, { remark: 'made by an earlier version' });
    await t.database.db.updateTable('tag_rule').set({ check_scheme: 'MOD37_36' }).where('id', '=', rule.id).execute();
    const kept = await post<RuleRow>(adminA, 'edit', { id: rule.id, remark: 'still old', urlForm: 'SCAN', bodyLength: 13 });
    expect(kept.body.code, kept.body.msg).toBe('SUCCESS');
    expect(kept.body.data.checkScheme).toBe('MOD37_36');
    const changed = await post<RuleRow>(adminA, 'edit', { id: rule.id, checkScheme: 'DAMM' });
    expect(changed.body.data.checkScheme).toBe('DAMM');
    const back = await post<RuleRow>(adminA, 'edit', { id: rule.id, checkScheme: 'MOD37_36' });
    expect(back.body.code).toBe('PARAM_CHECK');
  });

  it('hidden code length: 0 (none) or 4 to 8', async () => {
    expect((await refusedAdd({ hiddenLength: 2 })).hiddenLength).toBe('隐藏码为 0（不使用）或 4 至 8 位数字');
    expect((await refusedAdd({ hiddenLength: 9 })).hiddenLength).toBe('不能大于8');
    expect((await refusedAdd({ hiddenLength: -1 })).hiddenLength).toBe('不能小于0');
    expect((await add(adminA, { hiddenLength: 4 })).hiddenLength).toBe(4);
    expect((await add(adminA, { hiddenLength: 8 })).hiddenLength).toBe(8);
    expect((await add(adminA, { hiddenLength: 0 })).hiddenLength).toBe(0);
  });

  it('repeat threshold 1 to 1000, remark at most 500 characters', async () => {
    expect((await refusedAdd({ repeatThreshold: 0 })).repeatThreshold).toBe('不能小于1');
    expect((await refusedAdd({ repeatThreshold: 1001 })).repeatThreshold).toBe('不能大于1000');
    expect((await refusedAdd({ remark: 'r'.repeat(501) })).remark).toBe('长度不能超过500个字符');
    expect(await add(adminA, { repeatThreshold: 1000, remark: 'r'.repeat(500) })).toMatchObject({ repeatThreshold: 1000 });
  });

  it('GS1 Digital Link: the code is the AI 21 serial, so it has at most 20 characters', async () => {
    const errors = await refusedAdd({ urlForm: 'GS1', alphabet: 'DIGITS', bodyLength: 16, prefix: '6901', checkScheme: 'LUHN' });
    expect(errors.urlForm).toBe('GS1 数字链接的序列号（AI 21）最多 20 个字符，按当前设置标签码有 21 个字符');
    expect((await add(adminA, { urlForm: 'GS1', alphabet: 'DIGITS', bodyLength: 16, prefix: '690', checkScheme: 'LUHN' })).urlForm).toBe('GS1');
  });

  it('reports every broken rule at once, each on its field', async () => {
    const errors = await refusedAdd({ ruleName: '', kind: 'X', bodyLength: 40, hiddenLength: 'six' });
    expect(Object.keys(errors).sort()).toEqual(['bodyLength', 'hiddenLength', 'kind', 'ruleName']);
  });
});

describe('tag rules: the guessing bound', () => {
  it('random codes need a body long enough for odds below 1 in 10,000,000 at the planned volume', async () => {
    const cases = [
      { alphabet: 'DIGITS', min: 16 },
      { alphabet: 'CROCKFORD32', min: 11 },
      { alphabet: 'NO_LOOKALIKE', min: 12 },
    ];
    for (const { alphabet, min } of cases) {
      const errors = await refusedAdd({ alphabet, bodyLength: min - 1, checkScheme: 'NONE' });
      expect(errors.bodyLength, alphabet).toBe(`随机码使用该字符集时码长至少为 ${min} 位，猜中一个有效码的概率才能低于千万分之一`);
      expect((await add(adminA, { alphabet, bodyLength: min, checkScheme: 'NONE' })).bodyLength).toBe(min);
    }
    const english = await refusedAdd({ alphabet: 'DIGITS', bodyLength: 12, checkScheme: 'NONE' }, 'en_US');
    expect(english.bodyLength).toBe(
      'Random codes in this alphabet need at least 16 characters to keep the odds of guessing a valid code below 1 in 10,000,000',
    );
  });

  it('sequential numbering is for internal box codes only, with room for at least 1,000,000 serials', async () => {
    const item = await refusedAdd({ mode: 'SEQUENTIAL', kind: 'ITEM', alphabet: 'DIGITS', bodyLength: 8, checkScheme: 'NONE' });
    expect(item.mode).toBe('顺序码可以被推算，还会暴露产量，只能用于企业内部的箱码（标签类型选“箱码”）');
    const small = await refusedAdd({ mode: 'SEQUENTIAL', kind: 'BOX', alphabet: 'DIGITS', bodyLength: 6, checkScheme: 'NONE' });
    expect(small.bodyLength).toBe('顺序码至少要能编号 1,000,000 个标签，使用该字符集时码长至少为 7 位');
    expect((await refusedAdd({ mode: 'SEQUENTIAL', kind: 'BOX', alphabet: 'NO_LOOKALIKE', bodyLength: 4, checkScheme: 'NONE' })).bodyLength).toContain(
      '至少为 5 位',
    );
    expect(await add(adminA, { mode: 'SEQUENTIAL', kind: 'BOX', alphabet: 'DIGITS', bodyLength: 7, checkScheme: 'LUHN' })).toMatchObject({
      mode: 'SEQUENTIAL',
      bodyLength: 7,
    });
    // 32^4 − 1 = 1,048,575 serials.
    expect((await add(adminA, { mode: 'SEQUENTIAL', kind: 'BOX', alphabet: 'CROCKFORD32', bodyLength: 4 })).bodyLength).toBe(4);
  });

  it('an edit is held to the same bound', async () => {
    const rule = await add(adminA, { alphabet: 'DIGITS', bodyLength: 16, checkScheme: 'LUHN' });
    const res = await post(adminA, 'edit', { id: rule.id, bodyLength: 10 });
    expect(res.body.code).toBe('PARAM_CHECK');
    expect(fieldErrors(res.body).bodyLength).toContain('16');
    const toItem = await add(adminA, { mode: 'SEQUENTIAL', kind: 'BOX', alphabet: 'DIGITS', bodyLength: 8 , checkScheme: 'NONE' });
    expect(fieldErrors((await post(adminA, 'edit', { id: toItem.id, kind: 'ITEM' })).body).mode).toBeTruthy();
  });
});

describe('tag rules: shape frozen once codes exist', () => {
  const CHANGES: Record<string, unknown> = {
    kind: 'BOX',
    mode: 'SEQUENTIAL',
    prefix: 'ZZ',
    bodyLength: 14,
    alphabet: 'NO_LOOKALIKE',
    checkScheme: 'NONE',
    hiddenLength: 6,
  };

  it('refuses each shape field with RULE_SHAPE_FROZEN naming it, and lets the others change', async () => {
    const rule = await add(adminA, { prefix: 'FR' });
    await jobOf(companyA, rule.id, { code: 'FR0000000000000' });
    const locked = await getById(adminA, rule.id);
    expect(locked.body.data).toMatchObject({ shapeLocked: true, jobCount: 1 });

    const before = await t.database.db.selectFrom('tag_rule').selectAll().where('id', '=', rule.id).executeTakeFirstOrThrow();
    for (const [field, value] of Object.entries(CHANGES)) {
      const res = await post(adminA, 'edit', { id: rule.id, [field]: value });
      expect(res.body.code, field).toBe('RULE_SHAPE_FROZEN');
      expect(res.status).toBe(409);
      expect(Object.keys(fieldErrors(res.body))).toEqual([field]);
      expect(fieldErrors(res.body)[field]).toBe('已有标签按该规则生成，此项不能再修改');
    }
    const after = await t.database.db.selectFrom('tag_rule').selectAll().where('id', '=', rule.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);

    const named = await post(adminA, 'edit', { id: rule.id, prefix: 'ZZ', bodyLength: 13 });
    expect(named.body.msg).toBe('已有标签按该规则生成，以下项目不能再修改：前缀、码长');
    const english = await post(adminA, 'edit', { id: rule.id, alphabet: 'DIGITS' }, 'en_US');
    expect(english.body.msg).toBe('Codes have been generated with this rule, so these can no longer change: Alphabet');

    // The same values again are not a change; name, remark, threshold, URL form and status may change.
    const allowed = await post<RuleRow>(adminA, 'edit', {
      id: rule.id,
      ...Object.fromEntries(Object.keys(CHANGES).map((f) => [f, rule[f as keyof RuleRow]])),
      prefix: 'fr',
      ruleName: `${rule.ruleName} v2`,
      remark: 'still editable',
      repeatThreshold: 9,
      urlForm: 'GS1',
      status: 'DISABLED',
    });
    expect(allowed.body.code, allowed.body.msg).toBe('SUCCESS');
    expect(allowed.body.data).toMatchObject({ ruleName: `${rule.ruleName} v2`, remark: 'still editable', repeatThreshold: 9, urlForm: 'GS1', status: 'DISABLED' });
  });

  it('a queued job locks the shape before its first code', async () => {
    const rule = await add(adminA);
    expect((await post(adminA, 'edit', { id: rule.id, bodyLength: 13 })).body.code).toBe('SUCCESS');
    await jobOf(companyA, rule.id, { status: 'QUEUED' });
    expect((await post(adminA, 'edit', { id: rule.id, bodyLength: 14 })).body.code).toBe('RULE_SHAPE_FROZEN');
  });

  it('a job that ended without codes leaves the shape free', async () => {
    const rule = await add(adminA);
    await jobOf(companyA, rule.id, { status: 'CANCELLED' });
    expect((await getById(adminA, rule.id)).body.data).toMatchObject({ shapeLocked: false, jobCount: 1 });
    expect((await post(adminA, 'edit', { id: rule.id, bodyLength: 14 })).body.code).toBe('SUCCESS');
  });
});

describe('tag rules: deletion while in use', () => {
  it('is refused with RULE_IN_USE while the rule has codes or jobs', async () => {
    const withCodes = await add(adminA);
    await jobOf(companyA, withCodes.id, { code: 'DELCODE00000001' });
    const res = await post(adminA, 'deleteById', { id: withCodes.id });
    expect(res.body.code).toBe('RULE_IN_USE');
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('该规则已有生成任务或标签，不能删除');

    const withJob = await add(adminA);
    await jobOf(companyA, withJob.id, { status: 'CANCELLED' });
    expect((await post(adminA, 'deleteById', { id: withJob.id })).body.code).toBe('RULE_IN_USE');

    for (const id of [withCodes.id, withJob.id]) expect((await getById(adminA, id)).body.code).toBe('SUCCESS');
  });
});

describe('tag rules: tenancy and permissions', () => {
  it("another company's rules are not found, in lists, by id, for edits and deletes", async () => {
    const rule = await add(adminA, { ruleName: 'A secret rule' });
    expect((await getById(adminB, rule.id)).body.code).toBe('NOT_FOUND');
    expect((await post(adminB, 'edit', { id: rule.id, ruleName: 'stolen' })).body.code).toBe('NOT_FOUND');
    expect((await post(adminB, 'edit', { id: rule.id, bodyLength: 20 })).body.code).toBe('NOT_FOUND');
    expect((await post(adminB, 'deleteById', { id: rule.id })).body.code).toBe('NOT_FOUND');
    const page = await post<PageResult<RuleRow>>(adminB, 'pageList', { pageSize: 1000 });
    expect(page.body.data.list.some((r) => r.id === rule.id)).toBe(false);
    const list = await post<RuleOption[]>(adminB, 'list', {});
    expect(list.body.data.some((r) => r.id === rule.id)).toBe(false);
    const stored = await t.database.db.selectFrom('tag_rule').select(['rule_name', 'body_length']).where('id', '=', rule.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ rule_name: 'A secret rule', body_length: 12 });
  });

  it('answers NOT_FOUND for ids that do not exist, and PARAM_CHECK for ids that are not ids', async () => {
    expect((await getById(adminA, '00000000-0000-0000-0000-000000000000')).body.code).toBe('NOT_FOUND');
    expect(fieldErrors((await getById(adminA, 'abc')).body)).toHaveProperty('id');
  });

  it('platform accounts have no company and so no rules to manage', async () => {
    const res = await post(platformAdmin, 'pageList', {});
    expect(res.body.code).toBe('COMPANY_REQUIRED');
    expect((await post(platformAdmin, 'add', { ...VALID, ruleName: 'Platform rule' })).body.code).toBe('COMPANY_REQUIRED');
    expect((await post(platformAdmin, 'preview', { alphabet: 'DIGITS', bodyLength: 16 })).body.code).toBe('COMPANY_REQUIRED');
  });

  it('each route checks its own permission code', async () => {
    const rule = await add(operatorA);
    expect((await post(operatorA, 'edit', { id: rule.id, remark: 'by the operator' })).body.code).toBe('SUCCESS');
    const refused = await post(operatorA, 'deleteById', { id: rule.id });
    expect(refused.body.code).toBe('ACCESS_DENIED_ERROR');
    expect((await getById(adminA, rule.id)).body.code).toBe('SUCCESS');
  });
});

describe('tag rules: preview', () => {
  async function preview(token: string, body: Record<string, unknown>): Promise<RulePreview> {
    const res = await post<RulePreview>(token, 'preview', body);
    expect(res.body.code, res.body.msg).toBe('SUCCESS');
    return res.body.data;
  }

  it('answers 5 sample codes of the rule’s shape with their check character', async () => {
    const shapes: Array<CodeShape & { mode?: string; kind?: string }> = [
      { prefix: '69', bodyLength: 16, alphabet: 'DIGITS', checkScheme: 'LUHN' },
      { prefix: 'XG', bodyLength: 12, alphabet: 'CROCKFORD32', checkScheme: 'MOD37_36' },
      { prefix: 'XG', bodyLength: 12, alphabet: 'CROCKFORD32', checkScheme: 'DAMM' },
      { prefix: '', bodyLength: 12, alphabet: 'NO_LOOKALIKE', checkScheme: 'NONE' },
      { prefix: '', bodyLength: 12, alphabet: 'NO_LOOKALIKE', checkScheme: 'DAMM' },
      { prefix: '69', bodyLength: 16, alphabet: 'DIGITS', checkScheme: 'DAMM' },
      { prefix: '7', bodyLength: 8, alphabet: 'DIGITS', checkScheme: 'LUHN', mode: 'SEQUENTIAL', kind: 'BOX' },
    ];
    for (const shape of shapes) {
      const result = await preview(adminA, { ...shape, prefix: shape.prefix.toLowerCase(), ruleName: 'ignored' });
      expect(result.samples).toHaveLength(5);
      expect(new Set(result.samples.map((s) => s.code)).size).toBe(5);
      for (const sample of result.samples) {
        expect(matchesShape(shape, sample.code), `${sample.code} of ${JSON.stringify(shape)}`).toBe(true);
        const head = sample.code.slice(0, -1);
        if (shape.checkScheme === 'LUHN') expect(sample.checkChar).toBe(luhnCheckDigit(head));
        else if (shape.checkScheme === 'MOD37_36') expect(sample.checkChar).toBe(mod3736CheckChar(head));
        else if (shape.checkScheme === 'DAMM') expect(CODE_ALPHABETS[shape.alphabet]).toContain(sample.checkChar);
        else expect(sample.checkChar).toBe('');
        expect(sample.hiddenCode).toBe('');
        expect(sample.url).toBe(`https://trace.example.com/antiCounterfeiting?code=${sample.code}`);
      }
    }
    const sequential = await preview(adminA, { prefix: 'B', bodyLength: 8, alphabet: 'CROCKFORD32', checkScheme: 'NONE', mode: 'SEQUENTIAL', kind: 'BOX' });
    expect(sequential.samples.map((s) => s.code)).toEqual(['B00000001', 'B00000002', 'B00000003', 'B00000004', 'B00000005']);
  });

  it('computes hidden codes with the caller’s company secret, so they differ per company', async () => {
    const rule = { prefix: 'H', bodyLength: 8, alphabet: 'CROCKFORD32', checkScheme: 'NONE', mode: 'SEQUENTIAL', kind: 'BOX', hiddenLength: 6 };
    const a1 = await preview(adminA, rule);
    const a2 = await preview(adminA, rule);
    const b = await preview(adminB, rule);
    expect(a1.samples.map((s) => s.code)).toEqual(b.samples.map((s) => s.code));
    for (const sample of a1.samples) expect(sample.hiddenCode).toMatch(/^\d{6}$/);
    expect(a2.samples.map((s) => s.hiddenCode)).toEqual(a1.samples.map((s) => s.hiddenCode));
    expect(b.samples.map((s) => s.hiddenCode)).not.toEqual(a1.samples.map((s) => s.hiddenCode));

    const secretA = await companySecret(t.database.db, companyA);
    expect(secretA).toHaveLength(32);
    for (const sample of a1.samples) expect(sample.hiddenCode).toBe(hiddenCode(secretA, sample.code, 6));
    // One secret per company, created once.
    const rows = await t.database.db.selectFrom('company_secret').select('company_id').where('company_id', 'in', [companyA, companyB]).execute();
    expect(rows).toHaveLength(2);
    expect(await companySecret(t.database.db, companyA)).toEqual(secretA);
  });

  it('builds GS1 Digital Links with the product’s GTIN, or a sample one', async () => {
    const rule = { alphabet: 'DIGITS', bodyLength: 16, checkScheme: 'LUHN', urlForm: 'GS1' };
    const sample = await preview(adminA, rule);
    expect(sample).toMatchObject({ gtin: SAMPLE_GTIN, sampleGtin: true });
    for (const s of sample.samples) expect(s.url).toBe(`https://trace.example.com/01/06901234567892/21/${s.code}`);
    const given = await preview(adminA, { ...rule, gtin: '0952123454321' + '3' });
    expect(given).toMatchObject({ gtin: '09521234543213', sampleGtin: false });
    expect(given.samples[0]?.url).toBe(`https://trace.example.com/01/09521234543213/21/${given.samples[0]?.code}`);
    const res = await post(adminA, 'preview', { ...rule, gtin: '0952123454320' });
    expect(res.body.code).toBe('PARAM_CHECK');
    expect(fieldErrors(res.body)).toHaveProperty('gtin');
    const scan = await preview(adminA, { alphabet: 'DIGITS', bodyLength: 16, gtin: '' });
    expect(scan).toMatchObject({ gtin: null, sampleGtin: false });
  });

  it('gives the code-space figures: length, space as a power of ten, guessing odds at the planned volume', async () => {
    const digits = await preview(adminA, { prefix: '69', alphabet: 'DIGITS', bodyLength: 16, checkScheme: 'LUHN' });
    expect(digits).toMatchObject({ totalLength: 19, plannedVolume: 1_000_000_000, meetsGuessBound: true, maxSerial: null });
    expect(digits.spaceLog10).toBeCloseTo(16, 9);
    expect(digits.oddsLog10).toBeCloseTo(7, 9);
    const crockford = await preview(adminA, { alphabet: 'CROCKFORD32', bodyLength: 20 });
    expect(crockford.spaceLog10).toBeCloseTo(20 * Math.log10(32), 9);
    expect(crockford.totalLength).toBe(20);
    const sequential = await preview(adminA, { alphabet: 'DIGITS', bodyLength: 8, mode: 'SEQUENTIAL', kind: 'BOX' });
    expect(sequential).toMatchObject({ oddsLog10: null, meetsGuessBound: false, maxSerial: '99999999', totalLength: 8 });
  });

  it('refuses a rule that breaks the rules, on the field to correct', async () => {
    const res = await post(adminA, 'preview', { alphabet: 'DIGITS', bodyLength: 10 });
    expect(res.body.code).toBe('PARAM_CHECK');
    expect(fieldErrors(res.body).bodyLength).toContain('16');
    const luhn = await post(adminA, 'preview', { alphabet: 'CROCKFORD32', bodyLength: 12, checkScheme: 'LUHN' });
    expect(fieldErrors(luhn.body)).toHaveProperty('checkScheme');
  });
});
