/** Types of qrMask.mjs (plain JavaScript so the QR worker loads it anywhere). */

/** The qrcode package's BitMatrix, as far as the mask choice reads it. */
export interface QrBitMatrix {
  size: number;
  data: Uint8Array;
  reservedBit: Uint8Array;
}

export function bestMask(matrix: QrBitMatrix, setupFormat: (pattern: number) => void): number;
