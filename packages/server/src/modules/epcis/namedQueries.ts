import { QUERY_NAME, validationMessage, type Lang, type NamedQuery } from '@rd/contract';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/sessionStore.js';
import { isUniqueViolation } from '../../platform/db/constraintErrors.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/appError.js';
import { declaredNamespaces } from './eventFields.js';
import { parseEventQuery, type EventQuery } from './queryParameters.js';

/**
 * Named queries (POST /queries): a SimpleEventQuery kept under a name, its events asked for again and
 * again (GET /queries/{name}/events) and subscribed to. The query is the binding's JSON object of
 * parameters, with an optional @context declaring the prefixes of the extension fields it names; it is
 * checked as a query would be before it is kept, so a saved query always runs.
 */


/** The prefixes a query's @context declares. */
function queryPrefixes(query: Record<string, unknown>, extra: Record<string, string>): Record<string, string> {
  return { ...Object.fromEntries(declaredNamespaces(query['@context']).map((n) => [n.prefix, n.namespace])), ...extra };
}

/** The query a stored (or sent) definition runs, paging taken from `paging` (the request's perPage and token). */
export function namedEventQuery(query: Record<string, unknown>, lang: Lang, headerPrefixes: Record<string, string> = {}, paging: Record<string, unknown> = {}): EventQuery {
  const { '@context': _context, perPage: _perPage, nextPageToken: _token, ...parameters } = query;
  const pageParameters = Object.fromEntries(Object.entries(paging).filter(([name]) => name === 'perPage' || name === 'nextPageToken'));
  return parseEventQuery({ ...parameters, ...pageParameters }, lang, queryPrefixes(query, headerPrefixes));
}

export async function createNamedQuery(db: Kysely<DB>, principal: Principal, companyId: string, body: unknown, lang: Lang): Promise<NamedQuery> {
  const input = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const name = input['name'];
  const query = input['query'];
  const errors = [];
  if (typeof name !== 'string' || !QUERY_NAME.test(name)) errors.push({ field: 'name', message: validationMessage('validation.epcisQueryName', lang) });
  if (!query || typeof query !== 'object' || Array.isArray(query)) errors.push({ field: 'query', message: validationMessage('validation.required', lang) });
  if (errors.length) throw new AppError('PARAM_CHECK', undefined, errors);
  try {
    namedEventQuery(query as Record<string, unknown>, lang);
  } catch (error) {
    // the query's own refusals, named inside it
    if (error instanceof AppError && error.fieldErrors) throw new AppError(error.code, error.params, error.fieldErrors.map((e) => ({ ...e, field: `query.${e.field}` })));
    throw error;
  }
  try {
    await db
      .insertInto('epcis_named_query')
      .values({ company_id: companyId, name: name as string, query: JSON.stringify(query), created_by: principal.userId, api_key_id: principal.apiKey?.id ?? null })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('DUPLICATE', { field: 'name', value: name as string });
    throw error;
  }
  return { name: name as string, query: query as Record<string, unknown> };
}

export async function findNamedQuery(db: Kysely<DB>, companyId: string, name: string): Promise<NamedQuery | undefined> {
  if (!QUERY_NAME.test(name)) return undefined;
  const row = await db.selectFrom('epcis_named_query').select(['name', 'query']).where('company_id', '=', companyId).where('name', '=', name).executeTakeFirst();
  return row ? { name: row.name, query: typeof row.query === 'string' ? (JSON.parse(row.query) as Record<string, unknown>) : row.query } : undefined;
}

/** The company's named queries in name order, after `after`, at most `limit`. */
export async function listNamedQueries(db: Kysely<DB>, companyId: string, after: string | null, limit: number): Promise<NamedQuery[]> {
  let q = db.selectFrom('epcis_named_query').select(['name', 'query']).where('company_id', '=', companyId);
  if (after !== null) q = q.where('name', '>', after);
  const rows = await q.orderBy('name').limit(limit).execute();
  return rows.map((row) => ({ name: row.name, query: typeof row.query === 'string' ? (JSON.parse(row.query) as Record<string, unknown>) : row.query }));
}

/** Deletes a named query and its subscriptions; false when there was none. */
export async function deleteNamedQuery(db: Kysely<DB>, companyId: string, name: string): Promise<boolean> {
  const result = await db.deleteFrom('epcis_named_query').where('company_id', '=', companyId).where('name', '=', name).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
