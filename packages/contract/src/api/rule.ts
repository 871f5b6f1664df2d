import { z } from 'zod';
import { pageQuerySchema } from '../paging.js';
import { CHECK_SCHEMES, type CodeAlphabet } from '../tag/alphabets.js';
import { isValidGtin } from '../tag/checkCharacters.js';
import { zString } from '../validators.js';
import type { CodeSpaceFigures } from './ruleShape.js';

export * from './ruleShape.js';

/**
 * Tag rules (api/rule, spec 7.6): how a company's codes are made. Field types and ranges are checked
 * here; the rules that tie fields together are in ruleShape.ts. Messages are validation keys.
 */

export const RULE_KINDS = ['ITEM', 'BOX'] as const;
export const RULE_MODES = ['RANDOM', 'SEQUENTIAL'] as const;
export const RULE_URL_FORMS = ['SCAN', 'GS1'] as const;
export const RULE_STATUSES = ['ENABLED', 'DISABLED'] as const;
export const RULE_ALPHABETS = ['DIGITS', 'CROCKFORD32', 'NO_LOOKALIKE'] as const satisfies readonly CodeAlphabet[];
export type RuleStatus = (typeof RULE_STATUSES)[number];

export const RULE_NAME_MAX = 50;
export const RULE_PREFIX_MAX = 10;
export const RULE_BODY_MIN = 4;
export const RULE_BODY_MAX = 32;
export const RULE_REPEAT_MIN = 1;
export const RULE_REPEAT_MAX = 1000;
export const RULE_REPEAT_DEFAULT = 5;
export const RULE_REMARK_MAX = 500;
/** A valid GTIN-13 used in GS1 Digital Link previews when no product GTIN is given. */
export const SAMPLE_GTIN = '6901234567892';

/** '' and null mean "not given" for optional filters (forms send empty fields). */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

function zChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.oneOf') });
}

function zWhole(min: number, max: number) {
  return z
    .number({
      // Only the type error is named here; range errors keep their own keys (tooSmall / tooBig with the limit).
      error: (issue) => (issue.code === 'invalid_type' ? (issue.input === undefined ? 'validation.required' : 'validation.integer') : undefined),
    })
    .int('validation.integer')
    .min(min)
    .max(max);
}

const ruleName = zString().trim().min(1, 'validation.required').max(RULE_NAME_MAX, 'validation.tooLong');
/** Upper case, as printed; which characters are allowed depends on the alphabet (ruleShapeProblems). */
const prefix = zString().trim().toUpperCase().max(RULE_PREFIX_MAX, 'validation.tooLong');
const bodyLength = zWhole(RULE_BODY_MIN, RULE_BODY_MAX);
/** 0 (none) or 4 to 8; the gap 1-3 is ruleShapeProblems' to name. */
const hiddenLength = zWhole(0, 8);
const repeatThreshold = zWhole(RULE_REPEAT_MIN, RULE_REPEAT_MAX);
const remark = zString().trim().max(RULE_REMARK_MAX, 'validation.tooLong');

export const ruleAddBodySchema = z.object({
  ruleName,
  kind: zChoice(RULE_KINDS).default('ITEM'),
  mode: zChoice(RULE_MODES).default('RANDOM'),
  prefix: prefix.default(''),
  bodyLength,
  alphabet: zChoice(RULE_ALPHABETS),
  checkScheme: zChoice(CHECK_SCHEMES).default('NONE'),
  hiddenLength: hiddenLength.default(0),
  urlForm: zChoice(RULE_URL_FORMS).default('SCAN'),
  repeatThreshold: repeatThreshold.default(RULE_REPEAT_DEFAULT),
  status: zChoice(RULE_STATUSES).default('ENABLED'),
  remark: remark.default(''),
});
export type RuleAddBody = z.input<typeof ruleAddBodySchema>;

/** Edit changes the fields that are sent. The shape fields (RULE_SHAPE_FIELDS) are frozen once codes exist. */
export const ruleEditBodySchema = z.object({
  id: z.uuid('validation.invalid'),
  ruleName: ruleName.optional(),
  kind: zChoice(RULE_KINDS).optional(),
  mode: zChoice(RULE_MODES).optional(),
  prefix: prefix.optional(),
  bodyLength: bodyLength.optional(),
  alphabet: zChoice(RULE_ALPHABETS).optional(),
  checkScheme: zChoice(CHECK_SCHEMES).optional(),
  hiddenLength: hiddenLength.optional(),
  urlForm: zChoice(RULE_URL_FORMS).optional(),
  repeatThreshold: repeatThreshold.optional(),
  status: zChoice(RULE_STATUSES).optional(),
  remark: remark.optional(),
});
export type RuleEditBody = z.input<typeof ruleEditBodySchema>;

