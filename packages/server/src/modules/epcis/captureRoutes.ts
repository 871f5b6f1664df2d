import { PERMISSIONS, validationMessage } from '@rd/contract';
import type { FastifyReply, onRequestHookHandler, onSendHookHandler } from 'fastify';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/http/appError.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { ownCompany } from '../product/ownCompany.js';
import {
  CAPTURE_ERROR_BEHAVIOUR_HEADER,
  CAPTURE_EVENTS_MAX,
  JOBS_PER_PAGE_DEFAULT,
  JOBS_PER_PAGE_MAX,
  captureDocument,
  captureErrorBehaviour,
  captureJob,
  captureJobs,
  jobAfter,
} from './capture.js';
import { assertEpcisVersions, sendDiscovery, setEpcisVersionHeaders } from './discoveryHeaders.js';
import { EPCIS_MEDIA_TYPES, XML_MEDIA_TYPES } from './document.js';
import { captureXmlDocument } from './xmlCapture.js';
import { closeXsdValidator } from './xsdValidation.js';

const TAGS = ['epcis'];

/** A capture of 10,000 events with their identifiers is some megabytes of JSON. */
export const CAPTURE_BODY_LIMIT = 48 * 1024 * 1024;

/** What the capture interface takes: EPCIS documents in JSON or JSON-LD, and in the XML binding. */
const CAPTURE_MEDIA_TYPES: readonly string[] = [EPCIS_MEDIA_TYPES.json, EPCIS_MEDIA_TYPES.jsonLd, ...XML_MEDIA_TYPES];

/** The capture interface's limits, on every answer of it and in its discovery. */
const CAPTURE_LIMIT_HEADERS = {
  'GS1-EPCIS-Capture-Limit': CAPTURE_EVENTS_MAX,
  'GS1-EPCIS-Capture-File-Size-Limit': CAPTURE_BODY_LIMIT,
};

/** Every answer of the capture interface, refusals too, names its versions and limits. */
const captureHeaders: onSendHookHandler = (_request, reply, payload, done) => {
  setEpcisVersionHeaders(reply);
  for (const [name, value] of Object.entries(CAPTURE_LIMIT_HEADERS)) reply.header(name, String(value));
  done(null, payload);
};

/** A request naming another EPCIS or CBV version than 2.0 is refused before anything else is read. */
const versions: onRequestHookHandler = (request, _reply, done) => {
  try {
    assertEpcisVersions(request);
    done();
  } catch (error) {
    done(error as Error);
  }
};

/**
 * Before the body is read: a document in a media type the interface does not take is the binding's 415, and
 * an error behaviour it does not know is refused naming the header.
 */
const captureRequest: onRequestHookHandler = (request, _reply, done) => {
  const mediaType = String(request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!CAPTURE_MEDIA_TYPES.includes(mediaType)) {
    return done(new AppError('UNSUPPORTED_MEDIA_TYPE', { type: mediaType.slice(0, 80) || '-', types: CAPTURE_MEDIA_TYPES.join(', ') }));
  }
  try {
    captureErrorBehaviour(request.headers[CAPTURE_ERROR_BEHAVIOUR_HEADER.toLowerCase()]);
    done();
  } catch (error) {
    done(error as Error);
  }
};

function sendJson(reply: FastifyReply, value: unknown) {
  return reply.header('content-type', `${EPCIS_MEDIA_TYPES.json}; charset=utf-8`).send(JSON.stringify(value));
}

/**
 * The capture side of the EPCIS 2.0 REST interface: partners' systems send EPCISDocuments, and read back
 * the capture jobs they made. Answers carry the binding's GS1-* headers; job answers are the binding's
 * CaptureJob documents, not the portal's envelope; refusals keep the envelope with their HTTP status.
 */
