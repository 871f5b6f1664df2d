import {
  PERMISSIONS,
  commonCodeOptionSchema,
  commonCodeQuerySchema,
  dictEntrySchema,
  dictIdBodySchema,
  dictIdQuerySchema,
  dictItemAddBodySchema,
  dictItemEditBodySchema,
  dictItemPageQuerySchema,
  dictItemRowSchema,
  dictListBodySchema,
  dictTypeAddBodySchema,
  dictTypeEditBodySchema,
  dictTypeOptionSchema,
  dictTypePageQuerySchema,
  dictTypeRowSchema,
  largeDicQuerySchema,
  pageResultSchema,
} from '@rd/contract';
import { z } from 'zod';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { ifNoneMatchHits, strongEtag } from './etag.js';
import { addItem, addType, editItem, editType, getItem, itemPage, removeItem, removeType, typePage } from './service.js';
import { allEnabledEntries, enabledEntriesOf, enabledTypes, largeDicPage } from './store.js';

const TAGS = ['dictionaries'];

/**
 * Dictionaries (spec 7.5). Every signed-in user reads the enabled entries; the platform administers types
 * and items (the dictionary screen and its permissions are platform-only).
 */
export async function dictRoutes(app: App, { db }: AppContext) {
  // ----- types -----
  app.post('/acc/api/sysDictype/pageList', {
    config: { access: { permission: PERMISSIONS.dictList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Dictionary types, paged (filters: typeCode and typeName contain, status)',
      body: dictTypePageQuerySchema,
      response: { 200: envelope(pageResultSchema(dictTypeRowSchema)) },
    },
    handler: async (request) => ok(request, await typePage(db, request.body)),
  });

  app.get('/acc/api/sysDictype/list', {
    config: { access: 'session' },
    schema: { tags: TAGS, summary: 'The enabled dictionary types', response: { 200: envelope(z.array(dictTypeOptionSchema)) } },
    handler: async (request) => ok(request, await enabledTypes(db)),
  });

  app.post('/acc/api/sysDictype/add', {
    config: { access: { permission: PERMISSIONS.dictEdit } },
    schema: { tags: TAGS, summary: 'Add a dictionary type', body: dictTypeAddBodySchema, response: { 200: envelope(dictTypeRowSchema) } },
    handler: async (request) => ok(request, await addType(db, request.body, requestLang(request))),
  });

  app.post('/acc/api/sysDictype/edit', {
    config: { access: { permission: PERMISSIONS.dictEdit } },
    schema: {
      tags: TAGS,
      summary: 'Edit a dictionary type (its code stays)',
      body: dictTypeEditBodySchema,
      response: { 200: envelope(dictTypeRowSchema) },
    },
    handler: async (request) => ok(request, await editType(db, request.body)),
  });

  app.post('/acc/api/sysDictype/deleteById', {
    config: { access: { permission: PERMISSIONS.dictDelete } },
    schema: {
      tags: TAGS,
      summary: 'Delete a dictionary type with its items (not a built-in one)',
      body: dictIdBodySchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await removeType(db, request.body.id);
      return ok(request, null);
    },
  });

  // ----- items -----
  app.post('/acc/api/sysDict/pageList', {
    config: { access: { permission: PERMISSIONS.dictList }, audit: false },
    schema: {
      tags: TAGS,
      summary: 'Dictionary items, paged (filters: typeCode, dicName contains, status)',
      body: dictItemPageQuerySchema,
      response: { 200: envelope(pageResultSchema(dictItemRowSchema)) },
    },
    handler: async (request) => ok(request, await itemPage(db, request.body)),
  });

  app.post('/acc/api/sysDict/list', {
    config: { access: 'session', audit: false },
    schema: {
      tags: TAGS,
      summary: 'The enabled items of one type, in order',
      body: dictListBodySchema,
      response: { 200: envelope(z.array(dictEntrySchema)) },
    },
    handler: async (request) => ok(request, await enabledEntriesOf(db, request.body.typeCode)),
  });

  app.get('/acc/api/sysDict/all', {
    config: { access: 'session' },
    schema: {
      tags: TAGS,
      summary: 'Every enabled item of every enabled type (ETag; answers 304 to If-None-Match)',
      response: {
        200: envelope(z.array(dictEntrySchema)),
        304: z.null().describe('Not modified: the copy named in If-None-Match is current (no body)'),
      },
    },
    handler: async (request, reply) => {
      const body = ok(request, await allEnabledEntries(db));
      const etag = strongEtag(JSON.stringify(body));
      // Revalidate every time: the answer is cheap to check and an edit shows at once.
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return body;
    },
  });

  app.get('/acc/api/sysDict/largeDic', {
    config: { access: 'session' },
    schema: {
      tags: TAGS,
      summary: 'One page of a big dictionary, entries whose code or name contains the keyword',
      querystring: largeDicQuerySchema,
      response: { 200: envelope(pageResultSchema(dictEntrySchema)) },
    },
    handler: async (request) => ok(request, await largeDicPage(db, request.query)),
  });

  app.get('/acc/api/sysDict/getById', {
    config: { access: { permission: PERMISSIONS.dictList } },
    schema: { tags: TAGS, summary: 'One dictionary item', querystring: dictIdQuerySchema, response: { 200: envelope(dictItemRowSchema) } },
    handler: async (request) => ok(request, await getItem(db, request.query.id)),
  });

  app.post('/acc/api/sysDict/add', {
    config: { access: { permission: PERMISSIONS.dictEdit } },
    schema: { tags: TAGS, summary: 'Add a dictionary item', body: dictItemAddBodySchema, response: { 200: envelope(dictItemRowSchema) } },
    handler: async (request) => ok(request, await addItem(db, request.body, requestLang(request))),
  });

  app.post('/acc/api/sysDict/edit', {
    config: { access: { permission: PERMISSIONS.dictEdit } },
    schema: {
      tags: TAGS,
      summary: 'Edit a dictionary item (its type and code stay)',
      body: dictItemEditBodySchema,
      response: { 200: envelope(dictItemRowSchema) },
    },
    handler: async (request) => ok(request, await editItem(db, request.body)),
  });

  app.post('/acc/api/sysDict/deleteById', {
    config: { access: { permission: PERMISSIONS.dictDelete } },
    schema: {
      tags: TAGS,
      summary: 'Delete a dictionary item (not a built-in one)',
      body: dictIdBodySchema,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await removeItem(db, request.body.id);
      return ok(request, null);
    },
  });

  // ----- common code list -----
  app.get('/acc/common/code/list', {
    config: { access: 'session' },
    schema: {
      tags: TAGS,
      summary: 'The enabled items of one type as code options (e.g. codeType=project_code)',
      querystring: commonCodeQuerySchema,
      response: { 200: envelope(z.array(commonCodeOptionSchema)) },
    },
    handler: async (request) => {
      const entries = await enabledEntriesOf(db, request.query.codeType);
      return ok(
        request,
        entries.map((e) => ({ code: e.dicCode, codeName: e.dicName, codeNameEn: e.dicNameEn })),
      );
    },
  });
}
