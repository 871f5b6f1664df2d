import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/**
 * Upkeep of scan_record's monthly partitions (migration 0022): months are added ahead of time, rows that
 * landed in the DEFAULT partition are moved into their month, and with a retention set, months older than
 * it are detached and dropped.
 *
 * Safe with N instances doing it at once: each change is a short transaction of its own that first takes a
 * transaction-level advisory lock (an instance that does not get it skips the step), then looks again at what
 * exists. Each waits at most LOCK_TIMEOUT for its table locks, so a long statistics query delays the upkeep
 * instead of the upkeep's lock request queueing every consumer check behind it.
 */

/** Months kept ready after the current one, so an hour's upkeep missed for weeks still loses nothing. */
export const MONTHS_AHEAD = 3;
/** How often each instance looks (the first look is at start). */
export const UPKEEP_INTERVAL_MS = 60 * 60 * 1000;
const UPKEEP_LOCK = 727275;
const LOCK_TIMEOUT = '2s';

/** A calendar month in UTC, as 'YYYY-MM'. */
export type Month = string;

export function monthOf(date: Date): Month {
  return date.toISOString().slice(0, 7);
}

export function addMonths(month: Month, count: number): Month {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return monthOf(new Date(Date.UTC(year, m - 1 + count, 1)));
}

/** The partition holding a month's rows: scan_record_y2026m11 (the migration uses the same names). */
export function partitionName(month: Month): string {
  return `scan_record_y${month.slice(0, 4)}m${month.slice(5, 7)}`;
}

function monthStart(month: Month): string {
  return `${month}-01T00:00:00Z`;
}

/** Runs `step` in a transaction holding the upkeep lock; false when another process holds it now. */
async function underUpkeepLock(db: Kysely<DB>, step: (tx: Transaction<DB>) => Promise<void>): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const got = await sql<{ got: boolean }>`SELECT pg_try_advisory_xact_lock(${UPKEEP_LOCK}) AS got`.execute(tx);
    if (!got.rows[0]!.got) return false;
    await sql`SELECT set_config('lock_timeout', ${LOCK_TIMEOUT}, true)`.execute(tx);
    await step(tx);
    return true;
  });
}

/** The month partitions that exist now, oldest first. */
export async function existingMonths(db: Kysely<DB>): Promise<Month[]> {
  const result = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'scan_record'::regclass`.execute(db);
  return result.rows
    .map((r) => /^scan_record_y(\d{4})m(\d{2})$/.exec(r.name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => `${m[1]}-${m[2]}`)
    .sort();
}

/**
 * Adds the month's partition, moving into it any rows of that month the DEFAULT partition holds. The table
 * is made apart and then attached: ATTACH locks the parent only against schema changes (SHARE UPDATE
 * EXCLUSIVE), where CREATE TABLE ... PARTITION OF would stop every insert while it runs.
 */
async function addMonth(db: Kysely<DB>, month: Month): Promise<boolean> {
  let added = false;
  await underUpkeepLock(db, async (tx) => {
    if ((await existingMonths(tx)).includes(month)) return;
    const table = sql.table(partitionName(month));
    const from = monthStart(month);
    const to = monthStart(addMonths(month, 1));
    await sql`CREATE TABLE ${table} (LIKE scan_record INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`.execute(tx);
    await sql`
      WITH moved AS (
        DELETE FROM scan_record_default WHERE scanned_at >= ${from}::timestamptz AND scanned_at < ${to}::timestamptz RETURNING *
      )
      INSERT INTO ${table} SELECT * FROM moved`.execute(tx);
    await sql`ALTER TABLE scan_record ATTACH PARTITION ${table}
      FOR VALUES FROM (${sql.lit(from)}) TO (${sql.lit(to)})`.execute(tx);
    added = true;
  });
  return added;
}

/**
 * Detaches and drops a month older than the retention. Kept while the statistics rollups have not yet
 * counted all of its rows (their daily totals outlive the raw rows, so nothing counted is lost).
 */
async function dropMonth(db: Kysely<DB>, month: Month, rollupsInUse: boolean): Promise<boolean> {
  let dropped = false;
  await underUpkeepLock(db, async (tx) => {
    if (!(await existingMonths(tx)).includes(month)) return;
    const table = sql.table(partitionName(month));
    if (rollupsInUse) {
      const pending = await sql<{ pending: boolean }>`
        SELECT EXISTS (SELECT 1 FROM ${table} WHERE id > (SELECT rolled_up_to FROM scan_stat_state)) AS pending`.execute(tx);
      if (pending.rows[0]!.pending) return;
    }
    await sql`ALTER TABLE scan_record DETACH PARTITION ${table}`.execute(tx);
    await sql`DROP TABLE ${table}`.execute(tx);
    dropped = true;
  });
  return dropped;
}

/** Months that have rows in the DEFAULT partition (none, unless rows came before their month existed). */
async function monthsInDefault(db: Kysely<DB>): Promise<Month[]> {
  const result = await sql<{ month: string }>`
    SELECT DISTINCT to_char(scanned_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month FROM scan_record_default`.execute(db);
  return result.rows.map((r) => r.month).sort();
}

/** Adds every month of [first, last] that is missing (benchmarks and imports of past scans call it first). */
export async function ensureMonths(db: Kysely<DB>, first: Month, last: Month): Promise<Month[]> {
  const have = new Set(await existingMonths(db));
  const added: Month[] = [];
  for (let month = first; month <= last; month = addMonths(month, 1)) {
    if (!have.has(month) && (await addMonth(db, month))) added.push(month);
  }
  return added;
}

export interface UpkeepOptions {
  /** 0 keeps every month; else a month is dropped once all of it is older than this many months */
  retentionMonths: number;
  /** whether the statistics rollups run (a month is then dropped only once they have counted it) */
  rollupsInUse: boolean;
  now?: Date;
}

export interface UpkeepResult {
  added: Month[];
  dropped: Month[];
}

/** One round of upkeep: months ahead, rows out of DEFAULT, months past the retention. */
export async function keepScanPartitions(db: Kysely<DB>, options: UpkeepOptions): Promise<UpkeepResult> {
  const current = monthOf(options.now ?? new Date());
  // Kept from month `keepFrom` on: every row of an older month is more than retentionMonths old.
  const keepFrom = options.retentionMonths > 0 ? addMonths(current, -options.retentionMonths) : null;
  const added = await ensureMonths(db, current, addMonths(current, MONTHS_AHEAD));
  for (const month of await monthsInDefault(db)) {
    if ((keepFrom === null || month >= keepFrom) && (await addMonth(db, month))) added.push(month);
  }
  const dropped: Month[] = [];
  if (keepFrom !== null) {
    for (const month of await existingMonths(db)) {
      if (month < keepFrom && (await dropMonth(db, month, options.rollupsInUse))) dropped.push(month);
    }
    await sql`DELETE FROM scan_record_default WHERE scanned_at < ${monthStart(keepFrom)}::timestamptz`.execute(db);
  }
  return { added: added.sort(), dropped };
}

/** Keeps the partitions now and every UPKEEP_INTERVAL_MS until stopped; a failed round is logged and retried. */
export function scheduleScanPartitionUpkeep(
  db: Kysely<DB>,
  options: Omit<UpkeepOptions, 'now'>,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const round = () => {
    running = running.then(() => (stopped ? undefined : keepScanPartitions(db, options).catch(onError)));
  };
  const first = setTimeout(round, 0);
  const timer = setInterval(round, UPKEEP_INTERVAL_MS);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
