import type { Lang } from '@rd/contract';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { businessClock } from '../../platform/export/businessClock.js';
import { xlsxStream, type XlsxColumn } from '../../platform/export/xlsx.js';
import { notFound } from '../../platform/http/appError.js';
import { ownCompany } from '../product/ownCompany.js';
import { boundCodes, findBatch, type BoundCode } from './store.js';
import { CODE_STATUS_LABELS, EXPORT_TEXTS } from './texts.js';

function columns(lang: Lang, timeZone: string): XlsxColumn<BoundCode>[] {
  const t = EXPORT_TEXTS[lang];
  const clock = businessClock(timeZone);
  return [
    { header: t.code, width: 32, text: true, value: (c) => c.code },
    { header: t.status, width: 12, value: (c) => CODE_STATUS_LABELS[lang][c.status] ?? c.status },
    { header: t.activatedAt, width: 20, value: (c) => clock.dateTime(c.activated_at) },
  ];
}

/**
 * The codes bound to one of the company's batches as an .xlsx stream, in the order they were made, with
 * the file name to send it under (`<batch number>-标签.xlsx`). The batch is looked up before the stream
 * starts, so another company's batch is still a NOT_FOUND answer.
 */
export async function batchCodeExport(
  db: Kysely<DB>,
  principal: Principal,
  batchId: string,
  lang: Lang,
  timeZone: string,
  onError: (error: unknown) => void,
) {
  const companyId = ownCompany(principal);
  const batch = await findBatch(db, companyId, batchId);
  if (!batch) throw notFound();
  const stream = xlsxStream({
    sheetName: EXPORT_TEXTS[lang].sheetName,
    columns: columns(lang, timeZone),
    rows: boundCodes(db, companyId, batch.id),
    onError,
  });
  // Batch numbers may hold / and other characters that file names cannot: they become _.
  const name = batch.batch_no.replace(/[\\/:*?"<>|]/g, '_');
  return { stream, fileName: `${name}-${EXPORT_TEXTS[lang].fileSuffix}.xlsx` };
}
