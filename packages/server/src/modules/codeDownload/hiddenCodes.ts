import { hiddenCode } from '../rule/codeMaker.js';
import { hiddenDigits, ONE_BLOCK_MAX } from './hiddenDigits.mjs';

/**
 * `hiddenCode(secret, code, length)` for the many codes of one download, about four times faster: the key
 * pads are hashed once and each code costs two SHA-256 compressions (hiddenDigits.mjs). Codes that do not
 * fit one block (over 55 bytes) or are not ASCII go through `hiddenCode` itself. Tests compare both on many codes.
 */
export function hiddenCodeMaker(secret: Buffer, length: number): (code: string) => string {
  const { words, digits } = hiddenDigits(secret, length);
  return (code) => {
    const size = code.length;
    if (size > ONE_BLOCK_MAX) return hiddenCode(secret, code, length);
    for (let i = 0; i < size; i++) {
      const ch = code.charCodeAt(i);
      if (ch > 0x7f) {
        words.fill(0, 0, 16);
        return hiddenCode(secret, code, length);
      }
      words[i >> 2] = (words[i >> 2] as number) | (ch << (24 - 8 * (i & 3)));
    }
    return String(digits(size)).padStart(length, '0');
  };
}
