import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { lazyPackage } from '../lazyPackage.js';

/**
 * Spreadsheet exports written as they are read: rows go from an async iterable straight into a zip
 * stream, so a large export never sits in memory as a whole workbook.
 */

/** exceljs, loaded with the first workbook written or read. */
export const exceljs = lazyPackage<typeof ExcelJS>('exceljs');

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type CellValue = string | number | boolean | Date | null | undefined;

export interface XlsxColumn<Row> {
  /** The header text, already in the reader's language. */
  header: string;
  /** Width in characters. */
  width?: number;
  value: (row: Row) => CellValue;
}

// Characters with which a spreadsheet program starts a formula (or, for tab and CR, which some of them
// strip before looking at the next one): see OWASP "CSV injection".
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Makes text that a spreadsheet program would run as a formula show as text: a leading single quote,
 * the same thing a user types in Excel or LibreOffice to enter "=1+1" literally. Numbers, dates and
 * booleans are kept as they are; only text can smuggle a formula in.
 */
export function neutraliseCell(value: CellValue): CellValue {
  if (typeof value === 'string' && FORMULA_START.test(value)) return `'${value}`;
  return value;
}

export interface XlsxSheet<Row> {
  sheetName: string;
  columns: readonly XlsxColumn<Row>[];
  rows: AsyncIterable<Row>;
  /** Filter and sort buttons on the header row, for sheets people sort (a trace report). */
  autoFilter?: boolean;
}

export interface XlsxOptions<Row> extends XlsxSheet<Row> {
  /** Called when producing rows fails after the download has started; the stream is then destroyed. */
  onError?: (error: unknown) => void;
}

/**
 * An .xlsx file as a stream: a bold, frozen header row, then one row per item, every text cell
 * neutralised. Return it from a route after `asAttachment(reply, name, XLSX_CONTENT_TYPE)`.
 */
export function xlsxStream<Row>(options: XlsxOptions<Row>): Readable {
  return xlsxSheetsStream([options], options.onError);
}

/**
 * Several sheets in one .xlsx stream, written one after the other (each is committed before the next
 * starts, so only the sheet being written holds rows in memory).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each sheet has rows of its own type
export function xlsxSheetsStream(sheets: ReadonlyArray<XlsxSheet<any>>, onError?: (error: unknown) => void): Readable {
  const out = new PassThrough();
  const workbook = new (exceljs().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: true, useSharedStrings: false });

  const write = async () => {
    for (const options of sheets) {
      const sheet = workbook.addWorksheet(options.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = options.columns.map((column, i) => ({ key: `c${i}`, width: column.width ?? 16 }));
      if (options.autoFilter) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: options.columns.length } };
      const header = sheet.addRow(options.columns.map((c) => neutraliseCell(c.header)));
      header.font = { bold: true };
      header.commit();
      for await (const item of options.rows) {
        sheet.addRow(options.columns.map((c) => neutraliseCell(c.value(item)))).commit();
      }
      sheet.commit();
    }
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    onError?.(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
