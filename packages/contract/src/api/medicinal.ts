import { z } from 'zod';
import { pageQuerySchema } from '../paging.js';
import { zString } from '../validators.js';
import { BATCH_NO_MAX, catalogueStatusSchema, nullWhenBlank, zBatchNo, zId, zIsoDate, zName, zText } from './products/fields.js';

/**
 * Medicinal products and their batches (spec 7.8, api/medicinalProduct, api/medicinalBatch,
 * medicinalBatchFile), with spreadsheet templates and all-or-nothing imports.
 */

export const MEDICINAL_PRODUCT_API = '/acc/api/medicinalProduct';
export const MEDICINAL_BATCH_API = '/acc/api/medicinalBatch';
export const MEDICINAL_BATCH_FILE_API = '/acc/api/medicinalBatchFile';

/** The dictionary type whose items are the dosage forms (form drop-down and template drop-down alike). */
export const DOSAGE_FORM_DICT = 'medicinal_dosage_form';

export const GENERIC_NAME_MAX = 100;
export const TRADE_NAME_MAX = 100;
export const SPECIFICATION_MAX = 100;
export const MANUFACTURER_MAX = 100;
export const STORAGE_MAX = 200;
export const DOSAGE_FORM_MAX = 50;
export const MEDICINAL_ORIGIN_MAX = 100;
export const MEDICINAL_REMARK_MAX = 500;
export const MEDICINAL_QUANTITY_MAX = 2_147_483_647;
export const BATCH_FILE_NAME_MAX = 100;
/** Products a select answers at most. */
export const MEDICINAL_LIST_MAX = 500;

/**
 * 国药准字 + one letter for the kind (H chemical, Z traditional Chinese, S biological, J imported
 * repackaging, B health / auxiliary, F excipient) + 8 digits.
 */
export const APPROVAL_NO = /^国药准字[HZSJBF][0-9]{8}$/;
/** The national drug standard code (本位码): 14 digits. */
export const DRUG_STANDARD_CODE = /^[0-9]{14}$/;

/** Approval numbers are compared without blanks and with the letter upper-cased (国药准字 h… = 国药准字H…). */
export function normaliseApprovalNo(value: string): string {
  return value.replace(/\s+/g, '').replace(/^(国药准字)([a-z])/, (_, prefix: string, letter: string) => prefix + letter.toUpperCase());
}

export const zApprovalNo = zString().transform(normaliseApprovalNo).pipe(z.string().regex(APPROVAL_NO, 'validation.approvalNo'));
const zDrugStandardCode = zString()
  .trim()
  .refine((v) => v === '' || DRUG_STANDARD_CODE.test(v), 'validation.drugStandardCode')
  .default('');

const productFields = {
  genericName: zName(GENERIC_NAME_MAX),
  tradeName: zText(TRADE_NAME_MAX),
  approvalNo: zApprovalNo,
  drugStandardCode: zDrugStandardCode,
  /** A dic_code of the DOSAGE_FORM_DICT dictionary. */
  dosageForm: zName(DOSAGE_FORM_MAX),
  specification: zText(SPECIFICATION_MAX),
  packageSpecification: zText(SPECIFICATION_MAX),
  manufacturer: zName(MANUFACTURER_MAX),
  storage: zText(STORAGE_MAX),
  status: catalogueStatusSchema.default('ENABLED'),
};

export const medicinalProductAddSchema = z.object(productFields);
export type MedicinalProductAddBody = z.input<typeof medicinalProductAddSchema>;
export const medicinalProductEditSchema = z.object({ id: zId, ...productFields });
export type MedicinalProductEditBody = z.input<typeof medicinalProductEditSchema>;
export const medicinalIdBodySchema = z.object({ id: zId });

export const medicinalProductPageQuerySchema = pageQuerySchema.extend({
  /** Contained in the generic or the trade name. */
  name: z.string().trim().max(GENERIC_NAME_MAX).optional(),
  approvalNo: z.string().trim().max(20).optional(),
  manufacturer: z.string().trim().max(MANUFACTURER_MAX).optional(),
  dosageForm: z.string().trim().max(DOSAGE_FORM_MAX).optional(),
  status: nullWhenBlank(catalogueStatusSchema).optional(),
});
export type MedicinalProductPageQuery = z.input<typeof medicinalProductPageQuerySchema>;

/** Products for a select or the list with details, filtered by name or approval number contained. */
export const medicinalProductListQuerySchema = z.object({
  name: z.string().trim().max(GENERIC_NAME_MAX).optional(),
  approvalNo: z.string().trim().max(20).optional(),
});
export type MedicinalProductListQuery = z.input<typeof medicinalProductListQuerySchema>;

