import {
  PERMISSIONS,
  companyAuditPassBodySchema,
  companyAuditRejectBodySchema,
  COMPANY_INFO_IMAGE_PATH,
  companyInfoIdQuerySchema,
  companyInfoImageQuerySchema,
  companyInfoPageQuerySchema,
  companyInfoReportBodySchema,
  companyInfoRowSchema,
  companyInfoViewSchema,
  pageResultSchema,
} from '@rd/contract';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/http/appError.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { auditImage, auditPage, auditPass, auditReject, auditView, editReport, ownCompanyInfo, report, submit, unSubmit } from './service.js';
import { answerRefusalsIn } from './transitionRefused.js';

const TAGS = ['companyInfo'];
const BASE = '/acc/api/companyInfo';
const VIEW = { 200: envelope(companyInfoViewSchema) };
const logged = (action: 'INSERT' | 'UPDATE') => ({ module: 'companyInfo', action });

/**
 * Company info (spec 7.8, api/companyInfo): the company reports, the platform audits. The routes live in
 * their own scope so that a refused transition is answered with the message that names the current state.
 */
export async function companyInfoRoutes(app: App, ctx: AppContext) {
  await app.register(async (scope: App) => {
    answerRefusalsIn(scope);
    declareRoutes(scope, ctx);
  });
}

function declareRoutes(app: App, { db, storage }: AppContext) {
  app.get(`${BASE}/getCompanyInfo`, {
    config: { access: { permission: PERMISSIONS.companyInfoView }, audit: false },
    schema: { tags: TAGS, summary: 'The caller’s company: as registered, its report (null before the first) and audit trail', response: VIEW },
    handler: async (request) => ok(request, await ownCompanyInfo(db, currentPrincipal(request))),
  });

  app.post(`${BASE}/report`, {
    config: { access: { permission: PERMISSIONS.companyInfoEdit }, audit: logged('INSERT') },
    schema: { tags: TAGS, summary: 'First report of the company’s info (a DRAFT)', body: companyInfoReportBodySchema, response: VIEW },
    handler: async (request) => ok(request, await report(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post(`${BASE}/editReport`, {
    config: { access: { permission: PERMISSIONS.companyInfoEdit }, audit: logged('UPDATE') },
    schema: {
      tags: TAGS,
      summary: 'Change the report: DRAFT / REJECTED in place, APPROVED into a new DRAFT revision (the approved copy stays published)',
      body: companyInfoReportBodySchema,
      response: VIEW,
    },
    handler: async (request) => ok(request, await editReport(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post(`${BASE}/submit`, {
    config: { access: { permission: PERMISSIONS.companyInfoSubmit }, audit: logged('UPDATE') },
    schema: { tags: TAGS, summary: 'Submit the DRAFT or REJECTED report for audit', response: VIEW },
    handler: async (request) => ok(request, await submit(db, currentPrincipal(request))),
  });

  app.post(`${BASE}/unSubmit`, {
    config: { access: { permission: PERMISSIONS.companyInfoSubmit }, audit: logged('UPDATE') },
    schema: { tags: TAGS, summary: 'Withdraw a SUBMITTED report back to DRAFT', response: VIEW },
    handler: async (request) => ok(request, await unSubmit(db, currentPrincipal(request))),
  });

  app.post(`${BASE}/pageList`, {
    config: { access: { permission: PERMISSIONS.companyAuditList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Reports of all companies, paged (filters: status, part of the name or merchant code)',
      body: companyInfoPageQuerySchema,
      response: { 200: envelope(pageResultSchema(companyInfoRowSchema)) },
    },
    handler: async (request) => ok(request, await auditPage(db, currentPrincipal(request), request.body)),
  });

  app.get(`${BASE}/getById`, {
    config: { access: { permission: PERMISSIONS.companyAuditList }, audit: false },
    schema: { tags: TAGS, summary: 'One company’s report with its approved snapshot and audit trail (id: the company)', querystring: companyInfoIdQuerySchema, response: VIEW },
    handler: async (request) => ok(request, await auditView(db, currentPrincipal(request), request.query.id)),
  });

  app.get(COMPANY_INFO_IMAGE_PATH, {
    config: { access: { permission: PERMISSIONS.companyAuditList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'The logo or licence picture of a company’s report (working copy or approved snapshot), for the auditors',
      querystring: companyInfoImageQuerySchema,
    },
    handler: async (request, reply) => {
      const file = await auditImage(db, currentPrincipal(request), request.query);
      if (!(await storage.exists(file.sha256))) {
        request.log.error({ sha256: file.sha256 }, 'stored file content is missing');
        throw notFound();
      }
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .header('content-length', file.size)
        .send(storage.open(file.sha256));
    },
  });

  app.post(`${BASE}/auditPass`, {
    config: { access: { permission: PERMISSIONS.companyAuditDecide }, audit: logged('UPDATE') },
    schema: { tags: TAGS, summary: 'Pass a SUBMITTED report: it becomes the approved snapshot', body: companyAuditPassBodySchema, response: VIEW },
    handler: async (request) => ok(request, await auditPass(db, currentPrincipal(request), request.body.id)),
  });

  app.post(`${BASE}/auditReject`, {
    config: { access: { permission: PERMISSIONS.companyAuditDecide }, audit: logged('UPDATE') },
    schema: { tags: TAGS, summary: 'Reject a SUBMITTED report with a reason (1–500 characters)', body: companyAuditRejectBodySchema, response: VIEW },
    handler: async (request) => ok(request, await auditReject(db, currentPrincipal(request), request.body.id, request.body.reason)),
  });
}
