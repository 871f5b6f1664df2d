import { CODE_ALPHABETS, instantOfWallClock, withCheckCharacter } from '@rd/contract';
import { businessClock } from '../platform/export/businessClock.js';
import { businessToday } from '../modules/securityCode/expiry.js';
import { activeRecallsSource } from '../modules/securityCode/activeRecalls.js';
import { answerPartsSource } from '../modules/securityCode/answerParts.js';
import { checkCode, type CheckSources } from '../modules/securityCode/checkCode.js';
import { shapesInUseSource } from '../modules/securityCode/codeShapes.js';
import { scanContextOf } from '../modules/securityCode/scanContext.js';
import type { DemoContext } from './demoActor.js';
import type { DemoBatchCodes } from './demoCodes.js';
import type { DemoDistribution, DemoShipment } from './demoDealers.js';
import { daysBefore } from './demoProducts.js';
import type { DemoRandom } from './demoRandom.js';
import { DEMO_PROVINCE_BLOCKS, DEMO_USER_AGENTS } from './demoScanPlaces.js';

/** One consumer check to make: what was scanned, when, from which address, with which app. */
export interface DemoScan {
  code: string;
  /** undefined: now (the database's clock) */
  at: Date | undefined;
  ip: string;
  userAgent: string;
}

/** How many days back the season's scans go. */
export const DEMO_SCAN_DAYS = 90;
/** Share of the melons in force whose label a consumer scans at all. */
const SCANNED_SHARE = 0.3;
/** How often a label is scanned, by how many times (above the rule's threshold of 5 a scan is suspicious). */
const SCAN_COUNTS: ReadonlyArray<readonly [number, number]> = [[1, 78], [2, 12], [3, 5], [4, 2], [5, 1], [7, 1.2], [9, 0.8]];
/** Share of scans of shipped melons made outside their dealer's area (channel conflicts). */
const OUTSIDE_AREA_SHARE = 0.03;
/** Share of scanned labels read again from another province minutes later (suspicious: copied labels). */
const COPIED_LABEL_SHARE = 0.01;
/** Scans per hour of the day, relative: few at night, a peak at lunch and in the evening. */
const HOUR_WEIGHTS = [1, 0.5, 0.3, 0.2, 0.2, 0.4, 1, 2, 3, 4, 5, 6, 7, 6, 4, 4, 5, 6, 8, 9, 8, 6, 4, 2];
/** Melons sold at the cooperative's own shop are eaten near it: Beijing mostly, then Hebei and Tianjin. */
const SHOP_AREAS: ReadonlyArray<readonly [string, number]> = [['110000', 70], ['130000', 15], ['120000', 15]];
const PROVINCES = Object.keys(DEMO_PROVINCE_BLOCKS);
const DAY_MS = 24 * 60 * 60 * 1000;
/** The alphabet of the melons' labels (demoCodes.ts). */
const CROCKFORD = CODE_ALPHABETS.CROCKFORD32;
const HOURS = HOUR_WEIGHTS.map((weight, hour) => [hour, weight] as const);

interface Scanner {
  ip: string;
  userAgent: string;
}

function scannerIn(random: DemoRandom, areaCode: string): Scanner {
  const block = random.pick(DEMO_PROVINCE_BLOCKS[areaCode] ?? DEMO_PROVINCE_BLOCKS['110000'] ?? []);
  const agent = random.weighted(DEMO_USER_AGENTS.map((a) => [a.userAgent, a.weight] as const));
  return { ip: `${block}.${random.int(2, 254)}`, userAgent: agent };
}

/**
 * The consumer scans of the season, in time order, dated relative to `now`: each batch's melons are scanned
 * between a couple of days after production and a few days past their expiry (some are kept too long), at the
 * hours people eat; shipped melons where their dealer sells, a few far outside (channel conflicts), shop melons
 * around Beijing. Some labels are scanned again, a few many times or from two provinces within minutes
 * (suspicious by the check's own rules), a few unbound labels and mistyped or made-up codes too.
 */
