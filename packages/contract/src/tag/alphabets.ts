/** Alphabets a tag rule may draw its code body from. */
export const CODE_ALPHABETS = {
  DIGITS: '0123456789',
  /** Crockford base32: no I L O U, so nothing reads as 1, 0 or a rude word. */
  CROCKFORD32: '0123456789ABCDEFGHJKMNPQRSTVWXYZ',
  /** Without characters that look alike on labels: no 0 O 1 I L 2 Z 5 S 8 B. */
  NO_LOOKALIKE: '34679ACDEFGHJKMNPQRTUVWXY',
} as const;
export type CodeAlphabet = keyof typeof CODE_ALPHABETS;

/**
 * Check characters a rule may print: none, Luhn (digits), Damm over the rule's own alphabet, and the old
 * ISO 7064 MOD 37-36, whose check character comes from 0-9A-Z whatever the alphabet (docs/check-characters.md).
 */
export const CHECK_SCHEMES = ['NONE', 'LUHN', 'DAMM', 'MOD37_36'] as const;
export type CheckScheme = (typeof CHECK_SCHEMES)[number];

/**
 * Schemes that may print characters outside the rule's alphabet. A rule that already has one keeps it (its
 * codes were printed with it and must verify as before); no rule may choose one anew.
 */
export const LEGACY_CHECK_SCHEMES: readonly CheckScheme[] = ['MOD37_36'];

/** Which check schemes a new rule of each alphabet may choose: every one keeps the check character in the alphabet. */
export const CHECK_SCHEMES_FOR: Record<CodeAlphabet, readonly CheckScheme[]> = {
  DIGITS: ['NONE', 'LUHN', 'DAMM'],
  CROCKFORD32: ['NONE', 'DAMM'],
  NO_LOOKALIKE: ['NONE', 'DAMM'],
};

/** True when `scheme` may stay on a rule of `alphabet`: a scheme a new rule may choose, or the old one it was made with. */
export function checkSchemeAllowed(alphabet: CodeAlphabet, scheme: CheckScheme, kept: CheckScheme | null): boolean {
  return CHECK_SCHEMES_FOR[alphabet].includes(scheme) || (scheme === kept && LEGACY_CHECK_SCHEMES.includes(scheme));
}

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
