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

/** One transaction of a generation step: plain statements, and the bulk write of codes. */
export interface GenerationTx {
  query<R>(text: string, params?: unknown[]): Promise<R[]>;
  /**
   * Stores codes as NOT_ACTIVATED codes of the target, skipping any that already exist anywhere (the unique
   * index on code.code decides), and answers how many were stored.
   */
  insertCodes(target: CodeTarget, codes: readonly string[], serials: readonly bigint[] | null): Promise<number>;
}

export interface GenerationStore {
  /** Runs `work` in one transaction: it commits whole when `work` resolves, and not at all when it throws. */
  transaction<T>(work: (tx: GenerationTx) => Promise<T>): Promise<T>;
}

/** COPY on a PostgreSQL server; multi-row inserts on the embedded database, which has no COPY from a client. */
export function generationStore(database: Database): GenerationStore {
  return database.pool ? postgresGenerationStore(database.pool) : embeddedGenerationStore(database.db);
}
