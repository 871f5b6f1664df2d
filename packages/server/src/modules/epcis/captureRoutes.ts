import { PERMISSIONS } from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/http/appError.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { ownCompany } from '../product/ownCompany.js';
import { captureDocument, captureJob } from './capture.js';
import { EPCIS_MEDIA_TYPES } from './document.js';

const TAGS = ['epcis'];

/** A capture of 10,000 events with their identifiers is some megabytes of JSON. */
export const CAPTURE_BODY_LIMIT = 48 * 1024 * 1024;

/**
 * The capture side of the EPCIS 2.0 REST interface: partners' systems send EPCISDocuments, and read back
 * the capture jobs they made.
 */
export async function captureRoutes(app: App, { db, config }: AppContext) {
  app.post('/acc/epcis/capture', {
    config: { access: { permission: PERMISSIONS.epcisCapture, apiKey: true }, audit: { module: 'epcis', action: 'IMPORT' } },
    bodyLimit: CAPTURE_BODY_LIMIT,
    schema: {
      tags: TAGS,
      summary: `Captures an EPCISDocument (application/json or application/ld+json, up to 10,000 events) whole or not at all: checked against GS1's EPCIS 2.0 JSON schema, identifiers of the portal's codes must be the company's; answers 202 with the capture job's Location`,
      body: z.unknown(),
    },
    handler: async (request, reply) => {
      const principal = currentPrincipal(request);
      const companyId = ownCompany(principal);
      const result = await captureDocument(db, principal, companyId, config.publicBaseUrl, request.body, requestLang(request));
      reply.code(202).header('location', `/acc/epcis/capture/${result.captureId}`);
      return ok(request, result);
    },
  });

  app.get('/acc/epcis/capture/:captureID', {
    config: { access: { permission: PERMISSIONS.epcisCapture, apiKey: true } },
    schema: { tags: TAGS, summary: 'A capture job of the company', params: z.object({ captureID: z.string().max(20) }) },
    handler: async (request, reply) => {
      const job = await captureJob(db, ownCompany(currentPrincipal(request)), request.params.captureID);
      if (!job) throw notFound();
      return reply.header('content-type', `${EPCIS_MEDIA_TYPES.json}; charset=utf-8`).send(JSON.stringify(job));
    },
  });
}
