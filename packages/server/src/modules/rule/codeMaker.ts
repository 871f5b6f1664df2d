import { createHmac, randomBytes } from 'node:crypto';
import { CODE_ALPHABETS, passesCheck, readAsShape, toGtin14, withCheckCharacter as withCheck, type CodeShape } from '@rd/contract';

/** What a rule says about the shape of its codes (packages/contract/src/tag/typedCode.ts). */
export type { CodeShape };

/**
 * `count` random codes from a CSPRNG. Bytes above the largest multiple of the alphabet size are skipped,
 * so every character is equally likely (a plain modulo would favour the first characters).
 */
export function randomCodes(shape: CodeShape, count: number): string[] {
  const alphabet = Buffer.from(CODE_ALPHABETS[shape.alphabet], 'latin1');
  const size = alphabet.length;
  const limit = 256 - (256 % size);
  const codes = new Array<string>(count);
  // Each body is written as character bytes and read as one string: a million codes are generated in
  // bulk jobs, and appending character by character would make twenty throw-away strings per code.
  const body = Buffer.allocUnsafe(shape.bodyLength);
  let pool = randomBytes(Math.ceil(count * shape.bodyLength * 1.2) + 64);
  let at = 0;
  for (let i = 0; i < count; i++) {
    let length = 0;
    while (length < shape.bodyLength) {
      if (at === pool.length) {
        pool = randomBytes(4096);
        at = 0;
      }
      const byte = pool[at++] as number;
      if (byte < limit) body[length++] = alphabet[byte % size] as number;
    }
    codes[i] = withCheck(shape, shape.prefix + body.toString('latin1'));
  }
  return codes;
}

/** The code of one serial of a sequential rule: the serial written in the rule's alphabet, zero-padded. */
export function sequentialCode(shape: CodeShape, serial: bigint): string {
  const alphabet = CODE_ALPHABETS[shape.alphabet];
  const base = BigInt(alphabet.length);
  let rest = serial;
  let body = '';
  while (rest > 0n) {
    body = alphabet[Number(rest % base)] + body;
    rest /= base;
  }
  if (body.length > shape.bodyLength) throw new Error(`serial ${serial} does not fit in ${shape.bodyLength} characters`);
  return withCheck(shape, shape.prefix + body.padStart(shape.bodyLength, alphabet[0]));
}

/** The largest serial a sequential rule can issue. */
export function maxSerial(shape: Pick<CodeShape, 'alphabet' | 'bodyLength'>): bigint {
  return BigInt(CODE_ALPHABETS[shape.alphabet].length) ** BigInt(shape.bodyLength) - 1n;
}

/** True when `code`, exactly as printed, has the rule's prefix, length, alphabet and a correct check character. */
export function matchesShape(shape: CodeShape, code: string): boolean {
  return readAsShape(shape, code) === code && passesCheck(shape, code);
}

/**
 * The hidden security code printed under a scratch-off layer: digits of HMAC-SHA256(company secret, code).
 * Derived, so nothing is stored and nothing leaks through exports of the codes.
 */
export function hiddenCode(secret: Buffer, code: string, length: number): string {
  const mac = createHmac('sha256', secret).update(code, 'utf8').digest();
  const value = mac.readBigUInt64BE(0) % 10n ** BigInt(length);
  return value.toString().padStart(length, '0');
}

/** Characters GS1 Digital Link asks to percent-encode inside a path value (REFERENCE). */
function gs1Encode(value: string): string {
  return value.replace(/[#/%&+,!()*':;<=>?]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/**
 * The URL a code's QR image carries: the portal's scan page, or a GS1 Digital Link when the rule asks for
 * it and the product has a GTIN (without one, the scan page).
 */
export function codeUrl(
  baseUrl: string,
  code: string,
  options: { urlForm: 'SCAN' | 'GS1'; gtin?: string | null; batchNo?: string | null } = { urlForm: 'SCAN' },
): string {
  if (options.urlForm === 'GS1' && options.gtin) {
    const batch = options.batchNo ? `/10/${gs1Encode(options.batchNo)}` : '';
    return `${baseUrl}/01/${toGtin14(options.gtin)}${batch}/21/${gs1Encode(code)}`;
  }
  return `${baseUrl}/antiCounterfeiting?code=${encodeURIComponent(code)}`;
}
