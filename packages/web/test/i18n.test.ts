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
