import { changePasswordBodySchema, passwordCheckSchema } from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { envelope } from '../../platform/http/schemas.js';
import { changeOwnPassword, checkPassword } from './service.js';

export async function userinfoRoutes(app: App, { db, config }: AppContext) {
  app.post('/acc/userinfo/changePassword', {
    config: { access: 'session', audit: { module: 'userinfo', action: 'CHANGE_PASSWORD' } },
    schema: {
      tags: ['session'],
      summary: 'Change the signed-in user’s password (ends all of their sessions)',
      body: changePasswordBodySchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await changeOwnPassword(db, currentPrincipal(request).userId, request.body);
      return ok(request, null);
    },
  });

  app.get('/acc/userinfo/checkUserPassWord', {
    config: { access: 'session' },
    schema: { tags: ['session'], summary: 'Must the signed-in user change the password now?', response: { 200: envelope(passwordCheckSchema) } },
    handler: async (request) => ok(request, await checkPassword(db, currentPrincipal(request).userId, config.passwordMaxAgeDays)),
  });
}
