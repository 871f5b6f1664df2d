import { registerBodySchema, registerResultSchema } from '@rd/contract';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { registerCompany } from './service.js';

/**
 * Registrations one IP may attempt per hour, failed ones included: enough for a person correcting a form,
 * too few to create companies or probe usernames in bulk. Beyond it every call answers RATE_LIMITED.
 */
export const REGISTER_ATTEMPTS_PER_HOUR = 10;

/** Public registration of a company and its administrator (/register). */
export async function registerRoutes(app: App, { db }: AppContext) {
  app.post('/acc/api/register', {
    config: {
      access: 'public',
      audit: { module: 'companyInfo', action: 'INSERT' },
      rateLimit: { max: REGISTER_ATTEMPTS_PER_HOUR, timeWindow: '1 hour' },
      // DUPLICATE (a username or credit code taken), SAME_NAME_REGISTERED (a full name, until confirmed)
      refusals: [409],
    },
    schema: {
      tags: ['companyInfo'],
      summary:
        'Register a company and its enterprise administrator (public, limited per IP). A credit code already registered is refused (DUPLICATE); ' +
        'a full name already registered answers SAME_NAME_REGISTERED until sent again with confirmSameName: true',
      body: registerBodySchema,
      response: { 200: envelope(registerResultSchema) },
    },
    handler: async (request) => ok(request, await registerCompany(db, request.body, requestLang(request))),
  });
}
