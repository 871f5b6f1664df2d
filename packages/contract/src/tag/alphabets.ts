/** Alphabets a tag rule may draw its code body from. */
export const CODE_ALPHABETS = {
  DIGITS: '0123456789',
  /** Crockford base32: no I L O U, so nothing reads as 1, 0 or a rude word. */
  CROCKFORD32: '0123456789ABCDEFGHJKMNPQRSTVWXYZ',
  /** Without characters that look alike on labels: no 0 O 1 I L 2 Z 5 S 8 B. */
  NO_LOOKALIKE: '34679ACDEFGHJKMNPQRTUVWXY',
} as const;
export type CodeAlphabet = keyof typeof CODE_ALPHABETS;

export const CHECK_SCHEMES = ['NONE', 'LUHN', 'MOD37_36'] as const;
export type CheckScheme = (typeof CHECK_SCHEMES)[number];

/** Which check schemes fit which alphabet: Luhn is for digits, MOD 37-36 for 0-9A-Z subsets. */
export const CHECK_SCHEMES_FOR: Record<CodeAlphabet, readonly CheckScheme[]> = {
  DIGITS: ['NONE', 'LUHN', 'MOD37_36'],
  CROCKFORD32: ['NONE', 'MOD37_36'],
  NO_LOOKALIKE: ['NONE', 'MOD37_36'],
};

/**
 * The guessing bound of DOMAIN.md: a random code must be guessed with probability below 1 in 10,000,000
 * for the largest company. With `issued` codes in a space of alphabet^length, one guess hits with
 * probability issued / space.
 */
export const GUESS_ODDS_MIN = 10_000_000;
/** The most codes one company is planned to issue under one rule (10 million per job, many jobs). */
export const CODES_PER_RULE_PLANNED = 1_000_000_000;

/** log10 of the number of distinct bodies; compared in logs to stay exact for long codes. */
export function codeSpaceLog10(alphabet: CodeAlphabet, bodyLength: number): number {
  return bodyLength * Math.log10(CODE_ALPHABETS[alphabet].length);
}

/** The shortest random body that keeps a guess below 1 in GUESS_ODDS_MIN after CODES_PER_RULE_PLANNED codes. */
export function minimumRandomBodyLength(alphabet: CodeAlphabet): number {
  const needed = Math.log10(GUESS_ODDS_MIN) + Math.log10(CODES_PER_RULE_PLANNED);
  return Math.ceil(needed / Math.log10(CODE_ALPHABETS[alphabet].length));
}
