import { PassThrough, Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';

/** One non-empty row of the data sheet: its number as Excel shows it and its cells (index 0 = column A). */
export interface SheetRow {
  number: number;
  cells: unknown[];
}

/** UTF-8 text out of byte chunks, characters split across two chunks joined again. */
async function* utf8Text(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

type ReaderInternals = {
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string): Generator<unknown>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
};
const base = ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as ReaderInternals;

/**
 * exceljs 4.4's streaming reader decodes every chunk of a sheet's XML on its own, so a Chinese
 * character whose three bytes straddle two chunks comes out as "�" (国药准字 read as 国药��字 now and
 * then in a large file). This reader hands the parser text decoded across chunk boundaries instead.
 */
class Utf8WorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string) {
    return base._parseWorksheet.call(this, utf8Text(iterator), sheetNo);
  }

  _parseSharedStrings(entry: Readable) {
    const text = entry.pipe(new PassThrough());
    text.setEncoding('utf8');
    return base._parseSharedStrings.call(this, text);
  }
}

/**
 * The rows of the first visible worksheet of an .xlsx, read as a stream: the zip is inflated entry by
 * entry and each row is handed over as it is parsed, so a 100,000-row file never exists as a workbook
 * in memory. Formulas are not evaluated: a formula cell comes as { formula, result } and the caller
 * refuses it. Empty rows are left out. Hidden sheets (the template's lists) and later sheets are read past.
 */
export async function* sheetRows(bytes: Buffer): AsyncGenerator<SheetRow> {
  const reader = new Utf8WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // styles tell which numbers are dates
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let done = false;
  for await (const worksheet of reader) {
    const state = (worksheet as unknown as { state?: string }).state;
    if (done || state === 'hidden' || state === 'veryHidden') {
      for await (const _row of worksheet) void _row;
      continue;
    }
    done = true;
    for await (const row of worksheet) {
      // row.values is 1-based (index 0 unused) and sparse
      const cells = (row.values as unknown[]).slice(1);
      if (cells.some((v) => v !== null && v !== undefined && v !== '')) yield { number: row.number, cells };
    }
  }
}
