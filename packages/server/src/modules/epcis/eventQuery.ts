import { validationMessage, type FieldError, type Lang } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { DB, EpcRole } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/appError.js';
import { cbvBare } from './vocabulary.js';

/**
 * The EPCIS 2.0 REST query of a company's events (GET /events): the standard's SimpleEventQuery parameters
 * read from the query string, in record order, a page at a time. A parameter may be repeated or list its
 * values separated by '|'; CBV values are accepted bare, as web URIs and as old URNs. An unknown parameter
 * is refused, not ignored, so a partner's typo does not silently widen the answer.
 */

export const EVENT_TYPES = ['ObjectEvent', 'AggregationEvent', 'TransactionEvent', 'TransformationEvent', 'AssociationEvent'] as const;
export const ACTIONS = ['ADD', 'OBSERVE', 'DELETE'] as const;
export const PER_PAGE_DEFAULT = 30;
/** Events of the portal hold up to 1,000 EPCs each: a hundred of them is already a few megabytes. */
export const PER_PAGE_MAX = 100;

export const LIST_PARAMETERS = ['eventType', 'EQ_action', 'EQ_bizStep', 'EQ_disposition', 'EQ_readPoint', 'EQ_bizLocation', 'MATCH_epc', 'MATCH_parentID', 'MATCH_anyEPC'] as const;
export const TIME_PARAMETERS = ['GE_eventTime', 'LT_eventTime', 'GE_recordTime', 'LT_recordTime'] as const;
// `lang` is the portal's own: the language of refusals (every call takes it)
const KNOWN = new Set<string>([...LIST_PARAMETERS, ...TIME_PARAMETERS, 'perPage', 'nextPageToken', 'lang']);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export interface EventQuery {
  eventType: string[];
  action: string[];
  bizStep: string[];
  disposition: string[];
  readPoint: string[];
  bizLocation: string[];
  matchEpc: string[];
  matchParentId: string[];
  matchAnyEpc: string[];
  times: Partial<Record<(typeof TIME_PARAMETERS)[number], Date>>;
  perPage: number;
  /** Events after this one (record order). */
  after: string | null;
}

export function pageToken(lastId: string): string {
  return Buffer.from(`e${lastId}`).toString('base64url');
}

function tokenAfter(token: string): string | null {
  const text = Buffer.from(token, 'base64url').toString();
  return /^e\d{1,19}$/.test(text) ? text.slice(1) : null;
}

function values(raw: unknown): string[] {
  const items = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return items.flatMap((item) => String(item).split('|')).map((v) => v.trim()).filter(Boolean);
}

