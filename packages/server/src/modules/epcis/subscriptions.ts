import { SCHEDULE_FIELDS, validationMessage, type FieldError, type Lang, type Schedule, type Subscription } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/appError.js';
import { lazyPackage } from '../../platform/lazyPackage.js';
import { checkWebhookAddress, type WebhookPolicy } from './webhookPost.js';

/**
 * Subscriptions to a named query (POST /queries/{name}/subscriptions), as the binding has them: a webhook
 * address (`dest`), the subscriber's `signatureToken` (the key the deliveries are signed with), and either
 * `stream: true` (each new matching event, as it comes) or a cron-like `schedule` (the new matching events
 * at those times, `reportIfEmpty` to be called when there are none). `initialRecordTime` sends the
 * matching events recorded from then on first. Delivery is subscriptionDelivery.ts.
 */

const cronParser = lazyPackage<typeof import('cron-parser')>('cron-parser');


/** The schedule as a six-field cron expression: seconds default to 0, every other field left out to any. */
function cronExpression(schedule: Schedule): string {
  return SCHEDULE_FIELDS.map((field) => schedule[field]?.trim() || (field === 'second' ? '0' : '*')).join(' ');
}

/** The next time a schedule fires after `from`, in the business time zone. */
export function nextScheduledRun(schedule: Schedule, from: Date, timeZone: string): Date {
  return cronParser().CronExpressionParser.parse(cronExpression(schedule), { currentDate: from, tz: timeZone }).next().toDate();
}

interface SubscriptionRow {
  id: string;
  dest: string;
  stream: boolean;
  schedule: Schedule | string | null;
  report_if_empty: boolean;
  backlog_from: Date | null;
  created_at: Date;
  last_notified_at: Date | null;
  last_error: string | null;
}

/** A subscription as the binding answers it: never with its signature token. */
function answerOf(row: SubscriptionRow): Subscription {
  const schedule = typeof row.schedule === 'string' ? (JSON.parse(row.schedule) as Schedule) : row.schedule;
  return {
    subscriptionID: row.id,
    dest: row.dest,
    createdAt: row.created_at.toISOString(),
    ...(row.stream ? { stream: true as const } : { schedule: schedule ?? {}, reportIfEmpty: row.report_if_empty }),
    ...(row.backlog_from ? { initialRecordTime: row.backlog_from.toISOString() } : {}),
    ...(row.last_notified_at ? { lastNotifiedAt: row.last_notified_at.toISOString() } : {}),
    ...(row.last_error ? { lastError: row.last_error } : {}),
  };
}

export interface SubscriptionContext {
  policy: WebhookPolicy;
  timeZone: string;
}

/** Checks a subscription request and keeps it; its deliveries start with the events appended after now. */
export async function createSubscription(db: Kysely<DB>, principal: Principal, companyId: string, queryName: string, body: unknown, lang: Lang, context: SubscriptionContext): Promise<Subscription> {
  const input = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const errors: FieldError[] = [];
  const refuse = (field: string, key: Parameters<typeof validationMessage>[0], params?: Record<string, string>) => errors.push({ field, message: validationMessage(key, lang, params) });
  const dest = input['dest'];
  if (typeof dest !== 'string' || dest.length > 2000) refuse('dest', 'validation.webhookAddress');
  else {
    try {
      checkWebhookAddress(dest, context.policy);
    } catch {
      refuse('dest', 'validation.webhookAddress');
    }
  }
  const token = input['signatureToken'];
  if (token !== undefined && (typeof token !== 'string' || token.length < 1 || token.length > 500)) refuse('signatureToken', 'validation.invalid');
  const stream = input['stream'] === true;
  const schedule = input['schedule'];
  if (stream === (schedule !== undefined)) refuse('stream', 'validation.epcisStreamOrSchedule');
  let cleanSchedule: Schedule | null = null;
  if (schedule !== undefined && !stream) {
    if (!schedule || typeof schedule !== 'object' || Array.isArray(schedule) || Object.keys(schedule).some((k) => !(SCHEDULE_FIELDS as readonly string[]).includes(k))) {
      refuse('schedule', 'validation.epcisSchedule', { detail: SCHEDULE_FIELDS.join(', ') });
    } else {
      cleanSchedule = Object.fromEntries(Object.entries(schedule).map(([k, v]) => [k, String(v)])) as Schedule;
      try {
        nextScheduledRun(cleanSchedule, new Date(), context.timeZone);
      } catch (error) {
        refuse('schedule', 'validation.epcisSchedule', { detail: (error as Error).message.slice(0, 200) });
      }
    }
  }
  const reportIfEmpty = input['reportIfEmpty'];
  if (reportIfEmpty !== undefined && typeof reportIfEmpty !== 'boolean') refuse('reportIfEmpty', 'validation.epcisBoolean');
  const initial = input['initialRecordTime'];
  const initialAt = typeof initial === 'string' ? new Date(initial) : null;
  if (initial !== undefined && (!initialAt || Number.isNaN(initialAt.getTime()) || !/T.*(Z|[+-]\d{2}:\d{2})$/.test(String(initial)))) refuse('initialRecordTime', 'validation.epcisTime');
  if (errors.length) throw new AppError('PARAM_CHECK', undefined, errors);

  const now = new Date();
  const row = await db
    .insertInto('epcis_subscription')
    .values({
      company_id: companyId,
      query_name: queryName,
      dest: dest as string,
      signature_token: (token as string | undefined) ?? null,
      stream,
      schedule: cleanSchedule ? JSON.stringify(cleanSchedule) : null,
      report_if_empty: reportIfEmpty === true,
      // everything appended so far is before the subscription (or in its backlog)
      delivered_seq: sql<string>`(SELECT coalesce(max(feed_seq), 0) FROM epcis_append WHERE company_id = ${companyId})`,
      backlog_from: initialAt && initialAt < now ? initialAt : null,
      next_run_at: cleanSchedule ? nextScheduledRun(cleanSchedule, now, context.timeZone) : now,
      created_by: principal.userId,
      api_key_id: principal.apiKey?.id ?? null,
    })
    .returning(['id', 'dest', 'stream', 'schedule', 'report_if_empty', 'backlog_from', 'created_at', 'last_notified_at', 'last_error'])
    .executeTakeFirstOrThrow();
  return answerOf(row as SubscriptionRow);
}

const COLUMNS = ['id', 'dest', 'stream', 'schedule', 'report_if_empty', 'backlog_from', 'created_at', 'last_notified_at', 'last_error'] as const;

export async function listSubscriptions(db: Kysely<DB>, companyId: string, queryName: string, after: string | null, limit: number): Promise<Subscription[]> {
  let q = db.selectFrom('epcis_subscription').select(COLUMNS).where('company_id', '=', companyId).where('query_name', '=', queryName);
  if (after !== null) q = q.where('id', '>', after);
  const rows = await q.orderBy('id').limit(limit).execute();
  return rows.map((row) => answerOf(row as SubscriptionRow));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findSubscription(db: Kysely<DB>, companyId: string, queryName: string, id: string): Promise<Subscription | undefined> {
  if (!UUID.test(id)) return undefined;
  const row = await db.selectFrom('epcis_subscription').select(COLUMNS).where('company_id', '=', companyId).where('query_name', '=', queryName).where('id', '=', id).executeTakeFirst();
  return row ? answerOf(row as SubscriptionRow) : undefined;
}

export async function deleteSubscription(db: Kysely<DB>, companyId: string, queryName: string, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const result = await db.deleteFrom('epcis_subscription').where('company_id', '=', companyId).where('query_name', '=', queryName).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
