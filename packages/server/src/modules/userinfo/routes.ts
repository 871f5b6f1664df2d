import {
  changePasswordBodySchema,
  passwordCheckSchema,
  PERMISSIONS,
  userAddBodySchema,
  userDetailSchema,
  userEditBodySchema,
  userExportBodySchema,
  userForRoleQuerySchema,
  userForRoleResultSchema,
  userIdParamsSchema,
  userInitQuerySchema,
  userInitSchema,
  userListQuerySchema,
  userListResultSchema,
  userPasswordResultSchema,
  userPictureBodySchema,
  userStatusParamsSchema,
} from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { asAttachment } from '../../platform/http/attachment.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { XLSX_CONTENT_TYPE } from '../../platform/export/xlsx.js';
import { userExport, userExportFileName } from './export.js';
import {
  addUser,
  changeOwnPassword,
  checkPassword,
  editUser,
  listUsers,
  resetPassword,
  setPicture,
  setStatus,
  userDetail,
  userInit,
  usersForRole,
} from './service.js';

const TAGS = ['users'];

export async function userinfoRoutes(app: App, { db, config }: AppContext) {
  app.post('/acc/userinfo/changePassword', {
    config: { access: 'session', audit: { module: 'userinfo', action: 'CHANGE_PASSWORD' } },
    schema: {
      tags: ['session'],
      summary: 'Change the signed-in user’s password (ends all of their sessions)',
      body: changePasswordBodySchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await changeOwnPassword(db, currentPrincipal(request).userId, request.body);
      return ok(request, null);
    },
  });

  app.get('/acc/userinfo/checkUserPassWord', {
    config: { access: 'session' },
    schema: { tags: ['session'], summary: 'Must the signed-in user change the password now?', response: { 200: envelope(passwordCheckSchema) } },
    handler: async (request) => ok(request, await checkPassword(db, currentPrincipal(request).userId, config.passwordMaxAgeDays)),
  });

  app.post('/acc/userinfo/queryList', {
    config: { access: { permission: PERMISSIONS.userList } },
    schema: {
      tags: TAGS,
      summary: 'Users, paged and filtered (enterprise users see their own company)',
      body: userListQuerySchema,
      response: { 200: envelope(userListResultSchema) },
    },
    handler: async (request) => ok(request, await listUsers(db, currentPrincipal(request), request.body)),
  });

  app.post('/acc/userinfo/add', {
    config: { access: { permission: PERMISSIONS.userAdd }, audit: { module: 'user', action: 'INSERT' } },
    schema: {
      tags: TAGS,
      summary: 'Add a user; the generated initial password is in the answer, this once',
      body: userAddBodySchema,
      response: { 200: envelope(userPasswordResultSchema) },
    },
    handler: async (request) => ok(request, await addUser(db, currentPrincipal(request), requestLang(request), request.body)),
  });

  app.put('/acc/userinfo/edit/:id', {
    config: { access: { permission: PERMISSIONS.userEdit }, audit: { module: 'user', action: 'UPDATE' } },
    schema: {
      tags: TAGS,
      summary: 'Edit a user (roles are replaced when `roles` is sent)',
      params: userIdParamsSchema,
      body: userEditBodySchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await editUser(db, currentPrincipal(request), requestLang(request), request.params.id, request.body);
      return ok(request, null);
    },
  });

  app.get('/acc/userinfo/queryUserDetail/:id', {
    config: { access: { permission: PERMISSIONS.userList } },
    schema: { tags: TAGS, summary: 'One user', params: userIdParamsSchema, response: { 200: envelope(userDetailSchema) } },
    handler: async (request) => ok(request, await userDetail(db, currentPrincipal(request), request.params.id)),
  });

  app.get('/acc/userinfo/queryUserInit', {
    config: { access: { permission: PERMISSIONS.userList } },
    schema: {
      tags: TAGS,
      summary: 'What the user form offers: departments, assignable roles, sex and status options',
      querystring: userInitQuerySchema,
      response: { 200: envelope(userInitSchema) },
    },
    handler: async (request) =>
      ok(request, await userInit(db, currentPrincipal(request), requestLang(request), request.query.companyId)),
  });

  app.put('/acc/userinfo/resetPassword/:id', {
    config: { access: { permission: PERMISSIONS.userResetPassword }, audit: { module: 'user', action: 'UPDATE' } },
    schema: {
      tags: TAGS,
      summary: 'Give a user a new generated password (shown this once); their sessions end',
      params: userIdParamsSchema,
      response: { 200: envelope(userPasswordResultSchema) },
    },
    handler: async (request) => ok(request, await resetPassword(db, currentPrincipal(request), request.params.id)),
  });

  app.put('/acc/userinfo/isResetStatus/:id/:value', {
    config: { access: { permission: PERMISSIONS.userStatus }, audit: { module: 'user', action: 'UPDATE' } },
    schema: {
      tags: TAGS,
      summary: "Enable ('1') or disable ('0') a user; disabling ends their sessions at once",
      params: userStatusParamsSchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await setStatus(db, currentPrincipal(request), request.params.id, request.params.value);
      return ok(request, null);
    },
  });

  app.post('/acc/userinfo/addUserPictureUrl', {
    // Every user may set their own picture; another user's needs system:user:edit (checked in setPicture).
    config: { access: 'session', audit: { module: 'user', action: 'UPDATE' } },
    schema: {
      tags: TAGS,
      summary: "Set the caller's picture, or with system:user:edit another user's ({ id, avatar })",
      body: userPictureBodySchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await setPicture(db, currentPrincipal(request), request.body);
      return ok(request, null);
    },
  });

  app.post('/acc/userinfo/export', {
    config: { access: { permission: PERMISSIONS.userExport }, audit: { module: 'user', action: 'EXPORT' } },
    schema: {
      tags: TAGS,
      summary: 'The listed users (ids) or those matching the filters, as an .xlsx file',
      body: userExportBodySchema,
    },
    handler: async (request, reply) => {
      const lang = requestLang(request);
      const stream = await userExport(db, currentPrincipal(request), lang, config.businessTimeZone, request.body, (error) =>
        request.log.error({ err: error }, 'user export failed after it started'),
      );
      return asAttachment(reply, userExportFileName(lang, config.businessTimeZone), XLSX_CONTENT_TYPE).send(stream);
    },
  });

  app.post('/acc/userinfo/queryListForRole', {
    config: { access: { permission: PERMISSIONS.userList } },
    schema: {
      tags: TAGS,
      summary: "Users of the caller's company to assign a role to",
      body: userForRoleQuerySchema,
      response: { 200: envelope(userForRoleResultSchema) },
    },
    handler: async (request) => ok(request, await usersForRole(db, currentPrincipal(request), request.body)),
  });
}
