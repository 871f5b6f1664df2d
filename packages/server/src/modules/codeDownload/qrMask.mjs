// The choice of a QR symbol's mask pattern (ISO/IEC 18004 §7.8.3), as the qrcode package makes it, on flat
// typed arrays. The package evaluates the eight patterns by masking and unmasking the whole matrix through
// per-module function calls, which is over half the time of drawing a code; this gives the same choice
// (the tests compare both on many symbols) in a fraction of it. Plain JavaScript: the QR worker loads it.

const N1 = 3;
const N2 = 3;
const N3 = 40;
const N4 = 10;

/** The eight mask functions of the standard, row i, column j. */
const MASK_AT = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];

const tables = new Map();

/** The eight masks of a symbol size as 0/1 arrays, made once per size. */
export function maskTables(size) {
  let masks = tables.get(size);
  if (!masks) {
    masks = MASK_AT.map((at) => {
      const mask = new Uint8Array(size * size);
      for (let i = 0; i < size; i++) for (let j = 0; j < size; j++) mask[i * size + j] = at(i, j) ? 1 : 0;
      return mask;
    });
    tables.set(size, masks);
  }
  return masks;
}

/**
 * The package's penalty of a masked symbol: runs of five or more (N1), 2×2 blocks of one colour (N2),
 * 1:1:3:1:1 finder-like patterns with light space (N3), and the balance of dark modules (N4).
 */
export function penalty(m, size) {
  let points = 0;
  let dark = 0;
  for (let row = 0; row < size; row++) {
    const base = row * size;
    let same = 0;
    let last = -1;
    let bits = 0;
    for (let col = 0; col < size; col++) {
      const a = m[base + col];
      dark += a;
      if (a === last) same++;
      else {
        if (same >= 5) points += N1 + same - 5;
        last = a;
        same = 1;
      }
      bits = ((bits << 1) & 0x7ff) | a;
      if (col >= 10 && (bits === 0x5d0 || bits === 0x05d)) points += N3;
      if (row < size - 1 && col < size - 1) {
        const block = a + m[base + col + 1] + m[base + size + col] + m[base + size + col + 1];
        if (block === 4 || block === 0) points += N2;
      }
    }
    if (same >= 5) points += N1 + same - 5;
  }
  for (let col = 0; col < size; col++) {
    let same = 0;
    let last = -1;
    let bits = 0;
    for (let row = 0; row < size; row++) {
      const b = m[row * size + col];
      if (b === last) same++;
      else {
        if (same >= 5) points += N1 + same - 5;
        last = b;
        same = 1;
      }
      bits = ((bits << 1) & 0x7ff) | b;
      if (row >= 10 && (bits === 0x5d0 || bits === 0x05d)) points += N3;
    }
    if (same >= 5) points += N1 + same - 5;
  }
  return points + Math.abs(Math.ceil((dark * 100) / (size * size) / 5) - 10) * N4;
}

/**
 * The mask pattern of least penalty for `matrix` (the package's BitMatrix, unmasked), writing each
 * pattern's format information through `setupFormat` first, exactly as the package's getBestMask does,
 * and leaving the matrix in the same state (unmasked, the last pattern's format information).
 */
export function bestMask(matrix, setupFormat) {
  const { size, data, reservedBit } = matrix;
  const n = size * size;
  const masks = maskTables(size);
  const masked = new Uint8Array(n);
  let best = 0;
  let lowest = Infinity;
  for (let p = 0; p < 8; p++) {
    setupFormat(p);
    const mask = masks[p];
    for (let i = 0; i < n; i++) masked[i] = reservedBit[i] ? data[i] : data[i] ^ mask[i];
    const points = penalty(masked, size);
    if (points < lowest) {
      lowest = points;
      best = p;
    }
  }
  return best;
}
