import { z } from 'zod';
import { pageQuerySchema } from '../paging.js';
import { isPhone, zString } from '../validators.js';
import { catalogueStatusSchema, zId, zName, zText } from './products/fields.js';

/**
 * Dealers (api/dealer): the company's distribution network, with a level, a parent dealer for levels
 * below the first, and a sales area of provinces and cities (area codes; see @rd/contract/areas).
 */

export const DEALER_LEVEL_MAX = 5;
export const DEALER_CODE_MAX = 32;
export const DEALER_NAME_MAX = 100;
export const DEALER_CONTACT_MAX = 30;
export const DEALER_ADDRESS_MAX = 200;
export const DEALER_REMARK_MAX = 500;
/** Provinces and cities one dealer's area may list. */
export const DEALER_AREAS_MAX = 400;
/** Dealers one import may add. */
export const DEALER_IMPORT_ROWS_MAX = 5000;
export const DEALER_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;
const AREA_CODE = /^\d{6}$/;

const dealerFields = {
  code: zString().trim().regex(DEALER_CODE, 'validation.code'),
  name: zName(DEALER_NAME_MAX),
  contact: zText(DEALER_CONTACT_MAX),
  phone: zString()
    .trim()
    .default('')
    .refine((v) => v === '' || isPhone(v), 'validation.phone'),
  level: z.coerce.number({ error: 'validation.number' }).int('validation.number').min(1, 'validation.number').max(DEALER_LEVEL_MAX, 'validation.tooBig'),
  parentId: zId.nullable().default(null),
  areaCodes: z
    .array(zString().regex(AREA_CODE, 'validation.invalid'), { error: 'validation.required' })
    .min(1, 'validation.required')
    .max(DEALER_AREAS_MAX, 'validation.tooBig'),
  address: zText(DEALER_ADDRESS_MAX),
  remark: zText(DEALER_REMARK_MAX),
  namePublic: z.boolean({ error: 'validation.invalid' }).default(true),
  status: catalogueStatusSchema.default('ENABLED'),
};

function parentMatchesLevel(value: { level: number; parentId: string | null }, ctx: z.core.$RefinementCtx) {
  if (value.level > 1 && !value.parentId) ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['parentId'] });
  if (value.level === 1 && value.parentId) ctx.addIssue({ code: 'custom', message: 'validation.invalid', path: ['parentId'] });
}

export const dealerAddBodySchema = z.object(dealerFields).superRefine(parentMatchesLevel);
export type DealerAddBody = z.input<typeof dealerAddBodySchema>;

/**
 * One row of a dealer import: the parent is named by its dealer code, of a dealer already saved or of
 * another row of the same file (the file can hold a whole network, levels in any order).
 */
const { parentId: _parentId, ...importedFields } = dealerFields;
export const dealerImportRowSchema = z
  .object({ ...importedFields, parentCode: zString().trim().default('') })
  .superRefine((value, ctx) => {
    if (value.level > 1 && !value.parentCode) ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['parentCode'] });
    if (value.level === 1 && value.parentCode) ctx.addIssue({ code: 'custom', message: 'validation.invalid', path: ['parentCode'] });
  });
export const dealerEditBodySchema = z.object({ id: zId, ...dealerFields }).superRefine(parentMatchesLevel);
export type DealerEditBody = z.input<typeof dealerEditBodySchema>;
export const dealerIdBodySchema = z.object({ id: zId });
export const dealerIdQuerySchema = z.object({ id: zId });

export const dealerPageQuerySchema = pageQuerySchema.extend({
  /** Name or code contains. */
  keyword: z.string().trim().max(DEALER_NAME_MAX).optional(),
  level: z.coerce.number().int().min(1).max(DEALER_LEVEL_MAX).optional(),
  status: catalogueStatusSchema.optional(),
  /** Dealers whose area covers this province or city (a city is covered by its province too). */
  areaCode: zString().regex(AREA_CODE, 'validation.invalid').optional(),
  parentId: zId.optional(),
});

export const dealerRowSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  contact: z.string(),
  phone: z.string(),
  level: z.number(),
  parentId: z.string().nullable(),
  parentCode: z.string().nullable(),
  parentName: z.string().nullable(),
  areaCodes: z.array(z.string()),
  address: z.string(),
  remark: z.string(),
  namePublic: z.boolean(),
  status: catalogueStatusSchema,
  childCount: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type DealerRow = z.infer<typeof dealerRowSchema>;

/** A few of the company's dealers for a picker (parent dealer, order's dealer). */
export const dealerOptionQuerySchema = z.object({
  keyword: z.string().trim().max(DEALER_NAME_MAX).optional(),
  /** Only dealers of this level (a parent picker asks for level − 1). */
  level: z.coerce.number().int().min(1).max(DEALER_LEVEL_MAX).optional(),
});
export const dealerOptionSchema = z.object({ id: z.string(), code: z.string(), name: z.string(), level: z.number() });
export type DealerOption = z.infer<typeof dealerOptionSchema>;
export const DEALER_OPTIONS_MAX = 50;

/** The per-dealer view: the dealer, its sub-dealers and what went to it and came back. */
export const dealerOverviewSchema = z.object({
  dealer: dealerRowSchema,
  children: z.array(dealerOptionSchema),
  /** Items at the dealer now: shipped to it and not returned. */
  itemsAtDealer: z.number(),
  /** Completed outbound orders (received or not) and their items. */
  outboundOrders: z.number(),
  itemsShipped: z.number(),
  /** Outbound orders whose receipt the dealer has not confirmed yet. */
  awaitingReceipt: z.number(),
  /** Completed returns and their items. */
  returnOrders: z.number(),
  itemsReturned: z.number(),
  lastShippedAt: z.date().nullable(),
});
export type DealerOverview = z.infer<typeof dealerOverviewSchema>;
