// Streaming EPCIS subscriptions on PostgreSQL, delivered by two instances (processes) to a local webhook (issue
// figures in brackets):
// 1. events appended at BENCH_RATE (1,000) a second for BENCH_SECONDS (30), in small transactions as captures
//    and portal actions write them: the time from an event's commit to its arrival at the webhook [p95 ≤ 2 s];
// 2. the same again, killing the instance that holds the subscription's lease with SIGKILL a third of the way
//    in and starting a new one: every event arrives [none lost], none twice [none doubled], the delay, and how
//    soon the other instance held the lease.
// Run: npm run bench:epcis-delivery   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
// BENCH_RESTART=0 starts no new instance after the kill)
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { appendEvents } from '../packages/server/src/modules/epcis/eventStore.js';
import { loadConfig } from '../packages/server/src/platform/config.js';
import { openDatabase, type Database } from '../packages/server/src/platform/db/database.js';
import { migrate } from '../packages/server/src/platform/db/migrate.js';
import { newBusinessCode } from '../packages/server/src/platform/ids.js';
import { scratchDatabase } from './support/scratchDatabase.js';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
/** Events a transaction: twenty transactions a second at 1,000 events a second. */
const PER_APPEND = 50;
const DRAIN_SECONDS = 60;

const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' / ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

interface Instance {
  child: ChildProcess;
  lease: Promise<string>;
}

function startInstance(databaseUrl: string): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'support', 'deliveryInstance.ts'), databaseUrl], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lease = new Promise<string>((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /instance (\S+)/.exec(chunk.toString());
      if (match) resolve(match[1]!);
    });
  });
  return { child, lease };
}

/** Receives deliveries: when each event arrived, and how many times. */
function webhook() {
  const arrived = new Map<string, number[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { epcisBody: { queryResults: { resultsBody: { eventList: Array<{ eventID: string }> } } } };
      for (const { eventID } of body.epcisBody.queryResults.resultsBody.eventList) arrived.set(eventID, [...(arrived.get(eventID) ?? []), now]);
      res.writeHead(200).end();
    });
  });
  return { server, arrived };
}

