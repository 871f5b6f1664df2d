import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { isUniqueViolation } from '../../platform/db/constraintErrors.js';
import { blobQuery } from '../../platform/db/pgliteBlobQuery.js';
import type { DB } from '../../platform/db/schema.js';
import type { CodeTarget, EncodedChunk, GenerationStore, GenerationTx } from './generationStore.js';

const CODE_COLUMNS = '(code, company_id, rule_id, record_id, serial, product_id, batch_id)';
const COPY_CODES = `COPY code ${CODE_COLUMNS} FROM '/dev/blob'`;

/** Rows per INSERT statement when a chunk collides: arrays of a few thousand codes keep each statement short. */
const ROWS_PER_STATEMENT = 2_000;

const INSERT_CODES = `
  INSERT INTO code ${CODE_COLUMNS}
  SELECT t.code, $2, $3, $4, t.serial, $5, $6
  FROM unnest($1::text[], $7::bigint[]) AS t (code, serial)
  ON CONFLICT (code) DO NOTHING`;

/** A field of COPY's text format: a rule's prefix is free text, so the format's own characters are escaped. */
function copyField(value: string): string {
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c] as string) : value;
}

/**
 * The chunk as COPY text rows. Everything after the code is the same on every row of a random chunk, so a
 * row is the code and one shared tail; a sequential chunk puts its serial in the middle.
 */
export function copyRows(target: CodeTarget, codes: readonly string[], serials: readonly bigint[] | null): string {
  const ids = (id: string | null) => id ?? '\\N';
  const head = `\t${target.companyId}\t${target.ruleId}\t${target.recordId}\t`;
  const tail = `\t${ids(target.productId)}\t${ids(target.batchId)}\n`;
  const rows = new Array<string>(codes.length);
  for (let i = 0; i < codes.length; i++) rows[i] = `${copyField(codes[i] as string)}${head}${serials ? String(serials[i]) : '\\N'}${tail}`;
  return rows.join('');
}

/** Multi-row inserts that skip codes already stored anywhere, and count what they stored. */
async function insertSkippingTaken(trx: Transaction<DB>, { target, codes, serials }: EncodedChunk) {
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

/**
 * One COPY of the chunk's rows from a blob, inside a savepoint: the engine parses text rows far more cheaply
 * than it unnests bound arrays (and its WebAssembly heap, which never shrinks, grows less). A random code
 * that already exists fails the whole COPY on the unique index; the chunk is then written again by inserts
 * that skip the taken codes, as on PostgreSQL.
 */
async function insertCodes(trx: Transaction<DB>, chunk: EncodedChunk) {
  const { target, codes, serials } = chunk;
  if (codes.length === 0) return 0;
  const rows = new Blob([copyRows(target, codes, serials)]);
  await trx.executeQuery(CompiledQuery.raw('SAVEPOINT chunk_codes'));
  try {
    await trx.executeQuery(blobQuery(COPY_CODES, rows));
    await trx.executeQuery(CompiledQuery.raw('RELEASE SAVEPOINT chunk_codes'));
    return codes.length;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await trx.executeQuery(CompiledQuery.raw('ROLLBACK TO SAVEPOINT chunk_codes'));
  }
  return insertSkippingTaken(trx, chunk);
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
