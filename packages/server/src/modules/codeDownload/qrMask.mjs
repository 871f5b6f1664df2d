// The choice of a QR symbol's mask pattern (ISO/IEC 18004 §7.8.3), as the qrcode package makes it, with
// 32 modules at a time. The package masks and unmasks the whole matrix eight times through a function call
// per module and scores each result module by module, which is over half the time of drawing a code. Here
// each row and each column is a few 32-bit words and every penalty rule is a handful of word operations;
// the choice is the package's own (the tests compare both on symbols of every size class).
// Plain JavaScript: the QR worker loads it.

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

/** 1:1:3:1:1 finder-like patterns with four light modules after or before them (penalty N3). */
const FINDER_THEN_LIGHT = [1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0];
const LIGHT_THEN_FINDER = [0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1];

function popcount(x) {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * What depends only on the symbol size, made once per size: words per line, the positions where a window of
 * 2, 5 or 11 modules fits, the eight masks by rows and by columns, and scratch space.
 */
const geometries = new Map();
function geometry(size) {
  let g = geometries.get(size);
  if (g) return g;
  const words = (size + 31) >>> 5;
  const fits = (length) => {
    const v = new Int32Array(words);
    for (let c = 0; c <= size - length; c++) v[c >>> 5] |= 1 << (c & 31);
    return v;
  };
  const maskRows = [];
  const maskColumns = [];
  for (const at of MASK_AT) {
    const rows = new Int32Array(size * words);
    const columns = new Int32Array(size * words);
    for (let i = 0; i < size; i++) {
      for (let j = 0; j < size; j++) {
        if (!at(i, j)) continue;
        rows[i * words + (j >>> 5)] |= 1 << (j & 31);
        columns[j * words + (i >>> 5)] |= 1 << (i & 31);
      }
    }
    maskRows.push(rows);
    maskColumns.push(columns);
  }
  g = {
    words,
    fits2: fits(2),
    fits5: fits(5),
    fits11: fits(11),
    maskRows,
    maskColumns,
    shifted: new Int32Array(11 * words),
    same: new Int32Array(words),
    runs: new Int32Array(words),
  };
  geometries.set(size, g);
  return g;
}

/**
 * N1 (runs of five or more modules of one colour: 3 + the excess) and N3 (finder-like patterns) of every
 * line of `m`: its rows, or its columns when `m` is the transposed matrix. Bit c of a line is module c;
 * shifted[k] holds the line moved by k, so bit c of shifted[k] is module c + k.
 */
function linesPenalty(m, size, g) {
  const { words, fits2, fits5, fits11, shifted, same, runs } = g;
  let points = 0;
  for (let line = 0; line < size; line++) {
    const base = line * words;
    for (let k = 0; k < 11; k++) {
      for (let w = 0; w < words; w++) {
        const x = m[base + w];
        shifted[k * words + w] = k === 0 ? x : (x >>> k) | (w + 1 < words ? m[base + w + 1] << (32 - k) : 0);
      }
    }
    // same: module c equals module c + 1; runs: modules c .. c + 4 are all one colour.
    for (let w = 0; w < words; w++) same[w] = ~(shifted[w] ^ shifted[words + w]) & fits2[w];
    for (let w = 0; w < words; w++) {
      const next = w + 1 < words ? same[w + 1] : 0;
      const s = same[w];
      runs[w] = s & ((s >>> 1) | (next << 31)) & ((s >>> 2) | (next << 30)) & ((s >>> 3) | (next << 29)) & fits5[w];
    }
    for (let w = 0; w < words; w++) {
      // A run of L ≥ 5 sets L - 4 bits of `runs`, the first of them a start: its penalty L - 2 is
      // (L - 4) + 2 for its start.
      const r = runs[w];
      const before = (r << 1) | (w > 0 ? runs[w - 1] >>> 31 : 0);
      points += popcount(r) + (N1 - 1) * popcount(r & ~before);
      let a = fits11[w];
      let b = fits11[w];
      for (let k = 0; k < 11; k++) {
        const x = shifted[k * words + w];
        a &= FINDER_THEN_LIGHT[k] ? x : ~x;
        b &= LIGHT_THEN_FINDER[k] ? x : ~x;
      }
      points += N3 * (popcount(a) + popcount(b));
    }
  }
  return points;
}

/** N2 (2×2 blocks of one colour) and N4 (distance of the dark share from 50%, in steps of 5%) from the rows. */
function blocksAndBalance(rows, size, g) {
  const { words, fits2 } = g;
  let blocks = 0;
  let dark = 0;
  for (let r = 0; r < size; r++) {
    const base = r * words;
    for (let w = 0; w < words; w++) {
      const a = rows[base + w];
      dark += popcount(a);
      if (r === size - 1) continue;
      const b = rows[base + words + w];
      const vertical = ~(a ^ b);
      const nextA = w + 1 < words ? rows[base + w + 1] : 0;
      const nextV = w + 1 < words ? ~(nextA ^ rows[base + words + w + 1]) : 0;
      const horizontal = ~(a ^ ((a >>> 1) | (nextA << 31)));
      blocks += popcount(vertical & ((vertical >>> 1) | (nextV << 31)) & horizontal & fits2[w]);
    }
  }
  return N2 * blocks + Math.abs(Math.ceil((dark * 100) / (size * size) / 5) - 10) * N4;
}

/** Rows and columns of the symbol's modules as words, for the data and for the reserved (unmasked) modules. */
function toWords(matrix, g) {
  const { size, data, reservedBit } = matrix;
  const { words } = g;
  const rows = new Int32Array(size * words);
  const columns = new Int32Array(size * words);
  const reservedRows = new Int32Array(size * words);
  const reservedColumns = new Int32Array(size * words);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const at = i * size + j;
      if (data[at]) {
        rows[i * words + (j >>> 5)] |= 1 << (j & 31);
        columns[j * words + (i >>> 5)] |= 1 << (i & 31);
      }
      if (reservedBit[at]) {
        reservedRows[i * words + (j >>> 5)] |= 1 << (j & 31);
        reservedColumns[j * words + (i >>> 5)] |= 1 << (i & 31);
      }
    }
  }
  return { rows, columns, reservedRows, reservedColumns };
}

