import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * The columns every job table has, whatever its work: `id`, `company_id` (whose job it is), `status` (QUEUED →
 * RUNNING → DONE | FAILED | CANCELLED), `worker_id` and `heartbeat_at` (who holds a running job and when it last
 * said so), `error`, `created_at`, `started_at`, `finished_at`, `updated_at`. These helpers only touch those columns.
 */
export type JobTableName = {
  [T in keyof DB]: DB[T] extends { company_id: unknown; worker_id: string | null; heartbeat_at: unknown; finished_at: unknown } ? T : never;
}[keyof DB];

/** A job a worker has just taken. */
export interface ClaimedJob {
  id: string;
  companyId: string;
}

/**
 * Takes one job that nobody is working on: a queued one, or a running one whose worker has not beaten
 * its heart for `staleSeconds` (it stopped or lost its database). `FOR UPDATE SKIP LOCKED` lets several
 * instances claim at once without waiting on each other or taking the same job; a job whose worker is in
 * the middle of a step holds its row lock and is skipped. With `onlyId`, that job or none.
 *
 * Which job: first of the companies with the fewest jobs being worked on right now (by any worker), then
 * the oldest. So a company's small job is taken next to another company's long ones instead of behind them.
 */
export async function claimJobOf(
  db: Kysely<DB>,
  table: JobTableName,
  workerId: string,
  staleSeconds: number,
  onlyId?: string,
): Promise<ClaimedJob | null> {
  const t = sql.table(table);
  const result = await sql<{ id: string; company_id: string }>`
    update ${t} as j
    set status = 'RUNNING', worker_id = ${workerId}, heartbeat_at = now(),
        started_at = coalesce(j.started_at, now()), updated_at = now()
    where j.id = (
      select c.id from ${t} as c
      where (c.status = 'QUEUED'
             or (c.status = 'RUNNING'
                 and (c.heartbeat_at is null or c.heartbeat_at < now() - make_interval(secs => ${staleSeconds}))))
        ${onlyId === undefined ? sql`` : sql`and c.id = ${onlyId}`}
      order by (select count(*) from ${t} as w
                where w.company_id = c.company_id and w.status = 'RUNNING' and w.worker_id is not null and w.id <> c.id),
               c.created_at, c.id
      limit 1
      for update skip locked
    )
    returning j.id, j.company_id`.execute(db);
  const row = result.rows[0];
  return row ? { id: row.id, companyId: row.company_id } : null;
}

/** `claimJobOf`, when only the id matters. */
export async function claimJob(
  db: Kysely<DB>,
  table: JobTableName,
  workerId: string,
  staleSeconds: number,
  onlyId?: string,
): Promise<string | null> {
  return (await claimJobOf(db, table, workerId, staleSeconds, onlyId))?.id ?? null;
}

/**
 * Beats the heart of jobs this worker holds but has not stepped for a while (it was stepping others), so no
 * other worker takes them over as if this one had died.
 */
export async function keepJobsHeld(db: Kysely<DB>, table: JobTableName, ids: readonly string[], workerId: string): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    update ${sql.table(table)}
    set heartbeat_at = now()
    where id in (${sql.join(ids)}) and worker_id = ${workerId} and status = 'RUNNING'`.execute(db);
}

/**
 * Lets go of a running job on a clean stop: it stays RUNNING (its progress is real) with no worker and no
 * heartbeat, so the next runner to look takes it over at once instead of waiting for it to go stale.
 */
export async function releaseJob(db: Kysely<DB>, table: JobTableName, id: string, workerId: string): Promise<void> {
  await sql`
    update ${sql.table(table)}
    set worker_id = null, heartbeat_at = null, updated_at = now()
    where id = ${id} and worker_id = ${workerId} and status = 'RUNNING'`.execute(db);
}

/** Ends a job this worker holds as FAILED with an error key the screens can translate. */
export async function failJob(db: Kysely<DB>, table: JobTableName, id: string, workerId: string, error: string): Promise<void> {
  await sql`
    update ${sql.table(table)}
    set status = 'FAILED', error = ${error}, finished_at = now(), heartbeat_at = now(), updated_at = now()
    where id = ${id} and worker_id = ${workerId} and status = 'RUNNING'`.execute(db);
}
