import { pathToFileURL } from 'node:url';
import { buildApp } from './app.js';
import { createJobRunner } from './backgroundJobs.js';
import { SubscriptionDeliverer } from './modules/epcis/subscriptionDelivery.js';
import { loadConfig } from './platform/config.js';
import { businessClock } from './platform/export/businessClock.js';
import { openDatabase } from './platform/db/database.js';
import { migrate } from './platform/db/migrate.js';
import { openFileStorage } from './platform/files/storage.js';
import { unsupportedNode } from './platform/runtime.js';
import { seedAdmin } from './seed/adminSeed.js';
import { seedDemo } from './seed/demoSeed.js';
import { seedDemoSeason } from './seed/demoSeason.js';
import { seedPlatform } from './seed/platformSeed.js';
import { seedDictionaries } from './seed/dictionarySeed.js';

export interface StartOptions {
  /**
   * Resolves once the built web app is in place. `npm start` (scripts/start.mjs) starts the server while the web
   * app still builds, so that the database is created, migrated and seeded meanwhile; the app is read before the
   * server listens.
   */
  webAppBuilt?: Promise<void>;
}

/** Reads the configuration, opens and migrates the database, seeds it, then serves until told to stop. */
export async function main(options: StartOptions = {}) {
  const started = performance.now();
  const refusal = unsupportedNode();
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  const config = loadConfig();
  // Where a start spends its time, logged with the start (milliseconds since the process began).
  const phases: Record<string, number> = { loaded: Math.round(performance.now()) };
  const phase = (name: string) => (phases[name] = Math.round(performance.now()));
  const database = await openDatabase(config);
  phase('databaseOpen');
  const applied = await migrate(database);
  phase('migrated');
  await seedPlatform(database.db);
  await seedDictionaries(database.db);
  const firstStart = await seedAdmin(database.db, config);
  phase('seeded');
  if (firstStart && database.kind === 'pglite' && config.seedDemo) {
    const now = new Date();
    await seedDemo(database.db, config, businessClock(config.businessTimeZone).date(now));
    if (config.seedDemoSeason) await seedDemoSeason({ database, db: database.db, config }, now);
  }

  const ctx = { database, db: database.db, config, storage: await openFileStorage(config) };
  await options.webAppBuilt;
  phase('webAppBuilt');
  const app = await buildApp(ctx);
  phase('appBuilt');
  await app.listen({ port: config.port, host: config.host });
  phase('listening');
  // Background jobs start once the API answers, and stop after finishing their current step.
  const jobs = createJobRunner(ctx, app.log);
  jobs.start();
  // EPCIS subscriptions: new matching events posted to subscribers, from every instance
  const deliveries = new SubscriptionDeliverer(database, config, app.log);
  await deliveries.start();
  app.log.info(
    { database: database.kind, migrationsApplied: applied, startupMs: Math.round(performance.now() - started), startupPhases: phases },
    `serving on ${config.publicBaseUrl}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing open requests');
    // Not ready from now on: a balancer that still asks stops sending new requests here.
    app.lifecycle.draining = true;
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await Promise.all([app.close(), jobs.stop(), deliveries.stop()]);
      await database.close();
    } finally {
      clearTimeout(force);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/** Ends the process when the start fails: nothing would serve. */
export function failedToStart(error: unknown): never {
  console.error(error);
  process.exit(1);
}

// Run as a program (`node dist/main.mjs`, the tests' servers); `npm start` imports it and calls main itself.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main().catch(failedToStart);