/** Format information lies in row 8 and column 8: after it changes, those two lines are read again. */
function refreshFormatLines(matrix, g, bits) {
  const { size, data } = matrix;
  const { words } = g;
  const set = (lines, line, at, on) => {
    const index = line * words + (at >>> 5);
    if (on) lines[index] |= 1 << (at & 31);
    else lines[index] &= ~(1 << (at & 31));
  };
  for (let k = 0; k < size; k++) {
    const inRow8 = data[8 * size + k];
    const inColumn8 = data[k * size + 8];
    set(bits.rows, 8, k, inRow8);
    set(bits.columns, k, 8, inRow8);
    set(bits.rows, k, 8, inColumn8);
    set(bits.columns, 8, k, inColumn8);
  }
}

/**
 * The mask pattern of least penalty for `matrix` (the package's BitMatrix, unmasked), writing each
 * pattern's format information through `setupFormat` first, exactly as the package's getBestMask does,
 * and leaving the matrix in the same state (unmasked, the last pattern's format information).
 */
export function bestMask(matrix, setupFormat) {
  const { size } = matrix;
  const g = geometry(size);
  const bits = toWords(matrix, g);
  const count = size * g.words;
  const maskedRows = new Int32Array(count);
  const maskedColumns = new Int32Array(count);
  let best = 0;
  let lowest = Infinity;
  for (let p = 0; p < 8; p++) {
    setupFormat(p);
    refreshFormatLines(matrix, g, bits);
    const maskRows = g.maskRows[p];
    const maskColumns = g.maskColumns[p];
    for (let i = 0; i < count; i++) {
      maskedRows[i] = bits.rows[i] ^ (maskRows[i] & ~bits.reservedRows[i]);
      maskedColumns[i] = bits.columns[i] ^ (maskColumns[i] & ~bits.reservedColumns[i]);
    }
    const points = linesPenalty(maskedRows, size, g) + linesPenalty(maskedColumns, size, g) + blocksAndBalance(maskedRows, size, g);
    if (points < lowest) {
      lowest = points;
      best = p;
    }
  }
  return best;
}
