/** Types of qrMask.mjs (plain JavaScript so the QR worker loads it anywhere). */

export interface QrBitMatrix {
  size: number;
  data: Uint8Array;
  reservedBit: Uint8Array;
}

export function maskTables(size: number): Uint8Array[];
export function penalty(masked: Uint8Array, size: number): number;
export function bestMask(matrix: QrBitMatrix, setupFormat: (pattern: number) => void): number;
