import {
  PERMISSIONS,
  pageResultSchema,
  recallAddBodySchema,
  recallCloseBodySchema,
  recallCodeQuerySchema,
  recallCodeRowSchema,
  recallDetailSchema,
  recallEditBodySchema,
  recallExposureSchema,
  recallIdBodySchema,
  recallIdQuerySchema,
  recallPageQuerySchema,
  recallRowSchema,
  recallTraceQuerySchema,
} from '@rd/contract';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { asAttachment } from '../../platform/http/attachment.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { XLSX_CONTENT_TYPE } from '../../platform/export/xlsx.js';
import { notFound } from '../../platform/http/appError.js';
import { ownCompany } from '../product/ownCompany.js';
import { recallExposure } from './exposure.js';
import { exposureExport, exposureFileName } from './exposureExport.js';
import { activateRecall, closeRecall, createRecall, editRecall, getRecall, listRecallCodes, listRecalls } from './service.js';
import { recallRow } from './store.js';
import { EMBEDDED_CHUNK, traceReport, traceReportFileName } from './traceReport.js';

const TAGS = ['recall'];
const BASE = '/acc/api/recall';

export async function recallRoutes(app: App, { db, database, config }: AppContext) {
  /** The caller's recall for a read, with what its exposure needs; another company's answers NOT_FOUND. */
  async function ownRecall(request: Parameters<typeof currentPrincipal>[0], id: string) {
    const companyId = ownCompany(currentPrincipal(request));
    const row = await recallRow(db, companyId, id);
    if (!row) throw notFound();
    return { row, target: { id: row.id, companyId, startedAt: row.startedAt, closedAt: row.closedAt } };
  }

  app.post(`${BASE}/pageList`, {
    config: { access: { permission: PERMISSIONS.recallList } },
    schema: { tags: TAGS, summary: 'Recalls, by number, state and level, newest first', body: recallPageQuerySchema, response: { 200: envelope(pageResultSchema(recallRowSchema)) } },
    handler: async (request) => ok(request, await listRecalls(db, currentPrincipal(request), request.body)),
  });

  app.get(`${BASE}/getById`, {
    config: { access: { permission: PERMISSIONS.recallList } },
    schema: { tags: TAGS, summary: 'One recall with its selection and its background work', querystring: recallIdQuerySchema, response: { 200: envelope(recallDetailSchema) } },
    handler: async (request) => ok(request, await getRecall(db, currentPrincipal(request), request.query.id)),
  });

  app.post(`${BASE}/codes`, {
    config: { access: { permission: PERMISSIONS.recallList }, audit: false },
    schema: { tags: TAGS, summary: 'The codes a recall covers, with the dealer holding each', body: recallCodeQuerySchema, response: { 200: envelope(pageResultSchema(recallCodeRowSchema)) } },
    handler: async (request) => ok(request, await listRecallCodes(db, currentPrincipal(request), request.body)),
  });

  app.get(`${BASE}/exposure`, {
    config: { access: { permission: PERMISSIONS.recallList } },
    schema: {
      tags: TAGS,
      summary: 'Where the recalled items are (dealers, the company), returns and consumer scans since the recall started',
      querystring: recallIdQuerySchema,
      response: { 200: envelope(recallExposureSchema) },
    },
    handler: async (request) => ok(request, await recallExposure(db, (await ownRecall(request, request.query.id)).target)),
  });

  app.post(`${BASE}/add`, {
    config: { access: { permission: PERMISSIONS.recallAdd } },
    schema: { tags: TAGS, summary: 'A new draft recall; its codes are gathered in the background', body: recallAddBodySchema, response: { 200: envelope(recallDetailSchema) } },
    handler: async (request) => ok(request, await createRecall(db, currentPrincipal(request), request.body, requestLang(request), config.businessTimeZone)),
  });

  app.post(`${BASE}/edit`, {
    config: { access: { permission: PERMISSIONS.recallEdit } },
    schema: { tags: TAGS, summary: 'Changes a draft recall; a new selection is gathered anew', body: recallEditBodySchema, response: { 200: envelope(recallDetailSchema) } },
    handler: async (request) => ok(request, await editRecall(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post(`${BASE}/activate`, {
    config: { access: { permission: PERMISSIONS.recallActivate }, audit: { module: 'recall', action: 'UPDATE' } },
    schema: { tags: TAGS, summary: 'Starts a draft recall: consumer checks show it at once; its EPCIS events follow', body: recallIdBodySchema, response: { 200: envelope(recallDetailSchema) } },
    handler: async (request) => ok(request, await activateRecall(db, currentPrincipal(request), request.body.id)),
  });

  app.post(`${BASE}/close`, {
    config: { access: { permission: PERMISSIONS.recallClose }, audit: { module: 'recall', action: 'UPDATE' } },
    schema: {
      tags: TAGS,
      summary: 'Ends an active recall with a summary and the disposition of what is left (or withdraws a draft)',
      body: recallCloseBodySchema,
      response: { 200: envelope(recallDetailSchema) },
    },
    handler: async (request) => ok(request, await closeRecall(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.get(`${BASE}/exportExposure`, {
    config: { access: { permission: PERMISSIONS.recallExport }, audit: { module: 'recall', action: 'EXPORT' } },
    schema: { tags: TAGS, summary: 'The recall’s progress as an .xlsx file (figures, dealers, provinces)', querystring: recallIdQuerySchema },
    handler: async (request, reply) => {
      const lang = requestLang(request);
      const { row, target } = await ownRecall(request, request.query.id);
      const exposure = await recallExposure(db, target);
      const stream = exposureExport(row, exposure, lang, config.businessTimeZone, (error) => request.log.error({ err: error }, 'recall exposure export failed after it started'));
      return asAttachment(reply, exposureFileName(lang, row.recallNo, config.businessTimeZone), XLSX_CONTENT_TYPE).send(stream);
    },
  });

  app.get(`${BASE}/traceReport`, {
    config: { access: { permission: PERMISSIONS.recallExport }, audit: { module: 'recall', action: 'EXPORT' } },
    schema: {
      tags: TAGS,
      summary: 'The FSMA 204 sortable spreadsheet (.xlsx) of every critical tracking event of the recall, or of one of its lots',
      querystring: recallTraceQuerySchema,
    },
    handler: async (request, reply) => {
      const lang = requestLang(request);
      const { row, target } = await ownRecall(request, request.query.id);
      const batchId = request.query.batchId ?? null;
      if (batchId && !(await db.selectFrom('product_batch').select('id').where('company_id', '=', target.companyId).where('id', '=', batchId).executeTakeFirst())) {
        throw notFound();
      }
      const stream = await traceReport(
        db,
        { recallId: row.id, companyId: target.companyId, batchId },
        { lang, timeZone: config.businessTimeZone, chunkSize: database.pool ? null : EMBEDDED_CHUNK },
        (error) => request.log.error({ err: error }, 'recall trace report failed after it started'),
      );
      return asAttachment(reply, traceReportFileName(lang, row.recallNo, config.businessTimeZone), XLSX_CONTENT_TYPE).send(stream);
    },
  });
}
