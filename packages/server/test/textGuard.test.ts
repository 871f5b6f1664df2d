import { describe, expect, it } from 'vitest';
import { forbiddenTextField } from '../src/platform/http/textGuard.js';

describe('text no field can hold', () => {
  it('is found anywhere in a body, in values and keys, named by its path', () => {
    expect(forbiddenTextField({ name: 'ok', remark: '第一行\n\t第二行\r\n' })).toBeNull();
    expect(forbiddenTextField({ name: 'a\u0000b' })).toBe('name');
    expect(forbiddenTextField({ list: [{ code: 'x' }, { code: 'y', note: ['fine', 'bell\u0007'] }] })).toBe('list.1.note.1');
    expect(forbiddenTextField({ attrs: { 'key\u001f': 'v' } })).toBe('attrs.key\u001f');
    expect(forbiddenTextField(['\uD800'])).toBe('0');
    expect(forbiddenTextField({ pair: '😀 is whole', half: 'x\uDC00' })).toBe('half');
    expect(forbiddenTextField('top\u0000')).toBe('');
    expect(forbiddenTextField(null)).toBeNull();
  });

  it('walks a body of any depth and size without a stack of its own calls', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(forbiddenTextField(deep)).toBe(Array(100_000).fill('0').join('.'));
    // 10,000 events of 30 values each: the last one is looked at too
    const eventList = Array.from({ length: 10_000 }, (_, i) => ({ epcList: Array.from({ length: 30 }, (_, j) => `https://id.gs1.org/01/09506000134352/21/${i}-${j}`) }));
    (eventList[9_999] as { epcList: string[] }).epcList[29] = 'late\u0000';
    expect(forbiddenTextField({ epcisBody: { eventList } })).toBe('epcisBody.eventList.9999.epcList.29');
  });
});
