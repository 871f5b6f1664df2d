import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { TOKEN_HEADER, type Envelope } from '@rd/contract';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/platform/config.js';
import { openDatabase, type Database, type OpenOptions } from '../../src/platform/db/database.js';
import { openFileStorage, type FileStorage } from '../../src/platform/files/storage.js';
import type { App } from '../../src/platform/context.js';
import { ADMIN_PASSWORD, prepareDatabase } from './prepareDatabase.js';

export { ADMIN_PASSWORD };

/** Which database the API tests run on: fresh PGlite in memory, or a fresh database on TEST_DATABASE_URL. */
export const TEST_DB_KIND = process.env.RD_TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export interface TestApp {
  app: App;
  database: Database;
  config: Config;
  storage: FileStorage;
  close(): Promise<void>;
}

/**
 * A throw-away database on the PostgreSQL server named by TEST_DATABASE_URL, dropped on close: empty, or a
 * copy of the named template database.
 */
export async function createScratchDatabase(url: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rd_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      // The app's pool counts its connections closed once it has asked them to end. Let them end before
      // dropping: FORCE would cut one off mid-goodbye, an error nobody is left to catch.
      for (let waited = 0; waited < 5_000; waited += 50) {
        const open = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (open.rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A new app on a database of its own, migrated and seeded. The database is a copy of the run's template
 * (`databaseTemplate.ts`) unless the test asks for what the template does not hold: its own data folder,
 * database URL or admin password.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  beforeReady?: (app: App) => void | Promise<void>,
  options: { databaseUrl?: (scratchUrl: string) => string; queryLog?: OpenOptions['queryLog'] } = {},
): Promise<TestApp> {
  const template = ['DATA_DIR', 'DATABASE_URL', 'ADMIN_PASSWORD'].some((key) => key in env) || options.databaseUrl ? '' : inject('databaseTemplate');
  const scratch = TEST_DB_KIND === 'postgres' ? await createScratchDatabase(process.env.TEST_DATABASE_URL as string, template || undefined) : null;
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD,
    API_DOCS: 'true',
    ...(scratch ? { DATABASE_URL: options.databaseUrl ? options.databaseUrl(scratch.url) : scratch.url } : {}),
    ...env,
  });
  const loadDataDir = template && TEST_DB_KIND === 'pglite' ? new Blob([fs.readFileSync(template)]) : undefined;
  const database = await openDatabase({ ...config, queryLog: options.queryLog, loadDataDir });
  if (!template) await prepareDatabase(database, config);
  const storage = await openFileStorage(config);
  const app = await buildApp({ database, db: database.db, config, storage }, { logger: env.LOG_LEVEL === 'debug' });
  await beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    storage,
    async close() {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

export interface CallOptions {
  token?: string;
  query?: Record<string, string | string[]>;
  body?: unknown;
  headers?: Record<string, string>;
  ip?: string;
}

/** Calls the API in-process and returns the HTTP status and the parsed envelope. */
export async function call<T = unknown>(app: App, method: string, url: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers[TOKEN_HEADER] = options.token;
  const response = await app.inject({
    method: method as 'GET',
    url,
    query: options.query,
    payload: options.body as Record<string, unknown> | undefined,
    headers,
    remoteAddress: options.ip,
  });
  // Downloads answer files; only JSON answers carry an envelope (the EPCIS interface's problem details too).
  const isJson = /^application\/(problem\+)?json/.test(String(response.headers['content-type'] ?? ''));
  const body = (isJson ? response.json() : { code: 'SUCCESS', msg: '', data: null }) as Envelope<T>;
  return { status: response.statusCode, body, headers: response.headers, raw: response.rawPayload };
}

export async function signIn(app: App, username: string, password: string, ip?: string): Promise<string> {
  const res = await call<{ token: string }>(app, 'POST', '/acc/user/login', { body: { username, password }, ip });
  if (res.body.code !== 'SUCCESS') throw new Error(`sign-in of ${username} failed: ${res.body.code} ${res.body.msg}`);
  return res.body.data.token;
}
