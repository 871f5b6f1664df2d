import type { Database } from '../../platform/db/database.js';
import { embeddedGenerationStore } from './embeddedCodeWriter.js';
import { postgresGenerationStore } from './postgresCodeWriter.js';

/** What every code of one job shares, copied from the job row. */
export interface CodeTarget {
  companyId: string;
  ruleId: string;
  recordId: string;
  productId: string | null;
  batchId: string | null;
}

/** Codes of one chunk with what the store will send for them (binary COPY rows on PostgreSQL), made ahead. */
export interface EncodedChunk {
  target: CodeTarget;
  codes: readonly string[];
  serials: readonly bigint[] | null;
  rows: Buffer | null;
}

/** One transaction of a generation step: plain statements, and the bulk write of codes. */
export interface GenerationTx {
  query<R>(text: string, params?: unknown[]): Promise<R[]>;
  /**
   * Stores the chunk's codes as NOT_ACTIVATED codes of its target, skipping any that already exist anywhere
   * (the unique index on code.code decides), and answers how many were stored. `whileWriting` is called once
   * the codes are on their way to the database, so the next chunk can be made while the database works.
   */
  insertCodes(chunk: EncodedChunk, whileWriting?: () => void): Promise<number>;
}

export interface GenerationStore {
  /** One statement on its own. */
  query<R>(text: string, params?: unknown[]): Promise<R[]>;
  /** Runs `work` in one transaction: it commits whole when `work` resolves, and not at all when it throws. */
  transaction<T>(work: (tx: GenerationTx) => Promise<T>): Promise<T>;
  /** Prepares a chunk for insertCodes; needs no connection, so it can run between transactions. */
  encode(target: CodeTarget, codes: readonly string[], serials: readonly bigint[] | null): EncodedChunk;
}

/** COPY on a PostgreSQL server; multi-row inserts on the embedded database, which has no COPY from a client. */
export function generationStore(database: Database): GenerationStore {
  return database.pool ? postgresGenerationStore(database.pool) : embeddedGenerationStore(database.db);
}
