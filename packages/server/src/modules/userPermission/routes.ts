import {
  PERMISSIONS,
  ownPermissionsBodySchema,
  userPermissionInfoBodySchema,
  userPermissionInfoSchema,
  userPermissionSaveBodySchema,
} from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { envelope } from '../../platform/http/schemas.js';
import { ownPermissionCodes, permissionInfo, saveDirectGrants } from './service.js';

/** Direct user permissions (spec 7.4): elements granted to one user on top of their roles. */
export async function userPermissionRoutes(app: App, { db }: AppContext) {
  app.post('/acc/userpermission/info', {
    // A read sent as POST: nothing to record.
    config: { access: { permission: PERMISSIONS.roleGrant }, audit: false },
    schema: {
      tags: ['administration'],
      summary: 'A user’s direct grants and role grants (element ids)',
      body: userPermissionInfoBodySchema,
      response: { 200: envelope(userPermissionInfoSchema) },
    },
    handler: async (request) => ok(request, await permissionInfo(db, currentPrincipal(request), request.body.userId)),
  });

  app.post('/acc/userpermission/save', {
    config: { access: { permission: PERMISSIONS.roleGrant }, audit: { module: 'userpermission', action: 'GRANT' } },
    schema: {
      tags: ['administration'],
      summary: 'Replace a user’s direct grants (only elements the caller holds)',
      body: userPermissionSaveBodySchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await saveDirectGrants(db, currentPrincipal(request), request.body);
      return ok(request, null);
    },
  });

  app.post('/acc/userpermission/permissions', {
    config: { access: 'session', audit: false },
    schema: {
      tags: ['session'],
      summary: 'The signed-in user’s own permission codes of one element type',
      body: ownPermissionsBodySchema,
      response: { 200: envelope(z.array(z.string())) },
    },
    handler: async (request) => ok(request, await ownPermissionCodes(db, currentPrincipal(request), request.body.type)),
  });
}
