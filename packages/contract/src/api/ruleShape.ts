import { formatMessage } from '../codes.js';
import type { Lang } from '../lang.js';
import {
  CODE_ALPHABETS,
  LEGACY_CHECK_SCHEMES,
  CODES_PER_RULE_PLANNED,
  GUESS_ODDS_MIN,
  checkSchemeAllowed,
  codeSpaceLog10,
  minimumRandomBodyLength,
  type CheckScheme,
  type CodeAlphabet,
} from '../tag/alphabets.js';

/**
 * The rules that tie a tag rule's fields together (DOMAIN "Tag rules and codes"): the prefix is written
 * in the rule's alphabet, the check character fits the alphabet, random codes are long enough to be
 * unguessable, sequential numbering is kept to internal box codes, and a GS1 serial fits AI 21.
 * The server refuses a rule that breaks one of them; the web form shows the same messages as you type.
 */

export type RuleKind = 'ITEM' | 'BOX';
export type RuleMode = 'RANDOM' | 'SEQUENTIAL';
export type RuleUrlForm = 'SCAN' | 'GS1';

/** The fields that decide what a code looks like. Once codes exist they are frozen: they were printed. */
export const RULE_SHAPE_FIELDS = ['kind', 'mode', 'prefix', 'bodyLength', 'alphabet', 'checkScheme', 'hiddenLength'] as const;
export type RuleShapeField = (typeof RULE_SHAPE_FIELDS)[number];

export interface RuleShapeInput {
  kind: RuleKind;
  mode: RuleMode;
  prefix: string;
  bodyLength: number;
  alphabet: CodeAlphabet;
  checkScheme: CheckScheme;
  hiddenLength: number;
  urlForm: RuleUrlForm;
}

/** A sequential rule must be able to number at least this many codes before it runs out. */
export const SEQUENTIAL_MIN_SERIALS = 1_000_000;
/** GS1 AI 21 (serial number) holds 1 to 20 characters: the whole code must fit when it is the serial. */
export const GS1_SERIAL_MAX = 20;
export const HIDDEN_LENGTH_MIN = 4;
export const HIDDEN_LENGTH_MAX = 8;

export const RULE_MESSAGES = {
  'rule.prefixAlphabet': {
    zh_CN: '前缀只能使用所选字符集中的字符（{chars}），不能有空格或分隔符',
    en_US: 'The prefix may only use characters of the chosen alphabet ({chars}), with no spaces or separators',
  },
  'rule.prefixDigitsForLuhn': {
    zh_CN: 'Luhn 校验位只适用于数字，前缀必须全部是数字',
    en_US: 'Luhn check digits work on digits only: the prefix must be digits',
  },
  'rule.checkSchemeForAlphabet': {
    zh_CN: '该字符集不能使用这种校验方式（Luhn 只用于纯数字）',
    en_US: 'This check character does not fit the alphabet (Luhn is for digits only)',
  },
  'rule.checkSchemeLegacy': {
    zh_CN: 'ISO 7064 MOD 37-36 是旧的校验方式，校验位可能不在所选字符集中（如 I、L、O、U），新规则请选择 Damm 校验',
    en_US: 'ISO 7064 MOD 37-36 is the old check scheme: its check character may fall outside the alphabet (I, L, O, U…); new rules use the Damm check',
  },
  'rule.hiddenLength': {
    zh_CN: '隐藏码为 0（不使用）或 4 至 8 位数字',
    en_US: 'The hidden code has 0 (none) or 4 to 8 digits',
  },
  'rule.randomBodyTooShort': {
    zh_CN: '随机码使用该字符集时码长至少为 {min} 位，猜中一个有效码的概率才能低于千万分之一',
    en_US: 'Random codes in this alphabet need at least {min} characters to keep the odds of guessing a valid code below 1 in 10,000,000',
  },
  'rule.sequentialBoxOnly': {
    zh_CN: '顺序码可以被推算，还会暴露产量，只能用于企业内部的箱码（标签类型选“箱码”）',
    en_US: 'Sequential serials can be guessed and reveal production volumes: they are allowed for internal box codes only (kind Box)',
  },
  'rule.sequentialTooSmall': {
    zh_CN: '顺序码至少要能编号 1,000,000 个标签，使用该字符集时码长至少为 {min} 位',
    en_US: 'A sequential rule must number at least 1,000,000 codes: in this alphabet the body needs at least {min} characters',
  },
  'rule.gs1SerialTooLong': {
    zh_CN: 'GS1 数字链接的序列号（AI 21）最多 20 个字符，按当前设置标签码有 {length} 个字符',
    en_US: 'A GS1 Digital Link serial (AI 21) holds at most 20 characters; with these settings a code has {length}',
  },
  'rule.shapeFrozen': {
    zh_CN: '已有标签按该规则生成，此项不能再修改',
    en_US: 'Codes have been generated with this rule: this can no longer change',
  },
} as const satisfies Record<string, Record<Lang, string>>;
export type RuleMessageKey = keyof typeof RULE_MESSAGES;

