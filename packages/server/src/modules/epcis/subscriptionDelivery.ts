import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../../platform/config.js';
import type { Database } from '../../platform/db/database.js';
import { holderIsGone, ProcessLiveness } from '../../platform/db/processLiveness.js';
import type { DB } from '../../platform/db/schema.js';
import { CBV_VERSION, EPCIS_VERSION } from './discoveryHeaders.js';
import { epcisDocumentShell } from './document.js';
import { eventJson, queryEvents } from './eventQuery.js';
import { namedEventQuery } from './namedQueries.js';
import { FIRST_PAGE } from './pageToken.js';
import type { Condition } from './queryParameters.js';
import { nextScheduledRun } from './subscriptions.js';
import { postWebhook, webhookSignature, type WebhookPolicy } from './webhookPost.js';

/**
 * Delivers subscriptions: each instance of the server polls for subscriptions that are due (a stream with
 * new feed entries, a schedule whose time has come, a retry whose wait is over), takes a lease on each
 * (FOR UPDATE SKIP LOCKED: one instance per subscription at a time), posts the matching events in batches
 * and moves the subscription's cursor only after the subscriber answered 2xx. So every matching event
 * reaches the subscriber at least once, in feed order (the order of commits), across restarts and
 * crashes: another instance takes over where the cursor stands as soon as it sees the lease holder's
 * process is gone (ProcessLiveness, on PostgreSQL), or else when the lease runs out.
 */

/** Events in one post: the portal's events carry up to 1,000 EPCs, so a hundred is a few megabytes. */
export const EVENTS_PER_POST = 100;
/**
 * A lease outlives a slow subscriber's ten seconds and is renewed at every step. A crashed instance's
 * subscriptions are taken over at once where its death is seen (PostgreSQL), and after this long where it
 * is not (a process that hangs with its connection open).
 */
const LEASE_SECONDS = 15;
/** Posts one subscription gets in a row before the others have their turn. */
const POSTS_PER_TURN = 20;
/** Subscriptions taken per poll. */
const CLAIM_BATCH = 8;

