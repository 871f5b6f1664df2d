import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backfillNextChunk, BACKFILL_CHUNK } from '../src/modules/epcis/fieldBackfill.js';
import { createCompany, createUser } from './support/fixtures.js';
import { gs1JsonExamples } from './support/gs1Epcis.js';
import { signIn, startTestApp, type TestApp } from './support/testApp.js';

/**
 * Events stored before the field index had no rows for their sensor data, error declarations and extension
 * fields. The background backfill (migration 0042) reads them again: afterwards they have the rows a
 * capture writes today, and the queries on those fields find them.
 */

const PASSWORD = 'Backfill-Pass-1';
let t: TestApp;
let token: string;
let companyId: string;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_BASE_URL: 'https://trace.example.cn', LOGIN_MAX_FAILURES_PER_IP: '1000' });
  companyId = await createCompany(t.database.db, 'Backfilled');
  await createUser(t.database.db, { username: 'backfillAdmin', password: PASSWORD, userType: '3', companyId, roles: ['ENTERPRISE_ADMIN'] });
  token = await signIn(t.app, 'backfillAdmin', PASSWORD);
  for (const example of gs1JsonExamples()) {
    const res = await t.app.inject({ method: 'POST', url: '/acc/epcis/capture', payload: example.document, headers: { 'x-rd-request-apitoken': token, 'content-type': 'application/ld+json' } });
    expect(res.statusCode, `${example.name}: ${res.body}`).toBe(202);
  }
}, 60_000);
afterAll(() => t.close());

interface FieldRow {
  event_pk: string;
  name: string;
  text_value: string | null;
  num_value: number | null;
  time_value: string | null;
}

async function fieldRows(): Promise<string[]> {
  const { rows } = await sql<FieldRow>`
    SELECT f.event_pk::text AS event_pk, f.name, f.text_value, f.num_value, f.time_value::text AS time_value
      FROM epcis_event_field f JOIN epcis_event e ON e.id = f.event_pk WHERE e.company_id = ${companyId}`.execute(t.database.db);
  return rows.map((r) => JSON.stringify([r.event_pk, r.name, r.text_value, r.num_value, r.time_value])).sort();
}

async function ids(query: Record<string, string>): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/acc/epcis/events', query: { perPage: '100', ...query }, headers: { 'x-rd-request-apitoken': token } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { epcisBody: { queryResults: { resultsBody: { eventList: Array<{ eventID: string }> } } } }).epcisBody.queryResults.resultsBody.eventList.map((e) => e.eventID).sort();
}

const QUERIES: Array<Record<string, string>> = [
  { EQ_type: 'Illuminance' },
  { GE_value_CEL: '26' },
  { EXISTS_errorDeclaration: 'true' },
  { EQ_errorReason: 'incorrect_data' },
  { EXISTS_sensorElementList: 'true' },
  { EQ_bizTransaction_po: 'urn:epc:id:gdti:0614141.00001.1618034' },
];

it('gives events stored before the field index the rows a capture writes, in chunks, and then stops', async () => {
  const captured = await fieldRows();
  const found = await Promise.all(QUERIES.map((query) => ids(query)));
  for (const [i, events] of found.entries()) expect(events.length, JSON.stringify(QUERIES[i])).toBeGreaterThan(0);

  // as an older version stored them: no feed entry, and no field rows beyond what migration 0039 wrote
  // (none of these kinds)
  const { rows } = await sql<{ last: string; count: number }>`
    UPDATE epcis_event SET append_id = NULL WHERE company_id = ${companyId} RETURNING id::text AS last`.execute(t.database.db);
  await sql`DELETE FROM epcis_event_field f USING epcis_event e WHERE e.id = f.event_pk AND e.company_id = ${companyId}`.execute(t.database.db);
  const last = rows.map((r) => BigInt(r.last)).reduce((a, b) => (a > b ? a : b));
  for (const query of QUERIES) expect(await ids(query), JSON.stringify(query)).toEqual([]);
  await sql`INSERT INTO epcis_field_backfill (next_id, last_id) VALUES (0, ${String(last)}::bigint)`.execute(t.database.db);

  let chunks = 0;
  while (await backfillNextChunk(t.database.db)) chunks += 1;
  expect(chunks).toBe(Math.ceil(rows.length / BACKFILL_CHUNK));
  expect((await sql`SELECT 1 FROM epcis_field_backfill`.execute(t.database.db)).rows).toEqual([]);
  expect(await backfillNextChunk(t.database.db)).toBe(false);

  // the same rows a capture wrote, but for extension fields, whose document's prefixes were not kept
  const isExtension = (row: string) => /^\["\d+","(ext|ilmd|error|sensorElement|sensorMetadata|sensorReport|readPoint|bizLocation)(\.inner)? /.test(row);
  expect((await fieldRows()).filter((row) => !isExtension(row))).toEqual(captured.filter((row) => !isExtension(row)));
  for (const [i, query] of QUERIES.entries()) expect(await ids(query), JSON.stringify(query)).toEqual(found[i]);
  // extension fields are found by the prefix they were written with
  expect(await ids({ 'EXISTS_ext1:object': 'true' })).not.toEqual([]);
});
