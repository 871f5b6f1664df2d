import { listSeparator, validationMessage, type FieldError, type Lang } from '@rd/contract';
import { AppError } from '../http/appError.js';
import { cellValue } from './cellValue.js';
import { IMPORT_TEXTS, columnForHeader, type ImportColumn } from './columns.js';
import type { ImportErrors } from './importErrors.js';
import { xlsRows } from './xls/xlsRows.js';
import { sheetRows, type SheetRow } from './xlsx/sheetReader.js';
import { UnreadableWorkbook } from './xlsx/unreadableWorkbook.js';

export type RowValues<K extends string> = Partial<Record<K, string | number>>;

/** Where each column of the area sits in the file (1-based), and the way back from a field to its column. */
export interface SheetLayout<K extends string> {
  indexOf: Map<K, number>;
  columnOf: Map<K, ImportColumn<K>>;
}

/** An uploaded workbook: .xlsx (Office Open XML) or .xls (Excel 97–2003), as its content says. */
export interface Spreadsheet {
  bytes: Buffer;
  kind: 'xlsx' | 'xls';
}

export interface ReadOptions<K extends string> {
  file: Spreadsheet;
  columns: readonly ImportColumn<K>[];
  maxRows: number;
  lang: Lang;
  errors: ImportErrors;
  /** The template's example row: row 2 when this column holds one of these values; it is not data. */
  exampleRow?: { key: K; values: readonly string[] };
  /** Called for each data row whose cells could all be read. */
  onRow: (row: number, values: RowValues<K>, layout: SheetLayout<K>) => void;
}

function layoutOf<K extends string>(columns: readonly ImportColumn<K>[], header: unknown[], lang: Lang): SheetLayout<K> {
  const indexOf = new Map<K, number>();
  header.forEach((cell, i) => {
    if (typeof cell !== 'string' && !(typeof cell === 'object' && cell !== null && 'richText' in cell)) return;
    const text = typeof cell === 'string' ? cell : (cell as { richText: Array<{ text: string }> }).richText.map((r) => r.text).join('');
    const column = columnForHeader(columns, text);
    if (column && !indexOf.has(column.key)) indexOf.set(column.key, i + 1);
  });
  const missing = columns.filter((c) => c.required && !indexOf.has(c.key)).map((c) => c[lang]);
  if (missing.length) throw new AppError('IMPORT_NOT_TEMPLATE', { columns: missing.join(listSeparator(lang)) });
  return { indexOf, columnOf: new Map(columns.map((c) => [c.key, c])) };
}

function isExampleRow<K extends string>(number: number, cells: unknown[], layout: SheetLayout<K>, example: ReadOptions<K>['exampleRow']): boolean {
  if (number !== 2 || !example) return false;
  const at = layout.indexOf.get(example.key);
  const cell = at === undefined ? undefined : cells[at - 1];
  return typeof cell === 'string' && example.values.includes(cell);
}

/**
 * The sheet's rows; a file that passed the upload checks but does not read as a workbook (a damaged
 * entry, XML that does not parse, another kind of zip, a BIFF file SheetJS cannot take) is answered as a
 * damaged upload. An .xls is read whole by its worker, at most the rows an import may hold.
 */
async function* readableRows(file: Spreadsheet, maxRows: number, lang: Lang): AsyncGenerator<SheetRow> {
  try {
    // the header, the example row and one row more than allowed, so that too many rows are noticed
    yield* file.kind === 'xls' ? xlsRows(file.bytes, maxRows + 3) : sheetRows(file.bytes);
  } catch (error) {
    if (error instanceof UnreadableWorkbook) {
      throw new AppError('UPLOAD_FAILED', { reason: validationMessage('validation.archiveCorrupt', lang) });
    }
    throw error;
  }
}

/**
 * Reads a filled template: the first row names the columns (either language, any order), then every
 * non-empty row is turned into values by the columns' kinds. Unreadable cells and formulas are
 * recorded as problems of their row and column; rows past `maxRows` stop the import at once.
 * Answers the number of data rows.
 */
export async function readImportSheet<K extends string>(options: ReadOptions<K>): Promise<number> {
  const { columns, lang, errors } = options;
  const texts = IMPORT_TEXTS[lang];
  let layout: SheetLayout<K> | null = null;
  let rowCount = 0;
  for await (const { number, cells } of readableRows(options.file, options.maxRows, lang)) {
    if (!layout) {
      layout = layoutOf(columns, cells, lang);
      continue;
    }
    if (isExampleRow(number, cells, layout, options.exampleRow)) continue;
    rowCount += 1;
    if (rowCount > options.maxRows) throw new AppError('IMPORT_TOO_MANY_ROWS', { max: options.maxRows });
    const values: RowValues<K> = {};
    let readable = true;
    for (const column of columns) {
      const index = layout.indexOf.get(column.key);
      if (index === undefined) continue;
      const result = cellValue(cells[index - 1], column.kind);
      if ('problem' in result) {
        readable = false;
        errors.add(number, index, column, result.problem === 'formula' ? validationMessage('validation.formula', lang) : texts.badCell);
      } else if (result.value !== undefined) {
        values[column.key] = result.value;
      }
    }
    if (readable) options.onRow(number, values, layout);
  }
  if (rowCount === 0) throw new AppError('IMPORT_EMPTY');
  return rowCount;
}

/** Schema problems of one row, each put on the column of its field (a field without one: on the row). */
export function addFieldErrors<K extends string>(
  errors: ImportErrors,
  row: number,
  fieldErrors: readonly FieldError[],
  layout: SheetLayout<K>,
): void {
  for (const e of fieldErrors) {
    const key = e.field.split('.')[0] as K;
    errors.add(row, layout.indexOf.get(key) ?? 0, layout.columnOf.get(key) ?? null, e.message);
  }
}
