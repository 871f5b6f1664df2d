import { PERMISSIONS, validationMessage, type Lang } from '@rd/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/http/appError.js';
import { requestLang } from '../../platform/http/lang.js';
import { ownCompany } from '../product/ownCompany.js';
import { assertEpcisVersions, sendDiscovery, setEpcisVersionHeaders } from './discoveryHeaders.js';
import { EPCIS_CONTEXT, epcisDocumentShell, EPCIS_MEDIA_TYPES, standaloneEvent } from './document.js';
import { sendDocument } from './documentReply.js';
import { epcLookup } from './epcMatch.js';
import { eventJson, findEvent, queryEvents, type QueryScope } from './eventQuery.js';
import { FIRST_PAGE, pageToken } from './pageToken.js';
import { extensionHeaderPrefixes, FIXED_PARAMETERS, parseEventQuery, PER_PAGE_DEFAULT, PER_PAGE_MAX, type Condition, type EventQuery } from './queryParameters.js';
import { cbvBare } from './vocabulary.js';

/**
 * The query side of the EPCIS 2.0 REST binding: GET /events with every SimpleEventQuery parameter, one
 * event by its ID, the top-level resources (/eventTypes, /epcs, /bizSteps, /bizLocations, /readPoints,
 * /dispositions), each with /{id} and /{id}/events, the root's list of them, and OPTIONS discovery.
 */

const TAGS = ['epcis'];
const BASE = '/acc/epcis';
const access = { permission: PERMISSIONS.epcisEventList, apiKey: true } as const;
const queryValue = z.union([z.string(), z.array(z.string())]).optional();
/** The fixed parameters, named for the OpenAPI document; the families (EQ_ilmd…, GE_value_CEL…) pass through to the parser. */
const eventQueryParameters = z
  .object(Object.fromEntries([...FIXED_PARAMETERS, 'perPage', 'nextPageToken'].map((name) => [name, queryValue])))
  .catchall(z.union([z.string(), z.array(z.string())]));
const collectionParameters = z.object({ perPage: z.string().max(9).optional(), nextPageToken: z.string().max(2000).optional() }).catchall(z.unknown());

/** The same request's address with another page token: the Link header's next page. */
function nextLink(request: FastifyRequest, token: string): string {
  const next = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query as Record<string, unknown>)) {
    if (name === 'nextPageToken' || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) next.append(name, String(v));
  }
  next.set('nextPageToken', token);
  return `<${request.url.split('?')[0]}?${next.toString()}>; rel="next"`;
}

function scopeOf(request: FastifyRequest, epcBase: string): QueryScope {
  return { companyId: ownCompany(currentPrincipal(request)), epcBase };
}

/** A page of events for GET /events and the resources' /events, with `resource` the condition the path adds. */
export async function answerEvents(db: Kysely<DB>, epcBase: string, request: FastifyRequest, reply: FastifyReply, resource: Condition | null) {
  assertEpcisVersions(request);
  const query = parseEventQuery(request.query as Record<string, unknown>, requestLang(request), extensionHeaderPrefixes(request.headers['gs1-extensions']));
  if (resource) query.conditions.push(resource);
  return sendEventPage(db, epcBase, request, reply, query, 'SimpleEventQuery');
}

/** Runs a query and answers its page as an EPCISQueryDocument, the next page in the Link header. */
export async function sendEventPage(db: Kysely<DB>, epcBase: string, request: FastifyRequest, reply: FastifyReply, query: EventQuery, queryName: string) {
  const page = await queryEvents(db, scopeOf(request, epcBase), query);
  if (page.next) reply.header('link', nextLink(request, pageToken(page.next)));
  const document = epcisDocumentShell('EPCISQueryDocument', {
    queryResults: { queryName, resultsBody: { eventList: page.rows.map(eventJson) } },
  });
  return sendDocument(request, reply, document, { db, companyId: scopeOf(request, epcBase).companyId });
}

/** A Collection of the binding (a list of names), with the Link to its next page. */
export function sendCollection(request: FastifyRequest, reply: FastifyReply, member: string[], nextAfter: string | null) {
  if (nextAfter !== null) reply.header('link', nextLink(request, Buffer.from(nextAfter).toString('base64url')));
  return setEpcisVersionHeaders(reply)
    .header('content-type', `${EPCIS_MEDIA_TYPES.json}; charset=utf-8`)
    .send(JSON.stringify({ '@context': EPCIS_CONTEXT, type: 'Collection', member }));
}

