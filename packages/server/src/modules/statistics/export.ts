import type { Readable } from 'node:stream';
import type { Lang, ScanRecordFilters } from '@rd/contract';
import { placeNames } from '@rd/contract/places';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { businessClock } from '../../platform/export/businessClock.js';
import { xlsxStream, type XlsxColumn } from '../../platform/export/xlsx.js';
import type { CompanyScope } from './counts.js';
import { exportedRecords, type RecordRow } from './records.js';
import { CLIENT_TYPE_LABELS, RECORD_EXPORT_TEXTS, SOURCE_LABELS, VERDICT_LABELS } from './texts.js';

function columns(lang: Lang, timeZone: string): XlsxColumn<RecordRow>[] {
  const t = RECORD_EXPORT_TEXTS[lang];
  const clock = businessClock(timeZone);
  return [
    { header: t.scannedAt, width: 20, value: (r) => clock.dateTime(r.scannedAt) },
    { header: t.code, width: 30, text: true, value: (r) => r.code },
    { header: t.productName, width: 20, value: (r) => r.productName },
    { header: t.batchNo, width: 16, text: true, value: (r) => r.batchNo },
    { header: t.verdict, width: 14, value: (r) => (r.verdict ? VERDICT_LABELS[lang][r.verdict] : '') },
    { header: t.scanSeq, width: 10, value: (r) => r.scanSeq },
    { header: t.suspicious, width: 8, value: (r) => (r.suspicious ? t.yes : t.no) },
    { header: t.source, width: 12, value: (r) => SOURCE_LABELS[lang][r.source] },
    { header: t.clientType, width: 12, value: (r) => CLIENT_TYPE_LABELS[lang][r.clientType] },
    { header: t.os, width: 12, value: (r) => r.os },
    { header: t.ip, width: 18, value: (r) => r.ip },
    // the place in the file's language (Intranet, Guangdong, Shenzhen), its area code as it is
    { header: t.country, width: 10, value: (r) => placeNames(r, lang).country },
    { header: t.province, width: 12, value: (r) => placeNames(r, lang).province },
    { header: t.city, width: 12, value: (r) => placeNames(r, lang).city },
    { header: t.isp, width: 10, value: (r) => r.isp },
    { header: t.areaCode, width: 10, text: true, value: (r) => r.areaCode },
  ];
}

/** The filtered scan records as an .xlsx stream, newest first, with its file name (扫码记录-20260131.xlsx). */
export function recordExport(
  db: Kysely<DB>,
  scope: CompanyScope,
  filters: ScanRecordFilters,
  lang: Lang,
  timeZone: string,
  onError: (error: unknown) => void,
): { stream: Readable; fileName: string } {
  const stream = xlsxStream({
    sheetName: RECORD_EXPORT_TEXTS[lang].sheetName,
    columns: columns(lang, timeZone),
    rows: exportedRecords(db, scope, filters, timeZone),
    onError,
  });
  return { stream, fileName: `${RECORD_EXPORT_TEXTS[lang].fileName}-${businessClock(timeZone).dateStamp()}.xlsx` };
}
