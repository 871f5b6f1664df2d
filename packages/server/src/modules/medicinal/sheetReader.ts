import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/** One non-empty row of the data sheet: its number as Excel shows it and its cells (index 0 = column A). */
export interface SheetRow {
  number: number;
  cells: unknown[];
}

/**
 * The rows of the first worksheet of an .xlsx, read as a stream: the zip is inflated entry by entry and
 * each row is handed over as it is parsed, so a 100,000-row file never exists as a workbook in memory.
 * Formulas are not evaluated: a formula cell comes as { formula, result } and the caller refuses it.
 * Empty rows are left out. Other sheets (the template's hidden lists) are read past.
 */
export async function* sheetRows(bytes: Buffer): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // styles tell which numbers are dates
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let first = true;
  for await (const worksheet of reader) {
    if (!first) {
      for await (const _row of worksheet) void _row;
      continue;
    }
    first = false;
    for await (const row of worksheet) {
      // row.values is 1-based (index 0 unused) and sparse
      const values = row.values as unknown[];
      const cells = values.slice(1);
      if (cells.some((v) => v !== null && v !== undefined && v !== '')) yield { number: row.number, cells };
    }
  }
}