export function ruleMessage(key: RuleMessageKey, lang: Lang, params?: Record<string, string | number>): string {
  return formatMessage(RULE_MESSAGES[key][lang], params);
}

/** Labels of the rule's fields, for messages that name a field (DUPLICATE, RULE_SHAPE_FROZEN). */
export const RULE_FIELD_LABELS = {
  ruleName: { zh_CN: '规则名称', en_US: 'Rule name' },
  kind: { zh_CN: '标签类型', en_US: 'Kind' },
  mode: { zh_CN: '生成方式', en_US: 'Mode' },
  prefix: { zh_CN: '前缀', en_US: 'Prefix' },
  bodyLength: { zh_CN: '码长', en_US: 'Body length' },
  alphabet: { zh_CN: '字符集', en_US: 'Alphabet' },
  checkScheme: { zh_CN: '校验位', en_US: 'Check character' },
  hiddenLength: { zh_CN: '隐藏码位数', en_US: 'Hidden code length' },
} as const satisfies Record<string, Record<Lang, string>>;

export interface RuleProblem {
  field: keyof RuleShapeInput;
  key: RuleMessageKey;
  params?: Record<string, string | number>;
}

/** How many serials a body of this length can hold (0 … alphabet^length − 1, serial 0 unused). */
export function serialCapacity(alphabet: CodeAlphabet, bodyLength: number): bigint {
  return BigInt(CODE_ALPHABETS[alphabet].length) ** BigInt(bodyLength) - 1n;
}

/** The shortest body that numbers SEQUENTIAL_MIN_SERIALS codes in this alphabet. */
export function minimumSequentialBodyLength(alphabet: CodeAlphabet): number {
  let length = 1;
  while (serialCapacity(alphabet, length) < BigInt(SEQUENTIAL_MIN_SERIALS)) length += 1;
  return length;
}

/** The shortest body the rule's mode allows in this alphabet. */
export function minimumBodyLength(mode: RuleMode, alphabet: CodeAlphabet): number {
  return mode === 'RANDOM' ? minimumRandomBodyLength(alphabet) : minimumSequentialBodyLength(alphabet);
}

/** Printed length of a code: prefix, body and the check character when there is one. */
export function codeLength(rule: Pick<RuleShapeInput, 'prefix' | 'bodyLength' | 'checkScheme'>): number {
  return rule.prefix.length + rule.bodyLength + (rule.checkScheme === 'NONE' ? 0 : 1);
}

/**
 * Every rule the combination breaks, each on the field to correct. Field types and ranges are the schema's job.
 * `keptCheckScheme` is the scheme a stored rule already has: an old scheme may stay on the rule that printed with
 * it, and no other rule may choose it.
 */