/** Waits before the n-th retry: 2, 4, 8 … seconds, at most ten minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(600, 2 ** Math.min(attempts, 10));
}

interface Claimed {
  id: string;
  company_id: string;
  query_name: string;
  dest: string;
  signature_token: string | null;
  stream: boolean;
  schedule: Record<string, string> | string | null;
  report_if_empty: boolean;
  delivered_seq: string;
  range_seq: string | null;
  range_after_id: string | null;
  backlog_from: Date | null;
  backlog_after_id: string | null;
  attempts: number;
}

export interface DeliveryLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export class SubscriptionDeliverer {
  /** This deliverer's name in the leases it holds. */
  readonly instance = randomUUID();
  /** Holds this deliverer's name alive while the process lives; its leases are taken over when it is not. */
  readonly liveness: ProcessLiveness;
  private readonly db: Kysely<DB>;
  private readonly onPostgres: boolean;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly policy: WebhookPolicy;

  constructor(
    database: Pick<Database, 'db' | 'kind' | 'pool'>,
    private readonly config: Pick<Config, 'publicBaseUrl' | 'businessTimeZone' | 'webhookPrivateAddresses' | 'webhookPollMs'>,
    private readonly log?: DeliveryLogger,
  ) {
    this.db = database.db;
    this.onPostgres = database.kind === 'postgres';
    this.liveness = new ProcessLiveness(database.pool, this.instance, (error) =>
      this.log?.warn({ err: error }, 'subscription deliveries pause: the connection that shows this instance alive was lost'),
    );
    this.policy = { privateAddresses: config.webhookPrivateAddresses, ownBase: config.publicBaseUrl };
  }

  /** Shows this instance alive, then delivers what is due, polling. */
  async start(): Promise<void> {
    this.stopped = false;
    // when the database cannot be reached yet, the liveness connection is tried again and polling waits for it
    await this.liveness.hold().catch(() => {});
    this.schedule(0);
  }

  /** Stops polling and waits for the deliveries under way (their leases are released). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    await this.liveness.release();
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.deliverDue()
        .then((worked) => this.schedule(worked ? 0 : this.config.webhookPollMs))
        .catch((error: unknown) => {
          this.log?.warn({ err: error }, 'subscription delivery failed; trying again');
          this.schedule(this.config.webhookPollMs);
        });
    }, ms);
    this.timer.unref();
  }

  /** One round: the due subscriptions this instance could lease, each delivered. True when any was. */
  async deliverDue(): Promise<boolean> {
    // leases taken while others cannot see this instance alive would be taken from it mid-delivery
    if (!this.liveness.held) return false;
    const { rows } = await sql<Claimed>`
      UPDATE epcis_subscription s SET leased_until = now() + make_interval(secs => ${LEASE_SECONDS}), leased_by = ${this.instance}
       WHERE s.id IN (
         SELECT d.id FROM epcis_subscription d
          WHERE d.next_run_at <= now()
            AND (d.leased_until IS NULL OR d.leased_until < now() OR ${this.onPostgres ? holderIsGone(sql`d.leased_by`) : sql`false`})
            AND (NOT d.stream OR d.backlog_from IS NOT NULL OR d.range_seq IS NOT NULL
                 OR EXISTS (SELECT 1 FROM epcis_append a WHERE a.company_id = d.company_id AND a.feed_seq > d.delivered_seq))
          ORDER BY d.next_run_at
          LIMIT ${CLAIM_BATCH}
          FOR UPDATE SKIP LOCKED)
      RETURNING s.id, s.company_id, s.query_name, s.dest, s.signature_token, s.stream, s.schedule, s.report_if_empty,
                s.delivered_seq::text AS delivered_seq, s.range_seq::text AS range_seq, s.range_after_id::text AS range_after_id,
                s.backlog_from, s.backlog_after_id::text AS backlog_after_id, s.attempts`.execute(this.db);
    for (const subscription of rows) {
      if (this.stopped) {
        await this.release(subscription.id, {});
        continue;
      }
      await this.deliver(subscription);
    }
    return rows.length > 0;
  }

  /** Writes the subscription's state and renews the lease, if this instance still holds it; false when it does not. */
  private async save(id: string, changes: Record<string, unknown>): Promise<boolean> {
    const result = await this.db
      .updateTable('epcis_subscription')
      .set({ leased_until: sql`now() + make_interval(secs => ${LEASE_SECONDS})`, ...changes })
      .where('id', '=', id)
      .where('leased_by', '=', this.instance)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  private release(id: string, changes: Record<string, unknown>) {
    return this.save(id, { ...changes, leased_until: null, leased_by: null });
  }

  private async post(subscription: Claimed, events: Array<Record<string, unknown>>) {
    const document = epcisDocumentShell('EPCISQueryDocument', {
      queryResults: { subscriptionID: subscription.id, queryName: subscription.query_name, resultsBody: { eventList: events } },
    });
    const body = JSON.stringify(document);
    const headers: Record<string, string> = { 'GS1-EPCIS-Version': EPCIS_VERSION, 'GS1-CBV-Version': CBV_VERSION };
    if (subscription.signature_token) headers['GS1-Signature'] = webhookSignature(body, subscription.signature_token);
    return postWebhook(subscription.dest, body, headers, this.policy);
  }

  private async deliver(subscription: Claimed): Promise<void> {
    const named = await this.db
      .selectFrom('epcis_named_query')
      .select('query')
      .where('company_id', '=', subscription.company_id)
      .where('name', '=', subscription.query_name)
      .executeTakeFirst();
    if (!named) return; // deleted with its query meanwhile
    const definition = typeof named.query === 'string' ? (JSON.parse(named.query) as Record<string, unknown>) : named.query;
    let base;
    try {
      base = namedEventQuery(definition, 'en_US');
    } catch (error) {
      await this.release(subscription.id, { last_error: `the query no longer runs: ${(error as Error).message}`, next_run_at: sql`now() + interval '10 minutes'` });
      return;
    }
    // a subscription gets every new matching event: no ordering or limits of the query apply to it
    const scope = { companyId: subscription.company_id, epcBase: this.config.publicBaseUrl };
    const page = async (extra: Condition, afterId: string | null) =>
      queryEvents(this.db, scope, {
        ...base,
        conditions: [...base.conditions, extra],
        orderBy: null,
        eventCountLimit: null,
        maxEventCount: null,
        perPage: EVENTS_PER_POST,
        position: afterId ? { ...FIRST_PAGE, after: [null, afterId] } : FIRST_PAGE,
      });

    const state = { ...subscription };
    let sent = false;
    for (let turn = 0; turn < POSTS_PER_TURN; turn += 1) {
      let changes: Record<string, unknown>;
      let rows;
      const inBacklog = state.backlog_from !== null;
      if (state.backlog_from) {
        ({ rows } = await page({ kind: 'backlog', from: state.backlog_from, upToSeq: state.delivered_seq }, state.backlog_after_id));
        changes = rows.length ? { backlog_after_id: rows[rows.length - 1]!.id } : { backlog_from: null, backlog_after_id: null };
      } else {
        if (!state.range_seq) {
          const top = await sql<{ seq: string }>`SELECT coalesce(max(feed_seq), 0)::text AS seq FROM epcis_append WHERE company_id = ${state.company_id}`.execute(this.db);
          const seq = top.rows[0]!.seq;
          if (BigInt(seq) <= BigInt(state.delivered_seq)) break; // nothing new
          state.range_seq = seq;
          state.range_after_id = null;
        }
        ({ rows } = await page({ kind: 'feed', afterSeq: state.delivered_seq, upToSeq: state.range_seq }, state.range_after_id));
        changes =
          rows.length === EVENTS_PER_POST
            ? { range_seq: state.range_seq, range_after_id: rows[rows.length - 1]!.id }
            : { delivered_seq: state.range_seq, range_seq: null, range_after_id: null };
      }
      if (rows.length > 0) {
        const result = await this.post(subscription, rows.map(eventJson));
        if (!result.ok) return this.failed(subscription, result.error ?? `HTTP ${result.status}`);
        sent = true;
        changes = { ...changes, last_notified_at: new Date(), attempts: 0, last_error: null };
      }
      if (!(await this.save(subscription.id, changes))) return; // the lease was lost: another instance goes on
      Object.assign(state, changes);
      // the feed caught up: what is appended from now on waits for the next round
      if (!inBacklog && !state.range_seq) break;
    }

    if (!subscription.stream) {
      const schedule = (typeof subscription.schedule === 'string' ? JSON.parse(subscription.schedule) : subscription.schedule) as Record<string, string>;
      if (!sent && subscription.report_if_empty && !state.range_seq && !state.backlog_from) {
        const result = await this.post(subscription, []);
        if (!result.ok) return this.failed(subscription, result.error ?? `HTTP ${result.status}`);
      }
      // a run that did not finish goes on at once; a finished one waits for the schedule
      const finished = !state.range_seq && !state.backlog_from;
      await this.release(subscription.id, { next_run_at: finished ? nextScheduledRun(schedule, new Date(), this.config.businessTimeZone) : new Date() });
      return;
    }
    await this.release(subscription.id, {});
  }

  private async failed(subscription: Claimed, error: string): Promise<void> {
    const attempts = subscription.attempts + 1;
    this.log?.info({ subscription: subscription.id, attempts, error }, 'subscriber did not take the delivery; retrying later');
    await this.release(subscription.id, {
      attempts,
      last_error: error.slice(0, 500),
      next_run_at: new Date(Date.now() + retryDelaySeconds(attempts) * 1000),
    });
  }
}
