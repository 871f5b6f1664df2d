import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/platform/config.js';
import { openDatabase } from '../../src/platform/db/database.js';
import { ADMIN_PASSWORD, prepareDatabase } from './prepareDatabase.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The database every API test file starts from, migrated and seeded once per run: on PGlite the path of its
     * dumped data directory, on PostgreSQL the name of a template database. Empty when there is none.
     */
    databaseTemplate: string;
  }
}

/**
 * The API test projects' global setup: creating and migrating a database costs seconds on PGlite (its initdb)
 * and most of a second on PostgreSQL, paid by every test file. Done once here, each file copies the result
 * (`startTestApp`): PGlite loads the dumped data directory, PostgreSQL creates the file's database from a
 * template. Returns the teardown that removes the template.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The project's env reaches its test files, not this process: the kind is read from the project.
  const onPostgres = project.config.env?.RD_TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
  return onPostgres ? postgresTemplate(project, process.env.TEST_DATABASE_URL as string) : pgliteTemplate(project);
}

async function pgliteTemplate(project: TestProject): Promise<() => Promise<void>> {
  const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
  await prepareDatabase(database, loadConfig({ DATA_DIR: 'memory://', ADMIN_PASSWORD }));
  const dump = await (database.pglite as NonNullable<typeof database.pglite>).dumpDataDir('none');
  await database.close();
  const file = path.join(os.tmpdir(), `rd-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', file);
  return async () => fs.rmSync(file, { force: true });
}

async function postgresTemplate(project: TestProject, url: string): Promise<() => Promise<void>> {
  const name = `rd_test_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: templateUrl.toString(), dataDir: 'memory://' });
  await prepareDatabase(database, loadConfig({ DATA_DIR: 'memory://', ADMIN_PASSWORD, DATABASE_URL: templateUrl.toString() }));
  // A template may have no connection open while a database is created from it.
  await database.close();
  project.provide('databaseTemplate', name);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
