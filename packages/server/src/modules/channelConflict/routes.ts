import {
  PERMISSIONS,
  channelConflictFilterSchema,
  channelConflictPageQuerySchema,
  channelConflictRowSchema,
  channelConflictSummarySchema,
  listSeparator,
  pageResultSchema,
} from '@rd/contract';
import { areaName } from '@rd/contract/areas';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { asAttachment } from '../../platform/http/attachment.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { businessClock } from '../../platform/export/businessClock.js';
import { XLSX_CONTENT_TYPE, xlsxStream } from '../../platform/export/xlsx.js';
import { ownCompany } from '../product/ownCompany.js';
import { allConflicts, conflictPage, conflictSummary } from './store.js';
import { CONFLICT_EXPORT_TEXTS } from './texts.js';

const TAGS = ['channelConflict'];

export async function channelConflictRoutes(app: App, { db, config }: AppContext) {
  const timeZone = config.businessTimeZone;

  app.post('/acc/api/channelConflict/pageList', {
    config: { access: { permission: PERMISSIONS.conflictList } },
    schema: {
      tags: TAGS,
      summary: 'Channel-conflict alerts, newest first, by dealer, product, batch, scan area and day',
      body: channelConflictPageQuerySchema,
      response: { 200: envelope(pageResultSchema(channelConflictRowSchema)) },
    },
    handler: async (request) => ok(request, await conflictPage(db, ownCompany(currentPrincipal(request)), request.body, timeZone)),
  });

  app.post('/acc/api/channelConflict/summary', {
    config: { access: { permission: PERMISSIONS.conflictList } },
    schema: {
      tags: TAGS,
      summary: 'Alerts counted by the province scanned in and by dealer (the map and the per-dealer view)',
      body: channelConflictFilterSchema,
      response: { 200: envelope(channelConflictSummarySchema) },
    },
    handler: async (request) => ok(request, await conflictSummary(db, ownCompany(currentPrincipal(request)), request.body, timeZone)),
  });

  app.post('/acc/api/channelConflict/export', {
    config: { access: { permission: PERMISSIONS.conflictExport }, audit: { module: 'channelConflict', action: 'EXPORT' } },
    schema: { tags: TAGS, summary: 'The matching alerts as an .xlsx file, newest first, streamed', body: channelConflictFilterSchema },
    handler: async (request, reply) => {
      const companyId = ownCompany(currentPrincipal(request));
      const lang = requestLang(request);
      const t = CONFLICT_EXPORT_TEXTS[lang];
      const clock = businessClock(timeZone);
      type Row = Awaited<ReturnType<typeof conflictPage>>['list'][number];
      const stream = xlsxStream<Row>({
        sheetName: t.sheetName as string,
        columns: [
          { header: t.scannedAt as string, width: 20, value: (r) => clock.dateTime(r.scannedAt) },
          { header: t.code as string, width: 20, text: true, value: (r) => r.code },
          { header: t.productName as string, width: 16, value: (r) => r.productName },
          { header: t.batchNo as string, width: 14, text: true, value: (r) => r.batchNo },
          { header: t.dealerCode as string, width: 12, text: true, value: (r) => r.dealerCode },
          { header: t.dealerName as string, width: 20, value: (r) => r.dealerName },
          { header: t.orderNo as string, width: 18, text: true, value: (r) => r.orderNo },
          { header: t.dealerAreas as string, width: 30, value: (r) => r.dealerAreaCodes.map((c) => areaName(c, lang)).join(listSeparator(lang)) },
          // by the area codes, as the page shows it: Guangdong Shenzhen in English
          { header: t.scanArea as string, width: 20, value: (r) => areaName(r.scanCityCode || r.scanAreaCode, lang) },
          { header: t.locatedBy as string, width: 12, value: (r) => (r.locatedBy === 'POSITION' ? t.byPosition : t.byIp) as string },
          { header: t.ip as string, width: 16, value: (r) => r.ip },
        ],
        rows: allConflicts(db, companyId, request.body, timeZone),
        onError: (error) => request.log.error({ err: error }, 'channel-conflict export failed after it started'),
      });
      return asAttachment(reply, `${t.fileName}-${clock.dateStamp()}.xlsx`, XLSX_CONTENT_TYPE).send(stream);
    },
  });
}