export const medicinalProductRowSchema = z.object({
  id: z.string(),
  genericName: z.string(),
  tradeName: z.string(),
  approvalNo: z.string(),
  drugStandardCode: z.string(),
  dosageForm: z.string(),
  specification: z.string(),
  packageSpecification: z.string(),
  manufacturer: z.string(),
  storage: z.string(),
  status: catalogueStatusSchema,
  batchCount: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type MedicinalProductRow = Omit<z.infer<typeof medicinalProductRowSchema>, 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
};

export const medicinalProductOptionSchema = z.object({
  id: z.string(),
  genericName: z.string(),
  tradeName: z.string(),
  approvalNo: z.string(),
  specification: z.string(),
});
export type MedicinalProductOption = z.infer<typeof medicinalProductOptionSchema>;

/** A batch cannot expire before it is produced. */
function datesInOrder(value: { productionDate: string; expiryDate: string }, ctx: z.core.$RefinementCtx) {
  if (value.expiryDate < value.productionDate) {
    ctx.addIssue({ code: 'custom', message: 'validation.dateOrder', path: ['expiryDate'] });
  }
}

const batchFields = {
  productId: zId,
  batchNo: zBatchNo,
  productionDate: zIsoDate,
  expiryDate: zIsoDate,
  quantity: z
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'validation.integer' : undefined) })
    .int('validation.integer')
    .min(0)
    .max(MEDICINAL_QUANTITY_MAX)
    .default(0),
  origin: zText(MEDICINAL_ORIGIN_MAX),
  remark: zText(MEDICINAL_REMARK_MAX),
};

export const medicinalBatchAddSchema = z.object(batchFields).superRefine(datesInOrder);
export type MedicinalBatchAddBody = z.input<typeof medicinalBatchAddSchema>;
export const medicinalBatchEditSchema = z.object({ id: zId, ...batchFields }).superRefine(datesInOrder);
export type MedicinalBatchEditBody = z.input<typeof medicinalBatchEditSchema>;

const dateFilter = nullWhenBlank(zIsoDate).optional();

export const medicinalBatchPageQuerySchema = pageQuerySchema.extend({
  productId: nullWhenBlank(zId).optional(),
  batchNo: z.string().trim().max(BATCH_NO_MAX).optional(),
  /** Contained in the product's generic or trade name. */
  productName: z.string().trim().max(GENERIC_NAME_MAX).optional(),
  expiryDateBegin: dateFilter,
  expiryDateEnd: dateFilter,
});
export type MedicinalBatchPageQuery = z.input<typeof medicinalBatchPageQuerySchema>;

export const medicinalBatchRowSchema = z.object({
  id: z.string(),
  productId: z.string(),
  genericName: z.string(),
  tradeName: z.string(),
  approvalNo: z.string(),
  specification: z.string(),
  batchNo: z.string(),
  productionDate: z.string(),
  expiryDate: z.string(),
  quantity: z.number(),
  origin: z.string(),
  remark: z.string(),
  fileCount: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type MedicinalBatchRow = Omit<z.infer<typeof medicinalBatchRowSchema>, 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
};

export const BATCH_FILE_KINDS = ['INSPECTION', 'CERTIFICATE', 'OTHER'] as const;
export const batchFileKindSchema = z.enum(BATCH_FILE_KINDS, { error: 'validation.oneOf' });
export type BatchFileKind = z.infer<typeof batchFileKindSchema>;

export const medicinalBatchFileAddSchema = z.object({
  batchId: zId,
  /** A file the company uploaded (POST /acc/file/uploadFile). */
  fileId: zId,
  name: zName(BATCH_FILE_NAME_MAX),
  kind: batchFileKindSchema.default('INSPECTION'),
});
export type MedicinalBatchFileAddBody = z.input<typeof medicinalBatchFileAddSchema>;

export const medicinalBatchFileSchema = z.object({
  id: z.string(),
  fileId: z.string(),
  name: z.string(),
  kind: batchFileKindSchema,
  fileName: z.string(),
  contentType: z.string(),
  createdAt: z.date(),
});
export type MedicinalBatchFile = Omit<z.infer<typeof medicinalBatchFileSchema>, 'createdAt'> & { createdAt: string };

/** One batch with its product's facts and its attached files (listDetail). */
export const medicinalBatchDetailSchema = medicinalBatchRowSchema.extend({
  dosageForm: z.string(),
  manufacturer: z.string(),
  files: z.array(medicinalBatchFileSchema),
});
export type MedicinalBatchDetail = MedicinalBatchRow & { dosageForm: string; manufacturer: string; files: MedicinalBatchFile[] };
