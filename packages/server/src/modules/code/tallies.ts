import { sql, type RawBuilder } from 'kysely';

/**
 * Bound, activated and voided codes of a generation job or a batch, read from `code_tally` (kept by the
 * triggers of migration 0034 in the transaction of every change to a code): a few index rows per job or
 * batch however many codes it has. "Bound" means assigned to a batch, whether at generation or by binding.
 */
export interface CodeTallies {
  boundCount: number;
  activatedCount: number;
  voidedCount: number;
}

function tally(owner: 'record_id' | 'batch_id', id: RawBuilder<unknown>, filter: RawBuilder<unknown>) {
  return sql<number>`(SELECT coalesce(sum(t.codes), 0)::int FROM code_tally t WHERE t.${sql.raw(owner)} = ${id} AND ${filter})`;
}

/** The three counts as select expressions for a row whose id is `id` (e.g. `sql.ref('r.id')`). */
export function talliesOf(owner: 'record_id' | 'batch_id', id: RawBuilder<unknown>) {
  return [
    tally(owner, id, sql`t.batch_id IS NOT NULL`).as('boundCount'),
    tally(owner, id, sql`t.status = 'ACTIVATED'`).as('activatedCount'),
    tally(owner, id, sql`t.status = 'VOIDED'`).as('voidedCount'),
  ] as const;
}
