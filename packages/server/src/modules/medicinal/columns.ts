import type { Lang } from '@rd/contract';
import type { ImportColumn } from '../../platform/import/columns.js';

/** The columns of the two medicinal import templates, in sheet order (see platform/import/columns.ts). */

/** The approval number of the example row: all zeros, which no product carries; the import skips that row. */
export const EXAMPLE_APPROVAL_NO = '国药准字H00000000';

export type ProductColumnKey =
  | 'genericName'
  | 'tradeName'
  | 'approvalNo'
  | 'drugStandardCode'
  | 'dosageForm'
  | 'specification'
  | 'packageSpecification'
  | 'manufacturer'
  | 'storage';

export const PRODUCT_COLUMNS: readonly ImportColumn<ProductColumnKey>[] = [
  { key: 'genericName', zh_CN: '通用名称', en_US: 'Generic name', required: true, kind: 'text', width: 22, example: '阿莫西林胶囊' },
  { key: 'tradeName', zh_CN: '商品名称', en_US: 'Trade name', required: false, kind: 'text', width: 18, example: '阿莫仙' },
  { key: 'approvalNo', zh_CN: '批准文号', en_US: 'Approval number', required: true, kind: 'text', width: 22, example: EXAMPLE_APPROVAL_NO },
  { key: 'drugStandardCode', zh_CN: '药品本位码', en_US: 'Drug standard code', required: false, kind: 'text', width: 20, example: '86900000000000' },
  // the example is replaced by the first dosage form's label in the reader's language
  { key: 'dosageForm', zh_CN: '剂型', en_US: 'Dosage form', required: true, kind: 'text', width: 14, example: '' },
  { key: 'specification', zh_CN: '规格', en_US: 'Specification', required: false, kind: 'text', width: 14, example: '0.25g' },
  { key: 'packageSpecification', zh_CN: '包装规格', en_US: 'Package specification', required: false, kind: 'text', width: 20, example: '0.25g×24粒/盒' },
  { key: 'manufacturer', zh_CN: '生产企业', en_US: 'Manufacturer', required: true, kind: 'text', width: 26, example: '示例制药有限公司' },
  { key: 'storage', zh_CN: '贮藏条件', en_US: 'Storage', required: false, kind: 'text', width: 22, example: '遮光，密封保存' },
];

export type BatchColumnKey = 'approvalNo' | 'batchNo' | 'productionDate' | 'expiryDate' | 'quantity' | 'origin' | 'remark';

export const BATCH_COLUMNS: readonly ImportColumn<BatchColumnKey>[] = [
  // the example is replaced by the company's first product, when it has one
  { key: 'approvalNo', zh_CN: '药品批准文号', en_US: 'Product approval number', required: true, kind: 'text', width: 24, example: '国药准字H00000000' },
  { key: 'batchNo', zh_CN: '批号', en_US: 'Batch number', required: true, kind: 'text', width: 18, example: 'EXAMPLE-0001' },
  { key: 'productionDate', zh_CN: '生产日期', en_US: 'Production date', required: true, kind: 'date', width: 14, example: '2025-01-01' },
  { key: 'expiryDate', zh_CN: '有效期至', en_US: 'Expiry date', required: true, kind: 'date', width: 14, example: '2027-12-31' },
  { key: 'quantity', zh_CN: '数量', en_US: 'Quantity', required: false, kind: 'integer', width: 12, example: 1000 },
  { key: 'origin', zh_CN: '产地', en_US: 'Origin', required: false, kind: 'text', width: 20, example: '示例省示例市' },
  { key: 'remark', zh_CN: '备注', en_US: 'Remark', required: false, kind: 'text', width: 30, example: '示例行，导入时忽略' },
];

/** Texts of the medicinal templates and their import answers, in the reader's language. */
export const MEDICINAL_IMPORT_TEXTS = {
  zh_CN: {
    productSheet: '药品信息',
    batchSheet: '药品批次',
    productFile: '药品信息导入模板.xlsx',
    batchFile: '药品批次导入模板.xlsx',
    unknownProduct: '本企业没有批准文号为 {value} 的药品',
  },
  en_US: {
    productSheet: 'Medicinal products',
    batchSheet: 'Medicinal batches',
    productFile: 'medicinal-products-template.xlsx',
    batchFile: 'medicinal-batches-template.xlsx',
    unknownProduct: 'The company has no medicinal product with approval number {value}',
  },
} as const satisfies Record<Lang, Record<string, string>>;
