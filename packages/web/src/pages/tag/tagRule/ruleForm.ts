import {
  CHECK_SCHEMES,
  RULE_ALPHABETS,
  RULE_BODY_MAX,
  RULE_BODY_MIN,
  RULE_KINDS,
  RULE_MODES,
  RULE_NAME_MAX,
  RULE_PREFIX_MAX,
  RULE_REMARK_MAX,
  RULE_REPEAT_DEFAULT,
  RULE_REPEAT_MAX,
  RULE_REPEAT_MIN,
  RULE_STATUSES,
  RULE_URL_FORMS,
  isValidGtin,
  minimumBodyLength,
  ruleMessage,
  ruleShapeProblems,
  validationMessage,
  type CheckScheme,
  type CodeAlphabet,
  type Lang,
  type RuleAddBody,
  type RuleEditBody,
  type RuleKind,
  type RuleMessageKey,
  type RuleMode,
  type RulePreviewBody,
  type RuleRow,
  type RuleShapeInput,
  type RuleStatus,
  type RuleUrlForm,
  type ValidationKey,
} from '@rd/contract';

/**
 * The tag rule form: its values, the rules of each field (the contract's ranges and the same
 * cross-field rules the server applies, with the same messages), and the conversions to and from the API.
 */

export interface RuleFormValues {
  ruleName?: string;
  kind?: RuleKind;
  mode?: RuleMode;
  prefix?: string;
  bodyLength?: number | null;
  alphabet?: CodeAlphabet;
  checkScheme?: CheckScheme;
  hiddenLength?: number | null;
  urlForm?: RuleUrlForm;
  repeatThreshold?: number | null;
  status?: RuleStatus;
  remark?: string;
}

export type RuleFormField = keyof RuleFormValues;

/** A new rule starts random, in Crockford base32, long enough for the guessing bound, with a check character. */
export const NEW_RULE: RuleFormValues = {
  ruleName: '',
  kind: 'ITEM',
  mode: 'RANDOM',
  prefix: '',
  alphabet: 'CROCKFORD32',
  bodyLength: 12,
  checkScheme: 'DAMM',
  hiddenLength: 0,
  urlForm: 'SCAN',
  repeatThreshold: RULE_REPEAT_DEFAULT,
  status: 'ENABLED',
  remark: '',
};

/** Fields whose rules read other fields: antd revalidates them when those change. */
export const FIELD_DEPENDENCIES: Partial<Record<RuleFormField, RuleFormField[]>> = {
  mode: ['kind'],
  prefix: ['alphabet', 'checkScheme'],
  bodyLength: ['alphabet', 'mode', 'kind'],
  checkScheme: ['alphabet'],
  urlForm: ['prefix', 'bodyLength', 'checkScheme'],
};

export type FieldProblem = { key: ValidationKey; params?: Record<string, number> } | { rule: RuleMessageKey; params?: Record<string, string | number> };

