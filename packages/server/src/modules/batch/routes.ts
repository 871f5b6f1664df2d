import {
  PERMISSIONS,
  batchAddBodySchema,
  batchDetailSchema,
  batchEditBodySchema,
  batchIdBodySchema,
  batchIdQuerySchema,
  batchListQuerySchema,
  batchOptionSchema,
  batchPageQuerySchema,
  batchRowSchema,
  pageResultSchema,
} from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { XLSX_CONTENT_TYPE } from '../../platform/export/xlsx.js';
import { asAttachment } from '../../platform/http/attachment.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { batchCodeExport } from './export.js';
import { addBatch, editBatch, getBatch, listBatchPage, listBatches, removeBatch } from './service.js';

const TAGS = ['products'];

/** Product batches (spec 7.6, api/productBatch) of the caller's company. */
export async function batchRoutes(app: App, { db, config }: AppContext) {
  app.post('/acc/api/productBatch/pageList', {
    config: { access: { permission: PERMISSIONS.batchList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Batches, paged (filters: product, batch number contains, production and expiry date ranges)',
      body: batchPageQuerySchema,
      response: { 200: envelope(pageResultSchema(batchRowSchema)) },
    },
    handler: async (request) => ok(request, await listBatchPage(db, currentPrincipal(request), request.body)),
  });

  app.post('/acc/api/productBatch/list', {
    config: { access: { permission: PERMISSIONS.batchList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Batches for selects, newest first (productId in the query string or the body)',
      querystring: batchListQuerySchema,
      // a call may carry no body at all
      body: z.preprocess((body) => body ?? {}, batchListQuerySchema),
      response: { 200: envelope(z.array(batchOptionSchema)) },
    },
    handler: async (request) =>
      ok(request, await listBatches(db, currentPrincipal(request), { ...request.query, ...request.body })),
  });

  app.get('/acc/api/productBatch/getById', {
    config: { access: { permission: PERMISSIONS.batchList } },
    schema: {
      tags: TAGS,
      summary: 'One batch with its farming records and inspection reports',
      querystring: batchIdQuerySchema,
      response: { 200: envelope(batchDetailSchema) },
    },
    handler: async (request) => ok(request, await getBatch(db, currentPrincipal(request), request.query.id)),
  });

  app.post('/acc/api/productBatch/add', {
    config: { access: { permission: PERMISSIONS.batchAdd } },
    schema: { tags: TAGS, summary: 'Add a batch of one of the company’s products', body: batchAddBodySchema, response: { 200: envelope(batchDetailSchema) } },
    handler: async (request) => ok(request, await addBatch(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  // The spec lists no edit; batches are corrected after they are entered, under the add permission.
  app.post('/acc/api/productBatch/edit', {
    config: { access: { permission: PERMISSIONS.batchAdd } },
    schema: { tags: TAGS, summary: 'Replace a batch’s fields', body: batchEditBodySchema, response: { 200: envelope(batchDetailSchema) } },
    handler: async (request) => ok(request, await editBatch(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post('/acc/api/productBatch/deleteById', {
    config: { access: { permission: PERMISSIONS.batchDelete } },
    schema: { tags: TAGS, summary: 'Delete a batch no code is bound to', body: batchIdBodySchema, response: { 200: envelope(z.null()) } },
    handler: async (request) => {
      await removeBatch(db, currentPrincipal(request), request.body.id);
      return ok(request, null);
    },
  });

  app.get('/acc/api/productBatch/exportFlagCode', {
    config: { access: { permission: PERMISSIONS.batchExport }, audit: { module: 'productBatch', action: 'EXPORT' } },
    schema: {
      tags: TAGS,
      summary: 'The codes bound to a batch (code, status, activated at) as an .xlsx file',
      querystring: batchIdQuerySchema,
    },
    handler: async (request, reply) => {
      const lang = requestLang(request);
      const { stream, fileName } = await batchCodeExport(db, currentPrincipal(request), request.query.id, lang, config.businessTimeZone, (error) =>
        request.log.error({ err: error }, 'batch code export failed after it started'),
      );
      return asAttachment(reply, fileName, XLSX_CONTENT_TYPE).send(stream);
    },
  });
}
