import { sql, type RawBuilder } from 'kysely';
import type pg from 'pg';

/**
 * Tells other instances that this process is alive, so they need not wait for its leases to run out when it
 * dies. On PostgreSQL the process holds a session-level advisory lock named after it on a connection of its
 * own; the server lets the lock go the moment that connection closes, which the kernel does at once when the
 * process is killed. Another instance that can take the lock for a moment knows the holder is gone.
 * PGlite serves one process: there is nobody to tell, and a lease simply runs out.
 */

/** The advisory locks of live processes, apart from the other advisory locks of the schema. */
const LIVENESS_LOCK_CLASS = 0x52444c56;
/** Waits before a lost liveness connection is made again. */
const RECONNECT_MS = 1_000;

/** The application name of a process's liveness connection. */
export const livenessConnectionName = (name: string) => `rd-trace alive ${name}`.slice(0, 63);

export class ProcessLiveness {
  private client: pg.Client | null = null;
  private reconnect: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool | null,
    /** The name this process writes in the leases it holds. */
    readonly name: string,
    private readonly onLost?: (error: Error) => void,
  ) {}

  /** True while other instances can see this process is alive (always on PGlite). */
  get held(): boolean {
    return this.pool === null || this.client !== null;
  }

  /** Takes this process's lock; when its connection is lost, takes it again on a new one. */
  async hold(): Promise<void> {
    this.closed = false;
    if (!this.pool || this.client) return;
    const { default: pg } = await import('pg');
    // a connection of its own, outside the pool: the lock lives exactly as long as it does
    // (named, so an operator sees the instances in pg_stat_activity)
    const client = new pg.Client({ ...this.pool.options, application_name: livenessConnectionName(this.name) });
    client.on('error', (error: Error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('liveness connection ended')));
    try {
      await client.connect();
      await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [LIVENESS_LOCK_CLASS, this.name]);
    } catch (error) {
      this.lost(client, error as Error);
      throw error;
    }
    this.client = client;
  }

  private lost(client: pg.Client, error: Error) {
    if (this.client === client) this.client = null;
    void client.end().catch(() => {});
    if (this.closed || this.reconnect) return;
    this.onLost?.(error);
    this.reconnect = setTimeout(() => {
      this.reconnect = null;
      if (!this.closed) this.hold().catch(() => {});
    }, RECONNECT_MS);
    this.reconnect.unref();
  }

  /** Lets the lock go: this process no longer claims to be alive. */
  async release(): Promise<void> {
    this.closed = true;
    if (this.reconnect) clearTimeout(this.reconnect);
    this.reconnect = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}

/**
 * True in SQL when the process named in `holder` is not alive (PostgreSQL only): the statement can take its
 * lock. The lock is a transaction's, so it goes again when the statement ends.
 */
export function holderIsGone(holder: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`pg_try_advisory_xact_lock(${sql.lit(LIVENESS_LOCK_CLASS)}, hashtext(${holder}))`;
}
