import { Readable } from 'node:stream';
import type { CodeFilters, CodeStatusValue, Lang } from '@rd/contract';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { csvLine, UTF8_BOM } from '../../platform/export/csv.js';
import { businessClock, type BusinessClock } from '../../platform/export/businessClock.js';
import { codeUrl } from '../rule/codeMaker.js';
import { exportedCodes, type ExportedCode } from './store.js';
import { codeStatusLabels } from './service.js';
import { CODE_EXPORT_TEXTS } from './texts.js';

/** 标签明细-20260131.csv / Codes-20260131.csv */
export function codeExportFileName(lang: Lang, timeZone: string, now = new Date()): string {
  return `${CODE_EXPORT_TEXTS[lang].fileName}-${businessClock(timeZone).dateStamp(now)}.csv`;
}

function header(lang: Lang): string {
  const t = CODE_EXPORT_TEXTS[lang];
  return csvLine([
    t.code,
    t.status,
    t.ruleName,
    t.recordId,
    t.serial,
    t.productId,
    t.batchId,
    t.createdAt,
    t.activatedAt,
    t.voidedAt,
    t.voidReason,
    t.url,
  ]);
}

function line(statusLabels: Record<CodeStatusValue, string>, publicBaseUrl: string, clock: BusinessClock, c: ExportedCode): string {
  return csvLine([
    c.code,
    statusLabels[c.status],
    c.ruleName,
    c.recordId,
    c.serial ?? '',
    c.productId ?? '',
    c.batchId ?? '',
    clock.dateTime(c.createdAt),
    clock.dateTime(c.activatedAt),
    clock.dateTime(c.voidedAt),
    c.voidReason,
    codeUrl(publicBaseUrl, c.code, { urlForm: c.urlForm, gtin: c.gtin, batchNo: c.batchNo }),
  ]);
}

/**
 * The codes matching the list's filters as CSV, in creation order, written page by page as they are read.
 * Hidden codes are never exported here: they appear only in a job's downloads, for printing.
 */
export async function codeExport(
  db: Kysely<DB>,
  principal: Principal,
  lang: Lang,
  publicBaseUrl: string,
  timeZone: string,
  filters: CodeFilters,
): Promise<Readable> {
  const statusLabels = await codeStatusLabels(db, lang);
  const clock = businessClock(timeZone);
  async function* chunks() {
    yield Buffer.from(UTF8_BOM + header(lang));
    for await (const rows of exportedCodes(db, principal, filters)) {
      yield Buffer.from(rows.map((c) => line(statusLabels, publicBaseUrl, clock, c)).join(''));
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
