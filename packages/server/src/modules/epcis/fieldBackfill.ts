import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { eventFields } from './eventFields.js';
import { contextPrefixes } from './eventHash.js';
import { insertEventFields } from './eventStore.js';

/**
 * Reads the events stored before the field index again (migration 0042 says which): each gets the field
 * rows a capture writes today, so a query on sensor data, an error declaration or an extension field finds
 * old events as it finds new ones. A chunk per transaction, in id order, the position kept in the table's
 * one row (locked, so instances side by side take turns), with a pause between chunks so the requests of
 * the day go first. The row is gone when all are read; a start after that costs one select.
 */

/** Events read again per transaction. */
export const BACKFILL_CHUNK = 500;
/** The pause between chunks. */
const PAUSE_MS = 50;
/** The wait before a chunk that failed (the database away) is tried again. */
const RETRY_MS = 60_000;

/** Reads the next chunk again; false when there is nothing left to read (or another instance holds the turn). */
export async function backfillNextChunk(db: Kysely<DB>): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const state = await sql<{ next_id: string; last_id: string }>`
      SELECT next_id::text AS next_id, last_id::text AS last_id FROM epcis_field_backfill FOR UPDATE SKIP LOCKED`.execute(tx);
    const position = state.rows[0];
    if (!position) return false;
    const { rows } = await sql<{ pk: string; body: Record<string, unknown> | string }>`
      SELECT e.id::text AS pk, e.body FROM epcis_event e
       WHERE e.id > ${position.next_id}::bigint AND e.id <= ${position.last_id}::bigint AND e.append_id IS NULL
       ORDER BY e.id LIMIT ${BACKFILL_CHUNK}`.execute(tx);
    if (rows.length === 0) {
      await sql`DELETE FROM epcis_field_backfill`.execute(tx);
      return false;
    }
    const ids = rows.map((r) => r.pk);
    // the rows migration 0039 wrote for these events are replaced by the whole set, standard fields included
    await sql`DELETE FROM epcis_event_field WHERE event_pk = ANY(${sql.val(ids)}::bigint[])`.execute(tx);
    await insertEventFields(
      tx,
      rows.map((row) => {
        const event = typeof row.body === 'string' ? (JSON.parse(row.body) as Record<string, unknown>) : row.body;
        // the document's context was not kept: the event's own, and the standard's prefixes
        return { pk: row.pk, fields: eventFields(event, contextPrefixes(event['@context'])) };
      }),
    );
    await sql`UPDATE epcis_field_backfill SET next_id = ${ids[ids.length - 1]!}::bigint`.execute(tx);
    return true;
  });
}

/** Reads every pending event again in the background, from start; `stop` waits for the chunk under way. */
export function scheduleFieldBackfill(db: Kysely<DB>, onError: (error: unknown) => void): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const round = () => {
    running = backfillNextChunk(db).then(
      (more) => {
        if (more && !stopped) timer = setTimeout(round, PAUSE_MS).unref();
      },
      (error: unknown) => {
        onError(error);
        if (!stopped) timer = setTimeout(round, RETRY_MS).unref();
      },
    );
  };
  timer = setTimeout(round, 0).unref();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
