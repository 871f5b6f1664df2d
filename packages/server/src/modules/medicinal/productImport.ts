import {
  catalogueMessage,
  formatMessage,
  listSeparator,
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
import { bulkInsert } from './bulkInsert.js';
import { IMPORT_TEXTS } from '../../platform/import/columns.js';
import { EXAMPLE_APPROVAL_NO, MEDICINAL_IMPORT_TEXTS, PRODUCT_COLUMNS, type ProductColumnKey } from './columns.js';
import { dosageFormLabels, dosageFormMatcher, dosageForms } from './dosageForms.js';
import { ImportErrors } from '../../platform/import/importErrors.js';
import { addFieldErrors, readImportSheet, type Spreadsheet } from '../../platform/import/importSheet.js';
import { MEDICINAL_MESSAGES } from './messages.js';
import { takenApprovalNos } from './productStore.js';
import { templateWorkbook } from '../../platform/import/template.js';

/** The product template in the reader's language, the dosage forms of the dictionary as its drop-down. */
export async function productTemplate(database: Database, principal: Principal, lang: Lang) {
  ownCompany(principal);
  const labels = dosageFormLabels(await dosageForms(database.db), lang);
  const texts = { ...IMPORT_TEXTS[lang], ...MEDICINAL_IMPORT_TEXTS[lang] };
  const bytes = await templateWorkbook({
    sheetName: texts.productSheet,
    columns: PRODUCT_COLUMNS,
    example: { dosageForm: labels[0] ?? '' },
    lists: [{ key: 'dosageForm', values: labels }],
    lang,
  });
  return { bytes, fileName: texts.productFile };
}

const TEXT_FIELDS = [
  ['genericName', 'generic_name'],
  ['tradeName', 'trade_name'],
  ['approvalNo', 'approval_no'],
  ['drugStandardCode', 'drug_standard_code'],
  ['dosageForm', 'dosage_form'],
  ['specification', 'specification'],
  ['packageSpecification', 'package_specification'],
  ['manufacturer', 'manufacturer'],
  ['storage', 'storage'],
] as const;
type TextField = (typeof TEXT_FIELDS)[number][0];

/**
 * Imports medicinal products from a filled template, all or nothing: every row is checked with the
 * form's own schema, the dosage form against the dictionary, the approval number against the other
 * rows and the company's products. Any problem: nothing is written and the problems are answered.
 */
export async function importProducts(
  database: Database,
  principal: Principal,
  file: Spreadsheet,
  lang: Lang,
  maxRows: number,
): Promise<ImportResult> {
  const companyId = ownCompany(principal);
  const texts = { ...IMPORT_TEXTS[lang], ...MEDICINAL_IMPORT_TEXTS[lang] };
  const forms = await dosageForms(database.db);
  const matchForm = dosageFormMatcher(forms);
  const formChoices = dosageFormLabels(forms, lang).join(listSeparator(lang));
  const errors = new ImportErrors();
  // the valid rows, a column each (see BulkColumn)
  const valid = Object.fromEntries(TEXT_FIELDS.map(([field]) => [field, [] as string[]])) as Record<TextField, string[]>;
  const rowOf = new Map<string, number>();
  const rowNumbers: number[] = [];
  const approvalColumn = PRODUCT_COLUMNS.find((c) => c.key === 'approvalNo') ?? null;
  let approvalIndex = 0;

  const rowCount = await readImportSheet<ProductColumnKey>({
    file,
    exampleRow: { key: 'approvalNo', values: [EXAMPLE_APPROVAL_NO] },
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
      for (const [field] of TEXT_FIELDS) valid[field].push(body[field]);
    },
  });

  errors.nextPass();
  const label = MEDICINAL_MESSAGES.approvalNoLabel[lang];
  const taken = await takenApprovalNos(database.db, companyId, [...rowOf.keys()]);
  if (taken.size > 0) {
    valid.approvalNo.forEach((approvalNo, i) => {
      if (taken.has(approvalNo)) {
        errors.add(rowNumbers[i] as number, approvalIndex, approvalColumn, catalogueMessage('DUPLICATE', lang, { field: label, value: approvalNo }));
      }
    });
  }

  if (errors.count > 0) return { imported: 0, rowCount, errorCount: errors.count, errors: errors.list(lang) };
  try {
    await bulkInsert(
      database,
      'medicinal_product',
      [
        { name: 'company_id', type: 'uuid', constant: companyId },
        ...TEXT_FIELDS.map(([field, name]) => ({ name, type: 'text' as const, values: valid[field] })),
        { name: 'created_by', type: 'uuid', constant: principal.userId },
        { name: 'updated_by', type: 'uuid', constant: principal.userId },
      ],
      rowNumbers.length,
    );
  } catch (error) {
    // a product with one of these numbers saved meanwhile: the whole import is refused, as it must be
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
  return { imported: rowNumbers.length, rowCount, errorCount: 0, errors: [] };
}
