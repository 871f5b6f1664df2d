import { describe, expect, it } from 'vitest';
import type { RuleRow } from '@rd/contract';
import {
  NEW_RULE,
  formToAddBody,
  formToEditBody,
  minimumBodyFor,
  previewBodyOf,
  problemText,
  rowToForm,
  ruleFieldProblem,
  shapeProblemTexts,
  type RuleFormField,
  type RuleFormValues,
} from '../src/pages/tag/tagRule/ruleForm';

const message = (field: RuleFormField, values: RuleFormValues) => {
  const problem = ruleFieldProblem(field, values);
  return problem ? problemText(problem, 'zh_CN') : null;
};
const valid = (extra: RuleFormValues = {}): RuleFormValues => ({ ...NEW_RULE, ruleName: '单品随机码', ...extra });

describe('tag rule form rules (the contract’s ranges and the server’s cross-field rules)', () => {
  it('starts with a rule that passes every field', () => {
    const fields: RuleFormField[] = ['ruleName', 'kind', 'mode', 'prefix', 'bodyLength', 'alphabet', 'checkScheme', 'hiddenLength', 'urlForm', 'repeatThreshold', 'status', 'remark'];
    for (const field of fields) expect(message(field, valid()), field).toBeNull();
    expect(message('ruleName', NEW_RULE)).toBe('此项为必填项');
  });

  it('rule name: required, trimmed, at most 50 characters', () => {
    expect(message('ruleName', valid({ ruleName: '   ' }))).toBe('此项为必填项');
    expect(message('ruleName', valid({ ruleName: 'n'.repeat(51) }))).toBe('长度不能超过50个字符');
    expect(message('ruleName', valid({ ruleName: ` ${'n'.repeat(50)} ` }))).toBeNull();
  });

  it('prefix: at most 10 characters of the alphabet, digits for Luhn', () => {
    expect(message('prefix', valid({ prefix: 'ABCDEFGHJKM' }))).toBe('长度不能超过10个字符');
    expect(message('prefix', valid({ prefix: 'AB-1' }))).toBe('前缀只能使用所选字符集中的字符（0123456789ABCDEFGHJKMNPQRSTVWXYZ），不能有空格或分隔符');
    // Typed in lower case, it is upper-cased like the server does; I is not Crockford base32.
    expect(message('prefix', valid({ prefix: 'xg' }))).toBeNull();
    expect(message('prefix', valid({ prefix: 'xi' }))).toContain('前缀只能使用所选字符集中的字符');
    expect(message('prefix', valid({ prefix: 'X1', alphabet: 'DIGITS', bodyLength: 16, checkScheme: 'LUHN' }))).toBe(
      'Luhn 校验位只适用于数字，前缀必须全部是数字',
    );
    expect(message('prefix', valid({ prefix: '690', alphabet: 'DIGITS', bodyLength: 16, checkScheme: 'LUHN' }))).toBeNull();
  });

  it('body length: a whole number from 4 to 32, and long enough for the guessing bound', () => {
    expect(message('bodyLength', valid({ bodyLength: null }))).toBe('此项为必填项');
    expect(message('bodyLength', valid({ bodyLength: 3 }))).toBe('不能小于4');
    expect(message('bodyLength', valid({ bodyLength: 33 }))).toBe('不能大于32');
    expect(message('bodyLength', valid({ bodyLength: 12.5 }))).toBe('请输入整数');
    expect(message('bodyLength', valid({ bodyLength: 10 }))).toBe(
      '随机码使用该字符集时码长至少为 11 位，猜中一个有效码的概率才能低于千万分之一',
    );
    expect(message('bodyLength', valid({ alphabet: 'DIGITS', checkScheme: 'LUHN', bodyLength: 15 }))).toContain('至少为 16 位');
    expect(message('bodyLength', valid({ alphabet: 'DIGITS', checkScheme: 'LUHN', bodyLength: 16 }))).toBeNull();
    expect(minimumBodyFor(valid({ alphabet: 'NO_LOOKALIKE' }))).toBe(12);
    expect(minimumBodyFor(valid({ mode: 'SEQUENTIAL', kind: 'BOX', alphabet: 'DIGITS' }))).toBe(7);
    expect(minimumBodyFor({})).toBeNull();
  });

  it('sequential numbering only for box codes, with room for a million serials', () => {
    expect(message('mode', valid({ mode: 'SEQUENTIAL' }))).toBe('顺序码可以被推算，还会暴露产量，只能用于企业内部的箱码（标签类型选“箱码”）');
    expect(message('mode', valid({ mode: 'SEQUENTIAL', kind: 'BOX' }))).toBeNull();
    expect(message('bodyLength', valid({ mode: 'SEQUENTIAL', kind: 'BOX', alphabet: 'DIGITS', checkScheme: 'NONE', bodyLength: 6 }))).toBe(
      '顺序码至少要能编号 1,000,000 个标签，使用该字符集时码长至少为 7 位',
    );
    expect(message('bodyLength', valid({ mode: 'SEQUENTIAL', kind: 'BOX', bodyLength: 4 }))).toBeNull();
  });

  it('check character: one the alphabet allows', () => {
    expect(message('checkScheme', valid({ checkScheme: 'LUHN' }))).toBe('该字符集不能使用这种校验方式（Luhn 只用于纯数字）');
    expect(message('checkScheme', valid({ checkScheme: undefined }))).toBe('此项为必填项');
    expect(message('checkScheme', valid({ alphabet: 'DIGITS', bodyLength: 16, checkScheme: 'LUHN' }))).toBeNull();
  });

  it('hidden code 0 or 4 to 8 digits; threshold 1 to 1000; remark at most 500', () => {
    expect(message('hiddenLength', valid({ hiddenLength: 3 }))).toBe('隐藏码为 0（不使用）或 4 至 8 位数字');
    expect(message('hiddenLength', valid({ hiddenLength: 9 }))).toBe('不能大于8');
    expect(message('hiddenLength', valid({ hiddenLength: 6 }))).toBeNull();
    expect(message('repeatThreshold', valid({ repeatThreshold: 0 }))).toBe('不能小于1');
    expect(message('repeatThreshold', valid({ repeatThreshold: 1001 }))).toBe('不能大于1000');
    expect(message('remark', valid({ remark: 'r'.repeat(501) }))).toBe('长度不能超过500个字符');
  });

  it('GS1 links: the whole code must fit the 20-character serial', () => {
    const long = valid({ urlForm: 'GS1', alphabet: 'DIGITS', checkScheme: 'LUHN', bodyLength: 16, prefix: '6901' });
    expect(message('urlForm', long)).toBe('GS1 数字链接的序列号（AI 21）最多 20 个字符，按当前设置标签码有 21 个字符');
    expect(message('urlForm', { ...long, prefix: '690' })).toBeNull();
  });
});

