import { describe, expect, it } from 'vitest';
import { CODE_ALPHABETS, dammCheckChar, mod3736CheckChar, passesDamm, type CodeAlphabet } from '../src/index.js';

/** A small seeded generator, so a failure names codes that can be made again. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const ALPHABETS = Object.keys(CODE_ALPHABETS) as CodeAlphabet[];

describe('Damm check characters over each alphabet (docs/check-characters.md)', () => {
  it('matches the published vector of order 10 and the vectors of the other orders worked by hand', () => {
    expect(dammCheckChar(CODE_ALPHABETS.DIGITS, '572')).toBe('4');
    expect(passesDamm(CODE_ALPHABETS.DIGITS, '5724')).toBe(true);
    expect(passesDamm(CODE_ALPHABETS.DIGITS, '5274')).toBe(false);
    // GF(32), x^5 + x^2 + 1: A = 10 → interim 10; 2·10 = 20 = M
    expect(dammCheckChar(CODE_ALPHABETS.CROCKFORD32, 'A')).toBe('M');
    expect(dammCheckChar(CODE_ALPHABETS.CROCKFORD32, '0000')).toBe('0');
    expect(dammCheckChar(CODE_ALPHABETS.CROCKFORD32, 'RD7X4K9PQ2')).toBe('3');
    expect(dammCheckChar(CODE_ALPHABETS.CROCKFORD32, 'HJKMNPQRT')).toBe('E');
    // Z/25: A = 5 → interim 5; (2·5 + d) mod 25 = 0 → d = 15 = N
    expect(dammCheckChar(CODE_ALPHABETS.NO_LOOKALIKE, 'A')).toBe('N');
    expect(dammCheckChar(CODE_ALPHABETS.NO_LOOKALIKE, 'RD7X4K9PQ')).toBe('P');
    expect(dammCheckChar(CODE_ALPHABETS.NO_LOOKALIKE, 'HJKMNPQRT')).toBe('9');
    expect(() => dammCheckChar(CODE_ALPHABETS.CROCKFORD32, 'AI')).toThrow();
  });

  it.each(ALPHABETS)('%s: the check character is always a character of the alphabet; every single substitution and adjacent transposition is caught', (name) => {
    const alphabet = CODE_ALPHABETS[name];
    const random = seeded(name.length * 7919);
    let substitutions = 0;
    let transpositions = 0;
    const missed: string[] = [];
    for (let n = 0; n < 300; n++) {
      const body = Array.from({ length: 16 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const check = dammCheckChar(alphabet, body);
      expect(alphabet).toContain(check);
      const code = body + check;
      expect(passesDamm(alphabet, code)).toBe(true);
      for (let i = 0; i < code.length; i++) {
        for (const other of alphabet) {
          if (other === code[i]) continue;
          substitutions++;
          const typo = code.slice(0, i) + other + code.slice(i + 1);
          if (passesDamm(alphabet, typo)) missed.push(typo);
        }
        if (i + 1 < code.length && code[i] !== code[i + 1]) {
          transpositions++;
          const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
          if (passesDamm(alphabet, swapped)) missed.push(swapped);
        }
      }
    }
    expect(substitutions).toBe(300 * 17 * (alphabet.length - 1));
    expect(transpositions).toBeGreaterThan(300 * 14);
    expect(missed).toEqual([]);
  });

  it('the old MOD 37-36 check character falls outside the Crockford and no-look-alike alphabets: why new rules no longer take it', () => {
    const random = seeded(2024);
    for (const name of ['CROCKFORD32', 'NO_LOOKALIKE'] as const) {
      const alphabet = CODE_ALPHABETS[name];
      let outside = 0;
      for (let n = 0; n < 2000; n++) {
        const body = Array.from({ length: 12 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
        if (!alphabet.includes(mod3736CheckChar(body))) outside++;
      }
      // about 4/36 of the codes for Crockford (I L O U), 11/36 for the no-look-alike set
      expect(outside).toBeGreaterThan(name === 'CROCKFORD32' ? 150 : 450);
    }
  });
});
