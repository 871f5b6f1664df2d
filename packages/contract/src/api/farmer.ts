import { z } from 'zod';
import { pageQuerySchema } from '../paging.js';
import { UNSIGNED_DECIMAL_2, isIdCardStrict, isPhone, zString } from '../validators.js';
import { catalogueStatusSchema, nullWhenBlank, zId, zIdList, zName, zText } from './products/fields.js';

/**
 * Growers (api/farmer, spec 7.8; the menu calls them 瓜农 / melon growers): who grows a company's
 * products, where, on how much land, and which batches came from them.
 */

export const FARMER_NAME_MAX = 30;
export const FARMER_REGION_NAME_MAX = 50;
export const FARMER_ADDRESS_MAX = 200;
export const FARMER_PLANTING_BASE_MAX = 100;
export const FARMER_VARIETIES_MAX = 200;
export const FARMER_CERTIFICATIONS_MAX = 200;
export const FARMER_REMARK_MAX = 500;
/** Products one grower may be linked to. */
export const FARMER_PRODUCTS_MAX = 50;
/** numeric(12, 2): ten digits before the point. */
export const FARMER_PLANTING_AREA_MAX = 9_999_999_999.99;
/** Batches a grower's detail lists, newest first. */
export const FARMER_DETAIL_BATCHES_MAX = 100;
/** Relations one farmerProductRelation/list call answers at most. */
export const FARMER_RELATIONS_MAX = 1000;

/** An administrative division code (GB/T 2260): six digits, e.g. 110115 for Daxing, Beijing. */
export const REGION_CODE = /^\d{6}$/;

/** '' when left out; otherwise the check must pass. */
const optionalText = (check: (value: string) => boolean, key: string) =>
  zString()
    .trim()
    .default('')
    .refine((value) => value === '' || check(value), key);

/** ID card (spec 5.2): 15 digits, or 18 with the GB 11643 check character; a lower-case x is kept as X. */
export const zFarmerIdCard = optionalText(isIdCardStrict, 'validation.idCard').transform((value) => value.toUpperCase());

/**
 * Planting area in mu: a number or its text, at most two decimals, not negative; the answer is its
 * decimal text ("12.5"), exactly as the numeric column holds it. null when left out.
 */
export const zPlantingArea = z.preprocess(
  (value) => (value === '' || value === undefined ? null : typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
  zString()
    .trim()
    .regex(UNSIGNED_DECIMAL_2, 'validation.decimal')
    .refine((text) => Number(text) <= FARMER_PLANTING_AREA_MAX, 'validation.tooBig')
    .nullable(),
);

const farmerFields = {
  name: zName(FARMER_NAME_MAX),
  /** A mobile or landline number (spec 5.2). */
  phone: optionalText(isPhone, 'validation.phone'),
  idCard: zFarmerIdCard,
  regionCode: optionalText((value) => REGION_CODE.test(value), 'validation.invalid'),
  regionName: zText(FARMER_REGION_NAME_MAX),
  address: zText(FARMER_ADDRESS_MAX),
  plantingBase: zText(FARMER_PLANTING_BASE_MAX),
  plantingArea: zPlantingArea.default(null),
  varieties: zText(FARMER_VARIETIES_MAX),
  certifications: zText(FARMER_CERTIFICATIONS_MAX),
  /** A stored image of the company. */
  photoFileId: nullWhenBlank(zId).default(null),
  remark: zText(FARMER_REMARK_MAX),
  status: catalogueStatusSchema.default('ENABLED'),
  /** The company's products this grower grows. */
  productIds: zIdList(FARMER_PRODUCTS_MAX).default([]),
};

/** A region is its code and its name together: a name without a code (or the reverse) is refused. */
function regionComplete(value: { regionCode: string; regionName: string }, ctx: z.core.$RefinementCtx) {
  if (value.regionCode && !value.regionName) ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['regionName'] });
  if (!value.regionCode && value.regionName) ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['regionCode'] });
}

export const farmerAddBodySchema = z.object(farmerFields).superRefine(regionComplete);
export type FarmerAddBody = z.input<typeof farmerAddBodySchema>;

/** Replaces the grower's fields and product links. */
export const farmerEditBodySchema = z.object({ id: zId, ...farmerFields }).superRefine(regionComplete);
export type FarmerEditBody = z.input<typeof farmerEditBodySchema>;

export const farmerIdBodySchema = z.object({ id: zId });
export const farmerIdQuerySchema = z.object({ id: zId });

const filterText = (max: number) => z.string().trim().max(max).optional();

export const farmerPageQuerySchema = pageQuerySchema.extend({
  /** Name contains. */
  name: filterText(FARMER_NAME_MAX),
  /** Phone contains. */
  phone: filterText(20),
  /** A region code prefix (11 = Beijing, 1101 = its districts) or a part of the region's name. */
  region: filterText(FARMER_REGION_NAME_MAX),
  /** Growers of this product. */
  productId: zId.optional(),
  status: catalogueStatusSchema.optional(),
});
export type FarmerPageQuery = z.input<typeof farmerPageQuerySchema>;

/**
 * Products of a grower (farmerId), growers of a product (productId), or both narrowed together; one of
 * them is required. The ids may come in the query string or the body.
 */
export const farmerRelationQuerySchema = z.object({ farmerId: zId.optional(), productId: zId.optional() });
export type FarmerRelationQuery = z.input<typeof farmerRelationQuerySchema>;

export const farmerProductSchema = z.object({ id: z.string(), name: z.string() });

export const farmerRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  /** Masked (110***********1234) everywhere but the detail shown to those who may edit growers. */
  idCard: z.string(),
  regionCode: z.string(),
  regionName: z.string(),
  address: z.string(),
  plantingBase: z.string(),
  plantingArea: z.string().nullable(),
  varieties: z.string(),
  photoFileId: z.string().nullable(),
  status: catalogueStatusSchema,
  products: z.array(farmerProductSchema),
  /** Batches naming the grower; while there are any, the grower cannot be deleted. */
  batchCount: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type FarmerRow = Omit<z.infer<typeof farmerRowSchema>, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

export const farmerBatchSchema = z.object({
  id: z.string(),
  batchNo: z.string(),
  productId: z.string(),
  productName: z.string(),
  productionDate: z.string().nullable(),
  harvestDate: z.string().nullable(),
  quantity: z.number(),
});
export type FarmerBatch = z.infer<typeof farmerBatchSchema>;

export const farmerDetailSchema = farmerRowSchema.extend({
  certifications: z.string(),
  remark: z.string(),
  /** True when idCard is shown masked (the caller may not edit growers). */
  idCardMasked: z.boolean(),
  /** The newest batches naming the grower (at most FARMER_DETAIL_BATCHES_MAX). */
  batches: z.array(farmerBatchSchema),
});
export type FarmerDetail = FarmerRow & { certifications: string; remark: string; idCardMasked: boolean; batches: FarmerBatch[] };

export const farmerRelationSchema = z.object({
  farmerId: z.string(),
  farmerName: z.string(),
  productId: z.string(),
  productName: z.string(),
});
export type FarmerRelation = z.infer<typeof farmerRelationSchema>;
