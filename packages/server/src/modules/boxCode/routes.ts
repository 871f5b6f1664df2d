import {
  PERMISSIONS,
  boxBindBodySchema,
  boxBindResultSchema,
  boxContentsSchema,
  boxEventSchema,
  boxHistoryQuerySchema,
  boxItemsQuerySchema,
  boxSummaryQuerySchema,
  boxSummarySchema,
  boxUnbindBodySchema,
  boxUnbindResultSchema,
  pageResultSchema,
} from '@rd/contract';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { appRateLimitStore } from '../../platform/rateLimit/appRateLimitStore.js';
import { perIpLimit } from '../../platform/rateLimit/publicRateLimit.js';
import { eventSiteOf } from '../epcis/portalEvents.js';
import { bindItems, boxContents, boxHistory, boxSummary, unbindItems } from './service.js';

const TAGS = ['boxCodes'];
const API = '/acc/api/boxCodeRelation';

/** Aggregation (spec 7.8 api/boxCodeRelation): packing items into box codes of the caller's company. */
export async function boxCodeRoutes(app: App, { db, config }: AppContext) {
  const site = eventSiteOf(config);
  // Public box look-ups are limited per client IP like public scans (shared through Redis when configured).
  const publicLimit = perIpLimit(appRateLimitStore(app, config.redisUrl), 'boxSummary', config.scanRateLimitPerMinute);

  app.post(`${API}/bind`, {
    config: { access: { permission: PERMISSIONS.codeBind }, audit: { module: 'boxCodeRelation', action: 'UPDATE' } },
    schema: {
      tags: TAGS,
      summary: 'Pack item codes into a box code, all or none (move: true moves items out of other boxes)',
      body: boxBindBodySchema,
      response: { 200: envelope(boxBindResultSchema) },
    },
    handler: async (request) => ok(request, await bindItems(db, currentPrincipal(request), request.body, requestLang(request), site)),
  });

  app.post(`${API}/unbind`, {
    config: { access: { permission: PERMISSIONS.codeBind }, audit: { module: 'boxCodeRelation', action: 'UPDATE' } },
    schema: {
      tags: TAGS,
      summary: 'Take items out of a box, or unpack the whole box when no items are given',
      body: boxUnbindBodySchema,
      response: { 200: envelope(boxUnbindResultSchema) },
    },
    handler: async (request) => ok(request, await unbindItems(db, currentPrincipal(request), request.body, requestLang(request), site)),
  });

  app.get(`${API}/queryListByBoxCode`, {
    config: { access: { permission: PERMISSIONS.codeBind } },
    schema: {
      tags: TAGS,
      summary: 'A box’s items with their product and batch, in packing order, paged',
      querystring: boxItemsQuerySchema,
      response: { 200: envelope(boxContentsSchema) },
    },
    handler: async (request) => ok(request, await boxContents(db, currentPrincipal(request), request.query, requestLang(request))),
  });

  app.get(`${API}/history`, {
    config: { access: { permission: PERMISSIONS.codeBind } },
    schema: {
      tags: TAGS,
      summary: 'Packing events (PACK / UNPACK / MOVE) of a box or of an item, newest first',
      querystring: boxHistoryQuerySchema,
      response: { 200: envelope(pageResultSchema(boxEventSchema)) },
    },
    handler: async (request) => ok(request, await boxHistory(db, currentPrincipal(request), request.query, requestLang(request))),
  });

  app.get(`${API}/summary`, {
    config: { access: 'public', audit: false },
    onRequest: publicLimit,
    schema: {
      tags: TAGS,
      summary: 'Public view of a box label: item count per product, never the item codes',
      querystring: boxSummaryQuerySchema,
      response: { 200: envelope(boxSummarySchema) },
    },
    handler: async (request) => ok(request, await boxSummary(db, request.query.code)),
  });
}
