/** Types of qrPng.mjs (plain JavaScript so the QR worker loads it anywhere). */
export function qrPng(size: number, dark: Uint8Array, options: { margin: number; scale: number }): Buffer;
