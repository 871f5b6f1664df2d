import { StringDecoder } from 'node:string_decoder';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { pgCopyStreams } from '../../platform/db/copyStreams.js';
import type { Database } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';

/** Codes read per query when paging through a job by id. */
export const PAGE_SIZE = 10_000;
/**
 * COPY streams at once: each holds a pooled connection until its client has read the whole file, so a few
 * slow downloads must not take the connections every other request needs. Beyond this, downloads page.
 */
export const COPY_STREAMS_MAX = 3;
const copyStreams = new WeakMap<pg.Pool, number>();

/** COPY streams of the pool now open (for monitoring and tests). */
export function copyStreamsInUse(pool: pg.Pool): number {
  return copyStreams.get(pool) ?? 0;
}

/**
 * A job's codes in insertion order, in batches, straight from the database: never the whole job in memory.
 * `bulk` readers (CSV, TXT) consume as fast as the database sends, so on PostgreSQL they take one
 * connection for a `COPY ... TO STDOUT`; slow readers (spreadsheets, images, labels), PGlite, and bulk
 * readers beyond COPY_STREAMS_MAX page through the (record_id, id) index, holding no connection between pages.
 */
export async function* jobCodeBatches(database: Database, jobId: string, options: { bulk: boolean }): AsyncGenerator<string[]> {
  const pool = database.pool;
  // Decided when reading starts, with no await between the check and the count.
  if (options.bulk && pool && (copyStreams.get(pool) ?? 0) < COPY_STREAMS_MAX) {
    copyStreams.set(pool, (copyStreams.get(pool) ?? 0) + 1);
    try {
      yield* copiedCodes(pool, jobId);
    } finally {
      copyStreams.set(pool, (copyStreams.get(pool) ?? 1) - 1);
    }
    return;
  }
  yield* pagedCodes(database.db, jobId);
}

async function* pagedCodes(db: Kysely<DB>, jobId: string): AsyncGenerator<string[]> {
  let after = '0';
  for (;;) {
    const rows = await db
      .selectFrom('code')
      .select(['id', 'code'])
      .where('record_id', '=', jobId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE_SIZE)
      .execute();
    if (rows.length > 0) yield rows.map((r) => r.code);
    if (rows.length < PAGE_SIZE) return;
    after = (rows[rows.length - 1] as { id: string }).id;
  }
}

/** COPY's text format escapes backslashes and control characters; codes have none, but a prefix might. */
function unescapeCopyText(value: string): string {
  if (!value.includes('\\')) return value;
  return value.replace(/\\(.)/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', v: '\v' })[c] ?? c);
}

async function* copiedCodes(pool: pg.Pool, jobId: string): AsyncGenerator<string[]> {
  const client = await pool.connect();
  let finished = false;
  try {
    // COPY takes no parameters: the id is a uuid checked by the route's schema and by the job lookup, and is
    // quoted as a literal all the same.
    const query = `COPY (SELECT code FROM code WHERE record_id = ${client.escapeLiteral(jobId)} ORDER BY id) TO STDOUT`;
    const stream = client.query(pgCopyStreams().to(query));
    const decoder = new StringDecoder('utf8');
    let rest = '';
    for await (const chunk of stream) {
      const lines = (rest + decoder.write(chunk as Buffer)).split('\n');
      rest = lines.pop() as string;
      if (lines.length > 0) yield lines.map(unescapeCopyText);
    }
    rest += decoder.end();
    if (rest) yield [unescapeCopyText(rest)];
    finished = true;
  } finally {
    // A COPY abandoned half-way leaves the connection mid-protocol: it is closed rather than reused.
    client.release(finished ? undefined : new Error('COPY stream abandoned'));
  }
}