/** The query string as a query, or PARAM_CHECK naming every parameter that is wrong. */
export function parseEventQuery(raw: Record<string, unknown>, lang: Lang): EventQuery {
  const errors: FieldError[] = [];
  const refuse = (field: string, key: Parameters<typeof validationMessage>[0], params?: Record<string, string | number>) =>
    errors.push({ field, message: validationMessage(key, lang, params) });
  for (const name of Object.keys(raw)) if (!KNOWN.has(name)) refuse(name, 'validation.invalid');

  const listed = Object.fromEntries(LIST_PARAMETERS.map((name) => [name, values(raw[name])])) as Record<(typeof LIST_PARAMETERS)[number], string[]>;
  for (const type of listed.eventType) if (!(EVENT_TYPES as readonly string[]).includes(type)) refuse('eventType', 'validation.oneOf', { values: EVENT_TYPES.join(', ') });
  for (const action of listed.EQ_action) if (!(ACTIONS as readonly string[]).includes(action)) refuse('EQ_action', 'validation.oneOf', { values: ACTIONS.join(', ') });

  const times: EventQuery['times'] = {};
  for (const name of TIME_PARAMETERS) {
    const [text, ...more] = values(raw[name]);
    if (text === undefined) continue;
    const at = ISO_TIME.test(text) && more.length === 0 ? new Date(text) : null;
    if (!at || Number.isNaN(at.getTime())) refuse(name, 'validation.dateTime');
    else times[name] = at;
  }

  let perPage = PER_PAGE_DEFAULT;
  if (raw['perPage'] !== undefined) {
    const text = String(raw['perPage']);
    perPage = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
    if (!(perPage >= 1 && perPage <= PER_PAGE_MAX)) refuse('perPage', 'validation.tooBig', { max: PER_PAGE_MAX });
  }
  let after: string | null = null;
  if (raw['nextPageToken'] !== undefined) {
    after = tokenAfter(String(raw['nextPageToken']));
    if (after === null) refuse('nextPageToken', 'validation.invalid');
  }
  if (errors.length > 0) throw new AppError('PARAM_CHECK', undefined, errors);
  return {
    eventType: listed.eventType,
    action: listed.EQ_action,
    bizStep: listed.EQ_bizStep.map((v) => cbvBare('bizStep', v)),
    disposition: listed.EQ_disposition.map((v) => cbvBare('disposition', v)),
    readPoint: listed.EQ_readPoint,
    bizLocation: listed.EQ_bizLocation,
    matchEpc: listed.MATCH_epc,
    matchParentId: listed.MATCH_parentID,
    matchAnyEpc: listed.MATCH_anyEPC,
    times,
    perPage,
    after,
  };
}

export interface StoredEventRow {
  id: string;
  body: Record<string, unknown>;
  recordTime: Date;
}

/**
 * One page of the company's matching events, plus whether more follow. An identifier match finds its
 * events through the identifier index first, so it costs the same whatever the repository's size.
 */
export async function queryEvents(db: Kysely<DB>, companyId: string, query: EventQuery): Promise<{ rows: StoredEventRow[]; more: boolean }> {
  let q = db
    .selectFrom('epcis_event as e')
    .select(['e.id', 'e.body', 'e.record_time as recordTime'])
    .where('e.company_id', '=', companyId);
  if (query.eventType.length) q = q.where('e.event_type', 'in', query.eventType as Array<(typeof EVENT_TYPES)[number]>);
  if (query.action.length) q = q.where('e.action', 'in', query.action as Array<(typeof ACTIONS)[number]>);
  if (query.bizStep.length) q = q.where('e.biz_step', 'in', query.bizStep);
  if (query.disposition.length) q = q.where('e.disposition', 'in', query.disposition);
  if (query.readPoint.length) q = q.where('e.read_point', 'in', query.readPoint);
  if (query.bizLocation.length) q = q.where('e.biz_location', 'in', query.bizLocation);
  const { GE_eventTime, LT_eventTime, GE_recordTime, LT_recordTime } = query.times;
  if (GE_eventTime) q = q.where('e.event_time', '>=', GE_eventTime);
  if (LT_eventTime) q = q.where('e.event_time', '<', LT_eventTime);
  if (GE_recordTime) q = q.where('e.record_time', '>=', GE_recordTime);
  if (LT_recordTime) q = q.where('e.record_time', '<', LT_recordTime);
  const matches: Array<[string[], EpcRole[] | null]> = [
    [query.matchEpc, ['E']],
    [query.matchParentId, ['P']],
    [query.matchAnyEpc, null],
  ];
  for (const [epcs, roles] of matches) {
    if (epcs.length === 0) continue;
    const roleFilter = roles ? sql`AND x.role = ANY(${sql.val(roles)}::"char"[])` : sql``;
    q = q.where('e.id', 'in', sql<string>`(SELECT x.event_pk FROM epcis_event_epc x WHERE x.epc = ANY(${sql.val(epcs)}::text[]) ${roleFilter})`);
  }
  if (query.after) q = q.where('e.id', '>', query.after);
  const rows = (await q.orderBy('e.id').limit(query.perPage + 1).execute()) as StoredEventRow[];
  return { rows: rows.slice(0, query.perPage), more: rows.length > query.perPage };
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
