import { MATERIAL_TYPE_TREE_PATH, materialTypeNodeSchema } from '@rd/contract';
import { z } from 'zod';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { materialTypeTree } from './store.js';

/** Material types of farming records (spec 7.9): the same tree for every signed-in user. */
export async function materialTypeRoutes(app: App, { db }: AppContext) {
  app.get(MATERIAL_TYPE_TREE_PATH, {
    config: { access: 'session' },
    schema: {
      tags: ['farmers'],
      summary: 'Material types (seeds, fertilisers, pesticides, ...) as a tree of typeCode, typeName, children',
      querystring: z.object({ lang: z.string().optional() }),
      response: { 200: envelope(z.array(materialTypeNodeSchema)) },
    },
    handler: async (request) => ok(request, await materialTypeTree(db, requestLang(request))),
  });
}
