import { z } from 'zod';
import { pageQuerySchema } from '../../paging.js';
import { BATCH_NO_MAX, nullWhenBlank, zBatchNo, zId, zIdList, zIsoDate, zName, zText } from './fields.js';
import { codeTalliesShape } from '../code.js';

/** Product batches (api/productBatch): what was produced when, where and how, and the codes bound to it. */

export const FARMING_KINDS = ['SOWING', 'FERTILISING', 'SPRAYING', 'PICKING', 'INSPECTION'] as const;
export const farmingKindSchema = z.enum(FARMING_KINDS, { error: 'validation.oneOf' });
export type FarmingKind = z.infer<typeof farmingKindSchema>;

export const BATCH_QUANTITY_MAX = 2_147_483_647;
export const BATCH_ORIGIN_MAX = 100;
export const BATCH_REMARK_MAX = 500;
export const FARMING_RECORDS_MAX = 100;
export const FARMING_OPERATOR_MAX = 50;
export const FARMING_MATERIAL_MAX = 100;
export const FARMING_IMAGES_MAX = 9;
export const INSPECTION_REPORTS_MAX = 20;
export const INSPECTION_NAME_MAX = 100;
/** Batches a select answers at most. */
export const BATCH_LIST_MAX = 500;

export const farmingRecordSchema = z.object({
  kind: farmingKindSchema,
  date: zIsoDate,
  operator: zText(FARMING_OPERATOR_MAX),
  /** Seed, fertiliser or pesticide used, and how much. */
  material: zText(FARMING_MATERIAL_MAX),
  images: zIdList(FARMING_IMAGES_MAX).default([]),
});
export type FarmingRecord = z.infer<typeof farmingRecordSchema>;

export const inspectionReportSchema = z.object({
  name: zName(INSPECTION_NAME_MAX),
  /** The stored scan or photo of the report. */
  fileId: zId,
  date: nullWhenBlank(zIsoDate).default(null),
});
export type InspectionReport = z.infer<typeof inspectionReportSchema>;

const batchFields = {
  productId: zId,
  batchNo: zBatchNo,
  productionDate: nullWhenBlank(zIsoDate).default(null),
  expiryDate: nullWhenBlank(zIsoDate).default(null),
  quantity: z
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'validation.integer' : undefined) })
    .int('validation.integer')
    .min(0)
    .max(BATCH_QUANTITY_MAX)
    .default(0),
  /** The grower (farmer), one of the company's. */
  farmerId: nullWhenBlank(zId).default(null),
  origin: zText(BATCH_ORIGIN_MAX),
  harvestDate: nullWhenBlank(zIsoDate).default(null),
  farmingRecords: z.array(farmingRecordSchema).max(FARMING_RECORDS_MAX, 'validation.tooBig').default([]),
  inspectionReports: z.array(inspectionReportSchema).max(INSPECTION_REPORTS_MAX, 'validation.tooBig').default([]),
  remark: zText(BATCH_REMARK_MAX),
};

/** A batch cannot expire before it is produced; not checked while either date is itself malformed. */
function datesInOrder(value: { productionDate: string | null; expiryDate: string | null }, ctx: z.core.$RefinementCtx) {
  if (value.productionDate && value.expiryDate && value.expiryDate < value.productionDate) {
    ctx.addIssue({ code: 'custom', message: 'validation.dateOrder', path: ['expiryDate'] });
  }
}

export const batchAddBodySchema = z.object(batchFields).superRefine(datesInOrder);
export type BatchAddBody = z.input<typeof batchAddBodySchema>;

/** Replaces the batch's fields (the product may change while no code is bound to the batch). */
export const batchEditBodySchema = z.object({ id: zId, ...batchFields }).superRefine(datesInOrder);
export type BatchEditBody = z.input<typeof batchEditBodySchema>;

export const batchIdBodySchema = z.object({ id: zId });
export const batchIdQuerySchema = z.object({ id: zId });

const dateFilter = nullWhenBlank(zIsoDate).optional();

export const batchPageQuerySchema = pageQuerySchema.extend({
  productId: zId.optional(),
  batchNo: z.string().trim().max(BATCH_NO_MAX).optional(),
  productionDateBegin: dateFilter,
  productionDateEnd: dateFilter,
  expiryDateBegin: dateFilter,
  expiryDateEnd: dateFilter,
});
export type BatchPageQuery = z.input<typeof batchPageQuerySchema>;

/** Batches for a select, of one product or all; productId may come in the query string or the body. */
export const batchListQuerySchema = z.object({
  productId: zId.optional(),
  batchNo: z.string().trim().max(BATCH_NO_MAX).optional(),
});
export type BatchListQuery = z.input<typeof batchListQuerySchema>;

export const batchRowSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  batchNo: z.string(),
  productionDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  quantity: z.number(),
  farmerId: z.string().nullable(),
  farmerName: z.string().nullable(),
  origin: z.string(),
  harvestDate: z.string().nullable(),
  remark: z.string(),
  /** Codes bound to the batch (the same as boundCount). */
  codeCount: z.number(),
  ...codeTalliesShape,
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type BatchRow = Omit<z.infer<typeof batchRowSchema>, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

/** Records and reports as answers carry them (the input schemas above clean what comes in). */
const farmingRecordOutput = z.object({
  kind: farmingKindSchema,
  date: z.string(),
  operator: z.string(),
  material: z.string(),
  images: z.array(z.string()),
});
const inspectionReportOutput = z.object({ name: z.string(), fileId: z.string(), date: z.string().nullable() });

export const batchDetailSchema = batchRowSchema.extend({
  farmingRecords: z.array(farmingRecordOutput),
  inspectionReports: z.array(inspectionReportOutput),
});
export type BatchDetail = BatchRow & { farmingRecords: FarmingRecord[]; inspectionReports: InspectionReport[] };

export const batchOptionSchema = z.object({
  id: z.string(),
  productId: z.string(),
  batchNo: z.string(),
  productionDate: z.string().nullable(),
});
export type BatchOption = z.infer<typeof batchOptionSchema>;
