import { CODE_ALPHABETS, type CheckScheme, type CodeAlphabet } from './alphabets.js';
import { dammCheckChar, luhnCheckDigit, mod3736CheckChar, passesDamm } from './checkCharacters.js';

/**
 * What a code's text is made of, as its tag rule says: prefix, body length, alphabet and check scheme. Shared
 * by the generator (which appends check characters), the consumer check and the manual-entry page (which
 * read what a person typed, from the text alone).
 */
export interface CodeShape {
  prefix: string;
  bodyLength: number;
  alphabet: CodeAlphabet;
  checkScheme: CheckScheme;
}

/** Characters of the old MOD 37-36 check, whatever the rule's alphabet. */
const MOD37_36_CHECK_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The check character of `text` (prefix and body) under the shape's scheme; '' for none. */
export function checkCharacterOf(shape: Pick<CodeShape, 'alphabet' | 'checkScheme'>, text: string): string {
  switch (shape.checkScheme) {
    case 'LUHN':
      return luhnCheckDigit(text);
    case 'DAMM':
      return dammCheckChar(CODE_ALPHABETS[shape.alphabet], text);
    case 'MOD37_36':
      return mod3736CheckChar(text);
    case 'NONE':
      return '';
  }
}

/** The printed code of a prefix and body: the check character appended where the shape has one. */
export function withCheckCharacter(shape: Pick<CodeShape, 'alphabet' | 'checkScheme'>, text: string): string {
  return text + checkCharacterOf(shape, text);
}

/** Length of a code of this shape: prefix, body and one check character unless there is none. */
export function shapeLength(shape: CodeShape): number {
  return shape.prefix.length + shape.bodyLength + (shape.checkScheme === 'NONE' ? 0 : 1);
}

/**
 * The shape's reading of a typed text, when the text has the shape's length, prefix and characters (the check
 * character not yet verified); null when it does not fit. Blanks and hyphens are never code characters and are
 * left out; letters are read in upper case; a Crockford rule reads O as 0 and I and L as 1, as Crockford base32
 * intends, in every position its own alphabet covers (the old MOD 37-36 check character is read as typed).
 */
export function readAsShape(shape: CodeShape, typed: string): string | null {
  const compact = typed.replace(/[\s-]+/g, '').toUpperCase();
  if (compact.length !== shapeLength(shape)) return null;
  const alphabet = CODE_ALPHABETS[shape.alphabet];
  const checkAt = shape.checkScheme === 'NONE' ? -1 : compact.length - 1;
  const checkAlphabet = shape.checkScheme === 'MOD37_36' ? MOD37_36_CHECK_ALPHABET : alphabet;
  let read = '';
  for (let i = 0; i < compact.length; i++) {
    const inCheck = i === checkAt;
    let ch = compact[i] as string;
    if (shape.alphabet === 'CROCKFORD32' && !(inCheck && shape.checkScheme === 'MOD37_36')) ch = crockfordRead(ch);
    if (!(inCheck ? checkAlphabet : alphabet).includes(ch)) return null;
    read += ch;
  }
  return read.startsWith(shape.prefix) ? read : null;
}

function crockfordRead(ch: string): string {
  if (ch === 'O') return '0';
  if (ch === 'I' || ch === 'L') return '1';
  return ch;
}

/** True when a code read in the shape (readAsShape) carries the right check character. */
export function passesCheck(shape: CodeShape, code: string): boolean {
  switch (shape.checkScheme) {
    case 'NONE':
      return true;
    case 'DAMM':
      return passesDamm(CODE_ALPHABETS[shape.alphabet], code);
    default:
      return withCheckCharacter(shape, code.slice(0, -1)) === code;
  }
}

/**
 * What a typed or scanned text is, from the text alone (nothing is looked up, so the answer tells nobody
 * whether any code exists):
 * - READ: it fits a shape in use and passes that shape's check; `code` is the text as that shape reads it;
 * - CHECK_FAILED: it fits one or more shapes in use and fails the check character of every one: a typing
 *   mistake, not a counterfeit;
 * - UNKNOWN_SHAPE: it fits no shape in use (or only shapes without a check character are in use and it fits
 *   none); `code` is the text in upper case, looked up as it is.
 */
export type TypedCodeReading =
  | { kind: 'READ'; code: string }
  | { kind: 'CHECK_FAILED' }
  | { kind: 'UNKNOWN_SHAPE'; code: string };

export function readTypedCode(shapes: readonly CodeShape[], typed: string): TypedCodeReading {
  let fitted = false;
  for (const shape of shapes) {
    const read = readAsShape(shape, typed);
    if (read === null) continue;
    if (passesCheck(shape, read)) return { kind: 'READ', code: read };
    fitted = true;
  }
  return fitted ? { kind: 'CHECK_FAILED' } : { kind: 'UNKNOWN_SHAPE', code: typed.trim().toUpperCase() };
}
