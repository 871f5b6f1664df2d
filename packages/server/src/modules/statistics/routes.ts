import {
  PERMISSIONS,
  PROVINCES,
  STATISTICS_API,
  areaCountSchema,
  clientTypeCountSchema,
  codeRankSchema,
  pageResultSchema,
  productRankSchema,
  quantityDisplaySchema,
  scanRecordFilterSchema,
  scanRecordPageQuerySchema,
  scanRecordRowSchema,
  scanTrendSchema,
  statRangeSchema,
  statRankingQuerySchema,
  type AreaCount,
} from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { XLSX_CONTENT_TYPE } from '../../platform/export/xlsx.js';
import { asAttachment } from '../../platform/http/attachment.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { recordExport } from './export.js';
import { recordPage } from './records.js';
import { scheduleRollups } from './rollup.js';
import { statScope } from './scope.js';
import { areaCounts, clientTypeCounts, codeRank, productRanking, quantityDisplay, recalledAreaCounts, scanTrend } from './service.js';

const TAGS = ['statistics'];
const STAT = { access: { permission: PERMISSIONS.statisticView }, audit: false } as const;

/** Scan statistics and the scan-record list (spec 7.7, api/scanCodeRecord), per company and date range. */
export async function statisticsRoutes(app: App, { db, config }: AppContext) {
  const ctx = { db, timeZone: config.businessTimeZone };
  const range = (q: { beginDate: string; endDate: string }) => ({ begin: q.beginDate, end: q.endDate });
  const scopeOf = (request: Parameters<typeof currentPrincipal>[0], companyId: string | undefined) =>
    statScope(db, currentPrincipal(request), companyId);

  const rollups = scheduleRollups(db, config.businessTimeZone, config.statsRollupSeconds, (error) =>
    app.log.error({ err: error }, 'statistics rollup step failed'),
  );
  app.addHook('onClose', () => rollups.stop());

  app.post(`${STATISTICS_API}/quantityDisplayList`, {
    config: STAT,
    schema: {
      tags: TAGS,
      summary: 'Key figures: codes issued and activated to date; scans, today’s scans and suspicious scans in the range',
      body: statRangeSchema,
      response: { 200: envelope(quantityDisplaySchema) },
    },
    handler: async (request) =>
      ok(request, await quantityDisplay(ctx, await scopeOf(request, request.body.companyId), range(request.body))),
  });

  app.post(`${STATISTICS_API}/areaScanningCodeList`, {
    config: STAT,
    schema: {
      tags: TAGS,
      summary: 'Scans by province (area code; "" unknown or abroad), most first',
      body: statRangeSchema,
      response: { 200: envelope(z.array(areaCountSchema)) },
    },
    handler: async (request) => ok(request, await areaCounts(ctx, await scopeOf(request, request.body.companyId), range(request.body))),
  });

  /** Every one of the 34 provinces, zeros included, keyed by area code for the China map. */
  const everyProvince = (counted: AreaCount[]) => {
    const byArea = new Map(counted.map((c) => [c.areaCode, c]));
    return PROVINCES.map((p) => byArea.get(p.code) ?? { areaCode: p.code, scans: 0, suspicious: 0 });
  };

  app.get(`${STATISTICS_API}/scanMapList`, {
    config: STAT,
    schema: {
      tags: TAGS,
      summary: 'Scans of each of the 34 provinces, zeros included, keyed by area code for the China map',
      querystring: statRangeSchema,
      response: { 200: envelope(z.array(areaCountSchema)) },
    },
    handler: async (request) =>
      ok(request, everyProvince(await areaCounts(ctx, await scopeOf(request, request.query.companyId), range(request.query)))),
  });

  app.get(`${STATISTICS_API}/recalledScanMapList`, {
    config: STAT,
    schema: {
      tags: TAGS,
      summary: 'Scans of recalled items (under an active recall when scanned) in each of the 34 provinces, zeros included, for the China map',
      querystring: statRangeSchema,
      response: { 200: envelope(z.array(areaCountSchema)) },
    },
    handler: async (request) =>
      ok(request, everyProvince(await recalledAreaCounts(ctx, await scopeOf(request, request.query.companyId), range(request.query)))),
  });

  app.post(`${STATISTICS_API}/weeklyCodeList`, {
    config: STAT,
    schema: {
      tags: TAGS,
      summary: 'Scans by business day and by week (weeks start on Sunday), zeros included',
      body: statRangeSchema,
      response: { 200: envelope(scanTrendSchema) },
    },
    handler: async (request) => ok(request, await scanTrend(ctx, await scopeOf(request, request.body.companyId), range(request.body))),
  });

  app.get(`${STATISTICS_API}/clientTypeList`, {
    config: STAT,
    schema: {
      tags: TAGS,
      summary: 'Scans by client type (WeCom, WeChat, DingTalk, Alipay, QQ, QQ Browser, browser, other)',
      querystring: statRangeSchema,
      response: { 200: envelope(z.array(clientTypeCountSchema)) },
    },
    handler: async (request) =>
      ok(request, await clientTypeCounts(ctx, await scopeOf(request, request.query.companyId), range(request.query))),
  });

  app.post(`${STATISTICS_API}/productRankingList`, {
    config: STAT,
    schema: {
      tags: TAGS,
      summary: 'Products by scans, most first (codes bound to no product under productId null)',
      body: statRankingQuerySchema,
      response: { 200: envelope(z.array(productRankSchema)) },
    },
    handler: async (request) =>
      ok(request, await productRanking(ctx, await scopeOf(request, request.body.companyId), range(request.body), request.body.limit)),
  });

  app.get(`${STATISTICS_API}/scanCodeRankingList`, {
    config: STAT,
    schema: {
      tags: TAGS,
      summary: 'The most scanned codes of the range, most first',
      querystring: statRankingQuerySchema,
      response: { 200: envelope(z.array(codeRankSchema)) },
    },
    handler: async (request) =>
      ok(request, await codeRank(ctx, await scopeOf(request, request.query.companyId), range(request.query), request.query.limit)),
  });

  app.post(`${STATISTICS_API}/pageList`, {
    config: { access: { permission: PERMISSIONS.recordList }, audit: false },
    schema: {
      tags: TAGS,
      summary:
        'Scan records, newest first (filters: dates, product, batch, province, client type, verdict, suspicious, code, source)',
      body: scanRecordPageQuerySchema,
      response: { 200: envelope(pageResultSchema(scanRecordRowSchema)) },
    },
    handler: async (request) =>
      ok(request, await recordPage(db, await scopeOf(request, request.body.companyId), request.body, config.businessTimeZone)),
  });

  app.get(`${STATISTICS_API}/export`, {
    config: { access: { permission: PERMISSIONS.recordExport }, audit: { module: 'scanCodeRecord', action: 'EXPORT' } },
    schema: {
      tags: TAGS,
      summary: 'The filtered scan records as an .xlsx file, newest first',
      querystring: scanRecordFilterSchema,
    },
    handler: async (request, reply) => {
      const scope = await scopeOf(request, request.query.companyId);
      const { stream, fileName } = recordExport(db, scope, request.query, requestLang(request), config.businessTimeZone, (error) =>
        request.log.error({ err: error }, 'scan record export failed after it started'),
      );
      return asAttachment(reply, fileName, XLSX_CONTENT_TYPE).send(stream);
    },
  });
}
