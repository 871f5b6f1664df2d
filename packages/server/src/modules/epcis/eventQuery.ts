import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/appError.js';
import { likePrefix, type EpcLookup } from './epcMatch.js';
import { extensionKey, namespaceKey } from './eventFields.js';
import { contextPrefixes } from './eventHash.js';
import { locationsWithin } from './locationHierarchy.js';
import type { PagePosition } from './pageToken.js';
import type { Condition, EventQuery, FieldRef } from './queryParameters.js';

/**
 * Runs a SimpleEventQuery (queryParameters.ts) over a company's events, a page at a time. Every condition is
 * answered from an index: the event's columns, the identifier index (epcis_event_epc) or the field index
 * (epcis_event_field), so a selective parameter costs the same whatever the repository's size, and an
 * unselective one stops as soon as a page is full. Without orderBy, events come in record order.
 */

export interface StoredEventRow {
  id: string;
  body: Record<string, unknown>;
  recordTime: Date;
}

/** What a query needs of the company beyond its events. */
export interface QueryScope {
  companyId: string;
  /** The portal's public address: its own parties and dealers are locations under it. */
  epcBase: string;
}

/** The stored names an extension field's reference may have (eventFields.ts wrote them). */
async function storedNames(db: Kysely<DB>, scope: QueryScope, ref: FieldRef, queryPrefixes: Record<string, string>, companyPrefixes: () => Promise<Map<string, string[]>>): Promise<string[]> {
  const names = new Set<string>();
  const { field } = ref;
  const hash = field.lastIndexOf('#');
  if (field.startsWith('{')) names.add(field);
  else if (hash > 0 && !/^https?:\/\//.test(field.slice(hash + 1))) {
    names.add(`{${namespaceKey(field.slice(0, hash))}}${field.slice(hash + 1)}`);
    // the same name written as a whole IRI key: the namespace keeps its '#'
    names.add(extensionKey(field, {}));
  } else {
    const known = { ...contextPrefixes(undefined), ...queryPrefixes };
    names.add(extensionKey(field, known));
    const colon = field.indexOf(':');
    if (colon > 0 && known[field.slice(0, colon)] === undefined) {
      for (const namespace of (await companyPrefixes()).get(field.slice(0, colon)) ?? []) names.add(`{${namespaceKey(namespace)}}${field.slice(colon + 1)}`);
    }
    // events stored before their namespaces could be told keep the prefix as written
    names.add(field);
  }
  const candidates = [...names].map((name) => `${ref.scope} ${name}`);
  if (candidates.length === 1) return candidates;
  // only the names some event has: usually one, whose index then gives its events in record order
  const { rows } = await sql<{ name: string }>`
    SELECT n AS name FROM unnest(${sql.val(candidates)}::text[]) AS n WHERE EXISTS (SELECT 1 FROM epcis_event_field f WHERE f.name = n)`.execute(db);
  return rows.length ? rows.map((r) => r.name) : candidates.slice(0, 1);
}

/**
 * `column = value` for one value, else `column = ANY(values)`. One value matters: an index whose leading
 * columns are all fixed by equalities gives its rows in the order of the next (the event's id), so the
 * planner can merge it with the events in record order and stop at a page; with ANY it cannot.
 */
function equalsAny(column: string, values: readonly unknown[], type: string): RawBuilder<boolean> {
  const ref = sql.ref(column);
  if (values.length === 1) return sql<boolean>`${ref} = ${values[0]}::${sql.raw(type)}`;
  return sql<boolean>`${ref} = ANY(${sql.val([...values])}::${sql.raw(type)}[])`;
}

function epcCondition(roles: readonly string[], lookups: readonly EpcLookup[]): RawBuilder<boolean> {
  const exact = [...new Set(lookups.flatMap((l) => l.exact))];
  const prefixes = lookups.flatMap((l) => l.prefixes);
  const alternatives: Array<RawBuilder<unknown>> = [];
  if (exact.length) alternatives.push(equalsAny('x.epc', exact, 'text'));
  for (const prefix of prefixes) alternatives.push(sql`x.epc LIKE ${likePrefix(prefix)}`);
  const anyOf = alternatives.length ? sql.join(alternatives, sql` OR `) : sql`false`;
  return sql<boolean>`e.id IN (SELECT x.event_pk FROM epcis_event_epc x WHERE (${anyOf}) AND ${equalsAny('x.role', roles, '"char"')})`;
}

