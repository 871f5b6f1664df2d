import multipart from '@fastify/multipart';
import {
  MEDICINAL_BATCH_API,
  MEDICINAL_BATCH_FILE_API,
  MEDICINAL_PRODUCT_API,
  PERMISSIONS,
  importResultSchema,
  medicinalBatchAddSchema,
  medicinalBatchDetailSchema,
  medicinalBatchEditSchema,
  medicinalBatchFileAddSchema,
  medicinalBatchPageQuerySchema,
  medicinalBatchRowSchema,
  medicinalIdBodySchema,
  medicinalProductAddSchema,
  medicinalProductEditSchema,
  medicinalProductListQuerySchema,
  medicinalProductOptionSchema,
  medicinalProductPageQuerySchema,
  medicinalProductRowSchema,
  pageResultSchema,
} from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { batchTemplate, importBatches } from './batchImport.js';
import { addBatch, addBatchFile, editBatch, getBatchDetail, listBatchPage, removeBatch, removeBatchFile } from './batchService.js';
import { importAnswer, sendTemplate } from '../../platform/import/importAnswer.js';
import { receiveSpreadsheet } from '../file/receiveSpreadsheet.js';
import { importProducts, productTemplate } from './productImport.js';
import {
  addProduct,
  editProduct,
  listProductDetails,
  listProductPage,
  listProducts,
  removeProduct,
} from './productService.js';

const TAGS = ['medicinal'];
const P = MEDICINAL_PRODUCT_API;
const B = MEDICINAL_BATCH_API;
// a call may carry no body at all
const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((body) => body ?? {}, schema);

