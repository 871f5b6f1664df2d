/**
 * Named queries of the EPCIS repository and subscriptions to them, as the REST binding has them
 * (/acc/epcis/queries…): the shapes the server answers and the rules both sides check.
 */

/** A query's name: it is a path segment of its resources. */
export const QUERY_NAME_MAX = 100;
export const QUERY_NAME = /^[A-Za-z0-9_.~-]{1,100}$/;

/** A SimpleEventQuery's parameters as the binding keeps them: name → a value or a list of values. */
export type QueryParameters = Record<string, unknown>;

export interface NamedQuery {
  name: string;
  query: QueryParameters;
}

/** The binding's schedule fields (cron-like, in the business time zone); a field left out is "any". */
export const SCHEDULE_FIELDS = ['second', 'minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek'] as const;
export type ScheduleField = (typeof SCHEDULE_FIELDS)[number];
export type Schedule = Partial<Record<ScheduleField, string>>;

/** A subscription as the server answers it: never with its signature token. */
export interface Subscription {
  subscriptionID: string;
  dest: string;
  createdAt: string;
  stream?: true;
  schedule?: Schedule;
  reportIfEmpty?: boolean;
  initialRecordTime?: string;
  lastNotifiedAt?: string;
  /** Not the binding's: why the last delivery failed, while it is being retried. */
  lastError?: string;
}
