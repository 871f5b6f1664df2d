import type { Readable } from 'node:stream';
import type { CodeFileFormat } from '@rd/contract';
import { CSV_CONTENT_TYPE } from '../../platform/export/csv.js';
import { XLSX_CONTENT_TYPE, xlsxStream } from '../../platform/export/xlsx.js';
import type { LabelContent } from './labelContent.js';
import type { DownloadTexts } from './texts.js';

export const CODE_FILE_TYPES: Record<CodeFileFormat, string> = {
  csv: CSV_CONTENT_TYPE,
  txt: 'text/plain; charset=utf-8',
  xlsx: XLSX_CONTENT_TYPE,
};

/** What every file of a job's codes is written from (the codes themselves come in the format's own way). */
export interface CodeFileInput {
  labelOf: (code: string) => LabelContent;
  /** The hidden-code column is there only when the rule prints hidden codes. */
  withHidden: boolean;
  texts: DownloadTexts;
  onError: (error: unknown) => void;
}

/** The cells of one code's line or row, in the columns' order. */
export function cellsOf(label: LabelContent, withHidden: boolean): string[] {
  return withHidden ? [label.code, label.url, label.hidden] : [label.code, label.url];
}

async function* labelsOf(batches: AsyncIterable<string[]>, labelOf: (code: string) => LabelContent): AsyncGenerator<LabelContent> {
  for await (const codes of batches) for (const code of codes) yield labelOf(code);
}

/** A job's codes as an XLSX stream, written while they are read (CSV and TXT: codeLines.ts). */
export function codeSheet(input: CodeFileInput & { batches: AsyncIterable<string[]> }): Readable {
  const { texts } = input;
  return xlsxStream<LabelContent>({
    sheetName: texts.sheetName,
    columns: [
      { header: texts.code, width: 28, text: true, value: (l) => l.code },
      { header: texts.url, width: 64, value: (l) => l.url },
      ...(input.withHidden ? [{ header: texts.hidden, width: 12, text: true, value: (l: LabelContent) => l.hidden }] : []),
    ],
    rows: labelsOf(input.batches, input.labelOf),
    onError: input.onError,
  });
}
