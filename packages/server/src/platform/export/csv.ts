import { neutraliseCell, type CellValue } from './xlsx.js';

/**
 * CSV text for spreadsheet programs: a UTF-8 byte order mark so Excel reads Chinese correctly, CRLF line
 * ends (RFC 4180), and every text cell neutralised like the .xlsx exports, so a value starting with = + - @
 * opens as text, never as a formula.
 */

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
export const UTF8_BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: neutralised, then quoted when it holds a quote, comma or line break. */
export function csvCell(value: CellValue): string {
  const safe = neutraliseCell(value);
  if (safe === null || safe === undefined) return '';
  const text = safe instanceof Date ? safe.toISOString() : String(safe);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, ended by CRLF. */
export function csvLine(values: readonly CellValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
