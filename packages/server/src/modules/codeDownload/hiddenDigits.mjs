// The arithmetic of a hidden code (`hiddenCode` in modules/rule/codeMaker.ts: HMAC-SHA256(secret, code), its first
// 64 bits modulo 10^length) for codes that fit one SHA-256 block. Plain JavaScript so that the main thread
// (hiddenCodes.ts) and the code-line workers (codeLineWorker.mjs) share one implementation.
//
// Node's HMAC costs a few microseconds a call, nearly all of it in setting up objects, which is most of a
// million-code CSV's time. Here the two SHA-256 states after the key blocks (key XOR ipad, key XOR opad) are
// computed once, so each code costs exactly two SHA-256 compressions (FIPS 180-4), written out on 32-bit integers.
import { createHash } from 'node:crypto';

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
export const ONE_BLOCK_MAX = 55;

/**
 * One SHA-256 compression: `state` (8 words) absorbs the 16 words at the start of `w` (64 words of room).
 * The rounds go eight at a time, each of the eight naming the working variables a–h in turn rather than
 * moving them along, with Ch as g ^ (e & (f ^ g)) and Maj as (a & b) | (c & (a | b)): the same function in
 * fewer operations, which is most of a hidden code's time.
 */
function compress(state, w, out) {
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15];
    const y = w[i - 2];
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
  }
  let a = state[0];
  let b = state[1];
  let c = state[2];
  let d = state[3];
  let e = state[4];
  let f = state[5];
  let g = state[6];
  let h = state[7];
  let t;
  for (let i = 0; i < 64; i += 8) {
    t = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + K[i] + w[i]) | 0;
    d = (d + t) | 0;
    h = (t + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) | (c & (a | b)))) | 0;
    t = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) + (f ^ (d & (e ^ f))) + K[i + 1] + w[i + 1]) | 0;
    c = (c + t) | 0;
    g = (t + (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) + ((h & a) | (b & (h | a)))) | 0;
    t = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) + (e ^ (c & (d ^ e))) + K[i + 2] + w[i + 2]) | 0;
    b = (b + t) | 0;
    f = (t + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) + ((g & h) | (a & (g | h)))) | 0;
    t = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) + (d ^ (b & (c ^ d))) + K[i + 3] + w[i + 3]) | 0;
    a = (a + t) | 0;
    e = (t + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) + ((f & g) | (h & (f | g)))) | 0;
    t = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) + (c ^ (a & (b ^ c))) + K[i + 4] + w[i + 4]) | 0;
    h = (h + t) | 0;
    d = (t + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) + ((e & f) | (g & (e | f)))) | 0;
    t = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) + (b ^ (h & (a ^ b))) + K[i + 5] + w[i + 5]) | 0;
    g = (g + t) | 0;
    c = (t + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) + ((d & e) | (f & (d | e)))) | 0;
    t = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) + (a ^ (g & (h ^ a))) + K[i + 6] + w[i + 6]) | 0;
    f = (f + t) | 0;
    b = (t + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) + ((c & d) | (e & (c | d)))) | 0;
    t = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) + (h ^ (f & (g ^ h))) + K[i + 7] + w[i + 7]) | 0;
    e = (e + t) | 0;
    a = (t + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) + ((b & c) | (d & (b | c)))) | 0;
  }
  out[0] = (state[0] + a) | 0;
  out[1] = (state[1] + b) | 0;
  out[2] = (state[2] + c) | 0;
  out[3] = (state[3] + d) | 0;
  out[4] = (state[4] + e) | 0;
  out[5] = (state[5] + f) | 0;
  out[6] = (state[6] + g) | 0;
  out[7] = (state[7] + h) | 0;
}

/** The state after absorbing one 64-byte key block. */
function keyState(block) {
  const w = new Int32Array(64);
  for (let i = 0; i < 16; i++) w[i] = (block[4 * i] << 24) | (block[4 * i + 1] << 16) | (block[4 * i + 2] << 8) | block[4 * i + 3];
  const state = new Int32Array(8);
  compress(IV, w, state);
  return state;
}

/**
 * A maker of hidden codes under `secret` with `length` digits. Its `words` take the message: the code's
 * bytes packed big-endian into words 0–13, zeros after them (`digits` adds the padding); `digits(size)`
 * then gives the hidden code of those `size` bytes (at most ONE_BLOCK_MAX) as a number below 10^length.
 */
export function hiddenDigits(secret, length) {
  // RFC 2104: a key longer than the block is hashed first; a shorter one is padded with zeros.
  const key = new Uint8Array(BLOCK);
  key.set(secret.length > BLOCK ? createHash('sha256').update(secret).digest() : secret);
  const inner = keyState(key.map((b) => b ^ 0x36));
  const outer = keyState(key.map((b) => b ^ 0x5c));
  const modulus = 10 ** length;
  const words = new Int32Array(64);
  // The outer message: the inner digest (written here by the inner compression), 0x80, zeros, and the bit
  // length of key block + digest; compressions write only words 16–63, so the rest is set once.
  const outerWords = new Int32Array(64);
  outerWords[8] = 0x80000000 | 0;
  outerWords[15] = (BLOCK + 32) * 8;
  const digest = new Int32Array(8);

  const digits = (size) => {
    // 0x80 after the message, and the bit length of key block + message in the last word.
    words[size >> 2] |= 0x80 << (24 - 8 * (size & 3));
    words[15] = (BLOCK + size) * 8;
    compress(inner, words, outerWords);
    compress(outer, outerWords, digest);
    for (let i = (size >> 2) + 1; i-- > 0; ) words[i] = 0;
    // The first 64 bits of the MAC, big-endian, modulo 10^length (as hiddenCode does with a BigInt),
    // reduced in steps that stay exact in doubles.
    const high = digest[0] >>> 0;
    const low = digest[1] >>> 0;
    let rest = high % modulus;
    rest = (rest * 65536) % modulus;
    rest = (rest * 65536) % modulus;
    return (rest + low) % modulus;
  };
  return { words, digits };
}
