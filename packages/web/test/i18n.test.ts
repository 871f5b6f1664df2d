import { describe, expect, it } from 'vitest';
import zh_CN from '../src/i18n/zh_CN';
import en_US from '../src/i18n/en_US';

function keys(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function values(messages: object): unknown[] {
  return Object.values(messages).flatMap((v) => (typeof v === 'object' && v !== null ? values(v as object) : [v]));
}

describe('message files', () => {
  it('have the same keys in Chinese and English', () => {
    expect(keys(en_US).sort()).toEqual(keys(zh_CN).sort());
  });

  it('have no empty texts', () => {
    for (const text of [...values(zh_CN), ...values(en_US)]) {
      expect(typeof text).toBe('string');
      expect((text as string).trim()).not.toBe('');
    }
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const text = (messages: object, key: string) =>
      key.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], messages) as string;
    for (const key of keys(zh_CN)) expect(placeholders(text(en_US, key)), key).toEqual(placeholders(text(zh_CN, key)));
  });
});

describe('dates', () => {
  it('start the week on Sunday in both languages (spec 9)', async () => {
    const dayjs = (await import('dayjs')).default;
    const { changeLanguage } = await import('../src/i18n/changeLanguage');
    for (const lang of ['zh_CN', 'en_US'] as const) {
      changeLanguage(lang);
      // 2026-11-18 is a Wednesday; its week starts on Sunday 2026-11-15.
      expect(dayjs('2026-11-18').startOf('week').format('YYYY-MM-DD')).toBe('2026-11-15');
    }
    changeLanguage('zh_CN');
  });
});