export async function captureRoutes(app: App, { db, config }: AppContext) {
  const access = { permission: PERMISSIONS.epcisCapture, apiKey: true } as const;

  app.options('/acc/epcis/capture', {
    config: { access },
    onSend: captureHeaders,
    schema: { tags: TAGS, summary: 'Discovery of the capture interface: its methods, EPCIS and CBV versions, limits and error behaviours (204, headers only)' },
    handler: async (_request, reply) => sendDiscovery(reply, ['OPTIONS', 'POST', 'GET'], { ...CAPTURE_LIMIT_HEADERS, [CAPTURE_ERROR_BEHAVIOUR_HEADER]: 'all' }),
  });

  // the XSD validator's worker ends with the server (the next XML document starts it again)
  app.addHook('onClose', closeXsdValidator);

  // The XML binding's documents reach the capture route only (as bytes, read by xmlCapture.ts); elsewhere XML
  // stays a media type the portal does not take.
  await app.register(async (scope) => {
    scope.addContentTypeParser([...XML_MEDIA_TYPES], { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/acc/epcis/capture', {
      config: { access, audit: { module: 'epcis', action: 'IMPORT' } },
      bodyLimit: CAPTURE_BODY_LIMIT,
      onRequest: [versions, captureRequest],
      onSend: captureHeaders,
      schema: {
        tags: TAGS,
        summary: `Captures an EPCISDocument (application/json or application/ld+json checked against GS1's EPCIS 2.0 JSON schema; application/xml or text/xml checked against GS1's EPCIS 2.0 XSD, no DTD entities; up to 10,000 events): identifiers of the portal's codes must be the company's. GS1-Capture-Error-Behaviour: rollback (default) refuses a document with a failing event whole, proceed stores the events that pass and lists the others in the capture job. Answers 202 with the capture job's Location`,
        body: z.unknown(),
      },
      handler: async (request, reply) => {
        const principal = currentPrincipal(request);
        const companyId = ownCompany(principal);
        const behaviour = captureErrorBehaviour(request.headers[CAPTURE_ERROR_BEHAVIOUR_HEADER.toLowerCase()]);
        const lang = requestLang(request);
        const result = Buffer.isBuffer(request.body)
          ? await captureXmlDocument(db, principal, companyId, config.publicBaseUrl, request.body, lang, behaviour)
          : await captureDocument(db, principal, companyId, config.publicBaseUrl, request.body, lang, behaviour);
        reply.code(202).header('location', `/acc/epcis/capture/${result.captureId}`);
        return ok(request, result);
      },
    });
  });

  app.get('/acc/epcis/capture', {
    config: { access },
    onRequest: versions,
    onSend: captureHeaders,
    schema: {
      tags: TAGS,
      summary: `The company's capture jobs, newest first (the binding's CaptureJob documents): perPage (1–${JOBS_PER_PAGE_MAX}, default ${JOBS_PER_PAGE_DEFAULT}) and nextPageToken, the next page in the Link header`,
      querystring: z.object({
        perPage: z.coerce.number().int().min(1).max(JOBS_PER_PAGE_MAX).optional(),
        nextPageToken: z.string().max(64).optional(),
      }),
    },
    handler: async (request, reply) => {
      const perPage = request.query.perPage ?? JOBS_PER_PAGE_DEFAULT;
      const token = request.query.nextPageToken;
      const after = token === undefined ? null : jobAfter(token);
      if (token !== undefined && after === null) throw new AppError('PARAM_CHECK', undefined, [{ field: 'nextPageToken', message: validationMessage('validation.invalid', requestLang(request)) }]);
      const { jobs, next } = await captureJobs(db, ownCompany(currentPrincipal(request)), { perPage, after }, requestLang(request));
      if (next) reply.header('link', `</acc/epcis/capture?${new URLSearchParams({ perPage: String(perPage), nextPageToken: next }).toString()}>; rel="next"`);
      return sendJson(reply, jobs);
    },
  });

  app.options('/acc/epcis/capture/:captureID', {
    config: { access },
    onSend: captureHeaders,
    schema: { tags: TAGS, summary: 'Discovery of a capture job resource (204, headers only)', params: z.object({ captureID: z.string().max(20) }) },
    handler: async (_request, reply) => sendDiscovery(reply, ['OPTIONS', 'GET']),
  });

  app.get('/acc/epcis/capture/:captureID', {
    config: { access },
    onRequest: versions,
    onSend: captureHeaders,
    schema: { tags: TAGS, summary: 'A capture job of the company (the binding\'s CaptureJob)', params: z.object({ captureID: z.string().max(20) }) },
    handler: async (request, reply) => {
      const job = await captureJob(db, ownCompany(currentPrincipal(request)), request.params.captureID, requestLang(request));
      if (!job) throw notFound();
      return sendJson(reply, job);
    },
  });
}
