import { describe, expect, it } from 'vitest';
import { luhnCheckDigit, mod3736CheckChar } from '@rd/contract';
import { codeUrl, hiddenCode, matchesShape, maxSerial, randomCodes, sequentialCode, type CodeShape } from '../src/modules/rule/codeMaker.js';

const digits: CodeShape = { prefix: '69', bodyLength: 16, alphabet: 'DIGITS', checkScheme: 'LUHN' };
const crockford: CodeShape = { prefix: 'XG', bodyLength: 12, alphabet: 'CROCKFORD32', checkScheme: 'MOD37_36' };

describe('code maker', () => {
  it('makes random codes of the rule’s shape with a valid check character', () => {
    for (const shape of [digits, crockford]) {
      const codes = randomCodes(shape, 2000);
      expect(new Set(codes).size).toBe(2000);
      for (const code of codes) expect(matchesShape(shape, code)).toBe(true);
    }
    const [one] = randomCodes(digits, 1) as [string];
    expect(one.slice(-1)).toBe(luhnCheckDigit(one.slice(0, -1)));
    const [two] = randomCodes(crockford, 1) as [string];
    expect(two.slice(-1)).toBe(mod3736CheckChar(two.slice(0, -1)));
    // The body is Crockford base32; the MOD 37-36 check character after it may be any of 0-9A-Z.
    expect(/[ILOU]/.test(two.slice(2, -1))).toBe(false);
  });

  it('spreads characters evenly (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (const code of randomCodes({ prefix: '', bodyLength: 20, alphabet: 'NO_LOOKALIKE', checkScheme: 'NONE' }, 5000)) {
      for (const c of code) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    const expected = (5000 * 20) / 25;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.1);
  });

  it('writes serials in the rule’s alphabet and refuses serials that do not fit', () => {
    const shape: CodeShape = { prefix: 'S', bodyLength: 4, alphabet: 'DIGITS', checkScheme: 'NONE' };
    expect(sequentialCode(shape, 1n)).toBe('S0001');
    expect(sequentialCode(shape, 9999n)).toBe('S9999');
    expect(maxSerial(shape)).toBe(9999n);
    expect(() => sequentialCode(shape, 10000n)).toThrow();
    expect(sequentialCode({ ...shape, alphabet: 'CROCKFORD32' }, 32n)).toBe('S0010');
  });

  it('derives the hidden code from the company secret', () => {
    const a = hiddenCode(Buffer.from('secret-a'), 'CODE1', 6);
    expect(a).toMatch(/^\d{6}$/);
    expect(hiddenCode(Buffer.from('secret-a'), 'CODE1', 6)).toBe(a);
    expect(hiddenCode(Buffer.from('secret-b'), 'CODE1', 6)).not.toBe(a);
  });

  it('builds scan URLs and GS1 Digital Links', () => {
    expect(codeUrl('https://t.example', 'AB12')).toBe('https://t.example/antiCounterfeiting?code=AB12');
    expect(codeUrl('https://t.example', 'AB12', { urlForm: 'GS1', gtin: '6901234567892', batchNo: 'B/7' })).toBe(
      'https://t.example/01/06901234567892/10/B%2F7/21/AB12',
    );
    expect(codeUrl('https://t.example', 'AB12', { urlForm: 'GS1', gtin: null })).toBe('https://t.example/antiCounterfeiting?code=AB12');
  });
});
