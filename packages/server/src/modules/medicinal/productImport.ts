import {
  catalogueMessage,
  formatMessage,
  medicinalProductAddSchema,
  type ImportResult,
  type Lang,
} from '@rd/contract';
import type { Principal } from '../../platform/auth/sessionStore.js';
import { isUniqueViolation } from '../../platform/db/constraintErrors.js';
import type { Database } from '../../platform/db/database.js';
import { conflict } from '../../platform/http/appError.js';
import { fieldErrorsOf } from '../../platform/http/fieldErrors.js';
import { ownCompany } from '../product/ownCompany.js';
import { bulkInsert, type BulkColumn, type BulkValue } from './bulkInsert.js';
import { IMPORT_TEXTS, PRODUCT_COLUMNS, type ProductColumnKey } from './columns.js';
import { dosageFormLabels, dosageFormMatcher, dosageForms } from './dosageForms.js';
import { ImportErrors } from './importErrors.js';
import { addFieldErrors, readImportSheet } from './importSheet.js';
import { MEDICINAL_MESSAGES } from './messages.js';
import { takenApprovalNos } from './productStore.js';
import { templateWorkbook } from './template.js';

/** The product template in the reader's language, the dosage forms of the dictionary as its drop-down. */
export async function productTemplate(database: Database, principal: Principal, lang: Lang) {
  ownCompany(principal);
  const labels = dosageFormLabels(await dosageForms(database.db), lang);
  const texts = IMPORT_TEXTS[lang];
  const bytes = await templateWorkbook({
    sheetName: texts.productSheet,
    columns: PRODUCT_COLUMNS,
    example: { dosageForm: labels[0] ?? '' },
    lists: [{ key: 'dosageForm', values: labels }],
    lang,
  });
  return { bytes, fileName: texts.productFile };
}

const COLUMNS: BulkColumn[] = [
  { name: 'company_id', type: 'uuid' },
  { name: 'generic_name', type: 'text' },
  { name: 'trade_name', type: 'text' },
  { name: 'approval_no', type: 'text' },
  { name: 'drug_standard_code', type: 'text' },
  { name: 'dosage_form', type: 'text' },
  { name: 'specification', type: 'text' },
  { name: 'package_specification', type: 'text' },
  { name: 'manufacturer', type: 'text' },
  { name: 'storage', type: 'text' },
  { name: 'created_by', type: 'uuid' },
  { name: 'updated_by', type: 'uuid' },
];

/**
 * Imports medicinal products from a filled template, all or nothing: every row is checked with the
 * form's own schema, the dosage form against the dictionary, the approval number against the other
 * rows and the company's products. Any problem: nothing is written and the problems are answered.
 */
export async function importProducts(
  database: Database,
  principal: Principal,
  bytes: Buffer,
  lang: Lang,
  maxRows: number,
): Promise<ImportResult> {
  const companyId = ownCompany(principal);
  const texts = IMPORT_TEXTS[lang];
  const forms = await dosageForms(database.db);
  const matchForm = dosageFormMatcher(forms);
  const formChoices = dosageFormLabels(forms, lang).join(lang === 'zh_CN' ? '、' : ', ');
  const errors = new ImportErrors();
  const rows: BulkValue[][] = [];
  const rowOf = new Map<string, number>();
  const rowNumbers: number[] = [];
  const approvalColumn = PRODUCT_COLUMNS.find((c) => c.key === 'approvalNo') ?? null;
  let approvalIndex = 0;

  const rowCount = await readImportSheet<ProductColumnKey>({
    bytes,
    columns: PRODUCT_COLUMNS,
    maxRows,
    lang,
    errors,
    onRow: (row, values, layout) => {
      approvalIndex = layout.indexOf.get('approvalNo') ?? 0;
      const formText = values.dosageForm === undefined ? undefined : String(values.dosageForm);
      const formCode = formText === undefined ? undefined : matchForm(formText);
      const parsed = medicinalProductAddSchema.safeParse({ ...values, dosageForm: formCode ?? formText });
      let ok = parsed.success;
      if (!parsed.success) addFieldErrors(errors, row, fieldErrorsOf(parsed.error.issues, lang), layout);
      if (formText !== undefined && formCode === undefined) {
        ok = false;
        errors.add(row, layout.indexOf.get('dosageForm') ?? 0, layout.columnOf.get('dosageForm') ?? null, formatMessage(texts.chooseFromList, { values: formChoices }));
      }
      if (!parsed.success) return;
      const body = parsed.data;
      const first = rowOf.get(body.approvalNo);
      if (first !== undefined) {
        errors.add(row, approvalIndex, approvalColumn, formatMessage(texts.duplicateInFile, { row: first }));
        return;
      }
      rowOf.set(body.approvalNo, row);
      if (!ok) return;
      rowNumbers.push(row);
      rows.push([
        companyId,
        body.genericName,
        body.tradeName,
        body.approvalNo,
        body.drugStandardCode,
        body.dosageForm,
        body.specification,
        body.packageSpecification,
        body.manufacturer,
        body.storage,
        principal.userId,
        principal.userId,
      ]);
    },
  });

  errors.nextPass();
  const label = MEDICINAL_MESSAGES.approvalNoLabel[lang];
  const taken = await takenApprovalNos(database.db, companyId, [...rowOf.keys()]);
  if (taken.size > 0) {
    rows.forEach((values, i) => {
      const approvalNo = values[3] as string;
      if (taken.has(approvalNo)) {
        errors.add(rowNumbers[i] as number, approvalIndex, approvalColumn, catalogueMessage('DUPLICATE', lang, { field: label, value: approvalNo }));
      }
    });
  }

  if (errors.count > 0) return { imported: 0, rowCount, errorCount: errors.count, errors: errors.list(lang) };
  try {
    await bulkInsert(database, 'medicinal_product', COLUMNS, rows);
  } catch (error) {
    // a product with one of these numbers saved meanwhile: the whole import is refused, as it must be
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
  return { imported: rows.length, rowCount, errorCount: 0, errors: [] };
}
