import { z } from 'zod';
import { pageQuerySchema } from '../paging.js';
import { ALPHANUMERIC_UNDERSCORE, CODE, zString } from '../validators.js';

/**
 * Dictionaries (api/sysDictype, api/sysDict, common/code/list; spec 3.5 and 7.5): types and their items,
 * kept by the platform and read by every signed-in user. An item's dicCode is the value stored in
 * business data, dicName its label (dicNameEn in English).
 */

export const DICT_STATUSES = ['ENABLED', 'DISABLED'] as const;
export const dictStatusSchema = z.enum(DICT_STATUSES);
export type DictStatus = z.infer<typeof dictStatusSchema>;

/** Colours a dictionary tag may take (antd Tag presets); '' is the plain tag. */
export const DICT_TAG_COLORS = [
  '',
  'default',
  'success',
  'processing',
  'warning',
  'error',
  'blue',
  'green',
  'orange',
  'red',
  'purple',
  'cyan',
  'gold',
  'magenta',
  'geekblue',
  'lime',
  'volcano',
] as const;
export const dictTagColorSchema = z.enum(DICT_TAG_COLORS);
export type DictTagColor = z.infer<typeof dictTagColorSchema>;

export const DICT_TYPE_CODE_MAX = 50;
export const DICT_CODE_MAX = 64;
export const DICT_NAME_MAX = 100;
export const DICT_REMARK_MAX = 200;
export const DICT_SORT_MAX = 9999;

const typeCode = zString()
  .trim()
  .min(1, 'validation.required')
  .max(DICT_TYPE_CODE_MAX, 'validation.tooLong')
  .regex(ALPHANUMERIC_UNDERSCORE, 'validation.alphanumericUnderscore');
const dicCode = zString().trim().min(1, 'validation.required').max(DICT_CODE_MAX, 'validation.tooLong').regex(CODE, 'validation.code');
const requiredName = zString().trim().min(1, 'validation.required').max(DICT_NAME_MAX, 'validation.tooLong');
const optionalName = zString().trim().max(DICT_NAME_MAX, 'validation.tooLong');
const remark = zString().trim().max(DICT_REMARK_MAX, 'validation.tooLong');
const sort = z
  .number({
    // Only the type error is ours; range errors keep their own keys (tooSmall / tooBig with the limit).
    error: (issue) => (issue.code === 'invalid_type' ? (issue.input === undefined ? 'validation.required' : 'validation.integer') : undefined),
  })
  .int('validation.integer')
  .min(0)
  .max(DICT_SORT_MAX);
const id = z.uuid('validation.invalid');

// ----- types -----------------------------------------------------------------------------------------

export const dictTypeAddBodySchema = z.object({
  typeCode,
  typeName: requiredName,
  typeNameEn: optionalName.default(''),
  sort: sort.default(0),
  status: dictStatusSchema.default('ENABLED'),
  remark: remark.default(''),
});
export type DictTypeAddBody = z.input<typeof dictTypeAddBodySchema>;

/** The type code is fixed once created: items and business data refer to it. */
export const dictTypeEditBodySchema = z.object({
  id,
  typeName: requiredName.optional(),
  typeNameEn: optionalName.optional(),
  sort: sort.optional(),
  status: dictStatusSchema.optional(),
  remark: remark.optional(),
});
export type DictTypeEditBody = z.input<typeof dictTypeEditBodySchema>;

export const dictTypePageQuerySchema = pageQuerySchema.extend({
  typeCode: z.string().trim().max(DICT_TYPE_CODE_MAX).optional(),
  typeName: z.string().trim().max(DICT_NAME_MAX).optional(),
  status: dictStatusSchema.optional(),
});
export type DictTypePageQuery = z.input<typeof dictTypePageQuerySchema>;

export const dictTypeRowSchema = z.object({
  id: z.string(),
  typeCode: z.string(),
  typeName: z.string(),
  typeNameEn: z.string(),
  sort: z.number(),
  status: dictStatusSchema,
  remark: z.string(),
  /** How many items the type holds (all statuses). */
  itemCount: z.number(),
  /** Delivered with the product: it cannot be deleted (it can be edited and disabled). */
  builtin: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type DictTypeRow = Omit<z.infer<typeof dictTypeRowSchema>, 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
};

/** GET api/sysDictype/list: the enabled types. */
export const dictTypeOptionSchema = z.object({
  typeCode: z.string(),
  typeName: z.string(),
  typeNameEn: z.string(),
});
export type DictTypeOption = z.infer<typeof dictTypeOptionSchema>;

// ----- items -----------------------------------------------------------------------------------------

export const dictItemAddBodySchema = z.object({
  typeCode,
  dicCode,
  dicName: requiredName,
  dicNameEn: optionalName.default(''),
  sort: sort.default(0),
  status: dictStatusSchema.default('ENABLED'),
  tagColor: dictTagColorSchema.default(''),
  remark: remark.default(''),
});
export type DictItemAddBody = z.input<typeof dictItemAddBodySchema>;

/** Type and code are fixed once created: business data stores the code. */
export const dictItemEditBodySchema = z.object({
  id,
  dicName: requiredName.optional(),
  dicNameEn: optionalName.optional(),
  sort: sort.optional(),
  status: dictStatusSchema.optional(),
  tagColor: dictTagColorSchema.optional(),
  remark: remark.optional(),
});
export type DictItemEditBody = z.input<typeof dictItemEditBodySchema>;

export const dictItemPageQuerySchema = pageQuerySchema.extend({
  typeCode: z.string().trim().max(DICT_TYPE_CODE_MAX).optional(),
  dicName: z.string().trim().max(DICT_NAME_MAX).optional(),
  status: dictStatusSchema.optional(),
});
export type DictItemPageQuery = z.input<typeof dictItemPageQuerySchema>;

export const dictItemRowSchema = z.object({
  id: z.string(),
  typeCode: z.string(),
  dicCode: z.string(),
  dicName: z.string(),
  dicNameEn: z.string(),
  sort: z.number(),
  status: dictStatusSchema,
  tagColor: dictTagColorSchema,
  remark: z.string(),
  builtin: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type DictItemRow = Omit<z.infer<typeof dictItemRowSchema>, 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
};

export const dictIdBodySchema = z.object({ id });
export const dictIdQuerySchema = z.object({ id });

/** POST api/sysDict/list: the enabled items of one type. */
export const dictListBodySchema = z.object({ typeCode });

/**
 * One dictionary entry as the client caches it (spec 3.5): typeCode groups, dicName labels, dicCode is
 * the value. Answer of GET api/sysDict/all (every enabled item of every enabled type) and api/sysDict/list.
 */
export const dictEntrySchema = z.object({
  typeCode: z.string(),
  dicCode: z.string(),
  dicName: z.string(),
  dicNameEn: z.string(),
  sort: z.number(),
  tagColor: dictTagColorSchema,
});
export type DictEntry = z.infer<typeof dictEntrySchema>;

/** GET api/sysDict/largeDic: one page of a big dictionary, for remote-search selects. */
export const largeDicQuerySchema = pageQuerySchema.extend({
  type: typeCode,
  keyword: z.string().trim().max(DICT_NAME_MAX).optional(),
});
export type LargeDicQuery = z.input<typeof largeDicQuerySchema>;

/** GET common/code/list?codeType= (spec 7.5): the items of one type as code options. */
export const commonCodeQuerySchema = z.object({ codeType: typeCode });
export const commonCodeOptionSchema = z.object({ code: z.string(), codeName: z.string(), codeNameEn: z.string() });
export type CommonCodeOption = z.infer<typeof commonCodeOptionSchema>;
