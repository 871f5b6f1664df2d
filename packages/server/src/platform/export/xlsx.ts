import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { lazyPackage } from '../lazyPackage.js';
import { streamedZip, type StreamedEntry } from './streamedZip.js';
import { columnName, STYLE, workbookParts, type WorkbookSheet } from './xlsxParts.js';

/**
 * Spreadsheet exports written as they are read: rows go from an async iterable into the worksheet XML and
 * through deflate into the zip as the client takes the bytes (see streamedZip), so a large export never
 * sits in memory, neither as a workbook nor as unread output.
 *
 * Columns that hold codes (tag codes, hidden codes, dealer codes, order numbers, phone numbers) are TEXT:
 * their cells are strings in a column formatted "@", so Excel and LibreOffice show 00012345678901234567
 * as it is, never as 1.23457E+19 or without its leading zeros, and a value typed into the column later
 * stays text too.
 */

/** exceljs, loaded with the first workbook read (import templates). */
export const exceljs = lazyPackage<typeof ExcelJS>('exceljs');

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows of one worksheet in Excel and LibreOffice (header included). Longer exports go on into more sheets. */
export const XLSX_MAX_ROWS = 1_048_576;

export type CellValue = string | number | boolean | Date | null | undefined;

export interface XlsxColumn<Row> {
  /** The header text, already in the reader's language. */
  header: string;
  /** Width in characters. */
  width?: number;
  /** A column of codes or other digit strings: every value is written as text in a "@" column. */
  text?: boolean;
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

/** Bytes of worksheet XML gathered before they go to the compressor. */
const CHUNK = 64 * 1024;
/** Excel's limit for the text of one cell. */
const CELL_TEXT_MAX = 32_767;
/** Characters XML 1.0 does not allow at all; a value holding one would make the file unreadable. */
// eslint-disable-next-line no-control-regex -- the control characters are what is looked for
const NOT_XML = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;
/** Days from Excel's day 0 (1899-12-30) to 1970-01-01. */
const EPOCH_DAYS = 25569;

export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

function cellXml(ref: string, value: CellValue, text: boolean, style?: number): string {
  const safe = neutraliseCell(value);
  if (safe === null || safe === undefined || safe === '') return '';
  if (typeof safe === 'number' && !text) {
    return Number.isFinite(safe) ? `<c r="${ref}"${style ? ` s="${style}"` : ''}><v>${safe}</v></c>` : '';
  }
  if (typeof safe === 'boolean' && !text) return `<c r="${ref}" t="b"${style ? ` s="${style}"` : ''}><v>${safe ? 1 : 0}</v></c>`;
  if (safe instanceof Date && !text) {
    return Number.isNaN(safe.getTime()) ? '' : `<c r="${ref}" s="${STYLE.dateTime}"><v>${safe.getTime() / 86_400_000 + EPOCH_DAYS}</v></c>`;
  }
  const string = safe instanceof Date ? safe.toISOString() : String(safe);
  const s = style ?? (text ? STYLE.text : 0);
  return `<c r="${ref}" t="inlineStr"${s ? ` s="${s}"` : ''}><is><t xml:space="preserve">${escapeXml(string.slice(0, CELL_TEXT_MAX))}</t></is></c>`;
}

function sheetStart<Row>(sheet: XlsxSheet<Row>): string {
  const cols = sheet.columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 16}" customWidth="1"${c.text ? ` style="${STYLE.text}"` : ''}/>`)
    .join('');
  const header = sheet.columns.map((c, i) => cellXml(`${columnName(i)}1`, c.header, false, STYLE.header)).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>` +
    `<row r="1" s="${STYLE.header}" customFormat="1">${header}</row>`
  );
}

function sheetEnd<Row>(sheet: XlsxSheet<Row>): string {
  const filter = sheet.autoFilter ? `<autoFilter ref="A1:${columnName(sheet.columns.length - 1)}1"/>` : '';
  return `</sheetData>${filter}</worksheet>`;
}

/** Where the rows of one sheet stand while they are spread over its worksheets. */
interface Cursor<Row> {
  iterator: AsyncIterator<Row>;
  current: IteratorResult<Row>;
}

/** One worksheet's XML: the header, then up to `dataRows` rows from the cursor. */
async function* worksheetXml<Row>(sheet: XlsxSheet<Row>, cursor: Cursor<Row>, dataRows: number): AsyncGenerator<Buffer> {
  const letters = sheet.columns.map((_, i) => columnName(i));
  let xml = sheetStart(sheet);
  for (let row = 2; row < dataRows + 2 && !cursor.current.done; row++) {
    const item = cursor.current.value;
    let cells = '';
    for (let i = 0; i < sheet.columns.length; i++) {
      const column = sheet.columns[i] as XlsxColumn<Row>;
      cells += cellXml(`${letters[i]}${row}`, column.value(item), column.text === true);
    }
    xml += `<row r="${row}">${cells}</row>`;
    if (xml.length >= CHUNK) {
      yield Buffer.from(xml, 'utf8');
      xml = '';
    }
    cursor.current = await cursor.iterator.next();
  }
  yield Buffer.from(xml + sheetEnd(sheet), 'utf8');
}

/** "Codes", then "Codes (2)", "Codes (3)", … within Excel's 31 characters and without the characters it refuses. */
export function worksheetName(base: string, part: number): string {
  const clean = base.replace(/[[\]:*?/\\]/g, '_') || 'Sheet';
  if (part === 1) return clean.slice(0, 31);
  const suffix = ` (${part})`;
  return clean.slice(0, 31 - suffix.length) + suffix;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each sheet has rows of its own type
async function* workbookEntries(sheets: ReadonlyArray<XlsxSheet<any>>, maxRows: number): AsyncGenerator<StreamedEntry> {
  const written: WorkbookSheet[] = [];
  for (const sheet of sheets) {
    const iterator = sheet.rows[Symbol.asyncIterator]();
    const cursor: Cursor<unknown> = { iterator, current: await iterator.next() };
    // A sheet always has one worksheet, even with no rows; more while rows are left.
    for (let part = 1; part === 1 || !cursor.current.done; part++) {
      const index = written.length + 1;
      written.push({ name: worksheetName(sheet.sheetName, part), index, autoFilterColumns: sheet.autoFilter ? sheet.columns.length : 0 });
      yield { name: `xl/worksheets/sheet${index}.xml`, content: worksheetXml(sheet, cursor, maxRows - 1) };
    }
  }
  yield* workbookParts(written);
}

/**
 * An .xlsx file as a stream: a bold, frozen header row, then one row per item, every text cell
 * neutralised. Return it from a route after `asAttachment(reply, name, XLSX_CONTENT_TYPE)`.
 */
export function xlsxStream<Row>(options: XlsxOptions<Row>): Readable {
  return xlsxSheetsStream([options], options.onError);
}

/**
 * Several sheets in one .xlsx stream, written one after the other. A sheet of more rows than a worksheet
 * holds goes on in worksheets named "<name> (2)", "<name> (3)", …, each with the header row again.
 * `maxRows` is for tests; exports keep Excel's limit.
 */
export function xlsxSheetsStream(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each sheet has rows of its own type
  sheets: ReadonlyArray<XlsxSheet<any>>,
  onError?: (error: unknown) => void,
  maxRows = XLSX_MAX_ROWS,
): Readable {
  const stream = Readable.from(streamedZip(workbookEntries(sheets, maxRows)), { objectMode: false });
  if (onError) stream.on('error', onError);
  return stream;
}
