import { PERMISSIONS } from '@rd/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/http/appError.js';
import { requestLang } from '../../platform/http/lang.js';
import { ownCompany } from '../product/ownCompany.js';
import { assertEpcisVersions, sendDiscovery, setEpcisVersionHeaders } from './discoveryHeaders.js';
import { EPCIS_MEDIA_TYPES } from './document.js';
import { createNamedQuery, deleteNamedQuery, findNamedQuery, listNamedQueries, namedEventQuery } from './namedQueries.js';
import { extensionHeaderPrefixes } from './queryParameters.js';
import { collectionPage, sendEventPage } from './queryRoutes.js';
import { createSubscription, deleteSubscription, findSubscription, listSubscriptions } from './subscriptions.js';

/**
 * The binding's named queries and their subscriptions: /queries, /queries/{queryName},
 * /queries/{queryName}/events and /queries/{queryName}/subscriptions[/{subscriptionID}]. Reading them
 * takes the permission to query events; saving or deleting a query its own, subscribing another (both
 * can be given to API keys).
 */

const TAGS = ['epcis'];
const BASE = '/acc/epcis/queries';
const read = { permission: PERMISSIONS.epcisEventList, apiKey: true } as const;
const save = { permission: PERMISSIONS.epcisQuery, apiKey: true } as const;
const subscribe = { permission: PERMISSIONS.epcisSubscribe, apiKey: true } as const;
const nameParams = z.object({ queryName: z.string().min(1).max(200) });
const subscriptionParams = z.object({ queryName: z.string().min(1).max(200), subscriptionID: z.string().min(1).max(100) });
const pageParameters = z.object({ perPage: z.string().max(9).optional(), nextPageToken: z.string().max(2000).optional() }).catchall(z.unknown());

/** A JSON list of the binding (queries, subscriptions), the next page in the Link header. */
function sendList(request: FastifyRequest, reply: FastifyReply, items: unknown[], nextAfter: string | null) {
  if (nextAfter !== null) {
    const next = new URLSearchParams({ ...(request.query as Record<string, string>), nextPageToken: Buffer.from(nextAfter).toString('base64url') });
    reply.header('link', `<${request.url.split('?')[0]}?${next.toString()}>; rel="next"`);
  }
  return setEpcisVersionHeaders(reply).header('content-type', `${EPCIS_MEDIA_TYPES.json}; charset=utf-8`).send(JSON.stringify(items));
}

