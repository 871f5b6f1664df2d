import {
  PERMISSIONS,
  pageResultSchema,
  templateAddBodySchema,
  templateDetailSchema,
  templateEditBodySchema,
  templateIdBodySchema,
  templateIdQuerySchema,
  templateListQuerySchema,
  templateOptionSchema,
  templatePageQuerySchema,
  templateRowSchema,
} from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { addTemplate, editTemplate, getTemplate, listTemplatePage, listTemplates, removeTemplate } from './service.js';

const TAGS = ['products'];

/** Product templates (spec 7.6, api/productTemplate): named, ordered attribute sets of the caller's company. */
export async function templateRoutes(app: App, { db }: AppContext) {
  app.post('/acc/api/productTemplate/pageList', {
    config: { access: { permission: PERMISSIONS.templateList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Templates, paged (filters: name contains, status)',
      body: templatePageQuerySchema,
      response: { 200: envelope(pageResultSchema(templateRowSchema)) },
    },
    handler: async (request) => ok(request, await listTemplatePage(db, currentPrincipal(request), request.body)),
  });

  app.post('/acc/api/productTemplate/list', {
    config: { access: { permission: PERMISSIONS.templateList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'All templates of the company, by name (for selects)',
      body: templateListQuerySchema,
      response: { 200: envelope(z.array(templateOptionSchema)) },
    },
    handler: async (request) => ok(request, await listTemplates(db, currentPrincipal(request), request.body.status)),
  });

  app.get('/acc/api/productTemplate/getById', {
    config: { access: { permission: PERMISSIONS.templateList } },
    schema: { tags: TAGS, summary: 'One template with its attributes in order', querystring: templateIdQuerySchema, response: { 200: envelope(templateDetailSchema) } },
    handler: async (request) => ok(request, await getTemplate(db, currentPrincipal(request), request.query.id)),
  });

  app.post('/acc/api/productTemplate/add', {
    config: { access: { permission: PERMISSIONS.templateAdd } },
    schema: {
      tags: TAGS,
      summary: 'Add a template with its attributes (their order is the list’s)',
      body: templateAddBodySchema,
      response: { 200: envelope(templateDetailSchema) },
    },
    handler: async (request) => ok(request, await addTemplate(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post('/acc/api/productTemplate/edit', {
    config: { access: { permission: PERMISSIONS.templateEdit } },
    schema: {
      tags: TAGS,
      summary: 'Replace a template: fields and the whole attribute list, in order',
      body: templateEditBodySchema,
      response: { 200: envelope(templateDetailSchema) },
    },
    handler: async (request) => ok(request, await editTemplate(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post('/acc/api/productTemplate/deleteById', {
    config: { access: { permission: PERMISSIONS.templateDelete } },
    schema: { tags: TAGS, summary: 'Delete a template no product uses', body: templateIdBodySchema, response: { 200: envelope(z.null()) } },
    handler: async (request) => {
      await removeTemplate(db, currentPrincipal(request), request.body.id);
      return ok(request, null);
    },
  });
}
