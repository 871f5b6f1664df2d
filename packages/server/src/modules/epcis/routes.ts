import { Readable } from 'node:stream';
import { PERMISSIONS } from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { asAttachment } from '../../platform/http/attachment.js';
import { ownCompany } from '../product/ownCompany.js';
import { captureRoutes } from './captureRoutes.js';
import { epcisExport } from './documentExport.js';
import { EPCIS_MEDIA_TYPES } from './document.js';
import { scheduleFieldBackfill } from './fieldBackfill.js';
import { answerProblemsUnder } from './problemDetails.js';
import { namedQueryRoutes } from './namedQueryRoutes.js';
import { queryRoutes } from './queryRoutes.js';

const TAGS = ['epcis'];

/**
 * The EPCIS 2.0 REST interface of the company's repository: capture (captureRoutes.ts), queries and the
 * top-level resources (queryRoutes.ts), and the portal's own export of a batch's or a shipment's events;
 * in the background, the field index of events stored before it (fieldBackfill.ts).
 * Answers are the standard's documents, not the portal's envelope, so any EPCIS client reads them;
 * refusals are the binding's problem details with the envelope's fields kept in them (problemDetails.ts).
 */
export async function epcisRoutes(app: App, ctx: AppContext) {
  const { db, config } = ctx;
  // JSON-LD is JSON: partners send EPCIS documents as application/ld+json
  app.addContentTypeParser(EPCIS_MEDIA_TYPES.jsonLd, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  // events stored before the field index get their sensor, error and extension fields, in the background
  const backfill = scheduleFieldBackfill(db, (error) => app.log.error({ err: error }, 'EPCIS field backfill failed; trying again in a minute'));
  app.addHook('onClose', () => backfill.stop());

  answerProblemsUnder(app, '/acc/epcis');
  await captureRoutes(app, ctx);
  await queryRoutes(app, ctx);
  await namedQueryRoutes(app, ctx);

  app.get('/acc/epcis/export', {
    config: { access: { permission: PERMISSIONS.epcisEventList, apiKey: true }, audit: { module: 'epcis', action: 'EXPORT' } },
    schema: {
      tags: TAGS,
      summary: 'An EPCISDocument (JSON-LD file) of every event about the codes of a batch or of a shipment, oldest recorded first, streamed',
      querystring: z.union([z.object({ batchId: z.uuid() }), z.object({ shipmentId: z.uuid() })]),
    },
    handler: async (request, reply) => {
      const companyId = ownCompany(currentPrincipal(request));
      const { name, text } = await epcisExport(db, companyId, config.publicBaseUrl, request.query);
      const stream = Readable.from(text());
      stream.on('error', (error) => request.log.error({ err: error }, 'EPCIS export failed after it started'));
      return asAttachment(reply, `EPCIS-${name}.jsonld`, `${EPCIS_MEDIA_TYPES.jsonLd}; charset=utf-8`).send(stream);
    },
  });
}
