import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { APART, ATTRIBUTED, BATCH_OF_ROW, businessDay, COUNTED, DIM_KEY } from './counts.js';

/** Scan records added to the rollups per transaction, so one step never holds a huge transaction. */
export const ROLLUP_CHUNK = 500_000;

/**
 * The id at or below which every scan record is final, found without blocking anyone. One statement reads
 * the largest visible id M and, after its snapshot, the transactions holding ROW EXCLUSIVE on scan_record.
 * An INSERT takes that lock before it draws its id and keeps it until it ends; ids come from a sequence
 * without cache, so any id drawn after the snapshot is above M. A row with id <= M that is not visible yet
 * therefore belongs to one of the listed transactions, and once all of them have ended no row at or below
 * M can still appear. The step waits for them (scans take milliseconds); null when one is still open after
 * `waitMs` (a long transaction): the step is simply tried again next time. Nothing is locked, so neither
 * scans nor VACUUM ever wait for the rollup.
 */
async function finalWatermark(db: Kysely<DB>, waitMs: number): Promise<string | null> {
  const seen = await sql<{ maxId: string; writers: string[] }>`
    SELECT (SELECT coalesce(max(id), 0) FROM scan_record)::text AS "maxId",
           array(SELECT DISTINCT l.virtualtransaction FROM pg_locks l
                 WHERE l.locktype = 'relation' AND l.relation = 'scan_record'::regclass AND l.mode = 'RowExclusiveLock'
                   AND l.pid IS DISTINCT FROM pg_backend_pid()) AS writers`.execute(db);
  const { maxId, writers } = seen.rows[0]!;
  const deadline = Date.now() + waitMs;
  for (let open = writers.length; open > 0; ) {
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const still = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_locks WHERE virtualtransaction = ANY(${writers}::text[])`.execute(db);
    open = still.rows[0]!.n;
  }
  return maxId;
}

/**
 * Adds the chunk's counted scans to the per-code month rows (migration 0044): each scan counts in the row of
 * its business month and in the row of the month before (a row spans two months). New days after the row's
 * are appended; otherwise (rows written late) the row's `days` and running `totals` are merged by turning both
 * sides back into per-day counts, adding them by day and running the sums again.
 */
async function addToCodeMonths(tx: Transaction<DB>, timeZone: string, from: string, to: string): Promise<void> {
  await sql`
    INSERT INTO scan_stat_code_month AS t (company_id, month, code_id, scans, days, totals)
    SELECT s.company_id, s.month, s.code_id, sum(s.n), array_agg(s.day ORDER BY s.day), array_agg(s.running ORDER BY s.day)
    FROM (
      SELECT c.company_id, m.month, c.code_id, c.day, c.n,
             sum(c.n) OVER (PARTITION BY c.company_id, m.month, c.code_id ORDER BY c.day) AS running
      FROM (
        SELECT r.company_id, r.code_id, ${businessDay(timeZone)} AS day, count(*) AS n
        FROM scan_record r
        WHERE r.id > ${from}::bigint AND r.id <= ${to}::bigint AND r.code_id IS NOT NULL AND ${COUNTED}
        GROUP BY 1, 2, 3
      ) c
      CROSS JOIN LATERAL (VALUES (date_trunc('month', c.day::timestamp)::date),
                                 ((date_trunc('month', c.day::timestamp) - interval '1 month')::date)) m(month)
    ) s
    GROUP BY s.company_id, s.month, s.code_id
    ON CONFLICT (company_id, month, code_id) DO UPDATE
      SET scans = t.scans + excluded.scans,
          (days, totals) = (
            SELECT
              -- Usually the new days start on or after the row's last day: they are appended, their totals
              -- carried on from the row's; the row's last day is replaced when it is the new first day.
              CASE WHEN excluded.days[1] >= t.days[cardinality(t.days)]
                THEN t.days[1:width_bucket(excluded.days[1] - 1, t.days)] || excluded.days
                ELSE array_agg(u.day ORDER BY u.day) END,
              CASE WHEN excluded.days[1] >= t.days[cardinality(t.days)]
                THEN t.totals[1:width_bucket(excluded.days[1] - 1, t.days)]
                     || ARRAY(SELECT v + t.totals[cardinality(t.totals)] FROM unnest(excluded.totals) WITH ORDINALITY o(v, i) ORDER BY o.i)
                ELSE array_agg(u.running ORDER BY u.day) END
            FROM (
              SELECT x.day, sum(sum(x.n)) OVER (ORDER BY x.day) AS running
              FROM (
                SELECT o.d AS day, o.v - coalesce(lag(o.v) OVER (ORDER BY o.i), 0) AS n
                FROM unnest(t.days, t.totals) WITH ORDINALITY o(d, v, i)
                WHERE excluded.days[1] < t.days[cardinality(t.days)]
                UNION ALL
                SELECT o.d, o.v - coalesce(lag(o.v) OVER (ORDER BY o.i), 0)
                FROM unnest(excluded.days, excluded.totals) WITH ORDINALITY o(d, v, i)
                WHERE excluded.days[1] < t.days[cardinality(t.days)]
              ) x
              GROUP BY x.day
            ) u
          )`.execute(tx);
}

/**
 * Adds the counted scan records with ids in (from, to] to the day and code rollups and moves the watermark
 * to `to`, in one transaction, under the state row's lock; false when another process moved it meanwhile.
 */
async function addChunk(db: Kysely<DB>, timeZone: string, from: string, to: string): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const state = await tx.selectFrom('scan_stat_state').select(['rolled_up_to', 'time_zone']).forUpdate().executeTakeFirstOrThrow();
    if (state.rolled_up_to !== from || state.time_zone !== timeZone) return false;
    const day = businessDay(timeZone);
    // One pass over the chunk, four groupings per company and day: total, province, client type, product; each with
    // its scans of expired and of recalled items.
    // GROUPING() has a bit set for each of the three keys left out: 7 total, 3 province, 5 client, 6 product.
    await sql`
      INSERT INTO scan_stat_day (company_id, dim, day, key, scans, suspicious, expired, recalled)
      SELECT c.company_id,
             CASE c.grouped WHEN 3 THEN 'AREA' WHEN 5 THEN 'CLIENT' WHEN 6 THEN 'PRODUCT' ELSE 'TOTAL' END,
             c.day,
             CASE c.grouped WHEN 3 THEN c.area_code WHEN 5 THEN c.client_type WHEN 6 THEN c.product_key ELSE '' END,
             c.scans, c.suspicious, c.expired, c.recalled
      FROM (
        SELECT x.company_id, x.day, x.area_code, x.client_type, x.product_key,
               GROUPING(x.area_code, x.client_type, x.product_key) AS grouped,
               count(*) AS scans, count(*) FILTER (WHERE x.suspicious) AS suspicious,
               sum(x.expired) AS expired, sum(x.recalled) AS recalled
        FROM (
          SELECT r.company_id, ${day} AS day, ${DIM_KEY.AREA} AS area_code, ${DIM_KEY.CLIENT} AS client_type,
                 ${DIM_KEY.PRODUCT} AS product_key, r.suspicious, ${APART.expired(timeZone)}, ${APART.recalled}
          FROM scan_record r ${BATCH_OF_ROW}
          WHERE r.id > ${from}::bigint AND r.id <= ${to}::bigint AND ${COUNTED}
        ) x
        GROUP BY GROUPING SETS ((x.company_id, x.day), (x.company_id, x.day, x.area_code),
                                (x.company_id, x.day, x.client_type), (x.company_id, x.day, x.product_key))
      ) c
      ON CONFLICT (company_id, dim, day, key) DO UPDATE
        SET scans = scan_stat_day.scans + excluded.scans, suspicious = scan_stat_day.suspicious + excluded.suspicious,
            expired = scan_stat_day.expired + excluded.expired, recalled = scan_stat_day.recalled + excluded.recalled`.execute(tx);
    // Typing mistakes are not scans of any code: counted apart on the TOTAL row of their company and day (a day of
    // nothing else has a TOTAL row of 0 scans).
    await sql`
      INSERT INTO scan_stat_day (company_id, dim, day, key, scans, suspicious, check_failed)
      SELECT x.company_id, 'TOTAL', x.day, '', 0, 0, count(*)
      FROM (
        SELECT r.company_id, ${day} AS day FROM scan_record r
        WHERE r.id > ${from}::bigint AND r.id <= ${to}::bigint AND ${ATTRIBUTED} AND r.verdict = 'CHECK_FAILED'
      ) x
      GROUP BY x.company_id, x.day
      ON CONFLICT (company_id, dim, day, key) DO UPDATE SET check_failed = scan_stat_day.check_failed + excluded.check_failed`.execute(tx);
    await sql`
      INSERT INTO scan_stat_code (company_id, code_id, scans)
      SELECT r.company_id, r.code_id, count(*)
      FROM scan_record r
      WHERE r.id > ${from}::bigint AND r.id <= ${to}::bigint AND r.code_id IS NOT NULL AND ${COUNTED}
      GROUP BY r.company_id, r.code_id
      ON CONFLICT (company_id, code_id) DO UPDATE SET scans = scan_stat_code.scans + excluded.scans`.execute(tx);
    await addToCodeMonths(tx, timeZone, from, to);
    await tx.updateTable('scan_stat_state').set({ rolled_up_to: to, updated_at: sql`now()` }).execute();
    return true;
  });
}

/** Starts the rollups over in `timeZone` (the configured zone changed, or first start). */
async function resetRollups(db: Kysely<DB>, timeZone: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const state = await tx.selectFrom('scan_stat_state').select('time_zone').forUpdate().executeTakeFirstOrThrow();
    if (state.time_zone === timeZone) return;
    await tx.deleteFrom('scan_stat_day').execute();
    await tx.deleteFrom('scan_stat_code').execute();
    await sql`DELETE FROM scan_stat_code_month`.execute(tx);
    await tx.updateTable('scan_stat_state').set({ rolled_up_to: 0, time_zone: timeZone, updated_at: sql`now()` }).execute();
  });
}

export interface RollupResult {
  /** the watermark after the step */
  rolledUpTo: string;
  /** scan record ids the step covered (rows rolled up, plus gaps of rolled-back inserts) */
  idsCovered: number;
}

/**
 * One rollup step: brings the rollups up to the newest final scan record, chunk by chunk. Safe to run from
 * several processes at once (each chunk checks the watermark it started from under the state row's lock).
 */
export async function rollUpScans(db: Kysely<DB>, timeZone: string, options: { waitMs?: number; chunk?: number } = {}): Promise<RollupResult> {
  await resetRollups(db, timeZone);
  const start = (await db.selectFrom('scan_stat_state').select('rolled_up_to').executeTakeFirstOrThrow()).rolled_up_to;
  const target = await finalWatermark(db, options.waitMs ?? 10_000);
  let at = start;
  if (target !== null) {
    const chunk = BigInt(options.chunk ?? ROLLUP_CHUNK);
    while (BigInt(at) < BigInt(target)) {
      const next = BigInt(at) + chunk < BigInt(target) ? (BigInt(at) + chunk).toString() : target;
      if (!(await addChunk(db, timeZone, at, next))) break;
      at = next;
    }
  }
  return { rolledUpTo: at, idsCovered: Number(BigInt(at) - BigInt(start)) };
}

/** Runs a rollup step every `seconds` (none when 0) until stopped; a failed step is logged and retried next time. */
export function scheduleRollups(
  db: Kysely<DB>,
  timeZone: string,
  seconds: number,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  if (seconds <= 0) return { stop: async () => {} };
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(() => (stopped ? undefined : rollUpScans(db, timeZone).catch(onError)));
  }, seconds * 1000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