export function problemText(problem: FieldProblem, lang: Lang): string {
  return 'rule' in problem ? ruleMessage(problem.rule, lang, problem.params) : validationMessage(problem.key, lang, problem.params);
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.includes(value as T);

function wholeNumber(value: unknown, min: number, max: number): FieldProblem | null {
  if (value === undefined || value === null || value === '') return { key: 'validation.required' };
  if (!isNumber(value) || !Number.isInteger(value)) return { key: 'validation.integer' };
  if (value < min) return { key: 'validation.tooSmall', params: { min } };
  if (value > max) return { key: 'validation.tooBig', params: { max } };
  return null;
}

function choice(values: readonly string[], value: unknown): FieldProblem | null {
  if (value === undefined || value === null || value === '') return { key: 'validation.required' };
  return isOneOf(values, value) ? null : { key: 'validation.invalid' };
}

/** The values as a complete rule shape, or null while a field it needs is missing or malformed. */
export function shapeOf(values: RuleFormValues): RuleShapeInput | null {
  const { kind, mode, alphabet, checkScheme, urlForm, bodyLength, hiddenLength } = values;
  if (!isOneOf(RULE_KINDS, kind) || !isOneOf(RULE_MODES, mode) || !isOneOf(RULE_ALPHABETS, alphabet)) return null;
  if (!isOneOf(CHECK_SCHEMES, checkScheme) || !isOneOf(RULE_URL_FORMS, urlForm)) return null;
  if (wholeNumber(bodyLength, RULE_BODY_MIN, RULE_BODY_MAX) || wholeNumber(hiddenLength, 0, 8)) return null;
  const prefix = text(values.prefix).toUpperCase();
  if (prefix.length > RULE_PREFIX_MAX) return null;
  return { kind, mode, alphabet, checkScheme, urlForm, prefix, bodyLength: bodyLength as number, hiddenLength: hiddenLength as number };
}

/**
 * The cross-field rule a field breaks, as the server would say it. `kept` is the check scheme the stored rule
 * has (an old one may stay on the rule that printed with it).
 */
function shapeProblemOf(field: RuleFormField, values: RuleFormValues, kept: CheckScheme | null): FieldProblem | null {
  const shape = shapeOf(values);
  if (!shape) return null;
  const found = ruleShapeProblems(shape, kept).find((p) => p.field === field);
  return found ? { rule: found.key, params: found.params } : null;
}

/** The first broken rule of a field, or null; `kept` is the stored rule's check scheme when editing. */
export function ruleFieldProblem(field: RuleFormField, values: RuleFormValues, kept: CheckScheme | null = null): FieldProblem | null {
  const shapeProblem = (of: RuleFormField) => shapeProblemOf(of, values, kept);
  switch (field) {
    case 'ruleName': {
      const name = text(values.ruleName);
      if (!name) return { key: 'validation.required' };
      return name.length > RULE_NAME_MAX ? { key: 'validation.tooLong', params: { max: RULE_NAME_MAX } } : null;
    }
    case 'kind':
      return choice(RULE_KINDS, values.kind);
    case 'mode':
      return choice(RULE_MODES, values.mode) ?? shapeProblem('mode');
    case 'alphabet':
      return choice(RULE_ALPHABETS, values.alphabet);
    case 'checkScheme':
      return choice(CHECK_SCHEMES, values.checkScheme) ?? shapeProblem('checkScheme');
    case 'urlForm':
      return choice(RULE_URL_FORMS, values.urlForm) ?? shapeProblem('urlForm');
    case 'status':
      return choice(RULE_STATUSES, values.status);
    case 'prefix':
      if (text(values.prefix).length > RULE_PREFIX_MAX) return { key: 'validation.tooLong', params: { max: RULE_PREFIX_MAX } };
      return shapeProblem('prefix');
    case 'bodyLength':
      return wholeNumber(values.bodyLength, RULE_BODY_MIN, RULE_BODY_MAX) ?? shapeProblem('bodyLength');
    case 'hiddenLength':
      return wholeNumber(values.hiddenLength, 0, 8) ?? shapeProblem('hiddenLength');
    case 'repeatThreshold':
      return wholeNumber(values.repeatThreshold, RULE_REPEAT_MIN, RULE_REPEAT_MAX);
    case 'remark':
      return text(values.remark).length > RULE_REMARK_MAX ? { key: 'validation.tooLong', params: { max: RULE_REMARK_MAX } } : null;
  }
}

/** The shortest body the chosen mode and alphabet allow, for the field's explanation. */
export function minimumBodyFor(values: RuleFormValues): number | null {
  if (!isOneOf(RULE_MODES, values.mode) || !isOneOf(RULE_ALPHABETS, values.alphabet)) return null;
  return minimumBodyLength(values.mode, values.alphabet);
}

export function rowToForm(row: RuleRow): RuleFormValues {
  return {
    ruleName: row.ruleName,
    kind: row.kind,
    mode: row.mode,
    prefix: row.prefix,
    bodyLength: row.bodyLength,
    alphabet: row.alphabet,
    checkScheme: row.checkScheme,
    hiddenLength: row.hiddenLength,
    urlForm: row.urlForm,
    repeatThreshold: row.repeatThreshold,
    status: row.status,
    remark: row.remark,
  };
}

/** The form as an add body; call after the form's own validation passed. */
export function formToAddBody(values: RuleFormValues): RuleAddBody {
  return {
    ruleName: text(values.ruleName),
    kind: values.kind,
    mode: values.mode,
    prefix: text(values.prefix).toUpperCase(),
    bodyLength: values.bodyLength as number,
    alphabet: values.alphabet as CodeAlphabet,
    checkScheme: values.checkScheme,
    hiddenLength: values.hiddenLength ?? 0,
    urlForm: values.urlForm,
    repeatThreshold: values.repeatThreshold ?? RULE_REPEAT_DEFAULT,
    status: values.status,
    remark: text(values.remark),
  };
}

/** Every field is sent: the server changes what differs and refuses frozen fields only if they differ. */
export function formToEditBody(id: string, values: RuleFormValues): RuleEditBody {
  return { id, ...formToAddBody(values) };
}

/** What the preview asks for, or null while the shape is incomplete or breaks a rule (the form shows why). */
export function previewBodyOf(values: RuleFormValues, gtin: string, kept: CheckScheme | null = null): RulePreviewBody | null {
  const shape = shapeOf(values);
  if (!shape || ruleShapeProblems(shape, kept).length > 0) return null;
  const given = gtin.trim();
  const body: RulePreviewBody = {
    kind: shape.kind,
    mode: shape.mode,
    prefix: shape.prefix,
    bodyLength: shape.bodyLength,
    alphabet: shape.alphabet,
    checkScheme: shape.checkScheme,
    hiddenLength: shape.hiddenLength,
    urlForm: shape.urlForm,
  };
  if (shape.urlForm === 'GS1' && given && isValidGtin(given)) body.gtin = given;
  return body;
}

/** The problems that keep the current shape from a preview, each once, in the server's words. */
export function shapeProblemTexts(values: RuleFormValues, lang: Lang, kept: CheckScheme | null = null): Array<{ field: RuleFormField; message: string }> {
  const shape = shapeOf(values);
  if (!shape) return [];
  return ruleShapeProblems(shape, kept).map((p) => ({ field: p.field, message: ruleMessage(p.key, lang, p.params) }));
}
