import {
  PERMISSIONS,
  deptAddBodySchema,
  deptEditBodySchema,
  deptIdBodySchema,
  deptIdQuerySchema,
  deptNodeSchema,
  deptPageQuerySchema,
  deptRowSchema,
  deptTreeQuerySchema,
  pageResultSchema,
} from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { addDept, deptTree, editDept, getDept, removeDept } from './service.js';
import { deptPage } from './store.js';

const TAGS = ['administration'];

/** Departments (spec 7.8): the tree of the caller's company, or the platform's own for platform staff. */
export async function deptRoutes(app: App, { db }: AppContext) {
  app.post('/acc/api/pmcpDept/pageList', {
    config: { access: { permission: PERMISSIONS.deptList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Departments, paged (filters: deptName contains, status, parentId)',
      body: deptPageQuerySchema,
      response: { 200: envelope(pageResultSchema(deptRowSchema)) },
    },
    handler: async (request) => ok(request, await deptPage(db, currentPrincipal(request).companyId, request.body)),
  });

  app.post('/acc/api/pmcpDept/list', {
    config: { access: { permission: PERMISSIONS.deptList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'The department tree; with filters, the matches and their ancestors',
      body: deptTreeQuerySchema,
      response: { 200: envelope(z.array(deptNodeSchema)) },
    },
    handler: async (request) => ok(request, await deptTree(db, currentPrincipal(request), request.body)),
  });

  app.get('/acc/api/pmcpDept/getById', {
    config: { access: { permission: PERMISSIONS.deptList } },
    schema: { tags: TAGS, summary: 'One department', querystring: deptIdQuerySchema, response: { 200: envelope(deptRowSchema) } },
    handler: async (request) => ok(request, await getDept(db, currentPrincipal(request), request.query.id)),
  });

  app.post('/acc/api/pmcpDept/add', {
    config: { access: { permission: PERMISSIONS.deptEdit } },
    schema: {
      tags: TAGS,
      summary: 'Add a department (at the top, or under parentId)',
      body: deptAddBodySchema,
      response: { 200: envelope(deptRowSchema) },
    },
    handler: async (request) => ok(request, await addDept(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post('/acc/api/pmcpDept/edit', {
    config: { access: { permission: PERMISSIONS.deptEdit } },
    schema: {
      tags: TAGS,
      summary: 'Edit a department; a new parentId moves it with its subtree',
      body: deptEditBodySchema,
      response: { 200: envelope(deptRowSchema) },
    },
    handler: async (request) => ok(request, await editDept(db, currentPrincipal(request), request.body, requestLang(request))),
  });

  app.post('/acc/api/pmcpDept/deleteById', {
    config: { access: { permission: PERMISSIONS.deptDelete } },
    schema: {
      tags: TAGS,
      summary: 'Delete a department without sub-departments or users',
      body: deptIdBodySchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await removeDept(db, currentPrincipal(request), request.body.id);
      return ok(request, null);
    },
  });
}
