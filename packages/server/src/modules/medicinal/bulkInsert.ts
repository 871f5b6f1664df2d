import type pg from 'pg';
import { pgCopyStreams } from '../../platform/db/copyStreams.js';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';

export type BulkValue = string | number | null;

/**
 * A column written by a bulk insert: one value per row, or one value for every row (the company, the
 * user). Columns are kept as arrays, not rows of arrays: 100,000 rows then hold no row objects, and the
 * embedded database's unnest() takes the arrays as they are. `type` is the SQL type the values are cast to.
 */
export type BulkColumn = { name: string; type: 'uuid' | 'text' | 'date' | 'int' } & (
  | { values: readonly BulkValue[] }
  | { constant: BulkValue }
);

/** Rows per multi-row INSERT on the embedded database (one statement, one array per column). */
const INSERT_CHUNK = 5000;
/** Bytes of COPY text gathered before they are written to the connection. */
const COPY_BLOCK = 256 * 1024;

/** COPY text format: \N is null; backslash, tab, line feed and carriage return are escaped. */
function copyText(value: BulkValue | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

const valueAt = (column: BulkColumn, row: number) => ('values' in column ? column.values[row] : column.constant);

async function copyRows(client: pg.PoolClient, table: string, columns: readonly BulkColumn[], count: number) {
  const stream = client.query(pgCopyStreams().from(`COPY ${table} (${columns.map((c) => c.name).join(', ')}) FROM STDIN`));
  const done = new Promise<void>((resolve, reject) => {
    stream.once('error', reject);
    stream.once('finish', resolve);
  });
  const constants = columns.map((c) => ('constant' in c ? copyText(c.constant) : null));
  let block = '';
  for (let row = 0; row < count; row++) {
    block += `${columns.map((c, i) => constants[i] ?? copyText(valueAt(c, row))).join('\t')}\n`;
    if (block.length >= COPY_BLOCK) {
      // wait for the connection to take the block when its buffer is full
      if (!stream.write(block)) await new Promise((resolve) => stream.once('drain', resolve));
      block = '';
    }
  }
  stream.end(block);
  await done;
}

async function insertChunks(trx: Kysely<DB>, table: string, columns: readonly BulkColumn[], count: number) {
  const names = sql.raw(columns.map((c) => c.name).join(', '));
  const arrays = columns.filter((c): c is BulkColumn & { values: readonly BulkValue[] } => 'values' in c);
  const aliases = sql.raw(arrays.map((_, i) => `c${i}`).join(', '));
  for (let start = 0; start < count; start += INSERT_CHUNK) {
    const end = Math.min(count, start + INSERT_CHUNK);
    let next = 0;
    const select = columns.map((c) =>
      'constant' in c ? sql`${c.constant}::${sql.raw(c.type)}` : sql.raw(`t.c${next++}`),
    );
    const unnested = arrays.map((c) => sql`${c.values.slice(start, end)}::${sql.raw(c.type)}[]`);
    await sql`INSERT INTO ${sql.table(table)} (${names})
      SELECT ${sql.join(select)} FROM unnest(${sql.join(unnested)}) AS t (${aliases})`.execute(trx);
  }
}

/**
 * Writes `count` rows into a table in ONE transaction: COPY on PostgreSQL, multi-row INSERTs over unnest()
 * on the embedded database. A failure anywhere (a constraint broken by a concurrent change included)
 * leaves nothing written.
 */
export async function bulkInsert(database: Database, table: string, columns: readonly BulkColumn[], count: number): Promise<void> {
  if (database.pool) {
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      await copyRows(client, table, columns, count);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    return;
  }
  await database.db.transaction().execute((trx) => insertChunks(trx, table, columns, count));
}
