import type { Lang } from '@rd/contract';

/**
 * The columns of an import template, in sheet order. The same list writes the template's header,
 * example row, widths and validations, and reads a filled file back: headers are matched by either
 * language, so a file made in Chinese imports under English and the other way round.
 */
export type ColumnKind = 'text' | 'date' | 'integer';

export interface ImportColumn<K extends string = string> {
  key: K;
  zh_CN: string;
  en_US: string;
  required: boolean;
  kind: ColumnKind;
  /** Width in characters. */
  width: number;
  /** The example row's value. */
  example: string | number;
}

/** The header cell: both languages, required columns marked with *. */
export function headerText(column: ImportColumn): string {
  const mark = column.required ? '*' : '';
  return `${column.zh_CN}${mark}\n${column.en_US}${mark}`;
}

/** A header as read back: blanks and * dropped, lower case, each line on its own. */
function headerParts(text: string): string[] {
  const whole = text.replace(/\*/g, '').trim().toLowerCase();
  return [whole, ...whole.split(/\r?\n/)].map((part) => part.replace(/\s+/g, ''));
}

const plain = (label: string) => label.toLowerCase().replace(/\s+/g, '');

/** The column a header cell names, or undefined. */
export function columnForHeader<C extends ImportColumn>(columns: readonly C[], text: string): C | undefined {
  const parts = headerParts(text);
  return columns.find((c) => parts.includes(plain(c.zh_CN)) || parts.includes(plain(c.en_US)));
}

/** Spreadsheet column letters: 1 → A, 27 → AA. */
export function columnLetter(index: number): string {
  let n = index;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Texts every import template and import answer shares, in the reader's language. */
export const IMPORT_TEXTS = {
  zh_CN: {
    listSheet: 'lists',
    duplicateInFile: '与第 {row} 行重复',
    chooseFromList: '请从下拉列表中选择：{values}',
    pickFromList: '请从下拉列表中选择',
    dateHint: '日期，格式 yyyy-mm-dd',
    badCell: '单元格内容无法识别',
  },
  en_US: {
    listSheet: 'lists',
    duplicateInFile: 'Repeats row {row}',
    chooseFromList: 'Choose one from the list: {values}',
    pickFromList: 'Choose one from the list',
    dateHint: 'A date, written yyyy-mm-dd',
    badCell: 'The cell cannot be read',
  },
} as const satisfies Record<Lang, Record<string, string>>;

