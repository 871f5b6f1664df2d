import {
  PERMISSIONS,
  grantableMenuNodeSchema,
  roleAddBodySchema,
  roleCodeParamsSchema,
  roleEditBodySchema,
  roleGrantsQuerySchema,
  roleGrantsSchema,
  roleGuidParamsSchema,
  roleIdParamsSchema,
  roleListQuerySchema,
  roleListResultSchema,
  roleMenuSaveBodySchema,
  roleNameCheckQuerySchema,
  roleRefSchema,
  roleUserSchema,
  roleUsersSaveBodySchema,
  userRolesQuerySchema,
  userRolesSaveBodySchema,
} from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import {
  addRole,
  editRole,
  enterpriseRoleChoices,
  grantableTree,
  grantsOfRole,
  holdersOfRole,
  isRoleNameFree,
  listRoles,
  removeRole,
  rolesOfUserByCode,
  saveRoleHolders,
  saveRoleMenus,
  saveUserRoles,
} from './service.js';

const TAGS = ['administration'];
const LIST = { access: { permission: PERMISSIONS.roleList } } as const;
const GRANT = { access: { permission: PERMISSIONS.roleGrant } } as const;

/** Roles (spec 7.3): the company comes from the session; another company's role answers NOT_FOUND. */
export async function roleRoutes(app: App, { db }: AppContext) {
  app.get('/acc/userRole/queryUserRoleInfo', {
    config: LIST,
    schema: {
      tags: TAGS,
      summary: 'Roles the caller sees, paged (filters roleName, status)',
      querystring: roleListQuerySchema,
      response: { 200: envelope(roleListResultSchema) },
    },
    handler: async (request) => ok(request, await listRoles(db, currentPrincipal(request), request.query)),
  });

  app.get('/acc/userRole/queryUserRoleInfoWithUserCode', {
    config: LIST,
    schema: {
      tags: TAGS,
      summary: 'The roles of one user of the caller’s company',
      querystring: userRolesQuerySchema,
      response: { 200: envelope(z.array(roleRefSchema)) },
    },
    handler: async (request) => ok(request, await rolesOfUserByCode(db, currentPrincipal(request), request.query.userCode)),
  });

  app.get('/acc/userRole/checkRoleName', {
    config: { access: { permission: PERMISSIONS.roleAdd } },
    schema: {
      tags: TAGS,
      summary: 'True when no role the caller sees has this name (id: the role being edited)',
      querystring: roleNameCheckQuerySchema,
      response: { 200: envelope(z.boolean()) },
    },
    handler: async (request) =>
      ok(request, await isRoleNameFree(db, currentPrincipal(request), request.query.roleName, request.query.id)),
  });

  app.post('/acc/userRole/addRole', {
    config: { access: { permission: PERMISSIONS.roleAdd } },
    schema: {
      tags: TAGS,
      summary: 'Add a role (its code is generated)',
      body: roleAddBodySchema,
      response: { 200: envelope(z.object({ id: z.string() })) },
    },
    handler: async (request) =>
      ok(request, { id: await addRole(db, currentPrincipal(request), requestLang(request), request.body) }),
  });

  app.put('/acc/userRole/editRole/:guid', {
    config: { access: { permission: PERMISSIONS.roleEdit } },
    schema: {
      tags: TAGS,
      summary: 'Edit a role of the caller’s scope (built-in roles: super user only)',
      params: roleGuidParamsSchema,
      body: roleEditBodySchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await editRole(db, currentPrincipal(request), requestLang(request), request.params.guid, request.body);
      return ok(request, null);
    },
  });

  app.delete('/acc/userRole/delRole/:id', {
    config: { access: { permission: PERMISSIONS.roleDelete } },
    schema: {
      tags: TAGS,
      summary: 'Delete a role nobody holds (built-in roles: super user only)',
      params: roleIdParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await removeRole(db, currentPrincipal(request), request.params.id);
      return ok(request, null);
    },
  });

  app.post('/acc/userRole/batchSaveRoleMenu', {
    config: GRANT,
    schema: {
      tags: TAGS,
      summary: 'Replace a role’s menu and button grants (only elements the caller holds)',
      body: roleMenuSaveBodySchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await saveRoleMenus(db, currentPrincipal(request), request.body);
      return ok(request, null);
    },
  });

  app.get('/acc/userRole/queryAccMenusList', {
    config: LIST,
    schema: {
      tags: TAGS,
      summary: 'The tree of menu and button elements the caller may grant',
      response: { 200: envelope(z.array(grantableMenuNodeSchema)) },
    },
    handler: async (request) => ok(request, await grantableTree(db, currentPrincipal(request))),
  });

  app.get('/acc/userRole/queryAccMenus/:roleCode', {
    config: LIST,
    schema: {
      tags: TAGS,
      summary: 'Elements granted to a role (relationType MENU, BUTTON or ALL)',
      params: roleCodeParamsSchema,
      querystring: roleGrantsQuerySchema,
      response: { 200: envelope(roleGrantsSchema) },
    },
    handler: async (request) =>
      ok(request, await grantsOfRole(db, currentPrincipal(request), request.params.roleCode, request.query.relationType)),
  });

  app.get('/acc/userRole/queryUserInfoWithRoleCode/:id', {
    config: LIST,
    schema: {
      tags: TAGS,
      summary: 'Users of the caller’s company holding the role',
      params: roleIdParamsSchema,
      response: { 200: envelope(z.array(roleUserSchema)) },
    },
    handler: async (request) => ok(request, await holdersOfRole(db, currentPrincipal(request), request.params.id)),
  });

  app.post('/acc/userRole/batchSaveUserRole', {
    config: GRANT,
    schema: {
      tags: TAGS,
      summary: 'Set exactly which users of the caller’s company hold a role',
      body: roleUsersSaveBodySchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await saveRoleHolders(db, currentPrincipal(request), request.body);
      return ok(request, null);
    },
  });

  app.post('/acc/userRole/batchSaveUserRoleInfo', {
    config: GRANT,
    schema: {
      tags: TAGS,
      summary: 'Set exactly the roles of one user (among the roles the caller sees)',
      body: userRolesSaveBodySchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await saveUserRoles(db, currentPrincipal(request), request.body);
      return ok(request, null);
    },
  });

  app.post('/acc/userRole/getEntRoleList', {
    config: LIST,
    schema: {
      tags: TAGS,
      summary: 'Enabled enterprise roles assignable in the caller’s company',
      response: { 200: envelope(z.array(roleRefSchema)) },
    },
    handler: async (request) => ok(request, await enterpriseRoleChoices(db, currentPrincipal(request))),
  });
}
