import { PERMISSIONS, categoryAddBodySchema, categoryEditBodySchema, categoryIdBodySchema, categoryNodeSchema } from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { addCategory, categoryTree, editCategory, removeCategory } from './categoryService.js';

const TAGS = ['products'];
const idResult = envelope(z.object({ id: z.string() }));

/**
 * Product categories (api/productCategory): the spec names only `list`; the tree needs keeping, so add,
 * edit and delete come with it, under the product list and edit permissions.
 */
export async function categoryRoutes(app: App, { db }: AppContext) {
  app.post('/acc/api/productCategory/list', {
    config: { access: { permission: PERMISSIONS.productList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'The company’s category tree, siblings by sort and name, with product counts',
      body: z.object({}).optional(),
      response: { 200: envelope(z.array(categoryNodeSchema)) },
    },
    handler: async (request) => ok(request, await categoryTree(db, currentPrincipal(request))),
  });

  app.post('/acc/api/productCategory/add', {
    config: { access: { permission: PERMISSIONS.productEdit } },
    schema: { tags: TAGS, summary: 'Add a category (at the top, or under parentId)', body: categoryAddBodySchema, response: { 200: idResult } },
    handler: async (request) => ok(request, await addCategory(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post('/acc/api/productCategory/edit', {
    config: { access: { permission: PERMISSIONS.productEdit } },
    schema: {
      tags: TAGS,
      summary: 'Rename, re-sort or move a category (with everything below it)',
      body: categoryEditBodySchema,
      response: { 200: idResult },
    },
    handler: async (request) => ok(request, await editCategory(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post('/acc/api/productCategory/deleteById', {
    config: { access: { permission: PERMISSIONS.productEdit } },
    schema: {
      tags: TAGS,
      summary: 'Delete a category without sub-categories or products',
      body: categoryIdBodySchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await removeCategory(db, currentPrincipal(request), request.body.id);
      return ok(request, null);
    },
  });
}
