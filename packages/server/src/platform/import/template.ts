import type { Lang } from '@rd/contract';
import type ExcelJS from 'exceljs';
import { exceljs } from '../export/xlsx.js';
import { IMPORT_TEXTS, columnLetter, headerText, type ImportColumn } from './columns.js';

/** Data rows the template's drop-downs and date checks cover (the server checks every row whatever Excel did). */
export const TEMPLATE_VALIDATED_ROWS = 10_000;
const DATE_FORMAT = 'yyyy-mm-dd';

export interface TemplateList {
  /** Column of the data sheet whose cells must be one of the values. */
  key: string;
  values: readonly string[];
}

export interface TemplateSpec {
  sheetName: string;
  columns: readonly ImportColumn[];
  /** The example row's values by column key (overrides the columns' own examples). */
  example: Record<string, string | number>;
  lists: readonly TemplateList[];
  lang: Lang;
}

const LAST_ROW = TEMPLATE_VALIDATED_ROWS + 1;

/** exceljs keeps range validations on the sheet (written as one sqref each) but leaves them out of its types. */
function validations(sheet: ExcelJS.Worksheet): { add(range: string, validation: ExcelJS.DataValidation): void } {
  return (sheet as unknown as { dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void } }).dataValidations;
}

/**
 * The import template as .xlsx bytes: a bold two-language header (frozen), one grey example row,
 * column widths, date columns formatted and checked as dates, whole numbers checked, and drop-downs
 * whose values sit in a hidden sheet (a list typed into the validation itself may hold only 255
 * characters; a company's products or dealers need more).
 */
export async function templateWorkbook(spec: TemplateSpec): Promise<Buffer> {
  const workbook = new (exceljs().Workbook)();
  const texts = IMPORT_TEXTS[spec.lang];
  const sheet = workbook.addWorksheet(spec.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  const listSheet = workbook.addWorksheet(texts.listSheet, { state: 'hidden' });

  sheet.columns = spec.columns.map((column) => ({
    key: column.key,
    width: column.width,
    style: column.kind === 'date' ? { numFmt: DATE_FORMAT } : column.kind === 'text' ? { numFmt: '@' } : {},
  }));
  const header = sheet.getRow(1);
  spec.columns.forEach((column, i) => {
    const cell = header.getCell(i + 1);
    cell.value = headerText(column);
    cell.font = column.required ? { bold: true, color: { argb: 'FFC00000' } } : { bold: true };
    cell.alignment = { wrapText: true, vertical: 'middle' };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F2F2' } };
  });
  header.height = 32;

  const example = sheet.getRow(2);
  spec.columns.forEach((column, i) => {
    const raw = spec.example[column.key] ?? column.example;
    const cell = example.getCell(i + 1);
    // dates go in as real dates (UTC midnight is how the reader gives them back)
    cell.value = column.kind === 'date' && typeof raw === 'string' ? new Date(`${raw}T00:00:00Z`) : raw;
    cell.font = { italic: true, color: { argb: 'FF808080' } };
  });

  spec.columns.forEach((column, i) => {
    const letter = columnLetter(i + 1);
    const range = `${letter}2:${letter}${LAST_ROW}`;
    if (column.kind === 'date') {
      validations(sheet).add(range, {
        type: 'date',
        operator: 'greaterThan',
        allowBlank: !column.required,
        formulae: [new Date(Date.UTC(1900, 0, 1))],
        showErrorMessage: true,
        errorStyle: 'stop',
        error: texts.dateHint,
        showInputMessage: true,
        prompt: texts.dateHint,
      });
    } else if (column.kind === 'integer') {
      validations(sheet).add(range, {
        type: 'whole',
        operator: 'greaterThanOrEqual',
        allowBlank: true,
        formulae: [0],
        showErrorMessage: true,
        errorStyle: 'stop',
      });
    }
  });

  spec.lists.forEach((list, listIndex) => {
    const columnIndex = spec.columns.findIndex((c) => c.key === list.key);
    if (columnIndex < 0 || list.values.length === 0) return;
    const listLetter = columnLetter(listIndex + 1);
    list.values.forEach((value, i) => {
      listSheet.getCell(i + 1, listIndex + 1).value = value;
    });
    const letter = columnLetter(columnIndex + 1);
    validations(sheet).add(`${letter}2:${letter}${LAST_ROW}`, {
      type: 'list',
      allowBlank: !spec.columns[columnIndex]?.required,
      formulae: [`'${texts.listSheet}'!$${listLetter}$1:$${listLetter}$${list.values.length}`],
      showErrorMessage: true,
      errorStyle: 'stop',
      error: texts.pickFromList,
    });
  });

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
