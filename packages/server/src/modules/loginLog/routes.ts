import { PERMISSIONS, pageQuerySchema, pageResultSchema } from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { envelope } from '../../platform/http/schemas.js';
import { loginLogPage } from './store.js';

export const loginLogQuerySchema = pageQuerySchema.extend({
  username: z.string().trim().max(64).optional(),
  ip: z.string().trim().max(64).optional(),
  result: z.enum(['SUCCESS', 'FAILURE']).optional(),
  beginTime: z.coerce.date().optional(),
  endTime: z.coerce.date().optional(),
});

const loginLogItemSchema = z.object({
  id: z.string(),
  username: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  result: z.enum(['SUCCESS', 'FAILURE']),
  reason: z.string(),
  createdAt: z.date(),
});

export async function loginLogRoutes(app: App, { db }: AppContext) {
  app.get('/acc/api/loginLog/pageList', {
    config: { access: { permission: PERMISSIONS.loginLogList } },
    schema: {
      tags: ['administration'],
      summary: 'Sign-in log (platform users see all companies, enterprise users their own)',
      querystring: loginLogQuerySchema,
      response: { 200: envelope(pageResultSchema(loginLogItemSchema)) },
    },
    handler: async (request) => ok(request, await loginLogPage(db, currentPrincipal(request), request.query)),
  });
}