export function collectionPage(raw: { perPage?: string; nextPageToken?: string }, lang: Lang): { perPage: number; after: string | null } {
  let perPage = PER_PAGE_DEFAULT;
  if (raw.perPage !== undefined) {
    if (!/^\d{1,9}$/.test(raw.perPage) || Number(raw.perPage) < 1) throw new AppError('PARAM_CHECK', undefined, [{ field: 'perPage', message: validationMessage('validation.integer', lang) }]);
    perPage = Math.min(Number(raw.perPage), PER_PAGE_MAX);
  }
  return { perPage, after: raw.nextPageToken === undefined ? null : Buffer.from(raw.nextPageToken, 'base64url').toString() };
}

/** A column whose distinct values are a top-level resource; its values, in order, read by skipping through its index. */
type ResourceColumn = 'event_type' | 'biz_step' | 'disposition' | 'read_point' | 'biz_location';

async function distinctValues(db: Kysely<DB>, companyId: string, column: ResourceColumn, after: string | null, limit: number): Promise<string[]> {
  const col = sql.ref(column);
  const { rows } = await sql<{ value: string }>`
    WITH RECURSIVE v(value) AS (
      SELECT min(${col}) FROM epcis_event WHERE company_id = ${companyId} AND ${col} > ${after ?? ''}
      UNION ALL
      SELECT (SELECT min(${col}) FROM epcis_event WHERE company_id = ${companyId} AND ${col} > v.value) FROM v WHERE v.value IS NOT NULL
    )
    SELECT value FROM v WHERE value IS NOT NULL LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.value);
}

async function distinctEpcs(db: Kysely<DB>, companyId: string, after: string | null, limit: number): Promise<string[]> {
  const { rows } = await sql<{ epc: string }>`
    SELECT DISTINCT x.epc FROM epcis_event_epc x JOIN epcis_event e ON e.id = x.event_pk
     WHERE e.company_id = ${companyId} AND x.role IN ('E', 'P', 'I', 'O') AND x.epc > ${after ?? ''}
     ORDER BY x.epc LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.epc);
}

interface TopLevelResource {
  path: string;
  param: string;
  column: ResourceColumn | null;
  /** The condition `/{id}/events` adds for the resource's id as it comes in the path. */
  condition: (id: string) => Condition;
}

const RESOURCES: TopLevelResource[] = [
  { path: 'eventTypes', param: 'eventType', column: 'event_type', condition: (id) => ({ kind: 'column', column: 'event_type', values: [id] }) },
  { path: 'bizSteps', param: 'bizStep', column: 'biz_step', condition: (id) => ({ kind: 'column', column: 'biz_step', values: [cbvBare('bizStep', id)] }) },
  { path: 'dispositions', param: 'disposition', column: 'disposition', condition: (id) => ({ kind: 'column', column: 'disposition', values: [cbvBare('disposition', id)] }) },
  { path: 'readPoints', param: 'readPoint', column: 'read_point', condition: (id) => ({ kind: 'column', column: 'read_point', values: [id] }) },
  { path: 'bizLocations', param: 'bizLocation', column: 'biz_location', condition: (id) => ({ kind: 'column', column: 'biz_location', values: [id] }) },
  {
    path: 'epcs',
    param: 'epc',
    column: null,
    condition: (id) => ({ kind: 'epc', roles: ['E', 'P', 'I', 'O'], lookups: [epcLookup(id) ?? { exact: [id], prefixes: [] }] }),
  },
];

async function resourceExists(db: Kysely<DB>, companyId: string, epcBase: string, resource: TopLevelResource, id: string): Promise<boolean> {
  const query = { conditions: [resource.condition(id)], orderBy: null, descending: false, eventCountLimit: null, maxEventCount: null, perPage: 1, prefixes: {}, position: FIRST_PAGE };
  const page = await queryEvents(db, { companyId, epcBase }, query);
  return page.rows.length > 0;
}