function fieldCondition(names: readonly string[], test: RawBuilder<unknown> | null): RawBuilder<boolean> {
  const extra = test ? sql` AND ${test}` : sql``;
  return sql<boolean>`e.id IN (SELECT f.event_pk FROM epcis_event_field f WHERE ${equalsAny('f.name', names, 'text')}${extra})`;
}

const SQL_OPS = { '=': sql`=`, '>': sql`>`, '>=': sql`>=`, '<': sql`<`, '<=': sql`<=` } as const;

/** What the conditions found out about the query while they were written: a time range of few events. */
interface QueryShape {
  shortTimeRange: boolean;
}

async function conditionSql(
  db: Kysely<DB>,
  scope: QueryScope,
  query: EventQuery,
  condition: Condition,
  companyPrefixes: () => Promise<Map<string, string[]>>,
  shape: QueryShape,
): Promise<RawBuilder<boolean>> {
  const names = async (c: { names: string[]; ref?: FieldRef }) => (c.ref ? storedNames(db, scope, c.ref, query.prefixes, companyPrefixes) : c.names);
  switch (condition.kind) {
    case 'column':
      return equalsAny(`e.${condition.column}`, condition.values, 'text');
    case 'time': {
      const bound = (c: Extract<Condition, { kind: 'time' }>) => sql<boolean>`${sql.ref(`e.${c.column}`)} ${SQL_OPS[c.op]} ${c.at.toISOString()}::timestamptz`;
      // the range is what all the bounds on this column leave (GE and LT together), counted once
      const bounds = query.conditions.filter((c): c is Extract<Condition, { kind: 'time' }> => c.kind === 'time' && c.column === condition.column);
      if (query.orderBy === null && !shape.shortTimeRange && bounds[0] === condition) {
        shape.shortTimeRange = await isShort(db, sql`SELECT 1 FROM epcis_event e WHERE e.company_id = ${scope.companyId} AND ${sql.join(bounds.map(bound), sql` AND `)}`);
      }
      return bound(condition);
    }
    case 'within': {
      return equalsAny(`e.${condition.column}`, await locationsWithin(db, scope, condition.values), 'text');
    }
    case 'epc':
      return epcCondition(condition.roles, condition.lookups);
    case 'field':
      return fieldCondition(await names(condition), equalsAny('f.text_value', condition.values, 'text'));
    case 'numbers':
      return fieldCondition(condition.names, equalsAny('f.num_value', condition.values, 'float8'));
    case 'compare': {
      const op = SQL_OPS[condition.op];
      const stored = await names(condition);
      if (!(condition.value instanceof Date)) return fieldCondition(stored, sql`f.num_value ${op} ${condition.value}::float8`);
      const test = sql`f.time_value ${op} ${condition.value.toISOString()}::timestamptz`;
      // a field's times sit together in record order as event times do (the latest readings are the latest events)
      if (query.orderBy === null && condition.op !== '=' && !shape.shortTimeRange) {
        shape.shortTimeRange = await isShort(db, sql`SELECT 1 FROM epcis_event_field f WHERE ${equalsAny('f.name', stored, 'text')} AND ${test}`);
      }
      return fieldCondition(stored, test);
    }
    case 'exists':
      return fieldCondition(await names(condition), null);
    case 'feed':
      return sql<boolean>`e.append_id IN (SELECT a.id FROM epcis_append a WHERE a.company_id = ${scope.companyId} AND a.feed_seq > ${condition.afterSeq}::bigint AND a.feed_seq <= ${condition.upToSeq}::bigint)`;
    case 'backlog':
      return sql<boolean>`e.record_time >= ${condition.from.toISOString()}::timestamptz
        AND (e.append_id IS NULL OR e.append_id IN (SELECT a.id FROM epcis_append a WHERE a.company_id = ${scope.companyId} AND a.feed_seq <= ${condition.upToSeq}::bigint))`;
    case 'attribute': {
      const test = condition.values === null ? sql`v.attributes ? ${condition.attribute}` : sql`v.attributes ->> ${condition.attribute} = ANY(${sql.val(condition.values)}::text[])`;
      return sql<boolean>`${sql.ref(`e.${condition.column}`)} IN (SELECT v.element_id FROM epcis_vocabulary_element v WHERE v.company_id = ${scope.companyId} AND ${test})`;
    }
  }
}

