import {
  codeActivationSchema,
  codeRecordActivateBodySchema,
  codeRecordVoidAllBodySchema,
  PERMISSIONS,
  codeRecordAddBodySchema,
  codeRecordEditBodySchema,
  codeRecordIdQuerySchema,
  codeRecordPageQuerySchema,
  codeRecordRowSchema,
  codeRecordEstimateSchema,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_REPLAYED_HEADER,
  idempotencyHeadersSchema,
  pageResultSchema,
} from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { latestActivation, requestActivation } from './activation.js';
import { estimateJob } from './jobEstimate.js';
import { cancelJobOf, companyOf, getJob, listJobs, queueJob } from './service.js';

const TAGS = ['tags'];

/** Code generation jobs (spec 7.6 api/codeRecord): queue, list with live progress, cancel. */
export async function codeRecordRoutes(app: App, { db, config, database }: AppContext) {
  app.post('/acc/api/codeRecord/add', {
    config: { access: { permission: PERMISSIONS.codeRecordAdd } },
    schema: {
      tags: TAGS,
      summary: 'Queue a job making quantity (1 to 10,000,000) codes of an enabled rule; answers the queued job',
      description:
        'Send an Idempotency-Key header so that a double click, a retry or a second tab creates one job: the same key ' +
        'with the same body answers the first job again (with Idempotent-Replayed: true), with another body ' +
        'IDEMPOTENCY_KEY_REUSED (409). Keys are kept 24 hours per company.',
      headers: idempotencyHeadersSchema,
      body: codeRecordAddBodySchema,
      response: { 200: envelope(codeRecordRowSchema) },
    },
    handler: async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      const { job, replayed } = await queueJob(db, currentPrincipal(request), request.body, requestLang(request), key);
      if (replayed) reply.header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
      return ok(request, job);
    },
  });

  app.post('/acc/api/codeRecord/estimate', {
    config: { access: { permission: PERMISSIONS.codeRecordAdd }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Before queuing: the time a job should take (at the rate measured here, else the reference rate) and the size of its code files',
      body: codeRecordAddBodySchema,
      response: { 200: envelope(codeRecordEstimateSchema) },
    },
    handler: async (request) => {
      const site = { companyId: companyOf(currentPrincipal(request)), publicBaseUrl: config.publicBaseUrl, databaseKind: database.kind };
      return ok(request, await estimateJob(db, site, request.body, requestLang(request)));
    },
  });

  app.post('/acc/api/codeRecord/activate', {
    config: { access: { permission: PERMISSIONS.codeActivate } },
    schema: {
      tags: TAGS,
      summary: 'Puts every code of a finished job in force in the background, with their EPCIS commissioning events; answers the activation to follow',
      body: codeRecordActivateBodySchema,
      response: { 200: envelope(z.object({ id: z.string() })) },
    },
    handler: async (request) => ok(request, await requestActivation(db, currentPrincipal(request), request.body.id)),
  });

  app.post('/acc/api/codeRecord/voidAll', {
    config: { access: { permission: PERMISSIONS.codeVoid } },
    schema: {
      tags: TAGS,
      summary:
        'Voids every code of a finished job in the background, each keeping the reason, with their EPCIS decommissioning events (for jobs larger than one bulk change); answers the change to follow',
      body: codeRecordVoidAllBodySchema,
      response: { 200: envelope(z.object({ id: z.string() })) },
    },
    handler: async (request) =>
      ok(request, await requestActivation(db, currentPrincipal(request), request.body.id, { action: 'VOID', reason: request.body.reason })),
  });

  app.get('/acc/api/codeRecord/activation', {
    config: { access: { permission: PERMISSIONS.codeRecordList } },
    schema: { tags: TAGS, summary: 'The newest change of a whole job (activation or void), with its progress (null: none)', querystring: codeRecordIdQuerySchema, response: { 200: envelope(codeActivationSchema.nullable()) } },
    handler: async (request) => ok(request, (await latestActivation(db, currentPrincipal(request), request.query.id)) ?? null),
  });

  app.post('/acc/api/codeRecord/pageList', {
    config: { access: { permission: PERMISSIONS.codeRecordList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Jobs of the company, newest first (filters: ruleId, status, creation time range)',
      body: codeRecordPageQuerySchema,
      response: { 200: envelope(pageResultSchema(codeRecordRowSchema)) },
    },
    handler: async (request) => ok(request, await listJobs(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.get('/acc/api/codeRecord/getById', {
    config: { access: { permission: PERMISSIONS.codeRecordList } },
    schema: {
      tags: TAGS,
      summary: 'One job with its progress (polled while it runs)',
      querystring: codeRecordIdQuerySchema,
      response: { 200: envelope(codeRecordRowSchema) },
    },
    handler: async (request) => ok(request, await getJob(db, currentPrincipal(request), request.query.id, requestLang(request))),
  });

  app.post('/acc/api/codeRecord/edit', {
    config: { access: { permission: PERMISSIONS.codeRecordCancel } },
    schema: {
      tags: TAGS,
      summary: 'Cancel a queued or running job (action CANCEL); codes already written stay',
      body: codeRecordEditBodySchema,
      response: { 200: envelope(codeRecordRowSchema) },
    },
    handler: async (request) => ok(request, await cancelJobOf(db, currentPrincipal(request), request.body.id, requestLang(request))),
  });
}
