// The XML capture's figures on PostgreSQL (issue figure in brackets):
// 1. each step of one 10,000-event XML document alone: reading it into JSON-LD events (saxes), validating it
//    against GS1's XSD (libxml2-wasm in its worker; the first time with the worker's start);
// 2. capture of that document through POST /acc/epcis/capture, three times (new events each time) [≤ 3 s],
//    and of the same events as a JSON-LD document, for comparison.
// Run: npm run bench:epcis-xml   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
// BENCH_CAPTURE_EVENTS to scale, default 10,000)
import os from 'node:os';
import { TOKEN_HEADER } from '@rd/contract';
import { buildApp } from '../packages/server/src/app.js';
import { readXmlCaptureDocument } from '../packages/server/src/modules/epcis/xmlToJson.js';
import { closeXsdValidator, validateXsd } from '../packages/server/src/modules/epcis/xsdValidation.js';
import { hashPassword } from '../packages/server/src/platform/auth/password.js';
import { loadConfig } from '../packages/server/src/platform/config.js';
import { openDatabase } from '../packages/server/src/platform/db/database.js';
import { migrate } from '../packages/server/src/platform/db/migrate.js';
import { createFileStorage } from '../packages/server/src/platform/files/storage.js';
import { newBusinessCode } from '../packages/server/src/platform/ids.js';
import { seedPlatform } from '../packages/server/src/seed/platformSeed.js';
import { scratchDatabase } from './support/scratchDatabase.js';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const EVENTS = Number(process.env.BENCH_CAPTURE_EVENTS ?? 10_000);
const PASSWORD = 'Bench-Pass-1';
const BASE = 'https://trace.example.cn';
const NS = 'https://ns.example.com/epcis/';

const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' / ');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A partner's receipt of `EVENTS` events of two items each, as the XML binding writes it (run: new identifiers). */
function xmlDocument(run: number): string {
  const events: string[] = [];
  for (let k = 0; k < EVENTS; k += 1) {
    events.push(`<ObjectEvent><eventTime>2026-11-20T09:30:00.000+08:00</eventTime><eventTimeZoneOffset>+08:00</eventTimeZoneOffset>
<epcList><epc>urn:epc:id:sgtin:9521234.012345.X${run}-${k}</epc><epc>urn:epc:id:sgtin:9521234.012345.X${run}-${k}b</epc></epcList>
<action>OBSERVE</action><bizStep>urn:epcglobal:cbv:bizstep:receiving</bizStep><disposition>urn:epcglobal:cbv:disp:in_progress</disposition>
<readPoint><id>urn:epc:id:sgln:9521234.00001.0</id></readPoint>
<bizTransactionList><bizTransaction type="urn:epcglobal:cbv:btt:po">urn:epcglobal:cbv:bt:9521234000004:PO-${run}-${Math.floor(k / 100)}</bizTransaction></bizTransactionList>
<ex:zone>chilled</ex:zone></ObjectEvent>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<epcis:EPCISDocument xmlns:epcis="urn:epcglobal:epcis:xsd:2" xmlns:ex="${NS}" schemaVersion="2.0" creationDate="${new Date().toISOString()}">
<EPCISBody><EventList>
${events.join('\n')}
</EventList></EPCISBody></epcis:EPCISDocument>
`;
}

async function main() {
  const scratch = await scratchDatabase(SERVER_URL);
  const config = loadConfig({ DATABASE_URL: scratch.url, DATA_DIR: 'memory://', LOG_LEVEL: 'silent', PUBLIC_BASE_URL: BASE, STATS_ROLLUP_SECONDS: '0' });
  const database = await openDatabase(config);
  const pool = database.pool!;
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    console.log(`EPCIS XML capture bench: ${os.cpus().length} CPUs, load average ${load()}; PostgreSQL ${scratch.url.replace(/\/\/[^@]*@/, '//')}`);
    await migrate(database);
    await seedPlatform(database.db);
    const company = await pool.query<{ id: string }>(`INSERT INTO company (merchant_code, full_name) VALUES ($1, 'EPCIS XML bench') RETURNING id`, [newBusinessCode('M')]);
    const user = await pool.query<{ id: string }>(
      `INSERT INTO app_user (user_code, username, name, password_hash, user_type, company_id) VALUES ($1, 'epcisxml', 'epcisxml', $2, '3', $3) RETURNING id`,
      [newBusinessCode('U'), await hashPassword(PASSWORD), company.rows[0]!.id],
    );
    await pool.query(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE role_code = 'ENTERPRISE_ADMIN'`, [user.rows[0]!.id]);

    // 1. the steps alone
    const sample = xmlDocument(99);
    const bytes = Buffer.from(sample);
    console.log(`1. one ${EVENTS.toLocaleString('en')}-event XML document, ${(bytes.length / 1e6).toFixed(1)} MB, each step alone:`);
    for (let i = 0; i < 3; i += 1) {
      let started = performance.now();
      const read = readXmlCaptureDocument(sample, EVENTS);
      const readMs = performance.now() - started;
      if (read.eventCount !== EVENTS) throw new Error(`read ${read.eventCount} events`);
      started = performance.now();
      const verdict = await validateXsd(bytes, 'document');
      const xsdMs = performance.now() - started;
      if (verdict.problems.length > 0) throw new Error(`not valid: ${JSON.stringify(verdict.problems.slice(0, 3))}`);
      console.log(`   read into JSON-LD ${seconds(readMs)}, GS1's XSD ${seconds(xsdMs)}${i === 0 ? ' (with the validator worker starting)' : ''}`);
    }

    // 2. through the route
    app = await buildApp({ database, db: database.db, config, storage: createFileStorage('memory://') }, { logger: false });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/acc/user/login', payload: { username: 'epcisxml', password: PASSWORD } });
    const token = (login.json() as { data: { token: string } }).data.token;
    const capture = async (payload: string, contentType: string) => {
      const started = performance.now();
      const res = await app!.inject({ method: 'POST', url: '/acc/epcis/capture', payload, headers: { [TOKEN_HEADER]: token, 'content-type': contentType } });
      const ms = performance.now() - started;
      if (res.statusCode !== 202) throw new Error(`capture answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      const stored = (res.json() as { data: { stored: number } }).data.stored;
      if (stored !== EVENTS) throw new Error(`stored ${stored} events`);
      return ms;
    };
    const xmlTimes: number[] = [];
    for (let run = 0; run < 3; run += 1) xmlTimes.push(await capture(xmlDocument(run), 'application/xml'));
    console.log(`2. POST /acc/epcis/capture of a ${EVENTS.toLocaleString('en')}-event XML document (${(bytes.length / 1e6).toFixed(1)} MB): ${xmlTimes.map(seconds).join(', ')} [≤ 3 s]`);
    // the same events in JSON-LD, as the JSON capture takes them (its figure for comparison)
    const json = readXmlCaptureDocument(xmlDocument(3), EVENTS).document;
    const jsonPayload = JSON.stringify(json);
    const jsonMs = await capture(jsonPayload, 'application/ld+json');
    console.log(`   the same events as JSON-LD (${(jsonPayload.length / 1e6).toFixed(1)} MB): ${seconds(jsonMs)}`);
  } finally {
    await app?.close();
    await closeXsdValidator();
    await database.close();
    if (!process.env.BENCH_KEEP) await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
