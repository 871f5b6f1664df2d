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
