import { createHash } from 'node:crypto';
import { hiddenCode } from '../rule/codeMaker.js';

/**
 * `hiddenCode(secret, code, length)` for the many codes of one download, about four times faster.
 *
 * A hidden code is HMAC-SHA256(secret, code) (RFC 2104). Node's HMAC costs a few microseconds a call, nearly
 * all of it in setting up objects, which is most of a million-code CSV's time. Here the two SHA-256 states
 * after the key blocks (key XOR ipad, key XOR opad) are computed once, so each code costs exactly two
 * SHA-256 compressions (FIPS 180-4), written out on 32-bit integers. Codes that do not fit one block
 * (over 55 bytes) or are not ASCII go through `hiddenCode` itself. Tests compare both on many codes.
 */

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
  0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
  0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
  0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const IV = new Int32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

const BLOCK = 64;
/** Message bytes that fit in one padded block after the key block. */
const ONE_BLOCK_MAX = 55;

/** One SHA-256 compression: `state` (8 words) absorbs the 16 words at the start of `w` (64 words of room). */
function compress(state: Int32Array, w: Int32Array, out: Int32Array): void {
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15] as number;
    const y = w[i - 2] as number;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) | 0;
  }
  let a = state[0] as number;
  let b = state[1] as number;
  let c = state[2] as number;
  let d = state[3] as number;
  let e = state[4] as number;
  let f = state[5] as number;
  let g = state[6] as number;
  let h = state[7] as number;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + (K[i] as number) + (w[i] as number)) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  out[0] = ((state[0] as number) + a) | 0;
  out[1] = ((state[1] as number) + b) | 0;
  out[2] = ((state[2] as number) + c) | 0;
  out[3] = ((state[3] as number) + d) | 0;
  out[4] = ((state[4] as number) + e) | 0;
  out[5] = ((state[5] as number) + f) | 0;
  out[6] = ((state[6] as number) + g) | 0;
  out[7] = ((state[7] as number) + h) | 0;
}

/** The state after absorbing one 64-byte key block. */
function keyState(block: Uint8Array): Int32Array {
  const w = new Int32Array(64);
  for (let i = 0; i < 16; i++) w[i] = ((block[4 * i] as number) << 24) | ((block[4 * i + 1] as number) << 16) | ((block[4 * i + 2] as number) << 8) | (block[4 * i + 3] as number);
  const state = new Int32Array(8);
  compress(IV, w, state);
  return state;
}

export function hiddenCodeMaker(secret: Buffer, length: number): (code: string) => string {
  // RFC 2104: a key longer than the block is hashed first; a shorter one is padded with zeros.
  const key = new Uint8Array(BLOCK);
  key.set(secret.length > BLOCK ? createHash('sha256').update(secret).digest() : secret);
  const inner = keyState(key.map((b) => b ^ 0x36));
  const outer = keyState(key.map((b) => b ^ 0x5c));
  const modulus = 10 ** length;
  const w = new Int32Array(64);
  const digest = new Int32Array(8);

  return (code) => {
    const size = code.length;
    if (size > ONE_BLOCK_MAX) return hiddenCode(secret, code, length);
    // The code's bytes, 0x80, zeros, and the bit length of key block + code in the last word.
    w.fill(0, 0, 16);
    for (let i = 0; i < size; i++) {
      const ch = code.charCodeAt(i);
      if (ch > 0x7f) return hiddenCode(secret, code, length);
      w[i >> 2] = (w[i >> 2] as number) | (ch << (24 - 8 * (i & 3)));
    }
    w[size >> 2] = (w[size >> 2] as number) | (0x80 << (24 - 8 * (size & 3)));
    w[15] = (BLOCK + size) * 8;
    compress(inner, w, digest);
    // Outer: the 32-byte inner digest, 0x80, zeros, bit length of key block + digest.
    w.set(digest, 0);
    w[8] = 0x80000000 | 0;
    w.fill(0, 9, 15);
    w[15] = (BLOCK + 32) * 8;
    compress(outer, w, digest);
    // The first 64 bits of the MAC, big-endian, modulo 10^length (as hiddenCode does with a BigInt),
    // reduced in steps that stay exact in doubles.
    const high = (digest[0] as number) >>> 0;
    const low = (digest[1] as number) >>> 0;
    let rest = high % modulus;
    rest = (rest * 65536) % modulus;
    rest = (rest * 65536) % modulus;
    rest = (rest + low) % modulus;
    return String(rest).padStart(length, '0');
  };
}
