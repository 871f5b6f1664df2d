import { hash } from 'node:crypto';
import { hiddenCode } from '../rule/codeMaker.js';

const BLOCK = 64;
const DIGEST = 32;
const ROOM = 256;

/**
 * `hiddenCode(secret, code, length)` for the many codes of one download: the same HMAC-SHA256 (RFC 2104),
 * with the key pads prepared once and two one-shot hashes per code instead of a new HMAC object. About
 * twice as fast, which is most of the time of a million-code CSV when the rule prints hidden codes.
 */
export function hiddenCodeMaker(secret: Buffer, length: number): (code: string) => string {
  const key = Buffer.alloc(BLOCK);
  (secret.length > BLOCK ? hash('sha256', secret, 'buffer') : secret).copy(key);
  const inner = Buffer.alloc(BLOCK + ROOM);
  const outer = Buffer.alloc(BLOCK + DIGEST);
  for (let i = 0; i < BLOCK; i++) {
    inner[i] = (key[i] as number) ^ 0x36;
    outer[i] = (key[i] as number) ^ 0x5c;
  }
  const modulus = 10n ** BigInt(length);
  return (code) => {
    if (Buffer.byteLength(code, 'utf8') > ROOM) return hiddenCode(secret, code, length);
    const size = inner.write(code, BLOCK, 'utf8');
    hash('sha256', inner.subarray(0, BLOCK + size), 'buffer').copy(outer, BLOCK);
    const mac = hash('sha256', outer, 'buffer');
    return (mac.readBigUInt64BE(0) % modulus).toString().padStart(length, '0');
  };
}
