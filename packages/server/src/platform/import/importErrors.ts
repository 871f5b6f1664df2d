import { IMPORT_ERRORS_MAX, type ImportError, type Lang } from '@rd/contract';
import { columnLetter, type ImportColumn } from './columns.js';

interface Found {
  row: number;
  /** 1-based sheet column; 0 when the problem is the row's as a whole. */
  columnIndex: number;
  column: ImportColumn | null;
  message: string;
}

const byPlace = (a: Found, b: Found) => a.row - b.row || a.columnIndex - b.columnIndex;

/**
 * The problems of one import: every one is counted, the first IMPORT_ERRORS_MAX in sheet order are kept.
 * Problems come in two passes (the rows as read, then the checks against the database), each in row
 * order; keeping the first N of each and merging gives the first N of all.
 */
export class ImportErrors {
  private readonly kept: Found[] = [];
  private total = 0;
  private keptThisPass = 0;

  constructor(private readonly cap = IMPORT_ERRORS_MAX) {}

  add(row: number, columnIndex: number, column: ImportColumn | null, message: string): void {
    this.total += 1;
    if (this.keptThisPass >= this.cap) return;
    this.keptThisPass += 1;
    this.kept.push({ row, columnIndex, column, message });
  }

  /** The next problems come from another pass, again in row order. */
  nextPass(): void {
    this.keptThisPass = 0;
  }

  get count(): number {
    return this.total;
  }

  list(lang: Lang): ImportError[] {
    return this.kept
      .sort(byPlace)
      .slice(0, this.cap)
      .map((e) => ({
        row: e.row,
        column: e.column ? e.column[lang] : '',
        columnLetter: e.columnIndex > 0 ? columnLetter(e.columnIndex) : '',
        message: e.message,
      }));
  }
}
