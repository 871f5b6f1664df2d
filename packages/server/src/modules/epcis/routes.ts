import { Readable } from 'node:stream';
import { PERMISSIONS } from '@rd/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/http/appError.js';
import { asAttachment } from '../../platform/http/attachment.js';
import { requestLang } from '../../platform/http/lang.js';
import { ownCompany } from '../product/ownCompany.js';
import { captureRoutes } from './captureRoutes.js';
import { epcisExport } from './documentExport.js';
import { epcisDocumentShell, EPCIS_MEDIA_TYPES, standaloneEvent } from './document.js';
import { LIST_PARAMETERS, TIME_PARAMETERS, eventJson, findEvent, pageToken, parseEventQuery, queryEvents } from './eventQuery.js';

const TAGS = ['epcis'];
const queryValue = z.union([z.string(), z.array(z.string())]).optional();
/**
 * The SimpleEventQuery parameters, named for the OpenAPI document; any other parameter is kept for the
 * query parser, which refuses it as the standard says (QueryParameterException).
 */
const eventQueryParameters = z
  .object(Object.fromEntries([...LIST_PARAMETERS, ...TIME_PARAMETERS, 'perPage', 'nextPageToken'].map((name) => [name, queryValue])))
  .catchall(z.union([z.string(), z.array(z.string())]));

/** JSON-LD when the caller asks for it, else plain JSON: the same document either way. */
function sendDocument(request: FastifyRequest, reply: FastifyReply, document: object) {
  const wantsLd = (request.headers.accept ?? '').includes(EPCIS_MEDIA_TYPES.jsonLd);
  return reply
    .header('content-type', `${wantsLd ? EPCIS_MEDIA_TYPES.jsonLd : EPCIS_MEDIA_TYPES.json}; charset=utf-8`)
    .header('gs1-epcis-version', '2.0.0')
    .header('gs1-cbv-version', '2.0.0')
    .send(JSON.stringify(document));
}

/**
 * The EPCIS 2.0 REST interface of the company's repository (the query side). Answers are the standard's
 * documents, not the portal's envelope, so any EPCIS client reads them; refusals keep the envelope with
 * its HTTP status, like every other call of the portal.
 */
export async function epcisRoutes(app: App, ctx: AppContext) {
  const { db, config } = ctx;
  // JSON-LD is JSON: partners send EPCIS documents as application/ld+json
  app.addContentTypeParser(EPCIS_MEDIA_TYPES.jsonLd, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  await captureRoutes(app, ctx);

  app.get('/acc/epcis/events', {
    config: { access: { permission: PERMISSIONS.epcisEventList, apiKey: true } },
    schema: {
      tags: TAGS,
      summary:
        'EPCIS 2.0 events of the company (SimpleEventQuery): eventType, GE_/LT_eventTime, GE_/LT_recordTime, EQ_action, EQ_bizStep, EQ_disposition, EQ_readPoint, EQ_bizLocation, MATCH_epc, MATCH_parentID, MATCH_anyEPC; perPage and nextPageToken, the next page in the Link header',
      querystring: eventQueryParameters,
    },
    handler: async (request, reply) => {
      const companyId = ownCompany(currentPrincipal(request));
      const query = parseEventQuery(request.query, requestLang(request));
      const { rows, more } = await queryEvents(db, companyId, query);
      if (more) {
        const next = new URLSearchParams();
        for (const [name, value] of Object.entries(request.query)) {
          if (name === 'nextPageToken' || value === undefined) continue;
          for (const v of Array.isArray(value) ? value : [value]) next.append(name, v);
        }
        next.set('nextPageToken', pageToken(rows[rows.length - 1]!.id));
        reply.header('link', `</acc/epcis/events?${next.toString()}>; rel="next"`);
      }
      const document = epcisDocumentShell('EPCISQueryDocument', {
        queryResults: { queryName: 'SimpleEventQuery', resultsBody: { eventList: rows.map(eventJson) } },
      });
      return sendDocument(request, reply, document);
    },
  });

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

  app.get('/acc/epcis/events/:eventID', {
    config: { access: { permission: PERMISSIONS.epcisEventList, apiKey: true } },
    schema: { tags: TAGS, summary: 'One EPCIS event of the company by its eventID (percent-encoded)', params: z.object({ eventID: z.string().min(1).max(500) }) },
    handler: async (request, reply) => {
      const companyId = ownCompany(currentPrincipal(request));
      const row = await findEvent(db, companyId, request.params.eventID);
      if (!row) throw notFound();
      return sendDocument(request, reply, standaloneEvent(eventJson(row)));
    },
  });
}
