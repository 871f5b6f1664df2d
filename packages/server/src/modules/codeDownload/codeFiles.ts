import { Readable } from 'node:stream';
import type { CodeFileFormat } from '@rd/contract';
import { csvLine, CSV_CONTENT_TYPE, UTF8_BOM } from '../../platform/export/csv.js';
import { XLSX_CONTENT_TYPE, xlsxStream } from '../../platform/export/xlsx.js';
import type { LabelContent } from './labelContent.js';
import type { DownloadTexts } from './texts.js';

export const CODE_FILE_TYPES: Record<CodeFileFormat, string> = {
  csv: CSV_CONTENT_TYPE,
  txt: 'text/plain; charset=utf-8',
  xlsx: XLSX_CONTENT_TYPE,
};

export interface CodeFileInput {
  batches: AsyncIterable<string[]>;
  labelOf: (code: string) => LabelContent;
  /** The hidden-code column is there only when the rule prints hidden codes. */
  withHidden: boolean;
  texts: DownloadTexts;
  onError: (error: unknown) => void;
}

function cellsOf(label: LabelContent, withHidden: boolean): string[] {
  return withHidden ? [label.code, label.url, label.hidden] : [label.code, label.url];
}

/** CSV for spreadsheets: BOM, a header row, neutralised cells. */
async function* csvChunks(input: CodeFileInput): AsyncGenerator<Buffer> {
  const { texts, withHidden, labelOf } = input;
  yield Buffer.from(UTF8_BOM + csvLine(withHidden ? [texts.code, texts.url, texts.hidden] : [texts.code, texts.url]));
  for await (const codes of input.batches) {
    let text = '';
    for (const code of codes) text += csvLine(cellsOf(labelOf(code), withHidden));
    yield Buffer.from(text);
  }
}

/** TXT for printing presses: one label per line, fields separated by tabs, no header. */
async function* txtChunks(input: CodeFileInput): AsyncGenerator<Buffer> {
  const { withHidden, labelOf } = input;
  for await (const codes of input.batches) {
    let text = '';
    for (const code of codes) text += `${cellsOf(labelOf(code), withHidden).join('\t')}\r\n`;
    yield Buffer.from(text);
  }
}

async function* labelsOf(input: CodeFileInput): AsyncGenerator<LabelContent> {
  for await (const codes of input.batches) for (const code of codes) yield input.labelOf(code);
}

/** A job's codes as a CSV, TXT or XLSX stream, written while they are read. */
export function codeFile(format: CodeFileFormat, input: CodeFileInput): Readable {
  if (format === 'xlsx') {
    const { texts } = input;
    return xlsxStream<LabelContent>({
      sheetName: texts.sheetName,
      columns: [
        { header: texts.code, width: 28, text: true, value: (l) => l.code },
        { header: texts.url, width: 64, value: (l) => l.url },
        ...(input.withHidden ? [{ header: texts.hidden, width: 12, text: true, value: (l: LabelContent) => l.hidden }] : []),
      ],
      rows: labelsOf(input),
      onError: input.onError,
    });
  }
  const stream = Readable.from(format === 'csv' ? csvChunks(input) : txtChunks(input), { objectMode: false });
  stream.on('error', input.onError);
  return stream;
}