export function ruleShapeProblems(rule: RuleShapeInput, keptCheckScheme: CheckScheme | null = null): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const alphabet = CODE_ALPHABETS[rule.alphabet];
  if (rule.checkScheme === 'LUHN' && !/^\d*$/.test(rule.prefix)) {
    problems.push({ field: 'prefix', key: 'rule.prefixDigitsForLuhn' });
  } else if ([...rule.prefix].some((c) => !alphabet.includes(c))) {
    problems.push({ field: 'prefix', key: 'rule.prefixAlphabet', params: { chars: alphabet } });
  }
  if (!checkSchemeAllowed(rule.alphabet, rule.checkScheme, keptCheckScheme)) {
    const legacy = LEGACY_CHECK_SCHEMES.includes(rule.checkScheme);
    problems.push({ field: 'checkScheme', key: legacy ? 'rule.checkSchemeLegacy' : 'rule.checkSchemeForAlphabet' });
  }
  if (rule.hiddenLength !== 0 && (rule.hiddenLength < HIDDEN_LENGTH_MIN || rule.hiddenLength > HIDDEN_LENGTH_MAX)) {
    problems.push({ field: 'hiddenLength', key: 'rule.hiddenLength' });
  }
  if (rule.mode === 'RANDOM') {
    const min = minimumRandomBodyLength(rule.alphabet);
    if (rule.bodyLength < min) problems.push({ field: 'bodyLength', key: 'rule.randomBodyTooShort', params: { min } });
  } else {
    if (rule.kind !== 'BOX') problems.push({ field: 'mode', key: 'rule.sequentialBoxOnly' });
    if (serialCapacity(rule.alphabet, rule.bodyLength) < BigInt(SEQUENTIAL_MIN_SERIALS)) {
      problems.push({ field: 'bodyLength', key: 'rule.sequentialTooSmall', params: { min: minimumSequentialBodyLength(rule.alphabet) } });
    }
  }
  const length = codeLength(rule);
  if (rule.urlForm === 'GS1' && length > GS1_SERIAL_MAX) {
    problems.push({ field: 'urlForm', key: 'rule.gs1SerialTooLong', params: { length } });
  }
  return problems;
}

/** What the code space of a rule means for someone trying to guess a valid code. */
export interface CodeSpaceFigures {
  /** Characters printed per code (prefix, body, check character). */
  totalLength: number;
  /** log10 of the number of distinct bodies. */
  spaceLog10: number;
  /** The volume the guessing odds are computed for (the most codes planned under one rule). */
  plannedVolume: number;
  /** A guess hits a valid code with odds of 1 in 10^oddsLog10 once plannedVolume codes exist; null for sequential rules. */
  oddsLog10: number | null;
  /** True when those odds are below 1 in GUESS_ODDS_MIN (never for sequential rules: the next serial is the guess). */
  meetsGuessBound: boolean;
  /** The largest serial of a sequential rule, as decimal text (it can exceed 2^53). */
  maxSerial: string | null;
}

export function codeSpaceFigures(rule: Pick<RuleShapeInput, 'mode' | 'prefix' | 'bodyLength' | 'alphabet' | 'checkScheme'>): CodeSpaceFigures {
  const spaceLog10 = codeSpaceLog10(rule.alphabet, rule.bodyLength);
  const random = rule.mode === 'RANDOM';
  const oddsLog10 = random ? spaceLog10 - Math.log10(CODES_PER_RULE_PLANNED) : null;
  return {
    totalLength: codeLength(rule),
    spaceLog10,
    plannedVolume: CODES_PER_RULE_PLANNED,
    oddsLog10,
    // A hair of tolerance: 10^16 / 10^9 is exactly the bound, and logs of powers of ten are not exact.
    meetsGuessBound: oddsLog10 !== null && oddsLog10 >= Math.log10(GUESS_ODDS_MIN) - 1e-9,
    maxSerial: random ? null : serialCapacity(rule.alphabet, rule.bodyLength).toString(),
  };
}