export async function queryRoutes(app: App, { db, config }: AppContext) {
  const epcBase = config.publicBaseUrl;

  app.get(`${BASE}/events`, {
    config: { access },
    schema: {
      tags: TAGS,
      summary:
        'EPCIS 2.0 events of the company (SimpleEventQuery, every parameter of §8.2.7.1, EPC patterns in MATCH_ parameters, extension fields by prefix with GS1-Extensions), in record order or by orderBy; at most 100 a page, the next page in the Link header',
      querystring: eventQueryParameters,
    },
    handler: (request, reply) => answerEvents(db, epcBase, request, reply, null),
  });

  app.get(`${BASE}/events/:eventID`, {
    config: { access },
    schema: { tags: TAGS, summary: 'One EPCIS event of the company by its eventID (percent-encoded)', params: z.object({ eventID: z.string().min(1).max(500) }) },
    handler: async (request, reply) => {
      assertEpcisVersions(request);
      const companyId = ownCompany(currentPrincipal(request));
      const row = await findEvent(db, companyId, request.params.eventID);
      if (!row) throw notFound();
      return sendDocument(request, reply, standaloneEvent(eventJson(row)), { db, companyId });
    },
  });

  // The root answers with and without its trailing slash (partners' tooling writes both); the document names it
  // once, without.
  for (const path of ['', '/']) {
    app.get(`${BASE}${path}`, {
      config: { access },
      schema: { tags: TAGS, summary: "The repository's top-level resources (the binding's discovery)", hide: path === '/' },
      handler: (request, reply) => sendCollection(request, reply, ['events', 'capture', 'queries', ...RESOURCES.map((r) => r.path)], null),
    });
  }

  for (const path of ['', '/', '/events', '/events/:eventID']) {
    app.options(`${BASE}${path}`, {
      config: { access },
      schema: { tags: TAGS, summary: 'What the resource supports: methods and EPCIS / CBV versions (204, headers only)', hide: path === '/' },
      handler: (_request, reply) => sendDiscovery(reply, ['GET', 'OPTIONS']),
    });
  }

  for (const resource of RESOURCES) {
    const idParams = z.object({ [resource.param]: z.string().min(1).max(500) });
    app.get(`${BASE}/${resource.path}`, {
      config: { access },
      schema: { tags: TAGS, summary: `The ${resource.path} the company's events name, in order, paged (a Collection)`, querystring: collectionParameters },
      handler: async (request, reply) => {
        assertEpcisVersions(request);
        const { companyId } = scopeOf(request, epcBase);
        const { perPage, after } = collectionPage(request.query, requestLang(request));
        const values = resource.column ? await distinctValues(db, companyId, resource.column, after, perPage + 1) : await distinctEpcs(db, companyId, after, perPage + 1);
        const page = values.slice(0, perPage);
        return sendCollection(request, reply, page, values.length > perPage ? page[page.length - 1]! : null);
      },
    });
    app.get(`${BASE}/${resource.path}/:${resource.param}`, {
      config: { access },
      schema: { tags: TAGS, summary: `One of the ${resource.path}: its sub-resources (events)`, params: idParams },
      handler: async (request, reply) => {
        assertEpcisVersions(request);
        const id = (request.params as Record<string, string>)[resource.param]!;
        if (!(await resourceExists(db, scopeOf(request, epcBase).companyId, epcBase, resource, id))) throw notFound();
        return sendCollection(request, reply, ['events'], null);
      },
    });
    app.get(`${BASE}/${resource.path}/:${resource.param}/events`, {
      config: { access },
      schema: { tags: TAGS, summary: `The events of one of the ${resource.path}, with any other query parameter`, params: idParams, querystring: eventQueryParameters },
      handler: (request, reply) => answerEvents(db, epcBase, request, reply, resource.condition((request.params as Record<string, string>)[resource.param]!)),
    });
    for (const path of [`/${resource.path}`, `/${resource.path}/:${resource.param}`, `/${resource.path}/:${resource.param}/events`]) {
      app.options(`${BASE}${path}`, {
        config: { access },
        schema: { tags: TAGS, summary: 'What the resource supports: methods and EPCIS / CBV versions (204, headers only)' },
        handler: (_request, reply) => sendDiscovery(reply, ['GET', 'OPTIONS']),
      });
    }
  }

  app.delete(`${BASE}/nextPageToken/:token`, {
    config: { access },
    schema: { tags: TAGS, summary: 'Releases a page token (page tokens hold nothing on the server: always 204)', params: z.object({ token: z.string().min(1).max(2000) }) },
    handler: (_request, reply) => setEpcisVersionHeaders(reply).code(204).send(),
  });
}
