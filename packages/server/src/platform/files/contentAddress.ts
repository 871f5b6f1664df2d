import { createHash } from 'node:crypto';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The address of some content: its SHA-256 as 64 lower-case hex digits. */
export function contentAddress(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Addresses are checked before they touch a path or a map: 64 lower-case hex digits, nothing else. */
export function assertContentAddress(sha256: string): void {
  if (!SHA256_HEX.test(sha256)) throw new Error(`not a SHA-256 address: ${JSON.stringify(sha256.slice(0, 80))}`);
}
