import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';

/** A column written by a bulk insert, with the SQL type its array is cast to on the embedded database. */
export interface BulkColumn {
  name: string;
  type: 'uuid' | 'text' | 'date' | 'int';
}

export type BulkValue = string | number | null;

/** Rows per multi-row INSERT on the embedded database (one statement, one array per column). */
const INSERT_CHUNK = 5000;
/** Bytes of COPY text gathered before they are written to the connection. */
const COPY_BLOCK = 256 * 1024;

/** COPY text format: \N is null; backslash, tab, line feed and carriage return are escaped. */
function copyText(value: BulkValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

async function copyRows(client: pg.PoolClient, table: string, columns: readonly BulkColumn[], rows: Iterable<BulkValue[]>) {
  const stream = client.query(copyFrom(`COPY ${table} (${columns.map((c) => c.name).join(', ')}) FROM STDIN`));
  const done = new Promise<void>((resolve, reject) => {
    stream.once('error', reject);
    stream.once('finish', resolve);
  });
  let block = '';
  for (const row of rows) {
    block += `${row.map(copyText).join('\t')}\n`;
    if (block.length >= COPY_BLOCK) {
      // wait for the connection to take the block when its buffer is full
      if (!stream.write(block)) await new Promise((resolve) => stream.once('drain', resolve));
      block = '';
    }
  }
  stream.end(block);
  await done;
}

async function insertChunks(trx: Kysely<DB>, table: string, columns: readonly BulkColumn[], rows: BulkValue[][]) {
  const names = sql.raw(columns.map((c) => c.name).join(', '));
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    const arrays = columns.map((column, i) => sql`${chunk.map((row) => row[i] ?? null)}::${sql.raw(column.type)}[]`);
    await sql`INSERT INTO ${sql.table(table)} (${names}) SELECT * FROM unnest(${sql.join(arrays)})`.execute(trx);
  }
}

/**
 * Writes rows into a table in ONE transaction: COPY on PostgreSQL, multi-row INSERTs over unnest()
 * on the embedded database. A failure anywhere (a constraint broken by a concurrent change included)
 * leaves nothing written.
 */
export async function bulkInsert(
  database: Database,
  table: string,
  columns: readonly BulkColumn[],
  rows: BulkValue[][],
): Promise<void> {
  if (database.pool) {
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      await copyRows(client, table, columns, rows);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    return;
  }
  await database.db.transaction().execute((trx) => insertChunks(trx, table, columns, rows));
}