/** Medicinal products, batches and their attached files (spec 7.8) of the caller's company. */
export async function medicinalRoutes(app: App, { db, database, config }: AppContext) {
  app.post(`${P}/pageList`, {
    config: { access: { permission: PERMISSIONS.medicinalProductList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Medicinal products, paged (filters: name, approval number, manufacturer contain; dosage form, status)',
      body: medicinalProductPageQuerySchema,
      response: { 200: envelope(pageResultSchema(medicinalProductRowSchema)) },
    },
    handler: async (request) => ok(request, await listProductPage(db, currentPrincipal(request), request.body)),
  });

  app.post(`${P}/list`, {
    config: { access: { permission: PERMISSIONS.medicinalProductList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Medicinal products for selects, newest first (at most 500)',
      body: optionalBody(medicinalProductListQuerySchema),
      response: { 200: envelope(z.array(medicinalProductOptionSchema)) },
    },
    handler: async (request) => ok(request, await listProducts(db, currentPrincipal(request), request.body)),
  });

  app.post(`${P}/listWithDetail`, {
    config: { access: { permission: PERMISSIONS.medicinalProductList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Medicinal products with every field and their batch count, newest first (at most 500)',
      body: optionalBody(medicinalProductListQuerySchema),
      response: { 200: envelope(z.array(medicinalProductRowSchema)) },
    },
    handler: async (request) => ok(request, await listProductDetails(db, currentPrincipal(request), request.body)),
  });

  app.post(`${P}/add`, {
    config: { access: { permission: PERMISSIONS.medicinalProductEdit } },
    schema: { tags: TAGS, summary: 'Add a medicinal product', body: medicinalProductAddSchema, response: { 200: envelope(medicinalProductRowSchema) } },
    handler: async (request) => ok(request, await addProduct(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post(`${P}/edit`, {
    config: { access: { permission: PERMISSIONS.medicinalProductEdit } },
    schema: { tags: TAGS, summary: 'Replace a medicinal product’s fields', body: medicinalProductEditSchema, response: { 200: envelope(medicinalProductRowSchema) } },
    handler: async (request) => ok(request, await editProduct(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post(`${P}/deleteById`, {
    config: { access: { permission: PERMISSIONS.medicinalProductEdit } },
    schema: { tags: TAGS, summary: 'Delete a medicinal product that has no batches', body: medicinalIdBodySchema, response: { 200: envelope(z.null()) } },
    handler: async (request) => {
      await removeProduct(db, currentPrincipal(request), request.body.id);
      return ok(request, null);
    },
  });

  app.get(`${P}/exportTemplate`, {
    config: { access: { permission: PERMISSIONS.medicinalProductImport }, audit: false },
    schema: { tags: TAGS, summary: 'The .xlsx import template of medicinal products (dosage forms as a drop-down)' },
    handler: async (request, reply) => sendTemplate(reply, await productTemplate(database, currentPrincipal(request), requestLang(request))),
  });

  app.post(`${B}/pageList`, {
    config: { access: { permission: PERMISSIONS.medicinalBatchList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Medicinal batches, paged (filters: product, batch number and product name contain, expiry date range)',
      body: medicinalBatchPageQuerySchema,
      response: { 200: envelope(pageResultSchema(medicinalBatchRowSchema)) },
    },
    handler: async (request) => ok(request, await listBatchPage(db, currentPrincipal(request), request.body)),
  });

  app.post(`${B}/listDetail`, {
    config: { access: { permission: PERMISSIONS.medicinalBatchList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'One medicinal batch with its product’s facts and the list of its attached files',
      body: medicinalIdBodySchema,
      response: { 200: envelope(medicinalBatchDetailSchema) },
    },
    handler: async (request) => ok(request, await getBatchDetail(db, currentPrincipal(request), request.body.id)),
  });

  app.post(`${B}/add`, {
    config: { access: { permission: PERMISSIONS.medicinalBatchEdit } },
    schema: { tags: TAGS, summary: 'Add a batch of one of the company’s medicinal products', body: medicinalBatchAddSchema, response: { 200: envelope(medicinalBatchDetailSchema) } },
    handler: async (request) => ok(request, await addBatch(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post(`${B}/edit`, {
    config: { access: { permission: PERMISSIONS.medicinalBatchEdit } },
    schema: { tags: TAGS, summary: 'Replace a medicinal batch’s fields', body: medicinalBatchEditSchema, response: { 200: envelope(medicinalBatchDetailSchema) } },
    handler: async (request) => ok(request, await editBatch(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post(`${B}/deleteById`, {
    config: { access: { permission: PERMISSIONS.medicinalBatchEdit } },
    schema: { tags: TAGS, summary: 'Delete a medicinal batch and its list of attached files', body: medicinalIdBodySchema, response: { 200: envelope(z.null()) } },
    handler: async (request) => {
      await removeBatch(db, currentPrincipal(request), request.body.id);
      return ok(request, null);
    },
  });

  app.get(`${B}/exportTemplate`, {
    config: { access: { permission: PERMISSIONS.medicinalBatchImport }, audit: false },
    schema: { tags: TAGS, summary: 'The .xlsx import template of medicinal batches (the company’s products as a drop-down)' },
    handler: async (request, reply) => sendTemplate(reply, await batchTemplate(database, currentPrincipal(request), requestLang(request))),
  });

  app.post(`${MEDICINAL_BATCH_FILE_API}/add`, {
    config: { access: { permission: PERMISSIONS.medicinalBatchEdit } },
    schema: {
      tags: TAGS,
      summary: 'Attach an uploaded file (inspection report, certificate) to a medicinal batch; answers the batch',
      body: medicinalBatchFileAddSchema,
      response: { 200: envelope(medicinalBatchDetailSchema) },
    },
    handler: async (request) => ok(request, await addBatchFile(db, currentPrincipal(request), request.body)),
  });

  app.post(`${MEDICINAL_BATCH_FILE_API}/deleteById`, {
    config: { access: { permission: PERMISSIONS.medicinalBatchEdit } },
    schema: {
      tags: TAGS,
      summary: 'Detach a file from its medicinal batch; answers the batch',
      body: medicinalIdBodySchema,
      response: { 200: envelope(medicinalBatchDetailSchema) },
    },
    handler: async (request) => ok(request, await removeBatchFile(db, currentPrincipal(request), request.body.id)),
  });

  // Multipart parsing only for the two imports, in their own plugin scope.
  await app.register(async (imports) => {
    await imports.register(multipart, { throwFileSizeLimit: false });
    imports.post(`${P}/importData`, {
      config: { access: { permission: PERMISSIONS.medicinalProductImport } },
      schema: {
        tags: TAGS,
        summary: 'Import medicinal products from a filled template (multipart field `file`); all rows or none',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(importResultSchema) },
      },
      handler: async (request, reply) => {
        const bytes = await receiveSpreadsheet(request, reply);
        const result = await importProducts(database, currentPrincipal(request), bytes, requestLang(request), config.importMaxRows);
        return importAnswer(request, result);
      },
    });
    imports.post(`${B}/importData`, {
      config: { access: { permission: PERMISSIONS.medicinalBatchImport } },
      schema: {
        tags: TAGS,
        summary: 'Import medicinal batches from a filled template (multipart field `file`); all rows or none',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(importResultSchema) },
      },
      handler: async (request, reply) => {
        const bytes = await receiveSpreadsheet(request, reply);
        const result = await importBatches(database, currentPrincipal(request), bytes, requestLang(request), config.importMaxRows);
        return importAnswer(request, result);
      },
    });
  });
}
