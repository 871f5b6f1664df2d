import {
  PERMISSIONS,
  pageResultSchema,
  productAddBodySchema,
  productDetailListQuerySchema,
  productDetailSchema,
  productEditBodySchema,
  productIdBodySchema,
  productIdQuerySchema,
  productListQuerySchema,
  productOptionSchema,
  productPageQuerySchema,
  productRowSchema,
  templateProductQuerySchema,
} from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { attributeRoutes } from './attributeRoutes.js';
import { categoryRoutes } from './categoryRoutes.js';
import {
  addProduct,
  editProduct,
  getProduct,
  listProductPage,
  listProducts,
  listProductsWithDetail,
  productsOfTemplate,
  removeProduct,
} from './service.js';

const TAGS = ['products'];

/** Products (spec 7.6, api/product), their categories (api/productCategory) and attributes (api/productAttr). */
export async function productRoutes(app: App, ctx: AppContext) {
  const { db } = ctx;

  app.post('/acc/api/product/pageList', {
    config: { access: { permission: PERMISSIONS.productList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Products, paged (filters: name contains, category and below, template, status, GTIN prefix)',
      body: productPageQuerySchema,
      response: { 200: envelope(pageResultSchema(productRowSchema)) },
    },
    handler: async (request) => ok(request, await listProductPage(db, currentPrincipal(request), request.body)),
  });

  app.post('/acc/api/product/list', {
    config: { access: { permission: PERMISSIONS.productList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Products for selects, by name (at most 500; narrow with name)',
      body: productListQuerySchema,
      response: { 200: envelope(z.array(productOptionSchema)) },
    },
    handler: async (request) => ok(request, await listProducts(db, currentPrincipal(request), request.body)),
  });

  app.post('/acc/api/product/listWithDetail', {
    config: { access: { permission: PERMISSIONS.productList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Products (the ids listed, or matching the filters; at most 100) with attribute values and template attributes',
      body: productDetailListQuerySchema,
      response: { 200: envelope(z.array(productDetailSchema)) },
    },
    handler: async (request) => ok(request, await listProductsWithDetail(db, currentPrincipal(request), request.body)),
  });

  app.get('/acc/api/product/getById', {
    config: { access: { permission: PERMISSIONS.productList } },
    schema: {
      tags: TAGS,
      summary: 'One product with its attribute values and its template’s attributes',
      querystring: productIdQuerySchema,
      response: { 200: envelope(productDetailSchema) },
    },
    handler: async (request) => ok(request, await getProduct(db, currentPrincipal(request), request.query.id)),
  });

  app.get('/acc/api/product/queryTemplateProduct', {
    config: { access: { permission: PERMISSIONS.productList } },
    schema: {
      tags: TAGS,
      summary: 'Products using a template',
      querystring: templateProductQuerySchema,
      response: { 200: envelope(z.array(productOptionSchema)) },
    },
    handler: async (request) => ok(request, await productsOfTemplate(db, currentPrincipal(request), request.query.templateId)),
  });

  app.post('/acc/api/product/add', {
    config: { access: { permission: PERMISSIONS.productAdd } },
    schema: {
      tags: TAGS,
      summary: 'Add a product; attribute values are checked against its template',
      body: productAddBodySchema,
      response: { 200: envelope(productDetailSchema) },
    },
    handler: async (request) => ok(request, await addProduct(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post('/acc/api/product/edit', {
    config: { access: { permission: PERMISSIONS.productEdit } },
    schema: {
      tags: TAGS,
      summary: 'Replace a product’s fields and attribute values (a new version; a stale `version` is a CONFLICT)',
      body: productEditBodySchema,
      response: { 200: envelope(productDetailSchema) },
    },
    handler: async (request) => ok(request, await editProduct(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post('/acc/api/product/deleteById', {
    config: { access: { permission: PERMISSIONS.productDelete } },
    schema: {
      tags: TAGS,
      summary: 'Delete a product that no batch, code or generation job refers to',
      body: productIdBodySchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await removeProduct(db, currentPrincipal(request), request.body.id);
      return ok(request, null);
    },
  });

  await categoryRoutes(app, ctx);
  await attributeRoutes(app, ctx);
}
