import type pg from 'pg';
import { pgCopyStreams } from '../../platform/db/copyStreams.js';
import { isUniqueViolation } from '../../platform/db/constraintErrors.js';
import { CODE_COPY_COLUMNS, STAGE_COPY_COLUMNS, encodeCodeRows, encodeStageRows, uuidBytes } from './copyBinary.js';
import type { CodeTarget, EncodedChunk, GenerationStore, GenerationTx } from './generationStore.js';

const COPY_CODES = `COPY code ${CODE_COPY_COLUMNS} FROM STDIN (FORMAT binary)`;
// Per connection, emptied at every commit; only made when a chunk collides with codes already stored.
const CREATE_STAGE = 'CREATE TEMP TABLE IF NOT EXISTS code_stage (code text NOT NULL, serial bigint) ON COMMIT DELETE ROWS';
const COPY_STAGE = `COPY code_stage ${STAGE_COPY_COLUMNS} FROM STDIN (FORMAT binary)`;
const STAGE_TO_CODES = `
  INSERT INTO code ${CODE_COPY_COLUMNS}
  SELECT s.code, $1, $2, $3, s.serial, $4, $5 FROM code_stage s
  ON CONFLICT (code) DO NOTHING`;

/** Streams one binary COPY and answers the number of rows the server took. */
async function copyIn(client: pg.PoolClient, statement: string, rows: Buffer, whileWriting?: () => void): Promise<number> {
  const stream = client.query(pgCopyStreams().from(statement));
  await new Promise<void>((resolve, reject) => {
    stream.once('error', reject);
    stream.once('finish', resolve);
    stream.end(rows);
    whileWriting?.();
  });
  return stream.rowCount;
}

function encode(target: CodeTarget, codes: readonly string[], serials: readonly bigint[] | null): EncodedChunk {
  const ids = {
    companyId: uuidBytes(target.companyId) as Buffer,
    ruleId: uuidBytes(target.ruleId) as Buffer,
    recordId: uuidBytes(target.recordId) as Buffer,
    productId: uuidBytes(target.productId),
    batchId: uuidBytes(target.batchId),
  };
  return { target, codes, serials, rows: encodeCodeRows(ids, codes, serials) };
}

/**
 * Writes a chunk straight into `code` with COPY inside a savepoint. A random code that already exists
 * makes the whole COPY fail on the unique index; then the chunk goes through a staging table and
 * `INSERT ... ON CONFLICT (code) DO NOTHING`, which keeps every code that is new and skips the rest
 * (the job tops the missing ones up in its next step).
 */
async function insertCodes(client: pg.PoolClient, chunk: EncodedChunk, whileWriting?: () => void) {
  const { target, codes, serials } = chunk;
  if (codes.length === 0) return 0;
  const rows = chunk.rows ?? encode(target, codes, serials).rows;
  await client.query('SAVEPOINT chunk_codes');
  try {
    const written = await copyIn(client, COPY_CODES, rows as Buffer, whileWriting);
    await client.query('RELEASE SAVEPOINT chunk_codes');
    return written;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await client.query('ROLLBACK TO SAVEPOINT chunk_codes');
  }
  await client.query(CREATE_STAGE);
  await copyIn(client, COPY_STAGE, encodeStageRows(codes, serials));
  const result = await client.query(STAGE_TO_CODES, [target.companyId, target.ruleId, target.recordId, target.productId, target.batchId]);
  await client.query('TRUNCATE code_stage');
  return result.rowCount ?? 0;
}

export function postgresGenerationStore(pool: pg.Pool): GenerationStore {
  return {
    encode,
    query: async (text, params) => (await pool.query(text, params)).rows,
    async transaction(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const tx: GenerationTx = {
          query: async (text, params) => (await client.query(text, params)).rows,
          insertCodes: (chunk, whileWriting) => insertCodes(client, chunk, whileWriting),
        };
        const result = await work(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          // A connection that cannot roll back is not given back to the pool.
          broken = rollbackError as Error;
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
  };
}