describe('tag rule form conversions', () => {
  const row: RuleRow = {
    id: 'r1',
    ruleName: '箱码',
    kind: 'BOX',
    mode: 'SEQUENTIAL',
    prefix: 'B',
    bodyLength: 8,
    alphabet: 'CROCKFORD32',
    checkScheme: 'MOD37_36',
    hiddenLength: 0,
    urlForm: 'SCAN',
    repeatThreshold: 3,
    status: 'ENABLED',
    remark: '仓库用',
    nextSerial: '101',
    jobCount: 2,
    shapeLocked: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-02T00:00:00.000Z',
  };

  it('round-trips a rule, trimming and upper-casing what the server would', () => {
    const values = rowToForm(row);
    expect(formToEditBody('r1', { ...values, ruleName: ' 箱码 ', prefix: 'b ' })).toEqual({
      id: 'r1',
      ruleName: '箱码',
      kind: 'BOX',
      mode: 'SEQUENTIAL',
      prefix: 'B',
      bodyLength: 8,
      alphabet: 'CROCKFORD32',
      checkScheme: 'MOD37_36',
      hiddenLength: 0,
      urlForm: 'SCAN',
      repeatThreshold: 3,
      status: 'ENABLED',
      remark: '仓库用',
    });
    expect(formToAddBody(valid())).not.toHaveProperty('id');
  });

  it('asks for a preview only of a complete rule that breaks nothing, with a valid GTIN for GS1 links', () => {
    expect(previewBodyOf(valid(), '')).toEqual({
      kind: 'ITEM',
      mode: 'RANDOM',
      prefix: '',
      bodyLength: 12,
      alphabet: 'CROCKFORD32',
      checkScheme: 'DAMM',
      hiddenLength: 0,
      urlForm: 'SCAN',
    });
    expect(previewBodyOf(valid({ bodyLength: null }), '')).toBeNull();
    expect(previewBodyOf(valid({ bodyLength: 8 }), '')).toBeNull();
    expect(shapeProblemTexts(valid({ bodyLength: 8 }), 'en_US')).toEqual([
      {
        field: 'bodyLength',
        message: 'Random codes in this alphabet need at least 11 characters to keep the odds of guessing a valid code below 1 in 10,000,000',
      },
    ]);
    // The rule's name plays no part in a preview.
    expect(previewBodyOf(valid({ ruleName: '' }), '')).not.toBeNull();
    expect(previewBodyOf(valid({ urlForm: 'GS1' }), '6901234567892')).toMatchObject({ gtin: '6901234567892' });
    expect(previewBodyOf(valid({ urlForm: 'GS1' }), '6901234567890')).not.toHaveProperty('gtin');
    expect(previewBodyOf(valid(), '6901234567892')).not.toHaveProperty('gtin');
  });
});
