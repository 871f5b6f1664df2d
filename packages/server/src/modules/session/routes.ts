import { loginBodySchema, loginResultSchema, loginUserSchema } from '@rd/contract';
import { z } from 'zod';
import { revokeSession } from '../../platform/auth/sessionStore.js';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { envelope } from '../../platform/http/schemas.js';
import { currentUser, signIn } from './service.js';

export async function sessionRoutes(app: App, { db, config }: AppContext) {
  app.post('/acc/user/login', {
    config: { access: 'public', audit: { module: 'session', action: 'LOGIN' }, rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: { tags: ['session'], summary: 'Sign in', body: loginBodySchema, response: { 200: envelope(loginResultSchema) } },
    handler: async (request) => {
      const token = await signIn(db, config, {
        username: request.body.username,
        password: request.body.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      return ok(request, { token });
    },
  });

  app.post('/acc/user/logout', {
    // Public so that a client with an expired token can still sign out cleanly.
    config: { access: 'public', audit: { module: 'session', action: 'LOGOUT' } },
    schema: { tags: ['session'], summary: 'Sign out (revokes the token)', response: { 200: envelope(z.null()) } },
    handler: async (request) => {
      if (request.principal) await revokeSession(db, request.principal.sessionId, 'LOGOUT');
      return ok(request, null);
    },
  });

  app.get('/acc/user/loginUser', {
    config: { access: 'session' },
    schema: { tags: ['session'], summary: 'The signed-in user, menus and permissions', response: { 200: envelope(loginUserSchema) } },
    handler: async (request) => ok(request, await currentUser(db, config, currentPrincipal(request))),
  });
}
