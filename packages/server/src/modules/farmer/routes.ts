import {
  PERMISSIONS,
  farmerAddBodySchema,
  farmerDetailSchema,
  farmerEditBodySchema,
  farmerIdBodySchema,
  farmerIdQuerySchema,
  farmerPageQuerySchema,
  farmerRelationQuerySchema,
  farmerRelationSchema,
  farmerRowSchema,
  pageResultSchema,
} from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { invalidField } from '../../platform/http/inputErrors.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { addFarmer, editFarmer, getFarmer, listFarmerPage, listRelations, removeFarmer } from './service.js';

const TAGS = ['farmers'];

/** Growers (spec 7.8, api/farmer and farmerProductRelation) of the caller's company. */
export async function farmerRoutes(app: App, { db }: AppContext) {
  app.post('/acc/api/farmer/pageList', {
    config: { access: { permission: PERMISSIONS.farmerList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Growers, paged (filters: name, phone, region code prefix or name, product, status); ID cards masked',
      body: farmerPageQuerySchema,
      response: { 200: envelope(pageResultSchema(farmerRowSchema)) },
    },
    handler: async (request) => ok(request, await listFarmerPage(db, currentPrincipal(request), request.body)),
  });

  app.get('/acc/api/farmer/getById', {
    config: { access: { permission: PERMISSIONS.farmerList } },
    schema: {
      tags: TAGS,
      summary: 'One grower with their products and batches; the ID card whole only for holders of farmer:farmer:edit',
      querystring: farmerIdQuerySchema,
      response: { 200: envelope(farmerDetailSchema) },
    },
    handler: async (request) => ok(request, await getFarmer(db, currentPrincipal(request), request.query.id)),
  });

  app.post('/acc/api/farmer/add', {
    config: { access: { permission: PERMISSIONS.farmerAdd } },
    schema: { tags: TAGS, summary: 'Add a grower and link their products', body: farmerAddBodySchema, response: { 200: envelope(farmerDetailSchema) } },
    handler: async (request) => ok(request, await addFarmer(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post('/acc/api/farmer/edit', {
    config: { access: { permission: PERMISSIONS.farmerEdit } },
    schema: { tags: TAGS, summary: 'Replace a grower’s fields and product links', body: farmerEditBodySchema, response: { 200: envelope(farmerDetailSchema) } },
    handler: async (request) => ok(request, await editFarmer(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post('/acc/api/farmer/deleteById', {
    config: { access: { permission: PERMISSIONS.farmerDelete } },
    schema: { tags: TAGS, summary: 'Delete a grower no batch names (FARMER_HAS_BATCHES otherwise)', body: farmerIdBodySchema, response: { 200: envelope(z.null()) } },
    handler: async (request) => {
      await removeFarmer(db, currentPrincipal(request), request.body.id);
      return ok(request, null);
    },
  });

  app.post('/acc/api/farmerProductRelation/list', {
    config: { access: { permission: PERMISSIONS.farmerList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Grower–product pairs: the products of a grower (farmerId) or the growers of a product (productId)',
      querystring: farmerRelationQuerySchema,
      // a call may carry no body at all
      body: z.preprocess((body) => body ?? {}, farmerRelationQuerySchema),
      response: { 200: envelope(z.array(farmerRelationSchema)) },
    },
    handler: async (request) => {
      const query = { ...request.query, ...request.body };
      if (!query.farmerId && !query.productId) throw invalidField(requestLang(request), 'farmerId', 'validation.required');
      return ok(request, await listRelations(db, currentPrincipal(request), query));
    },
  });
}