/** A rule that is not saved yet, and optionally the GTIN of the product its codes are for (GS1 links). */
export const rulePreviewBodySchema = z.object({
  kind: zChoice(RULE_KINDS).default('ITEM'),
  mode: zChoice(RULE_MODES).default('RANDOM'),
  prefix: prefix.default(''),
  bodyLength,
  alphabet: zChoice(RULE_ALPHABETS),
  checkScheme: zChoice(CHECK_SCHEMES).default('NONE'),
  hiddenLength: hiddenLength.default(0),
  urlForm: zChoice(RULE_URL_FORMS).default('SCAN'),
  gtin: z.preprocess(blankToUndefined, zString().trim().refine(isValidGtin, 'validation.gtin').optional()),
});
export type RulePreviewBody = Omit<z.input<typeof rulePreviewBodySchema>, 'gtin'> & { gtin?: string };

export const ruleIdBodySchema = z.object({ id: z.uuid('validation.invalid') });
export const ruleIdQuerySchema = z.object({ id: z.uuid('validation.invalid') });

export const rulePageQuerySchema = pageQuerySchema.extend({
  ruleName: z.preprocess(blankToUndefined, z.string().trim().max(RULE_NAME_MAX, 'validation.tooLong').optional()),
  kind: z.preprocess(blankToUndefined, zChoice(RULE_KINDS).optional()),
  mode: z.preprocess(blankToUndefined, zChoice(RULE_MODES).optional()),
  status: z.preprocess(blankToUndefined, zChoice(RULE_STATUSES).optional()),
});
/** What the web sends (the schema's preprocessing makes its own input type unknown). */
export type RulePageQuery = Partial<Pick<z.infer<typeof rulePageQuerySchema>, 'ruleName' | 'kind' | 'mode' | 'status'>> & {
  pageNum?: number;
  pageSize?: number;
  orderName?: string;
  orderType?: 'asc' | 'desc';
};

/** Enabled rules of the company for selects (generation); optionally of one kind. */
export const ruleListQuerySchema = z.object({
  kind: z.preprocess(blankToUndefined, zChoice(RULE_KINDS).optional()),
});
export type RuleListQuery = z.infer<typeof ruleListQuerySchema>;

const ruleShapeColumns = {
  id: z.string(),
  ruleName: z.string(),
  kind: z.enum(RULE_KINDS),
  mode: z.enum(RULE_MODES),
  prefix: z.string(),
  bodyLength: z.number(),
  alphabet: z.enum(RULE_ALPHABETS),
  checkScheme: z.enum(CHECK_SCHEMES),
  hiddenLength: z.number(),
  urlForm: z.enum(RULE_URL_FORMS),
};

export const ruleOptionSchema = z.object(ruleShapeColumns);
export type RuleOption = z.infer<typeof ruleOptionSchema>;

export const ruleRowSchema = z.object({
  ...ruleShapeColumns,
  repeatThreshold: z.number(),
  status: z.enum(RULE_STATUSES),
  remark: z.string(),
  /** The next serial a sequential rule will issue (decimal text: bigint). */
  nextSerial: z.string(),
  /** Generation jobs of the rule; while there are any the rule cannot be deleted. */
  jobCount: z.number(),
  /** Codes exist (or a job is making them): the shape fields can no longer change. */
  shapeLocked: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
/** As the web client receives it: dates are ISO strings after JSON. */
export type RuleRow = Omit<z.infer<typeof ruleRowSchema>, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

export const ruleSampleSchema = z.object({
  code: z.string(),
  /** The check character at the end of the code; '' without one. */
  checkChar: z.string(),
  /** The hidden security code for this company; '' when the rule has none. */
  hiddenCode: z.string(),
  /** What the code's QR image carries. */
  url: z.string(),
});
export type RuleSample = z.infer<typeof ruleSampleSchema>;

export const rulePreviewSchema = z.object({
  samples: z.array(ruleSampleSchema),
  totalLength: z.number(),
  spaceLog10: z.number(),
  plannedVolume: z.number(),
  oddsLog10: z.number().nullable(),
  meetsGuessBound: z.boolean(),
  maxSerial: z.string().nullable(),
  /** The GTIN used in GS1 links (the one given, or SAMPLE_GTIN); null for scan URLs. */
  gtin: z.string().nullable(),
  /** True when gtin is the sample, not a product's. */
  sampleGtin: z.boolean(),
}) satisfies z.ZodType<CodeSpaceFigures & { samples: RuleSample[]; gtin: string | null; sampleGtin: boolean }>;
export type RulePreview = z.infer<typeof rulePreviewSchema>;
