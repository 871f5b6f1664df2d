import { CompiledQuery } from 'kysely';

/**
 * A statement that reads a blob the client hands over with it: `COPY ... FROM '/dev/blob'` on the embedded
 * database, which has no COPY from a client stream. One COPY of a chunk's rows as text costs the engine far
 * less than the same rows bound as arrays and unnested by an INSERT. The PGlite connection (pgliteDialect.ts)
 * passes the blob to PGlite's `query`; PostgreSQL has no such file and must not be sent one.
 */
export interface BlobQuery extends CompiledQuery {
  readonly blob: Blob;
}

export function blobQuery(text: string, blob: Blob): BlobQuery {
  return { ...CompiledQuery.raw(text, []), blob };
}

export function isBlobQuery(query: CompiledQuery): query is BlobQuery {
  return (query as Partial<BlobQuery>).blob instanceof Blob;
}