export async function namedQueryRoutes(app: App, { db, config }: AppContext) {
  const epcBase = config.publicBaseUrl;
  const subscriptionContext = { policy: { privateAddresses: config.webhookPrivateAddresses, ownBase: config.publicBaseUrl }, timeZone: config.businessTimeZone };
  const companyOf = (request: FastifyRequest) => ownCompany(currentPrincipal(request));

  app.get(BASE, {
    config: { access: read },
    schema: { tags: TAGS, summary: "The company's named queries ({name, query}), in name order, paged", querystring: pageParameters },
    handler: async (request, reply) => {
      assertEpcisVersions(request);
      const { perPage, after } = collectionPage(request.query, requestLang(request));
      const found = await listNamedQueries(db, companyOf(request), after, perPage + 1);
      const items = found.slice(0, perPage);
      return sendList(request, reply, items, found.length > perPage ? items[items.length - 1]!.name : null);
    },
  });

  app.post(BASE, {
    config: { access: save, audit: { module: 'epcis', action: 'ADD' } },
    schema: { tags: TAGS, summary: 'Saves a named query: {name, query} with the SimpleEventQuery parameters (and an optional @context); 201 with its Location', body: z.unknown() },
    handler: async (request, reply) => {
      assertEpcisVersions(request);
      const principal = currentPrincipal(request);
      const saved = await createNamedQuery(db, principal, ownCompany(principal), request.body, requestLang(request));
      return setEpcisVersionHeaders(reply)
        .code(201)
        .header('location', `${BASE}/${encodeURIComponent(saved.name)}`)
        .header('content-type', `${EPCIS_MEDIA_TYPES.json}; charset=utf-8`)
        .send(JSON.stringify(saved));
    },
  });

  app.get(`${BASE}/:queryName`, {
    config: { access: read },
    schema: { tags: TAGS, summary: 'A named query: its name and definition', params: nameParams },
    handler: async (request, reply) => {
      assertEpcisVersions(request);
      const named = await findNamedQuery(db, companyOf(request), request.params.queryName);
      if (!named) throw notFound();
      return setEpcisVersionHeaders(reply).header('content-type', `${EPCIS_MEDIA_TYPES.json}; charset=utf-8`).send(JSON.stringify(named));
    },
  });

  app.delete(`${BASE}/:queryName`, {
    config: { access: save, audit: { module: 'epcis', action: 'DELETE' } },
    schema: { tags: TAGS, summary: 'Deletes a named query and its subscriptions (204)', params: nameParams },
    handler: async (request, reply) => {
      if (!(await deleteNamedQuery(db, companyOf(request), request.params.queryName))) throw notFound();
      return setEpcisVersionHeaders(reply).code(204).send();
    },
  });

  app.get(`${BASE}/:queryName/events`, {
    config: { access: read },
    schema: { tags: TAGS, summary: "The named query's events now, paged like GET /events (perPage, nextPageToken)", params: nameParams, querystring: pageParameters },
    handler: async (request, reply) => {
      assertEpcisVersions(request);
      const named = await findNamedQuery(db, companyOf(request), request.params.queryName);
      if (!named) throw notFound();
      const query = namedEventQuery(named.query, requestLang(request), extensionHeaderPrefixes(request.headers['gs1-extensions']), request.query);
      return sendEventPage(db, epcBase, request, reply, query, named.name);
    },
  });

  app.get(`${BASE}/:queryName/subscriptions`, {
    config: { access: subscribe },
    schema: { tags: TAGS, summary: "The named query's subscriptions (never their signature tokens), paged", params: nameParams, querystring: pageParameters },
    handler: async (request, reply) => {
      assertEpcisVersions(request);
      const companyId = companyOf(request);
      if (!(await findNamedQuery(db, companyId, request.params.queryName))) throw notFound();
      const { perPage, after } = collectionPage(request.query, requestLang(request));
      const found = await listSubscriptions(db, companyId, request.params.queryName, after, perPage + 1);
      const items = found.slice(0, perPage);
      return sendList(request, reply, items, found.length > perPage ? items[items.length - 1]!.subscriptionID : null);
    },
  });

  app.post(`${BASE}/:queryName/subscriptions`, {
    config: { access: subscribe, audit: { module: 'epcis', action: 'ADD' } },
    schema: {
      tags: TAGS,
      summary:
        'Subscribes to a named query: {dest, signatureToken?, stream: true | schedule {second, minute, hour, dayOfMonth, month, dayOfWeek}, reportIfEmpty?, initialRecordTime?}; new matching events are posted to dest, signed in GS1-Signature (sha256=HMAC-SHA256 of the body with the token, hex); 201 with its Location',
      params: nameParams,
      body: z.unknown(),
    },
    handler: async (request, reply) => {
      assertEpcisVersions(request);
      const principal = currentPrincipal(request);
      const companyId = ownCompany(principal);
      if (!(await findNamedQuery(db, companyId, request.params.queryName))) throw notFound();
      const created = await createSubscription(db, principal, companyId, request.params.queryName, request.body, requestLang(request), subscriptionContext);
      return setEpcisVersionHeaders(reply)
        .code(201)
        .header('location', `${BASE}/${encodeURIComponent(request.params.queryName)}/subscriptions/${created.subscriptionID}`)
        .header('content-type', `${EPCIS_MEDIA_TYPES.json}; charset=utf-8`)
        .send(JSON.stringify(created));
    },
  });

  app.get(`${BASE}/:queryName/subscriptions/:subscriptionID`, {
    config: { access: subscribe },
    schema: { tags: TAGS, summary: 'One subscription: where and when it delivers, when it last did, why it failed if it did', params: subscriptionParams },
    handler: async (request, reply) => {
      assertEpcisVersions(request);
      const found = await findSubscription(db, companyOf(request), request.params.queryName, request.params.subscriptionID);
      if (!found) throw notFound();
      return setEpcisVersionHeaders(reply).header('content-type', `${EPCIS_MEDIA_TYPES.json}; charset=utf-8`).send(JSON.stringify(found));
    },
  });

  app.delete(`${BASE}/:queryName/subscriptions/:subscriptionID`, {
    config: { access: subscribe, audit: { module: 'epcis', action: 'DELETE' } },
    schema: { tags: TAGS, summary: 'Ends a subscription (204)', params: subscriptionParams },
    handler: async (request, reply) => {
      if (!(await deleteSubscription(db, companyOf(request), request.params.queryName, request.params.subscriptionID))) throw notFound();
      return setEpcisVersionHeaders(reply).code(204).send();
    },
  });

  for (const [path, allow, access] of [
    [BASE, ['GET', 'POST', 'OPTIONS'], read],
    [`${BASE}/:queryName`, ['GET', 'DELETE', 'OPTIONS'], read],
    [`${BASE}/:queryName/events`, ['GET', 'OPTIONS'], read],
    [`${BASE}/:queryName/subscriptions`, ['GET', 'POST', 'OPTIONS'], subscribe],
    [`${BASE}/:queryName/subscriptions/:subscriptionID`, ['GET', 'DELETE', 'OPTIONS'], subscribe],
  ] as const) {
    app.options(path, {
      config: { access },
      schema: { tags: TAGS, summary: 'What the resource supports: methods and EPCIS / CBV versions (204, headers only)' },
      handler: (_request, reply) => sendDiscovery(reply, allow),
    });
  }
}
