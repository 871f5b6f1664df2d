import type { NamedQuery, QueryParameters, Schedule, Subscription } from '@rd/contract';
import type { AxiosResponse } from 'axios';
import { apiDelete, apiPost, send, settle } from './http';
import { HttpError } from './HttpError';
import type { EpcisEvent } from './supplyChain';

/**
 * Named queries and their subscriptions (/acc/epcis/queries…): the EPCIS REST binding's resources, which
 * answer bare JSON (lists paged by a Link header) and refuse with the portal's envelope inside an RFC 7807
 * problem. Every call goes through the portal's HTTP client (messages, field errors, the sign-in dialog);
 * lists are read whole here, since their next page is in a header.
 */

export const NAMED_QUERIES_KEY = ['epcisNamedQueries'] as const;
export const SUBSCRIPTIONS_KEY = ['epcisSubscriptions'] as const;

const BASE = '/acc/epcis/queries';
/** The most the binding gives in a page; a company's queries and subscriptions are a few pages at most. */
const LIST_PAGE = 100;
const MAX_PAGES = 50;

export type SubscriptionBody = { dest: string; signatureToken?: string; initialRecordTime?: string } & (
  | { stream: true }
  | { schedule: Schedule; reportIfEmpty?: boolean }
);

const queryPath = (name: string) => `${BASE}/${encodeURIComponent(name)}`;

/**
 * A read of the binding, answered without the envelope: the whole answer when it succeeded (its Link header
 * names the next page). A refusal is handled as every call's is and thrown for the caller to show, with no
 * message of its own.
 */
async function bareGet(url: string, params: object): Promise<AxiosResponse> {
  const config = { method: 'get', url, params, showError: false } as const;
  const response = await send(config);
  if (response.status >= 300) settle(response, config);
  return response;
}

/** The token of the next page, from a Link header `<…?…&nextPageToken=…>; rel="next"`. */
export function nextPageToken(response: AxiosResponse): string | null {
  const link = String(response.headers['link'] ?? '');
  const next = /[?&]nextPageToken=([^&>]+)/.exec(link)?.[1];
  return next ? decodeURIComponent(next) : null;
}

/** Every item of a paged JSON list, page after page. */
async function wholeList<T>(url: string): Promise<T[]> {
  const items: T[] = [];
  let token: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const response = await bareGet(url, { perPage: LIST_PAGE, ...(token ? { nextPageToken: token } : {}) });
    if (!Array.isArray(response.data)) throw new HttpError('HTTP_200', 'not a list', { status: response.status, handled: false });
    items.push(...(response.data as T[]));
    token = nextPageToken(response);
    if (!token) break;
  }
  return items;
}

export const fetchNamedQueries = () => wholeList<NamedQuery>(BASE);

/** Refusals are the caller's to show: they name the form's fields. */
export const saveNamedQuery = (body: NamedQuery) => apiPost<NamedQuery>(BASE, body, { showError: false });

export const deleteNamedQuery = (name: string) => apiDelete<null>(queryPath(name));

/** A page of a named query's events now, like GET /events. */
export async function fetchNamedQueryEvents(name: string, page: { perPage: number; nextPageToken?: string }): Promise<{ events: EpcisEvent[]; nextPageToken: string | null }> {
  const response = await bareGet(`${queryPath(name)}/events`, page);
  const body = response.data as { epcisBody?: { queryResults?: { resultsBody?: { eventList?: EpcisEvent[] } } } };
  return { events: body.epcisBody?.queryResults?.resultsBody?.eventList ?? [], nextPageToken: nextPageToken(response) };
}

export const fetchSubscriptions = (name: string) => wholeList<Subscription>(`${queryPath(name)}/subscriptions`);

/** Refusals are the caller's to show: they name the form's fields. */
export const subscribe = (name: string, body: SubscriptionBody) => apiPost<Subscription>(`${queryPath(name)}/subscriptions`, body, { showError: false });

export const unsubscribe = (name: string, id: string) => apiDelete<null>(`${queryPath(name)}/subscriptions/${encodeURIComponent(id)}`);

export type { NamedQuery, QueryParameters, Schedule, Subscription };
export { SCHEDULE_FIELDS, type ScheduleField } from '@rd/contract';
