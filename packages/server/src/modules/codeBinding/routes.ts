import { PERMISSIONS, bindBatchBodySchema, bindBatchResultSchema, bindableBatchSchema, bindableBatchesQuerySchema, unbindBatchBodySchema } from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { eventSiteOf } from '../epcis/portalEvents.js';
import { batchesForBinding, bindToBatch, undoBinding } from './service.js';

const TAGS = ['codes'];

/** Code binding at production (/codeBindingProduce): codes bound to a product batch and put in force. */
export async function codeBindingRoutes(app: App, { db, config }: AppContext) {
  const site = eventSiteOf(config);
  app.get('/acc/api/code/bindableBatches', {
    config: { access: { permission: PERMISSIONS.codeBind } },
    schema: {
      tags: TAGS,
      summary: 'The company’s batches with their product, newest first, for the binding page (batchId: that one too, however old)',
      querystring: bindableBatchesQuerySchema,
      response: { 200: envelope(z.array(bindableBatchSchema)) },
    },
    handler: async (request) => ok(request, await batchesForBinding(db, currentPrincipal(request), request.query.batchId)),
  });

  app.post('/acc/api/code/bindBatch', {
    config: { access: { permission: PERMISSIONS.codeBind }, audit: { module: 'code', action: 'UPDATE' } },
    schema: {
      tags: TAGS,
      summary: 'Bind item codes to a product batch and put them in force, all or none (the batch row is locked first)',
      body: bindBatchBodySchema,
      response: { 200: envelope(bindBatchResultSchema) },
    },
    handler: async (request) => ok(request, await bindToBatch(db, currentPrincipal(request), request.body, requestLang(request), site)),
  });

  app.post('/acc/api/code/unbindBatch', {
    config: { access: { permission: PERMISSIONS.codeBind }, audit: { module: 'code', action: 'UPDATE' } },
    schema: {
      tags: TAGS,
      summary: 'Undo one of the caller’s bindings of the last minutes, while no consumer scan has counted the code',
      body: unbindBatchBodySchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await undoBinding(db, currentPrincipal(request), request.body.code, requestLang(request), site);
      return ok(request, null);
    },
  });
}
