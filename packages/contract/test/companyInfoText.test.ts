import { describe, expect, it } from 'vitest';
import {
  businessTermProblem,
  companyInfoFieldsSchema,
  formatBusinessTerm,
  isCompanyWebsite,
  normaliseWebsite,
  parseBusinessTerm,
  shownBusinessTerm,
  storedBusinessTerm,
} from '../src/index.js';

describe('business term (营业期限)', () => {
  it('reads a date range or an open end, in Chinese or English words, blanks around the words optional', () => {
    expect(parseBusinessTerm('2012-04-16 至 长期')).toEqual({ start: '2012-04-16', end: null });
    expect(parseBusinessTerm('2012-04-16至2032-04-15')).toEqual({ start: '2012-04-16', end: '2032-04-15' });
    expect(parseBusinessTerm('  2012-04-16   to   Open-ended ')).toEqual({ start: '2012-04-16', end: null });
    expect(parseBusinessTerm('2012-04-16 to open ended')).toEqual({ start: '2012-04-16', end: null });
    expect(parseBusinessTerm('2012-04-16 to 2012-04-16')).toEqual({ start: '2012-04-16', end: '2012-04-16' });
  });

  it('refuses anything else, a date that does not exist, and an end before the start', () => {
    for (const text of ['yesterday', '昨天', '长期', '2012-04-16', '2012-04-16 至', '至 长期', '2012-4-16 至 长期', '2012/04/16 至 长期', '2012-04-16 至 永久', '2012-04-16 - 2030-01-01', '2012-04-16to长期', '2012-04-16 至 长期 以后']) {
      expect(parseBusinessTerm(text), text).toBe('validation.businessTerm');
    }
    for (const text of ['2023-02-29 至 长期', '2024-02-30 至 长期', '2012-13-01 至 长期', '2012-04-16 至 2030-00-10', '0212-04-16 至 长期', '2012-04-16 至 3012-01-01']) {
      expect(parseBusinessTerm(text), text).toBe('validation.businessTermDate');
    }
    expect(parseBusinessTerm('2024-02-29 至 长期')).toEqual({ start: '2024-02-29', end: null });
    expect(parseBusinessTerm('2020-01-02 至 2020-01-01')).toBe('validation.businessTermOrder');
    expect(businessTermProblem('')).toBeNull();
    expect(businessTermProblem('  ')).toBeNull();
    expect(businessTermProblem('yesterday')).toBe('validation.businessTerm');
  });

  it('is stored in the licence’s words and shown in the screen’s', () => {
    expect(storedBusinessTerm('2012-04-16 to open-ended')).toBe('2012-04-16 至 长期');
    expect(storedBusinessTerm(' 2012-04-16至2032-04-15 ')).toBe('2012-04-16 至 2032-04-15');
    expect(storedBusinessTerm('')).toBe('');
    expect(storedBusinessTerm(' yesterday ')).toBe('yesterday');
    expect(shownBusinessTerm('2012-04-16 至 长期', 'en_US')).toBe('2012-04-16 to open-ended');
    expect(shownBusinessTerm('2012-04-16 至 长期', 'zh_CN')).toBe('2012-04-16 至 长期');
    expect(shownBusinessTerm('自 2012 年起', 'en_US')).toBe('自 2012 年起');
    expect(formatBusinessTerm({ start: '2012-04-16', end: '2032-04-15' }, 'en_US')).toBe('2012-04-16 to 2032-04-15');
  });
});

describe('company website', () => {
  it('gives a bare host https://, and leaves another scheme for the check to refuse', () => {
    expect(normaliseWebsite(' www.example.com ')).toBe('https://www.example.com');
    expect(normaliseWebsite('example.com:8080/about')).toBe('https://example.com:8080/about');
    expect(normaliseWebsite('//example.com')).toBe('https://example.com');
    expect(normaliseWebsite('http://example.com')).toBe('http://example.com');
    expect(normaliseWebsite('HTTPS://Example.com')).toBe('HTTPS://Example.com');
    expect(normaliseWebsite('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(normaliseWebsite('')).toBe('');
  });

  it('takes a web address with a dotted host or an IPv4 address, and nothing else', () => {
    for (const ok of ['', 'https://www.example.com', 'http://example.com:8080/a?b=c#d', 'https://瓜香.中国', 'http://192.168.1.10/', 'https://a-b.example.co.uk/path']) {
      expect(isCompanyWebsite(ok), ok).toBe(true);
    }
    for (const bad of ['https://yesterday', 'https://example', 'javascript:alert(1)', 'ftp://example.com', 'https://exa mple.com', 'https://-example.com', 'https://example.com/a b', 'mailto:a@example.com']) {
      expect(isCompanyWebsite(bad), bad).toBe(false);
    }
  });
});

describe('company info schema', () => {
  const base = { fullName: '北京测试农业科技有限公司', licenseNumber: '91110108551385082Q' };
  it('stores the business term and website as the rules above read them', () => {
    const parsed = companyInfoFieldsSchema.parse({ ...base, businessTerm: '2012-04-16 to open-ended', website: 'www.example.com' });
    expect(parsed).toMatchObject({ businessTerm: '2012-04-16 至 长期', website: 'https://www.example.com' });
    expect(companyInfoFieldsSchema.parse(base)).toMatchObject({ businessTerm: '', website: '' });
  });

  it('refuses them with messages that name the field', () => {
    const issues = (input: object) => companyInfoFieldsSchema.safeParse({ ...base, ...input }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ businessTerm: 'yesterday' })).toEqual([['businessTerm', 'validation.businessTerm']]);
    expect(issues({ businessTerm: '2020-01-02 至 2020-01-01' })).toEqual([['businessTerm', 'validation.businessTermOrder']]);
    expect(issues({ website: 'yesterday' })).toEqual([['website', 'validation.website']]);
    expect(issues({ website: `example.com/${'a'.repeat(190)}` })).toEqual([['website', 'validation.tooLong']]);
  });
});
