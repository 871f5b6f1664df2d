import { PERMISSIONS, apiKeyAddBodySchema, apiKeyCreatedSchema, apiKeyIdBodySchema, apiKeyPageQuerySchema, apiKeyRowSchema, pageResultSchema } from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { createApiKey, listApiKeys, revokeKey } from './service.js';

const TAGS = ['apiKey'];

export async function apiKeyRoutes(app: App, { db, config }: AppContext) {
  app.post('/acc/api/apiKey/pageList', {
    config: { access: { permission: PERMISSIONS.apiKeyList } },
    schema: { tags: TAGS, summary: 'The company’s API keys (never their secrets), newest first', body: apiKeyPageQuerySchema, response: { 200: envelope(pageResultSchema(apiKeyRowSchema)) } },
    handler: async (request) => ok(request, await listApiKeys(db, currentPrincipal(request), request.body, config.businessTimeZone)),
  });

  app.post('/acc/api/apiKey/add', {
    config: { access: { permission: PERMISSIONS.apiKeyAdd } },
    schema: {
      tags: TAGS,
      summary: 'Makes a key with some of the caller’s permissions; the answer is the only time the key is shown',
      body: apiKeyAddBodySchema,
      response: { 200: envelope(apiKeyCreatedSchema) },
    },
    handler: async (request) => ok(request, await createApiKey(db, currentPrincipal(request), request.body, config.businessTimeZone, requestLang(request))),
  });

  app.post('/acc/api/apiKey/revoke', {
    config: { access: { permission: PERMISSIONS.apiKeyRevoke } },
    schema: { tags: TAGS, summary: 'Revokes a key at once; calls with it are refused from then on', body: apiKeyIdBodySchema, response: { 200: envelope(z.null()) } },
    handler: async (request) => {
      await revokeKey(db, currentPrincipal(request), request.body.id);
      return ok(request, null);
    },
  });
}
