/**
 * Check characters of printed codes (REFERENCE "Identifiers and check characters"). They catch typing
 * mistakes only; security comes from the randomness of the code body.
 */

/** GS1 mod-10 (GTIN, SSCC): weights 3,1,3,1… from the right of the digits without the check digit. */
export function gs1CheckDigit(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new Error('GS1 check digits are computed over digits only');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return String((10 - (sum % 10)) % 10);
}

/** True when the last digit of a GTIN-8/12/13/14 is its GS1 check digit. */
export function isValidGtin(gtin: string): boolean {
  return /^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(gtin) && gs1CheckDigit(gtin.slice(0, -1)) === gtin.slice(-1);
}

/** GTIN-8/12/13 in their canonical 14-digit form (left-padded with zeros). */
export function toGtin14(gtin: string): string {
  return gtin.padStart(14, '0');
}

/** Luhn over digits: the digit that makes the whole number pass the Luhn test. */
export function luhnCheckDigit(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new Error('Luhn check digits are computed over digits only');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

const MOD37_36_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** ISO 7064 MOD 37-36 (hybrid): one check character from 0-9A-Z over characters from 0-9A-Z. */
export function mod3736CheckChar(text: string): string {
  let c = 36;
  for (const ch of text.toUpperCase()) {
    const value = MOD37_36_ALPHABET.indexOf(ch);
    if (value < 0) throw new Error(`ISO 7064 MOD 37-36 is defined over 0-9A-Z, not "${ch}"`);
    c = (((c % 37) + value) % 36 || 36) * 2;
  }
  return MOD37_36_ALPHABET[(37 - (c % 37)) % 36] as string;
}

/**
 * Damm check characters over an alphabet of `size` characters (values are positions in the alphabet).
 * The check runs the text through a totally anti-symmetric quasigroup: interim = interim ∘ value, starting
 * at 0, and the check character is the one that brings the interim back to 0. Any such quasigroup catches
 * every single substitution and every adjacent transposition (H. M. Damm, 2004), and it exists for every
 * order but 2 and 6, so the check character is always a character of the code's own alphabet. The
 * quasigroup of each order used here:
 * - 10 (digits): Damm's published table of order 10 (zero diagonal);
 * - a power of two (Crockford base32, 32): x ∘ y = 2·x + y in GF(2^n), with x^5 + x^2 + 1 for 32;
 * - an odd order (the no-look-alike set, 25): x ∘ y = (2·x + y) mod n.
 * docs/check-characters.md gives the vectors and the measured detection rates.
 */
const DAMM_TABLE_10: readonly (readonly number[])[] = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
];

/** Primitive polynomials of GF(2^n) for the binary orders an alphabet may have (bit n set). */
const GF2_MODULUS: Readonly<Record<number, number>> = { 4: 0b111, 8: 0b1011, 16: 0b10011, 32: 0b100101, 64: 0b1000011 };

/** The quasigroup of Damm's scheme for an alphabet of `size` characters: interim ∘ value. */
export function dammOperation(size: number): (interim: number, value: number) => number {
  if (size === 10) return (interim, value) => DAMM_TABLE_10[interim]![value]!;
  const modulus = GF2_MODULUS[size];
  if (modulus !== undefined) {
    return (interim, value) => {
      const doubled = interim << 1;
      return (doubled & size ? doubled ^ modulus : doubled) ^ value;
    };
  }
  if (size % 2 === 1 && size >= 3) return (interim, value) => (2 * interim + value) % size;
  throw new Error(`no Damm quasigroup is defined here for an alphabet of ${size} characters`);
}

/** The Damm interim of `text` over `alphabet`; 0 when a text ending in its check character is read. */
function dammInterim(alphabet: string, text: string): number {
  const operate = dammOperation(alphabet.length);
  let interim = 0;
  for (const ch of text) {
    const value = alphabet.indexOf(ch);
    if (value < 0) throw new Error(`"${ch}" is not a character of the alphabet ${alphabet}`);
    interim = operate(interim, value);
  }
  return interim;
}

/** The Damm check character of `text`, a character of `alphabet`. */
export function dammCheckChar(alphabet: string, text: string): string {
  const operate = dammOperation(alphabet.length);
  const interim = dammInterim(alphabet, text);
  for (let value = 0; value < alphabet.length; value++) {
    if (operate(interim, value) === 0) return alphabet[value] as string;
  }
  throw new Error('the Damm operation is not a quasigroup');
}

/** True when `text` (its check character last) passes Damm's check over `alphabet`. */
export function passesDamm(alphabet: string, text: string): boolean {
  return dammInterim(alphabet, text) === 0;
}
