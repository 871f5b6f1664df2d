import {
  SCAN_CHECK_PATH,
  SCAN_FARMER_PATH,
  SCAN_IMAGE_PATH,
  SCAN_SHAPES_PATH,
  SCAN_SIMULATE_PATH,
  SCAN_TRACE_PATH,
  scanCheckQuerySchema,
  scanCheckResultSchema,
  scanCodeShapesSchema,
  scanFarmerQuerySchema,
  scanFarmerResultSchema,
  scanSimulateBodySchema,
  scanSimulateResultSchema,
  scanTraceQuerySchema,
  scanTraceResultSchema,
} from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { preloadIpRegion } from '../../platform/geo/ipRegion.js';
import { notFound } from '../../platform/http/appError.js';
import { ok, sendEnvelopeText, successMessage } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope, withLang } from '../../platform/http/schemas.js';
import { appRateLimitStore } from '../../platform/rateLimit/appRateLimitStore.js';
import { perIpLimit } from '../../platform/rateLimit/publicRateLimit.js';
import { answerPartsSource } from './answerParts.js';
import { answerText } from './answerText.js';
import { checkCode, type CheckSources } from './checkCode.js';
import { codeAsRead, shapesInUseSource } from './codeShapes.js';
import { activeRecallsSource } from './activeRecalls.js';
import { businessToday } from './expiry.js';
import { findPublicFile } from './imageReferences.js';
import { queryFarmer } from './queryFarmer.js';
import { queryTrace } from './queryTrace.js';
import { requestScanContext } from './scanContext.js';
import { simulateCheck } from './simulateCheck.js';

const TAGS = ['verification'];

/** Public verification (spec 7.7 securityCode): no session, limited per IP. */
export async function securityCodeRoutes(app: App, { db, database, config, storage }: AppContext) {
  const shapes = shapesInUseSource(db, config.scanAnswerCacheSeconds);
  const hot: CheckSources = {
    db,
    pool: database.pool,
    answers: answerPartsSource(db, config.scanAnswerCacheSeconds),
    shapes,
    recalls: activeRecallsSource(db, config.scanAnswerCacheSeconds),
    today: businessToday(config.businessTimeZone),
  };
  preloadIpRegion();
  const store = appRateLimitStore(app, config.redisUrl);
  const scanLimit = perIpLimit(store, 'scan', config.scanRateLimitPerMinute);
  const imageLimit = perIpLimit(store, 'scanImage', config.scanImageRateLimitPerMinute);

  app.get(SCAN_CHECK_PATH, {
    config: { access: 'public', audit: false },
    onRequest: scanLimit,
    schema: {
      tags: TAGS,
      summary: 'Verify a code (and its hidden code): one verdict, counted atomically, always recorded as a scan record',
      querystring: scanCheckQuerySchema,
      response: { 200: envelope(scanCheckResultSchema) },
    },
    // the answer is written as JSON text from typed values (answerText.ts), not checked against the schema again
    handler: async (request, reply) => {
      const checked = await checkCode(hot, config, request.query, requestScanContext(request));
      app.metrics.checked(checked.row.verdict);
      return sendEnvelopeText(reply, answerText(checked, successMessage(request)));
    },
  });

  app.get(SCAN_SHAPES_PATH, {
    config: { access: 'public', audit: false },
    onRequest: scanLimit,
    schema: {
      tags: TAGS,
      summary: 'The shapes of the codes in use (prefix, length, alphabet, check scheme), so that a page can tell a mistyped code before sending it',
      querystring: z.object(withLang),
      response: { 200: envelope(scanCodeShapesSchema) },
    },
    handler: async (request, reply) => {
      // the same for everyone: a page may keep it as long as the check keeps its own copy
      reply.header('cache-control', `public, max-age=${Math.max(config.scanAnswerCacheSeconds, 0)}`);
      return ok(request, { shapes: (await shapes()).shapes });
    },
  });

  app.get(SCAN_FARMER_PATH, {
    config: { access: 'public', audit: false },
    onRequest: scanLimit,
    schema: {
      tags: TAGS,
      summary: 'The grower of a code’s batch (public fields only); null for anything else, alike',
      querystring: scanFarmerQuerySchema,
      response: { 200: envelope(scanFarmerResultSchema) },
    },
    handler: async (request) => ok(request, await queryFarmer(db, await codeAsRead(shapes, request.query.code), request.query.hiddenCode)),
  });

  app.get(SCAN_TRACE_PATH, {
    config: { access: 'public', audit: false },
    onRequest: scanLimit,
    schema: {
      tags: TAGS,
      summary: 'The trace of a code in force from its EPCIS events: made, packed, shipped to a region, received; no steps for anything else, alike',
      querystring: scanTraceQuerySchema,
      response: { 200: envelope(scanTraceResultSchema) },
    },
    handler: async (request) =>
      ok(request, {
        steps: await queryTrace(db, config.publicBaseUrl, await codeAsRead(shapes, request.query.code), request.query.hiddenCode, requestLang(request)),
      }),
  });

  app.get(SCAN_IMAGE_PATH, {
    config: { access: 'public', audit: false },
    onRequest: imageLimit,
    schema: {
      tags: TAGS,
      summary: 'A picture or report the answer for `code` names; nothing else is served',
      params: z.object({ fileId: z.uuid() }),
      querystring: z.object({ code: z.string().min(1).max(128), ...withLang }),
    },
    handler: async (request, reply) => {
      const file = await findPublicFile(db, request.query.code.trim().toUpperCase(), request.params.fileId);
      if (!file || !(await storage.exists(file.sha256))) throw notFound();
      const image = file.contentType.startsWith('image/');
      const etag = `"${file.sha256}"`;
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', image ? 'inline' : 'attachment')
        .header('cache-control', 'public, max-age=300')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.header('content-length', file.size).send(storage.open(file.sha256));
    },
  });

  app.post(SCAN_SIMULATE_PATH, {
    config: { access: 'session', audit: false },
    schema: {
      tags: TAGS,
      summary: 'Staff simulator: the verdict a consumer would get from an IP and user agent, not counted (recorded as TEST)',
      body: scanSimulateBodySchema,
      response: { 200: envelope(scanSimulateResultSchema) },
    },
    handler: async (request) => {
      const simulated = await simulateCheck(hot, config, currentPrincipal(request), request.body, requestScanContext(request));
      app.metrics.scanRecordsWritten(1);
      return ok(request, simulated);
    },
  });
}
