import { localName, readXml, xmlParser } from './xmlFeed.js';
import type { WorkbookZip, ZipEntry } from './zipEntries.js';

/**
 * Which cell styles show a number as a date. A date in a sheet is a plain number (days since 1900 or 1904)
 * in a cell whose style (`s`, an index into styles.xml's cellXfs) has a date or time number format: one of
 * Excel's built-in ones by id, or a custom format code. This is the rule exceljs applied, so files read
 * as they did before.
 */

/** The built-in formats that are dates or times (14–22; 27–36, 50–58 East Asian dates; 45–47 times). */
const BUILT_IN_DATE_IDS = new Set([
  ...range(14, 22),
  ...range(27, 36),
  ...range(45, 47),
  ...range(50, 58),
]);

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * A custom format code is a date when a date or time letter is left once quoted text ("年"), bracketed
 * parts ([Red], [$-404], [h]), escaped characters (\d) and spacing/fill characters (_x, *x) are taken out.
 * 'b' is the Buddhist-era year; 'E' of scientific notation and 'General' do not count.
 */
export function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^\]]*]/g, '')
    .replace(/[\\_*]./g, '')
    .replace(/General/gi, '');
  return /[dmyhsb]/i.test(bare);
}

/** The indices of the cell styles that are dates, from styles.xml. */
export async function dateStyles(zip: WorkbookZip, entry: ZipEntry | undefined): Promise<Set<number>> {
  const dates = new Set<number>();
  if (!entry) return dates;
  const customCodes = new Map<number, string>();
  const styleFormats: number[] = [];
  let inCellXfs = false;
  const parser = xmlParser();
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'numFmt') customCodes.set(Number(tag.attributes.numFmtId), String(tag.attributes.formatCode ?? ''));
    else if (name === 'cellXfs') inCellXfs = true;
    else if (name === 'xf' && inCellXfs) styleFormats.push(Number(tag.attributes.numFmtId ?? 0));
  });
  parser.on('closetag', (tag) => {
    if (localName(tag.name) === 'cellXfs') inCellXfs = false;
  });
  await readXml(zip, entry, parser);
  styleFormats.forEach((formatId, index) => {
    const code = customCodes.get(formatId);
    if (code === undefined ? BUILT_IN_DATE_IDS.has(formatId) : isDateFormatCode(code)) dates.add(index);
  });
  return dates;
}
