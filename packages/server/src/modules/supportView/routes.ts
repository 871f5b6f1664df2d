import { PERMISSIONS, SUPPORT_VIEW_CLOSE_PATH, SUPPORT_VIEW_OPEN_PATH, supportViewOpenBodySchema, supportViewSchema } from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { envelope } from '../../platform/http/schemas.js';
import { closeSupportView, openSupportView, supportingPrincipal } from './service.js';

const TAGS = ['supportView'];

/** The read-only support view of one company, opened by platform staff from company audit. */
export async function supportViewRoutes(app: App, { db, config }: AppContext) {
  app.post(SUPPORT_VIEW_OPEN_PATH, {
    config: { access: { permission: PERMISSIONS.companySupportView }, audit: { module: 'supportView', action: 'OPEN' } },
    schema: {
      tags: TAGS,
      summary: 'Open a read-only view of one company, for a stated reason (recorded), for SUPPORT_VIEW_MINUTES',
      body: supportViewOpenBodySchema,
      response: { 200: envelope(supportViewSchema) },
    },
    handler: async (request) => {
      const view = await openSupportView(db, currentPrincipal(request), request.body.companyId, config.supportViewMinutes);
      // The operation log entry of the opening (written as the response leaves) then belongs to the company
      // looked at, so the company's administrators read who looked and why in their own log.
      request.principal = supportingPrincipal(currentPrincipal(request), view);
      return ok(request, view);
    },
  });

  app.post(SUPPORT_VIEW_CLOSE_PATH, {
    // Any signed-in account may leave a view (there may be none); the guard lets it through a view.
    config: { access: 'session', audit: { module: 'supportView', action: 'CLOSE' } },
    schema: { tags: TAGS, summary: 'Leave the support view', response: { 200: envelope(z.null()) } },
    handler: async (request) => {
      await closeSupportView(db, currentPrincipal(request));
      return ok(request, null);
    },
  });
}