/** The namespaces the company's documents declared, by prefix, read once per query and only when needed. */
function companyPrefixLoader(db: Kysely<DB>, companyId: string): () => Promise<Map<string, string[]>> {
  let prefixes: Map<string, string[]> | null = null;
  return async () => {
    if (!prefixes) {
      const rows = await db.selectFrom('epcis_namespace').select(['prefix', 'namespace']).where('company_id', '=', companyId).execute();
      prefixes = new Map();
      for (const row of rows) prefixes.set(row.prefix, [...(prefixes.get(row.prefix) ?? []), row.namespace]);
    }
    return prefixes;
  };
}

/** The WHERE of a query: the company, then every condition. */
async function whereSql(db: Kysely<DB>, scope: QueryScope, query: EventQuery, companyPrefixes: () => Promise<Map<string, string[]>>, shape: QueryShape): Promise<RawBuilder<boolean>> {
  const parts: Array<RawBuilder<boolean>> = [sql<boolean>`e.company_id = ${scope.companyId}`];
  for (const condition of query.conditions) parts.push(await conditionSql(db, scope, query, condition, companyPrefixes, shape));
  return sql<boolean>`${sql.join(parts, sql` AND `)}`;
}

/** A time range holding at most this many rows is gathered whole, then sorted. */
const GATHERED_AT_MOST = 10_000;

/**
 * Whether a time range holds few rows. The planner, reading the events in record order until a page is full,
 * takes matches to be spread evenly; but the events of a time range sit together (the latest at the end of
 * the record order), and a range that holds a handful would have it read millions of events first. A count of
 * the range, stopped past the bound, tells: a short range is then gathered through its time index and sorted.
 */