export function planDemoScans(
  random: DemoRandom,
  now: Date,
  timeZone: string,
  season: readonly DemoBatchCodes[],
  distribution: DemoDistribution,
): DemoScan[] {
  const today = businessClock(timeZone).date(now);
  const earliest = now.getTime() - DEMO_SCAN_DAYS * DAY_MS;
  const momentOn = (day: string): Date => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const hour = random.weighted(HOURS);
    return instantOfWallClock({ year, month, day: date, hour, minute: random.int(0, 59), second: random.int(0, 59) }, timeZone);
  };
  const inSeason = (at: Date) => at.getTime() > earliest && at.getTime() < now.getTime();
  const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

  const scans: DemoScan[] = [];
  for (const { batch, boxes, loose, unbound } of season) {
    const firstDay = daysBefore(batch.productionDate, -2);
    const lastDay = daysBefore(batch.expiryDate, -5) < today ? daysBefore(batch.expiryDate, -5) : today;
    const span = Math.max(0, daysBetween(firstDay, lastDay));
    const dayOfScan = () => daysBefore(firstDay, -random.int(0, span));
    for (const code of [...boxes.flatMap((b) => b.items), ...loose]) {
      if (!random.chance(SCANNED_SHARE)) continue;
      const dealerAreas = distribution.areasOf.get(code);
      const area = !dealerAreas
        ? random.weighted(SHOP_AREAS)
        : random.chance(OUTSIDE_AREA_SHARE)
          ? random.pick(PROVINCES.filter((p) => !dealerAreas.includes(p)))
          : random.pick(dealerAreas);
      let scanner = scannerIn(random, area);
      let at = momentOn(dayOfScan());
      const times = random.weighted(SCAN_COUNTS);
      for (let n = 0; n < times; n++) {
        if (inSeason(at)) scans.push({ code, at, ...scanner });
        // scanned again by the household hours or days later, now and then on another phone
        at = new Date(at.getTime() + random.int(20, 72 * 60) * 60_000);
        if (random.chance(0.3)) scanner = scannerIn(random, area);
      }
      if (random.chance(COPIED_LABEL_SHARE)) {
        const copied = new Date(at.getTime() + random.int(3, 20) * 60_000);
        if (inSeason(copied)) scans.push({ code, at: copied, ...scannerIn(random, random.pick(PROVINCES.filter((p) => p !== area))) });
      }
    }
    // a label the packing line never bound, on a melon sold anyway
    for (const code of unbound.slice(0, 3)) scans.push({ code, at: momentOn(dayOfScan()), ...scannerIn(random, '110000') });
  }

  const someCodes = season.flatMap((s) => s.loose.slice(0, 4));
  for (const code of someCodes.slice(0, 8)) {
    // a consumer who typed the label and got its last character wrong: the check character gives it away
    const last = CROCKFORD.indexOf(code.slice(-1));
    const typo = code.slice(0, -1) + (CROCKFORD[(last + random.int(1, CROCKFORD.length - 1)) % CROCKFORD.length] as string);
    scans.push({ code: typo, at: momentOn(daysBefore(today, random.int(1, DEMO_SCAN_DAYS - 1))), ...scannerIn(random, random.pick(PROVINCES)) });
  }
  for (let i = 0; i < 5; i++) {
    // labels copied by a counterfeiter: the right shape, serials never issued
    const body = Array.from({ length: 12 }, () => random.pick([...CROCKFORD])).join('');
    const made = withCheckCharacter({ alphabet: 'CROCKFORD32', checkScheme: 'DAMM' }, `PG${body}`);
    scans.push({ code: made, at: momentOn(daysBefore(today, random.int(1, 30))), ...scannerIn(random, random.pick(['440000', '370000', '320000'])) });
  }
  return scans.filter((s) => s.at === undefined || inSeason(s.at)).sort((a, b) => (a.at?.getTime() ?? Infinity) - (b.at?.getTime() ?? Infinity));
}

/** Today's scans of melons of a recalled order, where they were sold: these consumers are told of the recall. */
export function planRecalledScans(random: DemoRandom, shipment: DemoShipment): DemoScan[] {
  return shipment.items.slice(0, 4).map((code) => ({ code, at: undefined, ...scannerIn(random, random.pick(shipment.areaCodes)) }));
}

/** The checks a consumer's phone would make, through the check service, each dated by its moment. */
export async function runDemoScans(ctx: DemoContext, scans: readonly DemoScan[]): Promise<void> {
  const { config } = ctx;
  // One transaction for the round: the embedded database then commits and writes its files once, not once per
  // check. Every statement goes through it, so no pool.
  await ctx.db.transaction().execute(async (db) => {
    // kept as a server keeps them; each round of scans reads afresh (a recall may have started in between)
    const ttl = config.scanAnswerCacheSeconds;
    const sources: CheckSources = {
      db,
      pool: null,
      answers: answerPartsSource(db, ttl),
      shapes: shapesInUseSource(db, ttl),
      recalls: activeRecallsSource(db, ttl),
      today: businessToday(config.businessTimeZone),
    };
    for (const scan of scans) {
      await checkCode(sources, config, { code: scan.code }, scanContextOf(scan.ip, scan.userAgent), { at: scan.at });
    }
  });
}
