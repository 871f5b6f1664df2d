import {
  catalogueMessage,
  formatMessage,
  medicinalBatchAddSchema,
  normaliseApprovalNo,
  validationMessage,
  type ImportResult,
  type Lang,
} from '@rd/contract';
import type { Principal } from '../../platform/auth/sessionStore.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/constraintErrors.js';
import type { Database } from '../../platform/db/database.js';
import { conflict } from '../../platform/http/appError.js';
import { fieldErrorsOf } from '../../platform/http/fieldErrors.js';
import { ownCompany } from '../product/ownCompany.js';
import { batchKey, takenBatchKeys } from './batchStore.js';
import { bulkInsert, type BulkColumn, type BulkValue } from './bulkInsert.js';
import { BATCH_COLUMNS, IMPORT_TEXTS, type BatchColumnKey } from './columns.js';
import { ImportErrors } from './importErrors.js';
import { addFieldErrors, readImportSheet } from './importSheet.js';
import { MEDICINAL_MESSAGES } from './messages.js';
import { enabledApprovalNos, productIdsByApprovalNo } from './productStore.js';
import { EXAMPLE_APPROVAL_NO, templateWorkbook } from './template.js';

/** The batch template: the company's enabled products, by approval number, as the first column's drop-down. */
export async function batchTemplate(database: Database, principal: Principal, lang: Lang) {
  const companyId = ownCompany(principal);
  const approvalNos = await enabledApprovalNos(database.db, companyId);
  const texts = IMPORT_TEXTS[lang];
  const bytes = await templateWorkbook({
    sheetName: texts.batchSheet,
    columns: BATCH_COLUMNS,
    example: { approvalNo: EXAMPLE_APPROVAL_NO },
    lists: [{ key: 'approvalNo', values: approvalNos }],
    lang,
  });
  return { bytes, fileName: texts.batchFile };
}

const COLUMNS: BulkColumn[] = [
  { name: 'company_id', type: 'uuid' },
  { name: 'product_id', type: 'uuid' },
  { name: 'batch_no', type: 'text' },
  { name: 'production_date', type: 'date' },
  { name: 'expiry_date', type: 'date' },
  { name: 'quantity', type: 'int' },
  { name: 'origin', type: 'text' },
  { name: 'remark', type: 'text' },
  { name: 'created_by', type: 'uuid' },
  { name: 'updated_by', type: 'uuid' },
];

// Stands in for a product the row does not name correctly, so the other fields are still checked.
const NO_PRODUCT = '00000000-0000-4000-8000-000000000000';

/**
 * Imports medicinal batches from a filled template, all or nothing. Each row names its product by
 * approval number (one of the company's); batch numbers must not repeat for a product, in the file or
 * in the database; the dates must be real and in order. Any problem: nothing is written.
 */
export async function importBatches(
  database: Database,
  principal: Principal,
  bytes: Buffer,
  lang: Lang,
  maxRows: number,
): Promise<ImportResult> {
  const companyId = ownCompany(principal);
  const texts = IMPORT_TEXTS[lang];
  const products = await productIdsByApprovalNo(database.db, companyId);
  const errors = new ImportErrors();
  const rows: BulkValue[][] = [];
  const rowNumbers: number[] = [];
  const rowOf = new Map<string, number>();
  const batchNoColumn = BATCH_COLUMNS.find((c) => c.key === 'batchNo') ?? null;
  let batchNoIndex = 0;

  const rowCount = await readImportSheet<BatchColumnKey>({
    bytes,
    columns: BATCH_COLUMNS,
    maxRows,
    lang,
    errors,
    onRow: (row, values, layout) => {
      batchNoIndex = layout.indexOf.get('batchNo') ?? 0;
      const approvalText = values.approvalNo === undefined ? undefined : normaliseApprovalNo(String(values.approvalNo));
      const productId = approvalText === undefined ? undefined : products.get(approvalText);
      const { approvalNo: _named, ...fields } = values;
      const parsed = medicinalBatchAddSchema.safeParse({ ...fields, productId: productId ?? NO_PRODUCT });
      if (!parsed.success) addFieldErrors(errors, row, fieldErrorsOf(parsed.error.issues, lang), layout);
      if (productId === undefined) {
        const index = layout.indexOf.get('approvalNo') ?? 0;
        const column = layout.columnOf.get('approvalNo') ?? null;
        const message =
          approvalText === undefined
            ? validationMessage('validation.required', lang)
            : formatMessage(texts.unknownProduct, { value: approvalText });
        errors.add(row, index, column, message);
      }
      if (!parsed.success || productId === undefined) return;
      const body = parsed.data;
      const key = batchKey(productId, body.batchNo);
      const first = rowOf.get(key);
      if (first !== undefined) {
        errors.add(row, batchNoIndex, batchNoColumn, formatMessage(texts.duplicateInFile, { row: first }));
        return;
      }
      rowOf.set(key, row);
      rowNumbers.push(row);
      rows.push([
        companyId,
        productId,
        body.batchNo,
        body.productionDate,
        body.expiryDate,
        body.quantity,
        body.origin,
        body.remark,
        principal.userId,
        principal.userId,
      ]);
    },
  });

  errors.nextPass();
  const taken = await takenBatchKeys(
    database.db,
    rows.map((r) => r[1] as string),
    rows.map((r) => r[2] as string),
  );
  if (taken.size > 0) {
    const label = MEDICINAL_MESSAGES.batchNoLabel[lang];
    rows.forEach((values, i) => {
      if (taken.has(batchKey(values[1] as string, values[2] as string))) {
        errors.add(rowNumbers[i] as number, batchNoIndex, batchNoColumn, catalogueMessage('DUPLICATE', lang, { field: label, value: values[2] as string }));
      }
    });
  }

  if (errors.count > 0) return { imported: 0, rowCount, errorCount: errors.count, errors: errors.list(lang) };
  try {
    await bulkInsert(database, 'medicinal_batch', COLUMNS, rows);
  } catch (error) {
    // a batch number taken or a product deleted meanwhile: the whole import is refused, as it must be
    if (isUniqueViolation(error) || isForeignKeyViolation(error)) throw conflict();
    throw error;
  }
  return { imported: rows.length, rowCount, errorCount: 0, errors: [] };
}
