import type { FastifyInstance, FastifyBaseLogger, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { DB } from './db/schema.js';
import type { FileStorage } from './files/storage.js';

/** What every module's routes receive: the database, the configuration and the file storage. */
export interface AppContext {
  database: Database;
  db: Kysely<DB>;
  config: Config;
  storage: FileStorage;
}

/** The Fastify instance with contract (zod) schemas as its type provider. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
