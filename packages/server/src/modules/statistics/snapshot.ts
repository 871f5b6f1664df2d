import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/**
 * What a statistics query reads, all in one snapshot: the rollups cover every counted scan record with
 * id <= watermark, the raw rows above it are counted directly. When the rollups were cut in another time
 * zone than the one configured now, they are not used at all (watermark 0) until the rollup step rebuilds
 * them: slower, never wrong.
 */
export interface StatSnapshot {
  tx: Transaction<DB>;
  /** bigint as text */
  watermark: string;
  useRollups: boolean;
  timeZone: string;
}

/** Runs `fn` in a read-only REPEATABLE READ transaction, so rollups and raw rows agree with each other. */
export function inStatSnapshot<T>(db: Kysely<DB>, timeZone: string, fn: (s: StatSnapshot) => Promise<T>): Promise<T> {
  // On the embedded database every transaction runs alone anyway; on PostgreSQL the snapshot is taken by
  // the first query and kept to the end.
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(async (tx) => {
    const state = await tx.selectFrom('scan_stat_state').select(['rolled_up_to', 'time_zone']).executeTakeFirst();
    const useRollups = state !== undefined && state.time_zone === timeZone;
    return fn({ tx, watermark: useRollups ? state.rolled_up_to : '0', useRollups, timeZone });
  });
}
