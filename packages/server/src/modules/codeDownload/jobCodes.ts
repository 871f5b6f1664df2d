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

/** Bytes of COPY text a batch of `jobCodeText` holds at least (but the last): a few thousand codes. */
const TEXT_BATCH_BYTES = 128 * 1024;

/** A job's codes in insertion order, in batches of PAGE_SIZE, paging through the (record_id, id) index. */
export function jobCodeBatches(database: Database, jobId: string): AsyncGenerator<string[]> {
  return pagedCodes(database.db, jobId);
}

/**
 * A job's codes in insertion order as COPY's text format: one code a line, each ended by "\n", backslashes and
 * line breaks escaped; each batch whole lines. This is for readers that consume as fast as the database sends
 * (CSV, TXT): on PostgreSQL they take one connection for a `COPY ... TO STDOUT` and get its bytes as they come,
 * never decoded into strings on this thread; PGlite, and readers beyond COPY_STREAMS_MAX, page through the
 * (record_id, id) index, holding no connection between pages, and get each page in the same format.
 */
export async function* jobCodeText(database: Database, jobId: string): AsyncGenerator<Buffer> {
  const pool = database.pool;
  // Decided when reading starts, with no await between the check and the count.
  if (pool && (copyStreams.get(pool) ?? 0) < COPY_STREAMS_MAX) {
    copyStreams.set(pool, (copyStreams.get(pool) ?? 0) + 1);
    try {
      yield* copiedText(pool, jobId);
    } finally {
      copyStreams.set(pool, (copyStreams.get(pool) ?? 1) - 1);
    }
    return;
  }
  for await (const codes of pagedCodes(database.db, jobId)) yield textOfCodes(codes);
}

/** Codes as a batch of `jobCodeText`. */
export function textOfCodes(codes: readonly string[]): Buffer {
  return Buffer.from(`${codes.map(escapeCopyText).join('\n')}\n`);
}

/** The codes of a batch of `jobCodeText`. */
export function codesOfText(text: Buffer): string[] {
  // A line break is never a byte inside a multi-byte UTF-8 character, so whole lines decode on their own.
  const codes = text.toString('utf8').split('\n');
  codes.pop();
  return codes.map(unescapeCopyText);
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

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A value as COPY's text format writes it, as far as reading it back needs: backslashes and line breaks escaped. */
function escapeCopyText(value: string): string {
  return /[\\\n\r\t]/.test(value) ? value.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c] as string) : value;
}

/** COPY's text format escapes backslashes and control characters; codes have none, but a prefix might. */
function unescapeCopyText(value: string): string {
  if (!value.includes('\\')) return value;
  return value.replace(/\\(.)/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', v: '\v' })[c] ?? c);
}

async function* copiedText(pool: pg.Pool, jobId: string): AsyncGenerator<Buffer> {
  const client = await pool.connect();
  let finished = false;
  try {
    // COPY takes no parameters: the id is a uuid checked by the route's schema and by the job lookup, and is
    // quoted as a literal all the same.
    const query = `COPY (SELECT code FROM code WHERE record_id = ${client.escapeLiteral(jobId)} ORDER BY id) TO STDOUT`;
    const stream = client.query(pgCopyStreams().to(query));
    let parts: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      parts.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size < TEXT_BATCH_BYTES) continue;
      const text = Buffer.concat(parts, size);
      const end = text.lastIndexOf(0x0a) + 1;
      parts = end < size ? [text.subarray(end)] : [];
      size -= end;
      if (end > 0) yield text.subarray(0, end);
    }
    // COPY ends every line, the last one too; a line break is added should it ever not.
    const last = Buffer.concat(parts, size);
    if (size > 0) yield last[size - 1] === 0x0a ? last : Buffer.concat([last, Buffer.from('\n')]);
    finished = true;
  } finally {
    // A COPY abandoned half-way leaves the connection mid-protocol: it is closed rather than reused.
    client.release(finished ? undefined : new Error('COPY stream abandoned'));
  }
}