async function isShort(db: Kysely<DB>, rows: RawBuilder<unknown>): Promise<boolean> {
  const { rows: counted } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM (${rows} LIMIT ${GATHERED_AT_MOST + 1}) AS range`.execute(db);
  return Number(counted[0]!.n) <= GATHERED_AT_MOST;
}

export interface EventPage {
  rows: StoredEventRow[];
  /** The position of the next page, or null when this is the last. */
  next: PagePosition | null;
}

/**
 * One page of the company's matching events. `maxEventCount` is checked on the first page: a result larger
 * than it raises QueryTooLargeException instead of a page.
 */
export async function queryEvents(db: Kysely<DB>, scope: QueryScope, query: EventQuery): Promise<EventPage> {
  const { position } = query;
  const companyPrefixes = companyPrefixLoader(db, scope.companyId);
  const shape: QueryShape = { shortTimeRange: false };
  const where = await whereSql(db, scope, query, companyPrefixes, shape);
  if (query.maxEventCount !== null && position.after === null && position.offset === 0) {
    const { rows } = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM (SELECT 1 FROM epcis_event e WHERE ${where} LIMIT ${query.maxEventCount + 1}) AS matching`.execute(db);
    if (Number(rows[0]?.n ?? 0) > query.maxEventCount) throw new AppError('EPCIS_QUERY_TOO_LARGE', { max: query.maxEventCount });
  }
  const left = query.eventCountLimit === null ? Infinity : query.eventCountLimit - position.returned;
  const pageSize = Math.max(0, Math.min(query.perPage, left));
  if (pageSize === 0) return { rows: [], next: null };

  const direction = query.descending ? sql`DESC` : sql`ASC`;
  const after = (column: string) => {
    if (!position.after) return sql``;
    const [value, id] = position.after;
    const cmp = query.descending ? sql`<` : sql`>`;
    return sql` AND (${sql.ref(column)}, e.id) ${cmp} (${value}::timestamptz, ${id}::bigint)`;
  };
  // the sort key as text to the microsecond: a Date would round it and repeat or skip events at a page's edge
  let ordered: RawBuilder<{ id: string; body: Record<string, unknown>; recordTime: Date; sortKey: string | null }>;
  const select = sql`e.id::text AS id, e.body, e.record_time AS "recordTime"`;
  const order = query.orderBy;
  if (order === null) {
    const afterId = position.after ? sql` AND e.id > ${position.after[1]}::bigint` : sql``;
    // OFFSET 0 keeps the planner from reading in record order: the short range is gathered, then sorted.
    // Otherwise the page's ids are found first, so that conditions an index carries are checked there
    // (an index-only scan), and only the page's bodies are read.
    ordered = shape.shortTimeRange
      ? sql`SELECT id, body, "recordTime", "sortKey" FROM (SELECT ${select}, e.id AS pk, NULL AS "sortKey" FROM epcis_event e WHERE ${where}${afterId} OFFSET 0) AS gathered ORDER BY pk LIMIT ${pageSize + 1}`
      : sql`SELECT ${select}, NULL AS "sortKey" FROM epcis_event e
             WHERE e.id IN (SELECT e.id FROM epcis_event e WHERE ${where}${afterId} ORDER BY e.id LIMIT ${pageSize + 1}) ORDER BY e.id`;
  } else if (order.kind === 'eventTime' || order.kind === 'recordTime') {
    const column = order.kind === 'eventTime' ? 'e.event_time' : 'e.record_time';
    ordered = sql`SELECT ${select}, to_json(${sql.ref(column)}) #>> '{}' AS "sortKey" FROM epcis_event e WHERE ${where}${after(column)}
                   ORDER BY ${sql.ref(column)} ${direction}, e.id ${direction} LIMIT ${pageSize + 1}`;
  } else {
    const names = await storedNames(db, scope, order.ref, query.prefixes, companyPrefixes);
    const key = (column: string) => sql`(SELECT min(${sql.ref(`f.${column}`)}) FROM epcis_event_field f WHERE f.event_pk = e.id AND f.name = ANY(${sql.val(names)}::text[]))`;
    // events without the field come last, in record order (the standard lets them be anywhere)
    ordered = sql`SELECT ${select}, NULL AS "sortKey" FROM epcis_event e WHERE ${where}
                   ORDER BY ${key('num_value')} ${direction} NULLS LAST, ${key('time_value')} ${direction} NULLS LAST, ${key('text_value')} ${direction} NULLS LAST, e.id
                   OFFSET ${position.offset} LIMIT ${pageSize + 1}`;
  }
  const { rows } = await ordered.execute(db);
  const page = rows.slice(0, pageSize);
  const returned = position.returned + page.length;
  const more = rows.length > pageSize && returned < (query.eventCountLimit ?? Infinity);
  if (!more || page.length === 0) return { rows: page, next: null };
  const last = page[page.length - 1]!;
  return { rows: page, next: { returned, after: [last.sortKey, last.id], offset: position.offset + page.length } };
}

/** One of the company's events by its eventID. */
export async function findEvent(db: Kysely<DB>, companyId: string, eventId: string): Promise<StoredEventRow | undefined> {
  return (await db
    .selectFrom('epcis_event')
    .select(['id', 'body', 'record_time as recordTime'])
    .where('company_id', '=', companyId)
    .where('event_id', '=', eventId)
    .executeTakeFirst()) as StoredEventRow | undefined;
}

/** The event as the interface answers it: as stored, with the time the repository recorded it. */
export function eventJson(row: StoredEventRow): Record<string, unknown> {
  const body = typeof row.body === 'string' ? (JSON.parse(row.body) as Record<string, unknown>) : row.body;
  return { ...body, recordTime: new Date(row.recordTime).toISOString() };
}