async function run(database: Database, companyId: string, databaseUrl: string, label: string, kill: boolean) {
  const { server, arrived } = webhook();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dest = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const db = database.db;
  const name = `stream${label}`;
  await db.insertInto('epcis_named_query').values({ company_id: companyId, name, query: JSON.stringify({ EQ_bizStep: ['receiving'] }) }).execute();
  // as the API creates one: from the feed's present position on, not the events of the run before
  const feed = await database.pool!.query<{ seq: string }>('SELECT coalesce(max(feed_seq), 0)::text AS seq FROM epcis_append WHERE company_id = $1', [companyId]);
  await db
    .insertInto('epcis_subscription')
    .values({ company_id: companyId, query_name: name, dest, stream: true, delivered_seq: feed.rows[0]!.seq, next_run_at: new Date() })
    .execute();
  const instances = [startInstance(databaseUrl), startInstance(databaseUrl)];
  const leases = await Promise.all(instances.map((i) => i.lease));

  const committed = new Map<string, number>();
  const started = Date.now();
  let appended = 0;
  let killedAt: number | null = null;
  let takenOverAfter: number | null = null;
  // when another instance holds the subscription's lease, the killed one's deliveries go on
  const watchTakeover = async (dead: string | null) => {
    const from = Date.now();
    while (Date.now() - from < 30_000) {
      const row = await db.selectFrom('epcis_subscription').select('leased_by').where('query_name', '=', name).executeTakeFirst();
      if (row?.leased_by && row.leased_by !== dead) return void (takenOverAfter = Date.now() - from);
      await sleep(10);
    }
  };
  while (appended < RATE * SECONDS) {
    const due = Math.floor(((Date.now() - started) / 1000) * RATE);
    if (appended >= due) {
      await sleep(5);
      continue;
    }
    const count = Math.min(PER_APPEND, RATE * SECONDS - appended);
    const events = Array.from({ length: count }, (_, k) => {
      const id = `urn:uuid:${label}-${appended + k}`;
      return { type: 'ObjectEvent', eventID: id, eventTime: new Date().toISOString(), eventTimeZoneOffset: '+00:00', epcList: [`urn:epc:id:sgtin:9521234.012345.${label}${appended + k}`], action: 'OBSERVE', bizStep: 'receiving' };
    });
    await db.transaction().execute((tx) => appendEvents(tx, { companyId, origin: 'CAPTURE' }, events));
    const at = Date.now();
    for (const e of events) committed.set(e.eventID, at);
    appended += count;
    if (kill && killedAt === null && appended >= (RATE * SECONDS) / 3) {
      // the instance in the middle of a delivery: a lease is held only while one is under way
      let holder: { leased_by: string | null } | undefined;
      for (let tries = 0; tries < 400 && !holder?.leased_by; tries += 1) {
        holder = await db.selectFrom('epcis_subscription').select('leased_by').where('query_name', '=', name).executeTakeFirst();
        if (!holder?.leased_by) await sleep(5);
      }
      const index = Math.max(0, leases.indexOf(holder?.leased_by ?? leases[0]!));
      instances[index]!.child.kill('SIGKILL');
      killedAt = Date.now() - started;
      void watchTakeover(holder?.leased_by ?? null);
      if (process.env.BENCH_RESTART !== '0') instances.push(startInstance(databaseUrl));
      console.log(`   killed the instance ${holder?.leased_by ? 'holding the lease' : '(none held it at that moment)'} with SIGKILL at ${(killedAt / 1000).toFixed(1)} s; a new one started`);
    }
  }
  const appendSeconds = (Date.now() - started) / 1000;
  const drainUntil = Date.now() + DRAIN_SECONDS * 1000;
  while (Date.now() < drainUntil && [...committed.keys()].some((id) => !arrived.has(id))) await sleep(100);

  for (const instance of instances) if (instance.child.exitCode === null && !instance.child.killed) instance.child.kill('SIGTERM');
  await Promise.all(instances.map((i) => new Promise((resolve) => (i.child.exitCode !== null || i.child.signalCode !== null ? resolve(null) : i.child.once('exit', resolve)))));
  await new Promise((resolve) => server.close(resolve));

  const lost = [...committed.keys()].filter((id) => !arrived.has(id)).length;
  const doubled = [...arrived.values()].filter((times) => times.length > 1).length;
  const delays = [...committed.entries()].flatMap(([id, at]) => (arrived.has(id) ? [arrived.get(id)![0]! - at] : [])).sort((a, b) => a - b);
  console.log(
    `   ${committed.size.toLocaleString('en')} events appended in ${appendSeconds.toFixed(1)} s (${Math.round(committed.size / appendSeconds).toLocaleString('en')}/s); ` +
      `commit → webhook p50 ${(percentile(delays, 50) / 1000).toFixed(2)} s, p95 ${(percentile(delays, 95) / 1000).toFixed(2)} s, max ${(percentile(delays, 100) / 1000).toFixed(2)} s; ` +
      `lost ${lost}, doubled ${doubled}`,
  );
  if (killedAt !== null) console.log(`   another instance held the lease ${takenOverAfter === null ? 'never' : `${(takenOverAfter / 1000).toFixed(2)} s`} after the kill`);
  return { p95: percentile(delays, 95) / 1000, lost, doubled };
}

async function main() {
  const scratch = await scratchDatabase(SERVER_URL);
  const config = loadConfig({ DATABASE_URL: scratch.url, DATA_DIR: 'memory://', LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  try {
    console.log(`EPCIS delivery bench: ${os.cpus().length} CPUs, load average ${load()}; ${RATE.toLocaleString('en')} events/s for ${SECONDS} s, two delivering instances`);
    await migrate(database);
    const company = await database.db.insertInto('company').values({ merchant_code: newBusinessCode('M'), full_name: 'Delivery bench' }).returning('id').executeTakeFirstOrThrow();
    console.log('1. streaming, nothing killed:');
    const steady = await run(database, company.id, scratch.url, 'a', false);
    console.log('2. streaming, the delivering instance killed with SIGKILL:');
    const killed = await run(database, company.id, scratch.url, 'b', true);
    console.log(
      `   p95 ${steady.p95.toFixed(2)} s [≤ 2 s]; after SIGKILL: lost ${killed.lost} [0], doubled ${killed.doubled} [0], p95 ${killed.p95.toFixed(2)} s`,
    );
  } finally {
    await database.close();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
