import type { SaxesParser } from 'saxes';
import { StringItem } from './sharedStrings.js';
import { UnreadableWorkbook } from './unreadableWorkbook.js';
import { workbookParts, type WorkbookParts } from './workbookParts.js';
import { feedXml, localName, xmlParser } from './xmlFeed.js';
import { zipDirectory } from './zipEntries.js';

/** One non-empty row of the data sheet: its number as Excel shows it and its cells (index 0 = column A). */
export interface SheetRow {
  number: number;
  cells: unknown[];
}

/** A cell with a formula (shared formulas included), whatever result the file caches for it: the import refuses it. */
export interface FormulaCell {
  formula: string;
}

/** A cell holding an error value such as #N/A. */
export interface ErrorCell {
  error: string;
}

// XFD, Excel's last column
const MAX_COLUMNS = 16_384;
// Excel's day 0 is 1899-12-30 (the 1900 leap-year bug included); 25569 is 1970-01-01. The 1904 system
// counts from 1904-01-01, 1462 days later.
const EXCEL_EPOCH_OFFSET = 25_569;
const DATE_1904_SHIFT = 1_462;
const DAY_MS = 86_400_000;

/** The 0-based column of a reference such as "AB12" (-1 when it has no letters). */
function columnOf(ref: string): number {
  let column = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const code = ref.charCodeAt(i) & ~0x20; // upper case
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
  }
  return i === 0 ? -1 : column - 1;
}

/** A t="d" cell holds an ISO 8601 text; one without a zone is the wall-clock time written, kept as UTC like the serials. */
function isoDate(text: string): Date {
  const zoned = !text.includes('T') || /(Z|[+-]\d\d:?\d\d)$/.test(text);
  return new Date(zoned ? text : `${text}Z`);
}

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * A parser for a worksheet's XML that hands over each non-empty row of <sheetData>, its cells made into
 * what cellValue.ts reads: text (shared, inline or a formula's text result), numbers, booleans, dates (a
 * number in a date-styled cell, or a t="d" cell), { formula } for any cell with an <f> (a shared
 * formula's followers included, even with a cached <v>), { error } for #N/A and the like. Blank cells
 * stay undefined.
 */
function rowParser(parts: WorkbookParts, onRow: (row: SheetRow) => void): SaxesParser {
  const parser = xmlParser();
  const inline = new StringItem();
  let inSheetData = false;
  let inRow = false;
  let inCell = false;
  let inInline = false;
  let rowNumber = 0;
  let cells: unknown[] = [];
  let column = -1;
  let ref = '';
  let type = 'n';
  let style = 0;
  let value = '';
  let formula: string | null = null;
  let capture: 'v' | 'f' | null = null;

  const cellContent = (): unknown => {
    if (formula !== null) return { formula } satisfies FormulaCell;
    switch (type) {
      case 's': {
        if (value === '') return undefined;
        const text = parts.sharedStrings[Number(value)];
        if (text === undefined) throw new UnreadableWorkbook(`cell ${ref} points to shared string ${value}, which does not exist`);
        return text;
      }
      case 'str':
      case 'inlineStr':
        return value;
      case 'b':
        return value === '' ? undefined : value === '1' || value === 'true';
      case 'e':
        return { error: value } satisfies ErrorCell;
      case 'd':
        return value === '' ? undefined : isoDate(value);
      default: {
        if (value.trim() === '') return undefined;
        const number = Number(value);
        if (!parts.dateStyles.has(style)) return number;
        return new Date(Math.round((number - EXCEL_EPOCH_OFFSET + (parts.date1904 ? DATE_1904_SHIFT : 0)) * DAY_MS));
      }
    }
  };

  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (inInline) return inline.open(name);
    const attributes = tag.attributes as Record<string, string | undefined>;
    switch (name) {
      case 'sheetData':
        inSheetData = true;
        break;
      case 'row':
        if (!inSheetData) break;
        inRow = true;
        rowNumber = attributes.r ? Number(attributes.r) : rowNumber + 1;
        cells = [];
        column = -1;
        break;
      case 'c':
        if (!inRow) break;
        inCell = true;
        ref = attributes.r ?? '';
        column = ref ? columnOf(ref) : column + 1;
        if (column < 0 || column >= MAX_COLUMNS) throw new UnreadableWorkbook(`cell reference "${ref}" is outside the sheet`);
        type = attributes.t ?? 'n';
        style = attributes.s ? Number(attributes.s) : 0;
        value = '';
        formula = null;
        break;
      case 'v':
        if (inCell) capture = 'v';
        break;
      case 'f':
        if (!inCell) break;
        formula = '';
        capture = 'f';
        break;
      case 'is':
        if (!inCell) break;
        inInline = true;
        inline.start();
        break;
    }
  });

  const onText = (text: string) => {
    if (capture === 'v') value += text;
    else if (capture === 'f') formula += text;
    else if (inInline) inline.add(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (inInline) {
      if (name !== 'is') return inline.close(name);
      inInline = false;
      value = inline.value();
      return;
    }
    switch (name) {
      case 'v':
      case 'f':
        capture = null;
        break;
      case 'c': {
        if (!inCell) break;
        inCell = false;
        const content = cellContent();
        if (content !== undefined) cells[column] = content;
        break;
      }
      case 'row':
        if (!inRow) break;
        inRow = false;
        if (cells.some(filled)) onRow({ number: rowNumber, cells });
        break;
      case 'sheetData':
        inSheetData = false;
        break;
    }
  });
  return parser;
}

/**
 * The rows of the first visible worksheet of an .xlsx, read as a stream: the zip's directory says where
 * each part is, the small parts (workbook, styles, shared strings) are read first, then the sheet is
 * inflated and parsed a chunk at a time and its rows handed over as they come, so neither the sheet's XML
 * nor a row object per row is ever held whole. Formulas are not evaluated (see FormulaCell). Empty rows
 * are left out. Hidden sheets (the template's lists) and later sheets are not read at all; a caller that
 * stops early (too many rows, not the template) leaves nothing behind.
 */
export async function* sheetRows(bytes: Buffer): AsyncGenerator<SheetRow> {
  const zip = await zipDirectory(bytes);
  try {
    const parts = await workbookParts(zip);
    if (!parts.sheet) return;
    const ready: SheetRow[] = [];
    const parser = rowParser(parts, (row) => ready.push(row));
    for await (const _ of feedXml(zip, parts.sheet, parser)) {
      for (const row of ready) yield row;
      ready.length = 0;
    }
    yield* ready;
  } finally {
    zip.file.close();
  }
}
