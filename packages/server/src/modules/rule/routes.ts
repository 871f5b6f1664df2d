import {
  PERMISSIONS,
  pageResultSchema,
  ruleAddBodySchema,
  ruleEditBodySchema,
  ruleIdBodySchema,
  ruleIdQuerySchema,
  ruleListQuerySchema,
  ruleOptionSchema,
  rulePageQuerySchema,
  rulePreviewBodySchema,
  rulePreviewSchema,
  ruleRowSchema,
} from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { addRule, editRule, getRule, listEnabledRules, listRulePage, previewRule, removeRule } from './service.js';

const TAGS = ['tags'];

/** Tag rules (spec 7.6 api/rule): how the caller's company makes its codes. */
export async function ruleRoutes(app: App, { db, config }: AppContext) {
  app.post('/acc/api/rule/pageList', {
    config: { access: { permission: PERMISSIONS.ruleList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Tag rules, paged (filters: ruleName contains, kind, mode, status)',
      body: rulePageQuerySchema,
      response: { 200: envelope(pageResultSchema(ruleRowSchema)) },
    },
    handler: async (request) => ok(request, await listRulePage(db, currentPrincipal(request), request.body)),
  });

  app.post('/acc/api/rule/list', {
    config: { access: { permission: PERMISSIONS.ruleList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Enabled tag rules of the company, by name (for selects)',
      body: ruleListQuerySchema,
      response: { 200: envelope(z.array(ruleOptionSchema)) },
    },
    handler: async (request) => ok(request, await listEnabledRules(db, currentPrincipal(request), request.body)),
  });

  app.get('/acc/api/rule/getById', {
    config: { access: { permission: PERMISSIONS.ruleList } },
    schema: { tags: TAGS, summary: 'One tag rule', querystring: ruleIdQuerySchema, response: { 200: envelope(ruleRowSchema) } },
    handler: async (request) => ok(request, await getRule(db, currentPrincipal(request), request.query.id)),
  });

  app.post('/acc/api/rule/add', {
    config: { access: { permission: PERMISSIONS.ruleAdd } },
    schema: {
      tags: TAGS,
      summary: 'Add a tag rule (its code space must meet the guessing bound)',
      body: ruleAddBodySchema,
      response: { 200: envelope(ruleRowSchema) },
    },
    handler: async (request) => ok(request, await addRule(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post('/acc/api/rule/edit', {
    config: { access: { permission: PERMISSIONS.ruleEdit } },
    schema: {
      tags: TAGS,
      summary: 'Edit a tag rule; the shape fields are frozen once codes exist (RULE_SHAPE_FROZEN)',
      body: ruleEditBodySchema,
      response: { 200: envelope(ruleRowSchema) },
    },
    handler: async (request) => ok(request, await editRule(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post('/acc/api/rule/deleteById', {
    config: { access: { permission: PERMISSIONS.ruleDelete } },
    schema: {
      tags: TAGS,
      summary: 'Delete a tag rule without generation jobs (RULE_IN_USE otherwise)',
      body: ruleIdBodySchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await removeRule(db, currentPrincipal(request), request.body.id);
      return ok(request, null);
    },
  });

  app.post('/acc/api/rule/preview', {
    config: { access: { permission: PERMISSIONS.ruleList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Sample codes of an unsaved rule with their check character, hidden code, QR URL and code-space figures',
      body: rulePreviewBodySchema,
      response: { 200: envelope(rulePreviewSchema) },
    },
    handler: async (request) =>
      ok(request, await previewRule(db, currentPrincipal(request), request.body, config.publicBaseUrl, requestLang(request))),
  });
}
