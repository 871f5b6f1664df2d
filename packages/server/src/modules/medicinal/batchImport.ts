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
import { bulkInsert } from './bulkInsert.js';
import { IMPORT_TEXTS } from '../../platform/import/columns.js';
import { BATCH_COLUMNS, EXAMPLE_APPROVAL_NO, MEDICINAL_IMPORT_TEXTS, type BatchColumnKey } from './columns.js';
import { ImportErrors } from '../../platform/import/importErrors.js';
import { addFieldErrors, readImportSheet, type Spreadsheet } from '../../platform/import/importSheet.js';
import { MEDICINAL_MESSAGES } from './messages.js';
import { enabledApprovalNos, productIdsByApprovalNo } from './productStore.js';
import { templateWorkbook } from '../../platform/import/template.js';

/** The batch template: the company's enabled products, by approval number, as the first column's drop-down. */
export async function batchTemplate(database: Database, principal: Principal, lang: Lang) {
  const companyId = ownCompany(principal);
  const approvalNos = await enabledApprovalNos(database.db, companyId);
  const texts = { ...IMPORT_TEXTS[lang], ...MEDICINAL_IMPORT_TEXTS[lang] };
  const bytes = await templateWorkbook({
    sheetName: texts.batchSheet,
    columns: BATCH_COLUMNS,
    example: { approvalNo: EXAMPLE_APPROVAL_NO },
    lists: [{ key: 'approvalNo', values: approvalNos }],
    lang,
  });
  return { bytes, fileName: texts.batchFile };
}

/** The valid rows, a column each (see BulkColumn), with their sheet row numbers for the database checks. */
function batchColumns() {
  return {
    rowNumbers: [] as number[],
    productIds: [] as string[],
    batchNos: [] as string[],
    productionDates: [] as string[],
    expiryDates: [] as string[],
    quantities: [] as number[],
    origins: [] as string[],
    remarks: [] as string[],
  };
}

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
  file: Spreadsheet,
  lang: Lang,
  maxRows: number,
): Promise<ImportResult> {
  const companyId = ownCompany(principal);
  const texts = { ...IMPORT_TEXTS[lang], ...MEDICINAL_IMPORT_TEXTS[lang] };
  const products = await productIdsByApprovalNo(database.db, companyId);
  const errors = new ImportErrors();
  const valid = batchColumns();
  const rowOf = new Map<string, number>();
  const batchNoColumn = BATCH_COLUMNS.find((c) => c.key === 'batchNo') ?? null;
  let batchNoIndex = 0;

  const rowCount = await readImportSheet<BatchColumnKey>({
    file,
    exampleRow: { key: 'approvalNo', values: [EXAMPLE_APPROVAL_NO] },
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
      valid.rowNumbers.push(row);
      valid.productIds.push(productId);
      valid.batchNos.push(body.batchNo);
      valid.productionDates.push(body.productionDate);
      valid.expiryDates.push(body.expiryDate);
      valid.quantities.push(body.quantity);
      valid.origins.push(body.origin);
      valid.remarks.push(body.remark);
    },
  });

  errors.nextPass();
  const taken = await takenBatchKeys(database.db, valid.productIds, valid.batchNos);
  if (taken.size > 0) {
    const label = MEDICINAL_MESSAGES.batchNoLabel[lang];
    valid.batchNos.forEach((batchNo, i) => {
      if (taken.has(batchKey(valid.productIds[i] as string, batchNo))) {
        errors.add(valid.rowNumbers[i] as number, batchNoIndex, batchNoColumn, catalogueMessage('DUPLICATE', lang, { field: label, value: batchNo }));
      }
    });
  }

  if (errors.count > 0) return { imported: 0, rowCount, errorCount: errors.count, errors: errors.list(lang) };
  try {
    await bulkInsert(
      database,
      'medicinal_batch',
      [
        { name: 'company_id', type: 'uuid', constant: companyId },
        { name: 'product_id', type: 'uuid', values: valid.productIds },
        { name: 'batch_no', type: 'text', values: valid.batchNos },
        { name: 'production_date', type: 'date', values: valid.productionDates },
        { name: 'expiry_date', type: 'date', values: valid.expiryDates },
        { name: 'quantity', type: 'int', values: valid.quantities },
        { name: 'origin', type: 'text', values: valid.origins },
        { name: 'remark', type: 'text', values: valid.remarks },
        { name: 'created_by', type: 'uuid', constant: principal.userId },
        { name: 'updated_by', type: 'uuid', constant: principal.userId },
      ],
      valid.batchNos.length,
    );
  } catch (error) {
    // a batch number taken or a product deleted meanwhile: the whole import is refused, as it must be
    if (isUniqueViolation(error) || isForeignKeyViolation(error)) throw conflict();
    throw error;
  }
  return { imported: valid.batchNos.length, rowCount, errorCount: 0, errors: [] };
}
