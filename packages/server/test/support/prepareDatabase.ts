import type { Config } from '../../src/platform/config.js';
import type { Database } from '../../src/platform/db/database.js';
import { migrate } from '../../src/platform/db/migrate.js';
import { seedAdmin } from '../../src/seed/adminSeed.js';
import { seedDictionaries } from '../../src/seed/dictionarySeed.js';
import { seedPlatform } from '../../src/seed/platformSeed.js';

/** The platform super user's password in every API test database. */
export const ADMIN_PASSWORD = 'Admin-Test-Pass-1';

/** What a server's first start writes into an empty database: the schema, the platform's rows, the admin. */
export async function prepareDatabase(database: Database, config: Config): Promise<void> {
  await migrate(database);
  await seedPlatform(database.db);
  await seedDictionaries(database.db);
  await seedAdmin(database.db, config);
}
