import { PERMISSIONS, productAttrAddBodySchema, productAttrIdBodySchema, productAttrListQuerySchema, templateAttributeSchema } from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { addAttribute, listAttributes, removeAttribute } from '../template/service.js';

const TAGS = ['products'];

/**
 * Attribute definitions of a template (api/productAttr). Reading them is part of filling in a product;
 * changing them is editing the template.
 */
export async function attributeRoutes(app: App, { db }: AppContext) {
  app.post('/acc/api/productAttr/list', {
    config: { access: { permission: PERMISSIONS.productList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'The attributes of a template, in order',
      body: productAttrListQuerySchema,
      response: { 200: envelope(z.array(templateAttributeSchema)) },
    },
    handler: async (request) => ok(request, await listAttributes(db, currentPrincipal(request), request.body.templateId)),
  });

  app.post('/acc/api/productAttr/add', {
    config: { access: { permission: PERMISSIONS.templateEdit } },
    schema: {
      tags: TAGS,
      summary: 'Add an attribute to a template (at the end, or at position sort)',
      body: productAttrAddBodySchema,
      response: { 200: envelope(templateAttributeSchema) },
    },
    handler: async (request) => ok(request, await addAttribute(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post('/acc/api/productAttr/deleteById', {
    config: { access: { permission: PERMISSIONS.templateEdit } },
    schema: {
      tags: TAGS,
      summary: 'Remove an attribute from its template, and its values from the template’s products',
      body: productAttrIdBodySchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await removeAttribute(db, currentPrincipal(request), request.body.id);
      return ok(request, null);
    },
  });
}
