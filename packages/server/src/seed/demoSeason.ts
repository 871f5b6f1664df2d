import { batchAddBodySchema } from '@rd/contract';
import type { Principal } from '../platform/auth/sessionStore.js';
import { businessClock } from '../platform/export/businessClock.js';
import { addBatch } from '../modules/batch/service.js';
import { rollUpScans } from '../modules/statistics/rollup.js';
import { demoAdministrator, type DemoContext } from './demoActor.js';
import { seedDemoCodes, type DemoBatch } from './demoCodes.js';
import { seedDemoDealers } from './demoDealers.js';
import { daysBefore, demoBatchNo, demoFarmingRecords } from './demoProducts.js';
import { demoRandom } from './demoRandom.js';
import { seedDemoRecalls } from './demoRecalls.js';
import { planDemoScans, planRecalledScans, runDemoScans } from './demoScans.js';

/** The seed of the season's dice: the same clock makes the same season. */
const SEASON_SEED = 20120416;

/**
 * A season of the demo cooperative, the three months before `now`, made through the services the routes call
 * as its administrator: four batches, their codes generated, bound and boxed, a dealer network in eight
 * markets with the outbound orders, the consumers' scans of the season through the check service (dated in
 * the past), a closed and an active recall, and the statistics rolled up as the server rolls them up.
 */
export async function seedDemoSeason(ctx: DemoContext, now: Date): Promise<void> {
  const timeZone = ctx.config.businessTimeZone;
  const principal = await demoAdministrator(ctx.db);
  const random = demoRandom(SEASON_SEED);
  const batches = await seasonBatches(ctx, principal, businessClock(timeZone).date(now));
  const season = await seedDemoCodes(ctx, principal, batches);
  const distribution = await seedDemoDealers(ctx, principal, season);
  await runDemoScans(ctx, planDemoScans(random, now, timeZone, season, distribution));
  // the newest batch's first order is the one whose cold chain failed
  const recalled = distribution.shipments.find((s) => s.batchIndex === batches.length - 1);
  if (!recalled || !batches[0]) throw new Error('the demo season has no order to recall');
  await seedDemoRecalls(ctx, principal, batches[0].id, recalled.id);
  await runDemoScans(ctx, planRecalledScans(random, recalled));
  await rollUpScans(ctx.db, timeZone);
}

/**
 * The season's batches in harvest order: the first of each product came with the products (demoProducts.ts);
 * a later one of each is added through the batch service, with its grower.
 */
async function seasonBatches(ctx: DemoContext, principal: Principal, startDay: string): Promise<DemoBatch[]> {
  const { db } = ctx;
  const companyId = principal.companyId as string;
  const products = await db.selectFrom('product').select(['id', 'name']).where('company_id', '=', companyId).execute();
  const farmers = await db.selectFrom('farmer').select(['id', 'name']).where('company_id', '=', companyId).execute();
  const later = [
    { product: '庞各庄京欣一号西瓜', grower: '赵永刚', harvestedDaysAgo: 48, shelfDays: 30, origin: '北京市大兴区庞各庄镇北顿垡村' },
    { product: '庞各庄麒麟西瓜', grower: '刘桂兰', harvestedDaysAgo: 21, shelfDays: 25, origin: '北京市大兴区庞各庄镇梨花村' },
  ];
  for (const b of later) {
    const harvest = daysBefore(startDay, b.harvestedDaysAgo);
    const body = batchAddBodySchema.parse({
      productId: products.find((p) => p.name === b.product)?.id,
      batchNo: demoBatchNo(harvest),
      productionDate: daysBefore(harvest, -1),
      expiryDate: daysBefore(harvest, -1 - b.shelfDays),
      quantity: 1500,
      farmerId: farmers.find((f) => f.name === b.grower)?.id ?? null,
      origin: b.origin,
      harvestDate: harvest,
      farmingRecords: demoFarmingRecords(harvest),
    });
    await addBatch(db, principal, body, 'zh_CN');
  }
  const rows = await db
    .selectFrom('product_batch')
    .select(['id', 'product_id', 'production_date', 'expiry_date'])
    .where('company_id', '=', companyId)
    .orderBy('harvest_date')
    .execute();
  return rows.map((r) => ({ id: r.id, productId: r.product_id, productionDate: String(r.production_date), expiryDate: String(r.expiry_date) }));
}
