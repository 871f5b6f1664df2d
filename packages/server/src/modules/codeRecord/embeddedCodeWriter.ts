import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import type { EncodedChunk, GenerationStore, GenerationTx } from './generationStore.js';

/** Rows per INSERT statement: arrays of a few thousand codes keep each statement short. */
const ROWS_PER_STATEMENT = 2_000;

const INSERT_CODES = `
  INSERT INTO code (code, company_id, rule_id, record_id, serial, product_id, batch_id)
  SELECT t.code, $2, $3, $4, t.serial, $5, $6
  FROM unnest($1::text[], $7::bigint[]) AS t (code, serial)
  ON CONFLICT (code) DO NOTHING`;

/** Multi-row inserts that skip codes already stored anywhere, and count what they stored. */
async function insertCodes(trx: Transaction<DB>, { target, codes, serials }: EncodedChunk) {
  let written = 0;
  for (let from = 0; from < codes.length; from += ROWS_PER_STATEMENT) {
    const part = codes.slice(from, from + ROWS_PER_STATEMENT);
    const partSerials = serials ? serials.slice(from, from + ROWS_PER_STATEMENT).map(String) : [];
    const result = await trx.executeQuery(
      CompiledQuery.raw(INSERT_CODES, [part, target.companyId, target.ruleId, target.recordId, target.productId, target.batchId, partSerials]),
    );
    written += Number(result.numAffectedRows ?? 0n);
  }
  return written;
}

export function embeddedGenerationStore(db: Kysely<DB>): GenerationStore {
  return {
    encode: (target, codes, serials) => ({ target, codes, serials, rows: null }),
    query: async <R>(text: string, params: unknown[] = []) => (await db.executeQuery<R>(CompiledQuery.raw(text, params))).rows,
    transaction: (work) =>
      db.transaction().execute((trx) => {
        const tx: GenerationTx = {
          query: async <R>(text: string, params: unknown[] = []) => (await trx.executeQuery<R>(CompiledQuery.raw(text, params))).rows,
          insertCodes: async (chunk, whileWriting) => {
            const written = await insertCodes(trx, chunk);
            // One thread runs both the database and this code: the next chunk is made after this one is written.
            whileWriting?.();
            return written;
          },
        };
        return work(tx);
      }),
  };
}
