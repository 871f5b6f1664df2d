import { PERMISSIONS, operationLogItemSchema, operationLogQuerySchema, pageResultSchema } from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { envelope } from '../../platform/http/schemas.js';
import { operationLogModules, operationLogPage } from './store.js';

export async function operationLogRoutes(app: App, { db }: AppContext) {
  app.post('/acc/api/qfOperationRecord/pageList', {
    // A search changes nothing: it is not itself an entry of the log.
    config: { access: { permission: PERMISSIONS.operLogList }, audit: false },
    schema: {
      tags: ['administration'],
      summary: 'Operation log (platform users see every company and may pick one; enterprise users see their own)',
      body: operationLogQuerySchema,
      response: { 200: envelope(pageResultSchema(operationLogItemSchema)) },
    },
    handler: async (request) => ok(request, await operationLogPage(db, currentPrincipal(request), request.body)),
  });

  app.get('/acc/api/qfOperationRecord/modules', {
    config: { access: { permission: PERMISSIONS.operLogList } },
    schema: {
      tags: ['administration'],
      summary: 'Module names found among the entries the caller may read (for the filter list)',
      response: { 200: envelope(z.array(z.string())) },
    },
    handler: async (request) => ok(request, await operationLogModules(db, currentPrincipal(request))),
  });
}
