import multipart from '@fastify/multipart';
import {
  PERMISSIONS,
  dealerAddBodySchema,
  dealerEditBodySchema,
  dealerIdBodySchema,
  dealerIdQuerySchema,
  dealerOptionQuerySchema,
  dealerOptionSchema,
  dealerOverviewSchema,
  dealerPageQuerySchema,
  dealerRowSchema,
  importResultSchema,
  pageResultSchema,
} from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { asAttachment } from '../../platform/http/attachment.js';
import { XLSX_CONTENT_TYPE } from '../../platform/export/xlsx.js';
import { importAnswer, sendTemplate } from '../../platform/import/importAnswer.js';
import { receiveSpreadsheet } from '../file/receiveSpreadsheet.js';
import { ownCompany } from '../product/ownCompany.js';
import { dealerTemplate, importDealers } from './dealerImport.js';
import { dealerExport, dealerExportFileName } from './export.js';
import { addDealer, editDealer, getDealer, getDealerOverview, listDealerOptions, listDealers, removeDealer } from './service.js';

const TAGS = ['dealer'];

export async function dealerRoutes(app: App, { db, config }: AppContext) {
  app.post('/acc/api/dealer/pageList', {
    config: { access: { permission: PERMISSIONS.dealerList } },
    schema: { tags: TAGS, summary: 'Dealers, filtered by name or code, level, status, area and parent', body: dealerPageQuerySchema, response: { 200: envelope(pageResultSchema(dealerRowSchema)) } },
    handler: async (request) => ok(request, await listDealers(db, currentPrincipal(request), request.body)),
  });

  app.post('/acc/api/dealer/export', {
    config: { access: { permission: PERMISSIONS.dealerExport }, audit: { module: 'dealer', action: 'EXPORT' } },
    schema: { tags: TAGS, summary: 'The matching dealers as an .xlsx file, by code', body: dealerPageQuerySchema },
    handler: async (request, reply) => {
      const lang = requestLang(request);
      const stream = dealerExport(db, ownCompany(currentPrincipal(request)), request.body, lang, config.businessTimeZone, (error) =>
        request.log.error({ err: error }, 'dealer export failed after it started'),
      );
      return asAttachment(reply, dealerExportFileName(lang, config.businessTimeZone), XLSX_CONTENT_TYPE).send(stream);
    },
  });

  app.get('/acc/api/dealer/getById', {
    config: { access: { permission: PERMISSIONS.dealerList } },
    schema: { tags: TAGS, summary: 'One dealer', querystring: dealerIdQuerySchema, response: { 200: envelope(dealerRowSchema) } },
    handler: async (request) => ok(request, await getDealer(db, currentPrincipal(request), request.query.id)),
  });

  app.get('/acc/api/dealer/overview', {
    config: { access: { permission: PERMISSIONS.dealerList } },
    schema: { tags: TAGS, summary: 'One dealer with its sub-dealers, items at it now, orders and returns', querystring: dealerIdQuerySchema, response: { 200: envelope(dealerOverviewSchema) } },
    handler: async (request) => ok(request, await getDealerOverview(db, currentPrincipal(request), request.query.id)),
  });

  app.get('/acc/api/dealer/options', {
    config: { access: { permission: PERMISSIONS.dealerList } },
    schema: { tags: TAGS, summary: 'Enabled dealers for a picker, by name or code, at most 50', querystring: dealerOptionQuerySchema, response: { 200: envelope(z.array(dealerOptionSchema)) } },
    handler: async (request) => ok(request, await listDealerOptions(db, currentPrincipal(request), request.query)),
  });

  app.post('/acc/api/dealer/add', {
    config: { access: { permission: PERMISSIONS.dealerAdd } },
    schema: { tags: TAGS, summary: 'Adds a dealer', body: dealerAddBodySchema, response: { 200: envelope(dealerRowSchema) } },
    handler: async (request) => ok(request, await addDealer(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post('/acc/api/dealer/edit', {
    config: { access: { permission: PERMISSIONS.dealerEdit } },
    schema: { tags: TAGS, summary: 'Replaces a dealer’s fields', body: dealerEditBodySchema, response: { 200: envelope(dealerRowSchema) } },
    handler: async (request) => ok(request, await editDealer(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post('/acc/api/dealer/delete', {
    config: { access: { permission: PERMISSIONS.dealerDelete } },
    schema: { tags: TAGS, summary: 'Deletes a dealer without sub-dealers or shipments', body: dealerIdBodySchema, response: { 200: envelope(z.null()) } },
    handler: async (request) => {
      await removeDealer(db, currentPrincipal(request), request.body.id);
      return ok(request, null);
    },
  });

  app.get('/acc/api/dealer/exportTemplate', {
    config: { access: { permission: PERMISSIONS.dealerImport }, audit: false },
    schema: { tags: TAGS, summary: 'The .xlsx import template of dealers (status and name on the consumer page as drop-downs)' },
    handler: async (request, reply) => sendTemplate(reply, await dealerTemplate(currentPrincipal(request), requestLang(request))),
  });

  // Multipart parsing only for the import, in its own plugin scope.
  await app.register(async (imports) => {
    await imports.register(multipart, { throwFileSizeLimit: false });
    imports.post('/acc/api/dealer/importData', {
      config: { access: { permission: PERMISSIONS.dealerImport } },
      schema: {
        tags: TAGS,
        summary: 'Import dealers from a filled template or a dealer export (multipart field `file`); all rows or none',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(importResultSchema) },
      },
      handler: async (request, reply) => {
        const bytes = await receiveSpreadsheet(request, reply);
        return importAnswer(request, await importDealers(db, currentPrincipal(request), bytes, requestLang(request)));
      },
    });
  });
}
