import { timingSafeEqual } from 'node:crypto';
import { hiddenCode } from '../rule/codeMaker.js';

/** True when `given` is the code's hidden security code (compared in constant time). */
export function hiddenCodeMatches(secret: Uint8Array, code: string, length: number, given: string): boolean {
  const expected = Buffer.from(hiddenCode(Buffer.from(secret), code, length));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
