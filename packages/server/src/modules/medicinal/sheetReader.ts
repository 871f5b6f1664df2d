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

type Rows = AsyncIterator<ExcelJS.Row>;

async function drain(rows: Rows): Promise<void> {
  while (!(await rows.next()).done);
}

/**
 * Reads what is left of a file after its reader stopped early (too many rows, not the template). exceljs
 * parks a sheet that comes before the shared strings in a temporary file (Excel writes them in that
 * order) and deletes it only once the sheet has been read to its end; abandoning the reader would leave
 * up to the zip limit (100 MB) on disk per refused import. The rest is read in the background, so the
 * answer does not wait for it.
 */
function drainInBackground(current: Rows | null, sheets: AsyncIterator<AsyncIterable<ExcelJS.Row>>): void {
  void (async () => {
    if (current) await drain(current);
    for (let next = await sheets.next(); !next.done; next = await sheets.next()) await drain(next.value[Symbol.asyncIterator]());
  })().catch(() => undefined);
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
  // iterated by hand: a for-await loop left early would end the reader without reading the rest
  const sheets = reader[Symbol.asyncIterator]() as AsyncIterator<AsyncIterable<ExcelJS.Row>>;
  let current: Rows | null = null;
  let finished = false;
  try {
    let chosen = false;
    for (let next = await sheets.next(); !next.done; next = await sheets.next()) {
      const state = (next.value as unknown as { state?: string }).state;
      current = next.value[Symbol.asyncIterator]();
      if (chosen || state === 'hidden' || state === 'veryHidden') {
        await drain(current);
        continue;
      }
      chosen = true;
      for (let row = await current.next(); !row.done; row = await current.next()) {
        // row.values is 1-based (index 0 unused) and sparse
        const cells = (row.value.values as unknown[]).slice(1);
        if (cells.some((v) => v !== null && v !== undefined && v !== '')) yield { number: row.value.number, cells };
      }
    }
    finished = true;
  } finally {
    if (!finished) drainInBackground(current, sheets);
  }
}
