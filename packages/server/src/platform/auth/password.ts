import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum, not importable here) */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verifying against this when an account does not exist makes both answers take the same time.
let decoy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    decoy ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await decoy, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A random password that satisfies the policy: letters and digits, 16 characters. */
export function generatePassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(length * 2);
  let out = '';
  for (const b of bytes) {
    // 224 = 4 × 56: rejecting larger bytes keeps every character equally likely.
    if (b < 224) out += alphabet[b % alphabet.length];
    if (out.length === length) break;
  }
  return /\d/.test(out) && /[A-Za-z]/.test(out) ? out : generatePassword(length);
}
