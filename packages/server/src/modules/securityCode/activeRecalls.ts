import type { ScanRecall } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { keptByKey, keptValue } from './keptReads.js';

/**
 * What the check needs of recalls (modules/recall), kept for SCAN_ANSWER_CACHE_SECONDS like the answer parts:
 * - the companies with an active recall, as a PostgreSQL array literal: the check statement looks a scanned
 *   code up in recall_code only for those, and without any leaves that lookup out of the statement
 *   (checkStatement.ts), so the usual check pays nothing for it; an activation reaches every instance within
 *   that time;
 * - a recall's texts by id, for the answer. Whether a code is recalled is read by the statement itself, so a
 *   closed recall stops showing at once.
 */
export interface ActiveRecalls {
  companies(): Promise<string>;
  recall(id: string): Promise<ScanRecall | null>;
}

/** Recalls whose texts are kept at most; the oldest go first. */
const MAX_RECALLS = 1_000;

export function activeRecallsSource(db: Kysely<DB>, ttlSeconds: number): ActiveRecalls {
  return {
    companies: keptValue(ttlSeconds, async () => {
      const { rows } = await sql<{ company_id: string }>`SELECT DISTINCT company_id FROM recall WHERE state = 'ACTIVE'`.execute(db);
      return `{${rows.map((row) => row.company_id).join(',')}}`;
    }),
    recall: keptByKey(ttlSeconds, MAX_RECALLS, async (id) => {
      const { rows } = await sql<{ level: number; reason: string; instruction: string; contact: string; started_at: string | null }>`
        SELECT level, reason, instruction, contact,
               to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS started_at
          FROM recall WHERE id = ${id}::uuid`.execute(db);
      const row = rows[0];
      if (!row || row.started_at === null) return null;
      return { level: row.level as ScanRecall['level'], reason: row.reason, instruction: row.instruction, contact: row.contact, startedAt: row.started_at };
    }),
  };
}
