/** Types of qrSegments.mjs (plain JavaScript so the QR worker loads it anywhere). */
export type QrSegment = { data: string; mode: 'byte' | 'alphanumeric' | 'numeric' };
export function urlSegments(url: string): string | QrSegment[];
