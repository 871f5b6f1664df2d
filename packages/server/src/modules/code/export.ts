import { Readable } from 'node:stream';
import type { CodeExportFormat, CodeFilters, CodeStatusValue, Lang } from '@rd/contract';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { businessClock } from '../../platform/export/businessClock.js';
import { csvLine, CSV_CONTENT_TYPE, UTF8_BOM } from '../../platform/export/csv.js';
import { XLSX_CONTENT_TYPE, xlsxStream, type XlsxColumn } from '../../platform/export/xlsx.js';
import { codeUrl } from '../rule/codeMaker.js';
import { exportedCodes, type ExportedCode } from './store.js';
import { codeStatusLabels } from './service.js';
import { CODE_EXPORT_TEXTS } from './texts.js';

export const CODE_EXPORT_TYPES: Record<CodeExportFormat, string> = { csv: CSV_CONTENT_TYPE, xlsx: XLSX_CONTENT_TYPE };

/** 标签明细-20260131.xlsx / Codes-20260131.csv */
export function codeExportFileName(lang: Lang, timeZone: string, format: CodeExportFormat = 'csv', now = new Date()): string {
  return `${CODE_EXPORT_TEXTS[lang].fileName}-${businessClock(timeZone).dateStamp(now)}.${format}`;
}

/** The columns of both formats: codes and ids as text, so a spreadsheet keeps them as they are. */
function columns(lang: Lang, statusLabels: Record<CodeStatusValue, string>, publicBaseUrl: string, timeZone: string): XlsxColumn<ExportedCode>[] {
  const t = CODE_EXPORT_TEXTS[lang];
  const clock = businessClock(timeZone);
  return [
    { header: t.code, width: 28, text: true, value: (c) => c.code },
    { header: t.status, width: 10, value: (c) => statusLabels[c.status] },
    { header: t.ruleName, width: 16, value: (c) => c.ruleName },
    { header: t.recordId, width: 38, text: true, value: (c) => c.recordId },
    { header: t.serial, width: 12, text: true, value: (c) => c.serial ?? '' },
    { header: t.productId, width: 38, text: true, value: (c) => c.productId ?? '' },
    { header: t.batchId, width: 38, text: true, value: (c) => c.batchId ?? '' },
    { header: t.createdAt, width: 20, value: (c) => clock.dateTime(c.createdAt) },
    { header: t.activatedAt, width: 20, value: (c) => clock.dateTime(c.activatedAt) },
    { header: t.voidedAt, width: 20, value: (c) => clock.dateTime(c.voidedAt) },
    { header: t.voidReason, width: 24, value: (c) => c.voidReason },
    { header: t.url, width: 60, value: (c) => codeUrl(publicBaseUrl, c.code, { urlForm: c.urlForm, gtin: c.gtin, batchNo: c.batchNo }) },
  ];
}

/**
 * The codes matching the list's filters, in creation order, written page by page as they are read: an
 * .xlsx for people (codes as text cells) or a CSV for other systems. Hidden codes are never exported
 * here: they appear only in a job's downloads, for printing.
 */
export async function codeExport(
  db: Kysely<DB>,
  principal: Principal,
  lang: Lang,
  publicBaseUrl: string,
  timeZone: string,
  filters: CodeFilters,
  format: CodeExportFormat = 'csv',
): Promise<Readable> {
  const cols = columns(lang, await codeStatusLabels(db, lang), publicBaseUrl, timeZone);
  if (format === 'xlsx') {
    async function* rows() {
      for await (const page of exportedCodes(db, principal, filters)) yield* page;
    }
    return xlsxStream({ sheetName: CODE_EXPORT_TEXTS[lang].fileName, columns: cols, rows: rows() });
  }
  async function* chunks() {
    yield Buffer.from(UTF8_BOM + csvLine(cols.map((c) => c.header)));
    for await (const page of exportedCodes(db, principal, filters)) {
      yield Buffer.from(page.map((row) => csvLine(cols.map((c) => c.value(row)))).join(''));
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
