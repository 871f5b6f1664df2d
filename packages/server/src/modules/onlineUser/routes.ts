import { PERMISSIONS, pageQuerySchema, pageResultSchema } from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import { revokeSession } from '../../platform/auth/sessionStore.js';
import type { App, AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/http/appError.js';
import { ok } from '../../platform/http/envelope.js';
import { envelope } from '../../platform/http/schemas.js';
import { findLiveSession, onlineUserPage } from './store.js';

const onlineUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  companyName: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.date(),
  lastSeenAt: z.date(),
  current: z.boolean(),
});

export async function onlineUserRoutes(app: App, { db, config }: AppContext) {
  app.get('/acc/api/onlineUser/pageList', {
    config: { access: { permission: PERMISSIONS.sessionList } },
    schema: {
      tags: ['administration'],
      summary: 'Open sessions (enterprise users see their own company)',
      querystring: pageQuerySchema.extend({ username: z.string().trim().max(64).optional() }),
      response: { 200: envelope(pageResultSchema(onlineUserSchema)) },
    },
    handler: async (request) =>
      ok(request, await onlineUserPage(db, currentPrincipal(request), config.sessionIdleMinutes, request.query)),
  });

  app.post('/acc/api/onlineUser/forceLogout/:id', {
    config: { access: { permission: PERMISSIONS.sessionKick } },
    schema: {
      tags: ['administration'],
      summary: 'End another session',
      params: z.object({ id: z.uuid() }),
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      const principal = currentPrincipal(request);
      const session = await findLiveSession(db, principal, config.sessionIdleMinutes, request.params.id);
      if (!session) throw notFound();
      await revokeSession(db, session.id, `FORCED_BY:${principal.username}`);
      return ok(request, null);
    },
  });
}
