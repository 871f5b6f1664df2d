import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import type { HiddenState } from './checkStatement.js';
import { hiddenCodeMatches } from './hiddenCodeCheck.js';

/**
 * What a hidden code given with a check earns: MATCHED or MISMATCHED when the code's rule prints one,
 * NONE when the code is unknown (to the company, for the simulator) or its rule prints none (the digits
 * are then ignored). Reads the company's secret, which never leaves the server; writes nothing, so the
 * check statement that follows records the verdict once.
 */
export async function hiddenCodeState(
  db: Kysely<DB>,
  code: string,
  given: string,
  companyId: string | null = null,
): Promise<HiddenState> {
  const found = await sql<{ hidden_length: number; secret: Uint8Array | null }>`
    SELECT r.hidden_length, s.secret
    FROM code c JOIN tag_rule r ON r.id = c.rule_id LEFT JOIN company_secret s ON s.company_id = c.company_id
    WHERE c.code = ${code} ${companyId ? sql`AND c.company_id = ${companyId}::uuid` : sql``}`.execute(db);
  const row = found.rows[0];
  if (!row || row.hidden_length === 0) return 'NONE';
  return row.secret !== null && hiddenCodeMatches(row.secret, code, row.hidden_length, given) ? 'MATCHED' : 'MISMATCHED';
}
