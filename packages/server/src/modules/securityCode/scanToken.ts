import { randomBytes } from 'node:crypto';

/**
 * The token a check hands the page so scanCodeRecord/add can attach the browser's position to that
 * check's scan record: "<record id>.<one-time secret>". The secret is random and stored on the record;
 * using it clears it, so a token places one record once and can count nothing.
 */
export function scanToken(recordId: string | null, secret: string): string | null {
  return recordId === null ? null : `${recordId}.${secret}`;
}

export function parseScanToken(token: string): { recordId: string; secret: string } | null {
  const match = /^([1-9]\d{0,18})\.([A-Za-z0-9_-]{16,64})$/.exec(token);
  return match ? { recordId: match[1] as string, secret: match[2] as string } : null;
}

const SECRET_BYTES = 12;
const POOL_SECRETS = 256;
let pool = Buffer.alloc(0);
let next = 0;

/**
 * A fresh one-time secret (16 base64url characters, 96 random bits). Drawn from a pool of random bytes
 * refilled 256 secrets at a time: one call to the system's generator per 256 checks instead of one each.
 */
export function newTokenSecret(): string {
  if (next + SECRET_BYTES > pool.length) {
    pool = randomBytes(SECRET_BYTES * POOL_SECRETS);
    next = 0;
  }
  const secret = pool.subarray(next, next + SECRET_BYTES).toString('base64url');
  next += SECRET_BYTES;
  return secret;
}
