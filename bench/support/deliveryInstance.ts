// One instance's subscription deliverer, as `npm start` runs it, in a process of its own so the delivery bench
// can kill it with SIGKILL. Argument: the database URL. Prints `instance <lease name>` once it delivers.
import { SubscriptionDeliverer } from '../../packages/server/src/modules/epcis/subscriptionDelivery.js';
import { loadConfig } from '../../packages/server/src/platform/config.js';
import { openDatabase } from '../../packages/server/src/platform/db/database.js';

const config = loadConfig({
  DATABASE_URL: process.argv[2]!,
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  PUBLIC_BASE_URL: 'https://trace.example.cn',
  WEBHOOK_PRIVATE_ADDRESSES: 'allow',
});
const database = await openDatabase(config);
const deliverer = new SubscriptionDeliverer(database, config);
await deliverer.start();
console.log(`instance ${deliverer.instance}`);
process.on('SIGTERM', () => void deliverer.stop().then(() => database.close()).then(() => process.exit(0)));
