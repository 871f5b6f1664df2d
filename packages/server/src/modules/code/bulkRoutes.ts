import multipart from '@fastify/multipart';
import {
  PERMISSIONS,
  codeBulkPreviewSchema,
  codeBulkResultSchema,
  codeBulkSelectionBodySchema,
  codeBulkVoidBodySchema,
  codeListFileSchema,
} from '@rd/contract';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { eventSiteOf } from '../epcis/portalEvents.js';
import { applyBulk, previewBulk } from './bulk.js';
import { receiveCodeList } from './codeListFile.js';

const TAGS = ['codes'];
const SELECTION = 'selection: the codes of a job (recordId), a batch (batchId), a serial range of a rule (ruleId, fromSerial, toSerial) or a list (codes)';

/** Activating and voiding many codes at once, each with its preview; the operation log keeps the counts. */
export async function codeBulkRoutes(app: App, { db, config }: AppContext) {
  const site = eventSiteOf(config);

  app.post('/acc/api/code/bulkActivate/preview', {
    config: { access: { permission: PERMISSIONS.codeBulkActivate }, audit: false },
    schema: {
      tags: TAGS,
      summary: `How many codes activating would change, are in force already, are voided, or are unknown; ${SELECTION}`,
      body: codeBulkSelectionBodySchema,
      response: { 200: envelope(codeBulkPreviewSchema) },
    },
    handler: async (request) => ok(request, await previewBulk(db, currentPrincipal(request), 'ACTIVATE', request.body.selection)),
  });

  app.post('/acc/api/code/bulkActivate', {
    config: { access: { permission: PERMISSIONS.codeBulkActivate }, audit: { module: 'code', action: 'UPDATE' } },
    schema: {
      tags: TAGS,
      summary: `Puts the selected codes in force, all or none (voided codes stay voided); ${SELECTION}`,
      body: codeBulkSelectionBodySchema,
      response: { 200: envelope(codeBulkResultSchema) },
    },
    handler: async (request) => {
      const { selection } = request.body;
      const result = await applyBulk(db, currentPrincipal(request), { action: 'ACTIVATE' }, selection, requestLang(request), site);
      request.auditOutcome = { action: 'ACTIVATE', scope: selection.scope, ...result };
      return ok(request, result);
    },
  });

  app.post('/acc/api/code/bulkVoid/preview', {
    config: { access: { permission: PERMISSIONS.codeBulkVoid }, audit: false },
    schema: {
      tags: TAGS,
      summary: `How many codes voiding would change, are voided already, or are unknown; ${SELECTION}`,
      body: codeBulkSelectionBodySchema,
      response: { 200: envelope(codeBulkPreviewSchema) },
    },
    handler: async (request) => ok(request, await previewBulk(db, currentPrincipal(request), 'VOID', request.body.selection)),
  });

  app.post('/acc/api/code/bulkVoid', {
    config: { access: { permission: PERMISSIONS.codeBulkVoid }, audit: { module: 'code', action: 'UPDATE' } },
    schema: {
      tags: TAGS,
      summary: `Voids the selected codes with the reason, all or none; ${SELECTION}`,
      body: codeBulkVoidBodySchema,
      response: { 200: envelope(codeBulkResultSchema) },
    },
    handler: async (request) => {
      const { selection, reason } = request.body;
      const result = await applyBulk(db, currentPrincipal(request), { action: 'VOID', reason }, selection, requestLang(request), site);
      request.auditOutcome = { action: 'VOID', scope: selection.scope, reason, ...result };
      return ok(request, result);
    },
  });

  // multipart parsing only for the uploaded list, in its own plugin scope
  await app.register(async (uploads) => {
    await uploads.register(multipart, { throwFileSizeLimit: false });
    uploads.post('/acc/api/code/readCodeList', {
      config: { access: { permission: PERMISSIONS.codeList }, audit: false },
      schema: {
        tags: TAGS,
        summary: 'The codes of an uploaded .txt, .csv or .xlsx list (multipart field `file`; first column; at most 10,000)',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(codeListFileSchema) },
      },
      handler: async (request, reply) => ok(request, { codes: await receiveCodeList(request, reply) }),
    });
  });
}
