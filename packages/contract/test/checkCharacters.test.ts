import { describe, expect, it } from 'vitest';
import {
  gs1CheckDigit,
  isValidGtin,
  luhnCheckDigit,
  minimumRandomBodyLength,
  mod3736CheckChar,
  toGtin14,
} from '../src/index.js';

describe('check characters (REFERENCE test vectors)', () => {
  it('GS1 mod-10', () => {
    expect(gs1CheckDigit('0952123454321')).toBe('3');
    expect(gs1CheckDigit('0950600013435')).toBe('2');
    expect(gs1CheckDigit('0541234500001')).toBe('3');
    expect(isValidGtin('09521234543213')).toBe(true);
    expect(isValidGtin('09521234543214')).toBe(false);
    expect(toGtin14('6901234567892')).toBe('06901234567892');
  });

  it('Luhn', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3');
    expect(luhnCheckDigit('0')).toBe('0');
  });

  it('ISO 7064 MOD 37-36', () => {
    expect(mod3736CheckChar('A12425GABC1234002')).toBe('M');
    expect(mod3736CheckChar('a12425gabc1234002')).toBe('M');
    expect(() => mod3736CheckChar('A-1')).toThrow();
  });

  it('random bodies long enough for the guessing bound', () => {
    // 10^7 × 10^9 = 10^16 codes of space at least
    expect(minimumRandomBodyLength('DIGITS')).toBe(16);
    expect(minimumRandomBodyLength('CROCKFORD32')).toBe(11);
    expect(minimumRandomBodyLength('NO_LOOKALIKE')).toBe(12);
  });
});
