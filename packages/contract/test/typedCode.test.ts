import { describe, expect, it } from 'vitest';
import { dammCheckChar, mod3736CheckChar, readAsShape, readTypedCode, withCheckCharacter, type CodeShape } from '../src/index.js';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const damm: CodeShape = { prefix: 'XG', bodyLength: 10, alphabet: 'CROCKFORD32', checkScheme: 'DAMM' };
const legacy: CodeShape = { prefix: 'XG', bodyLength: 12, alphabet: 'CROCKFORD32', checkScheme: 'MOD37_36' };
const digits: CodeShape = { prefix: '69', bodyLength: 14, alphabet: 'DIGITS', checkScheme: 'LUHN' };
const plain: CodeShape = { prefix: '', bodyLength: 12, alphabet: 'NO_LOOKALIKE', checkScheme: 'NONE' };

describe('reading typed codes in the shapes in use', () => {
  const code = withCheckCharacter(damm, 'XG0123ABCD1K');
  it('reads a Crockford code the way Crockford intends, in every position of its own alphabet', () => {
    expect(code.endsWith(dammCheckChar(CROCKFORD, 'XG0123ABCD1K'))).toBe(true);
    expect(readTypedCode([damm], code)).toEqual({ kind: 'READ', code });
    expect(readTypedCode([damm], code.toLowerCase().replace('0', 'o').replace('1', 'i'))).toEqual({ kind: 'READ', code });
    expect(readTypedCode([damm], ` xg-o123-abcd-lk${code.slice(-1).toLowerCase()} `)).toEqual({ kind: 'READ', code });
    expect(readAsShape(damm, 'XG0123ABCD1KU')).toBeNull(); // U is never a Crockford symbol
  });

  it('keeps the old check character as printed: I, L, O and U are characters of MOD 37-36', () => {
    const body = 'XG' + '7'.repeat(12);
    const check = mod3736CheckChar(body);
    expect(readAsShape(legacy, body.toLowerCase() + check.toLowerCase())).toBe(body + check);
    const printed = ['I', 'L', 'O', 'U'].map((c) => body.slice(0, -1) + c).find((b) => ['I', 'L', 'O', 'U'].includes(mod3736CheckChar(b)));
    if (printed) {
      const old = printed + mod3736CheckChar(printed);
      expect(readTypedCode([legacy], old)).toEqual({ kind: 'READ', code: old });
    }
  });

  it('a text that fits a shape and fails its check is a typing mistake; one that fits none is looked up as typed', () => {
    const typo = code.slice(0, 4) + (code[4] === 'Z' ? 'Y' : 'Z') + code.slice(5);
    expect(readTypedCode([damm, digits], typo)).toEqual({ kind: 'CHECK_FAILED' });
    const swapped = code.slice(0, 6) + code[7] + code[6] + code.slice(8);
    if (swapped !== code) expect(readTypedCode([damm], swapped)).toEqual({ kind: 'CHECK_FAILED' });
    expect(readTypedCode([damm, digits], 'hello world')).toEqual({ kind: 'UNKNOWN_SHAPE', code: 'HELLO WORLD' });
    expect(readTypedCode([], code)).toEqual({ kind: 'UNKNOWN_SHAPE', code });
  });

  it('a shape without a check character reads whatever fits it; the first shape that passes decides', () => {
    expect(readTypedCode([plain], '34679ACDEFGH')).toEqual({ kind: 'READ', code: '34679ACDEFGH' });
    const luhn = withCheckCharacter(digits, '69' + '1'.repeat(14));
    expect(readTypedCode([damm, digits], luhn)).toEqual({ kind: 'READ', code: luhn });
    expect(readTypedCode([damm, digits], luhn.slice(0, -1) + ((Number(luhn.slice(-1)) + 1) % 10))).toEqual({ kind: 'CHECK_FAILED' });
  });
});
