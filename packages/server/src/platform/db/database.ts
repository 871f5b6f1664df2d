import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, type CompiledQuery, type KyselyConfig } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { PGliteDialect } from './pgliteDialect.js';
import type { DB } from './schema.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** Runs a multi-statement SQL script in one transaction (migrations). */
  execScript(text: string): Promise<void>;
  /** PostgreSQL only (null on PGlite): the driver's pool, for what Kysely does not offer (COPY streams). */
  pool: pg.Pool | null;
  /** PGlite only (null on PostgreSQL): the embedded client, for what Kysely does not offer (dumping its data). */
  pglite: PGlite | null;
  /** Connections in use and idle, and callers waiting for one (metrics). */
  connections(): { inUse: number; idle: number; waiting: number };
  /** Ends the connections; closing again is a no-op that waits for the first close. */
  close(): Promise<void>;
}

// Both drivers read bigint as text (ids of append-only logs can pass 2^53) and dates as 'YYYY-MM-DD' text
// (a JavaScript Date would shift a calendar day by the server's time zone). Counts are cast to int in SQL.
const INT8 = 20;
const DATE = 1082;
const asText = (value: string) => value;

export interface OpenOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** A pooled PostgreSQL connection broke while idle (server restart, network cut); the pool replaces it. */
  onIdleError?: (error: Error) => void;
  /** Sees every statement run through Kysely (tests read the plans of the statements a call ran). */
  queryLog?: (query: CompiledQuery) => void;
  /**
   * PGlite only: start from this data directory, as PGlite's `dumpDataDir` wrote it, instead of creating an
   * empty one. Loading a migrated copy takes a fraction of creating and migrating a database (the API tests).
   */
  loadDataDir?: Blob;
}

const reportIdleError = (error: Error) => console.error(`database connection lost while idle (it is replaced): ${error.message}`);

/**
 * PostgreSQL when a URL is given, else embedded PGlite in `dataDir` (or in memory for `memory://`). Only the
 * chosen driver is loaded: each is a large package, and a start-up loads one.
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const log: KyselyConfig['log'] = options.queryLog ? (event) => options.queryLog!(event.query) : undefined;
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onIdleError ?? reportIdleError, log)
    : openPGlite(options.dataDir, log, options.loadDataDir);
}

async function openPostgres(url: string, onIdleError: (error: Error) => void, log: KyselyConfig['log']): Promise<Database> {
  const { default: pg } = await import('pg');
  pg.types.setTypeParser(INT8, asText);
  pg.types.setTypeParser(DATE, asText);
  // A connection that cannot be made within 5 s fails (the call answers 503) instead of waiting for ever.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // Without a listener, an idle connection's error is thrown from the event emitter and ends the process.
  pool.on('error', onIdleError);
  // The pool listens to a connection only while it is idle. One that breaks while checked out (a network cut
  // mid-request) fails its query, which answers 503, and would also throw its 'error' event with nobody
  // listening, ending the process: a listener of its own keeps it to the query. The pool drops the broken
  // connection when it is given back.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log });
  return {
    db,
    kind: 'postgres',
    pool,
    pglite: null,
    connections: () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async execScript(text) {
      const client = await pool.connect();
      try {
        await client.query(`BEGIN;\n${text}\n;COMMIT;`);
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    // Kysely ends a pool only if it ran a query through it; a database closed before its first query (a copy
    // that needed no migration) must end all the same.
    close: once(async () => {
      await db.destroy();
      if (!pool.ended) await pool.end();
    }),
  };
}

async function openPGlite(dataDir: string, log: KyselyConfig['log'], loadDataDir: Blob | undefined): Promise<Database> {
  let location = dataDir;
  if (!location.startsWith('memory://')) {
    location = path.join(dataDir, 'pglite');
    fs.mkdirSync(location, { recursive: true });
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create(location, { parsers: { [INT8]: asText, [DATE]: asText }, loadDataDir });
  const dialect = new PGliteDialect(client);
  const db = new Kysely<DB>({ dialect, log });
  return {
    db,
    kind: 'pglite',
    pool: null,
    pglite: client,
    connections: () => dialect.connections(),
    execScript: (text) => dialect.exclusive((c) => c.transaction(async (tx) => void (await tx.exec(text)))),
    close: once(async () => {
      await db.destroy();
      if (!client.closed) await client.close();
    }),
  };
}

/** A close that runs once: closing again (a shutdown path and its caller both closing) waits for the first. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}
