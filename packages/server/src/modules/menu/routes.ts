import { PERMISSIONS, menuConfNodeSchema, menuIdParamsSchema, menuSaveBodySchema } from '@rd/contract';
import { z } from 'zod';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { menuConfTree, removeMenu, saveMenu } from './service.js';

/** Menu configuration (spec 7.4): platform-only; its elements are never granted to enterprise roles. */
export async function menuRoutes(app: App, { db }: AppContext) {
  app.get('/acc/menuConf/queryList', {
    config: { access: { permission: PERMISSIONS.menuList } },
    schema: {
      tags: ['administration'],
      summary: 'Every menu and button element as a tree',
      response: { 200: envelope(z.array(menuConfNodeSchema)) },
    },
    handler: async (request) => ok(request, await menuConfTree(db)),
  });

  app.post('/acc/menuConf/saveOrUpdateMenu', {
    config: { access: { permission: PERMISSIONS.menuEdit } },
    schema: {
      tags: ['administration'],
      summary: 'Create a menu element (no id) or update one',
      body: menuSaveBodySchema,
      response: { 200: envelope(z.object({ id: z.string() })) },
    },
    handler: async (request) => ok(request, { id: await saveMenu(db, requestLang(request), request.body) }),
  });

  app.delete('/acc/menuConf/deleteMenu/:id', {
    config: { access: { permission: PERMISSIONS.menuDelete } },
    schema: {
      tags: ['administration'],
      summary: 'Delete a menu element without children (its grants go with it)',
      params: menuIdParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await removeMenu(db, request.params.id);
      return ok(request, null);
    },
  });
}
