import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { isBlobQuery } from './pgliteBlobQuery.js';
import { isNamedQuery, PGlitePreparedStatements } from './pglitePrepared.js';

/**
 * Kysely over embedded PGlite. PGlite is one connection, so a transaction must own it until it ends:
 * connections are handed out one at a time, otherwise a request's statements would run inside another
 * request's open transaction.
 */
export class PGliteDialect implements Dialect {
  private readonly driver: PGliteDriver;
  constructor(client: PGlite) {
    this.driver = new PGliteDriver(client);
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return this.driver;
  }
  /** The one connection: whether a caller holds it, and how many wait for it. */
  connections(): { inUse: number; idle: number; waiting: number } {
    return this.driver.connections();
  }
  /** Runs `fn` with the client to itself (for multi-statement scripts, which need PGlite's exec). */
  exclusive<T>(fn: (client: PGlite) => Promise<T>): Promise<T> {
    return this.driver.exclusive(fn);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

class PGliteDriver implements Driver {
  private tail: Promise<void> = Promise.resolve();
  /** Callers that asked for the connection and have not released it: the holder and those waiting. */
  private asked = 0;
  private readonly connection: PGliteConnection;

  constructor(private readonly client: PGlite) {
    this.connection = new PGliteConnection(client);
  }

  async init(): Promise<void> {}

  connections(): { inUse: number; idle: number; waiting: number } {
    return { inUse: Math.min(this.asked, 1), idle: this.asked === 0 ? 1 : 0, waiting: Math.max(this.asked - 1, 0) };
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.tail;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    this.asked += 1;
    await previous;
    let released = false;
    this.connection.release = () => {
      if (released) return;
      released = true;
      this.asked -= 1;
      release();
    };
    return this.connection;
  }

  async exclusive<T>(fn: (client: PGlite) => Promise<T>): Promise<T> {
    const connection = await this.acquireConnection();
    try {
      return await fn(this.client);
    } finally {
      await this.releaseConnection(connection);
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PGliteConnection).release?.();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN'));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }
  async destroy(): Promise<void> {
    await this.tail;
    await this.client.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  release: (() => void) | undefined;
  private readonly prepared: PGlitePreparedStatements;
  constructor(private readonly client: PGlite) {
    this.prepared = new PGlitePreparedStatements(client);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = isNamedQuery(query)
      ? await this.prepared.rows<R>(query)
      : await this.client.query<R>(query.sql, [...query.parameters], isBlobQuery(query) ? { blob: query.blob } : undefined);
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not available on the embedded database');
  }
}
