import { randomBytes } from 'node:crypto';

/** A readable business code such as U7K2M9QX4T: a prefix and 9 random Crockford base32 characters. */
export function newBusinessCode(prefix: string): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = randomBytes(9);
  let out = prefix;
  for (const b of bytes) out += alphabet[b & 31];
  return out;
}
