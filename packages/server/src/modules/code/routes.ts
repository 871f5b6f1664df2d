import {
  codeActivateBodySchema,
  codeActivateResultSchema,
  codeDetailSchema,
  codeExportQuerySchema,
  codeIdQuerySchema,
  codeItemSchema,
  codeListQuerySchema,
  codeTextQuerySchema,
  codeVoidBodySchema,
  pageResultSchema,
  PERMISSIONS,
} from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { asAttachment } from '../../platform/http/attachment.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { CODE_EXPORT_TYPES, codeExport, codeExportFileName } from './export.js';
import { eventSiteOf } from '../epcis/portalEvents.js';
import { activateCodes, codeDetail, listCodes, voidCode } from './service.js';

const TAGS = ['codes'];

export async function codeRoutes(app: App, { db, config }: AppContext) {
  const site = eventSiteOf(config);
  app.post('/acc/api/code/pageList', {
    config: { access: { permission: PERMISSIONS.codeList } },
    schema: {
      tags: TAGS,
      summary: 'Codes, paged and filtered by rule, job, status, product, batch, code and time (newest first)',
      body: codeListQuerySchema,
      response: { 200: envelope(pageResultSchema(codeItemSchema)) },
    },
    handler: async (request) => ok(request, await listCodes(db, currentPrincipal(request), request.body)),
  });

  app.get('/acc/api/code/getById', {
    config: { access: { permission: PERMISSIONS.codeList } },
    schema: { tags: TAGS, summary: 'One code with the URL its QR image carries', querystring: codeIdQuerySchema, response: { 200: envelope(codeDetailSchema) } },
    handler: async (request) => ok(request, await codeDetail(db, currentPrincipal(request), config.publicBaseUrl, { id: request.query.id })),
  });

  app.get('/acc/api/code/getByCode', {
    config: { access: { permission: PERMISSIONS.codeList } },
    schema: { tags: TAGS, summary: 'One code looked up by its text', querystring: codeTextQuerySchema, response: { 200: envelope(codeDetailSchema) } },
    handler: async (request) =>
      ok(request, await codeDetail(db, currentPrincipal(request), config.publicBaseUrl, { code: request.query.code })),
  });

  app.get('/acc/api/code/export', {
    config: { access: { permission: PERMISSIONS.codeExport }, audit: { module: 'code', action: 'EXPORT' } },
    schema: {
      tags: TAGS,
      summary: 'The codes matching the filters, in creation order, streamed (no hidden codes): format=xlsx for people (codes as text), csv (default) for other systems',
      querystring: codeExportQuerySchema,
    },
    handler: async (request, reply) => {
      const lang = requestLang(request);
      const { format, ...filters } = request.query;
      const stream = await codeExport(db, currentPrincipal(request), lang, config.publicBaseUrl, config.businessTimeZone, filters, format);
      stream.on('error', (error) => request.log.error({ err: error }, 'code export failed after it started'));
      return asAttachment(reply, codeExportFileName(lang, config.businessTimeZone, format), CODE_EXPORT_TYPES[format]).send(stream);
    },
  });

  app.post('/acc/api/code/activate', {
    config: { access: { permission: PERMISSIONS.codeActivate }, audit: { module: 'code', action: 'UPDATE' } },
    schema: {
      tags: TAGS,
      summary: 'Put codes in force (id, or ids: all or none); only codes not yet in force',
      body: codeActivateBodySchema,
      response: { 200: envelope(codeActivateResultSchema) },
    },
    handler: async (request) => {
      const { id, ids } = request.body;
      const activated = await activateCodes(db, currentPrincipal(request), ids ?? [id as string], site);
      return ok(request, { activated });
    },
  });

  app.post('/acc/api/code/void', {
    config: { access: { permission: PERMISSIONS.codeVoid }, audit: { module: 'code', action: 'UPDATE' } },
    schema: { tags: TAGS, summary: 'Void a code, with the reason', body: codeVoidBodySchema, response: { 200: envelope(z.null()) } },
    handler: async (request) => {
      await voidCode(db, currentPrincipal(request), request.body.id, request.body.reason, site);
      return ok(request, null);
    },
  });
}
