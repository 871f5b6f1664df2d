import { CONFIRM_CODE_QUANTITY, type CodeRecordEstimate, type CodeRecordRow } from '@rd/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobNow } from '../src/modules/codeRecord/jobs.js';
import { REFERENCE_CODES_PER_SECOND } from '../src/modules/codeRecord/jobEstimate.js';
import { loadConfig } from '../src/platform/config.js';
import { createCompany, createUser } from './support/fixtures.js';
import { TEST_DB_KIND, call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Pass-word-1';
const BASE = '/acc/api/codeRecord';
const PUBLIC_BASE_URL = 'https://trace.example.com';

let t: TestApp;
let companyA: string;
let adminA: string;
let adminB: string;
let ruleA: string;
let ruleB: string;
let disabledRuleA: string;

async function insertRule(companyId: string, prefix: string, status: 'ENABLED' | 'DISABLED' = 'ENABLED') {
  const row = await t.database.db
    .insertInto('tag_rule')
    .values({
      company_id: companyId,
      rule_name: `rule ${prefix}`,
      prefix,
      body_length: 12,
      alphabet: 'CROCKFORD32',
      check_scheme: 'DAMM',
      hidden_length: 6,
      status,
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function add(token: string, body: Record<string, unknown>, key?: string) {
  return call<CodeRecordRow>(t.app, 'POST', `${BASE}/add`, { token, body, headers: key === undefined ? {} : { 'Idempotency-Key': key } });
}

async function jobsWithRemark(remark: string) {
  return t.database.db.selectFrom('code_record').select('id').where('remark', '=', remark).execute();
}

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_BASE_URL: `${PUBLIC_BASE_URL}/`, CODE_CHUNK_SIZE: '100', CODE_CHUNK_SIZE_EMBEDDED: '100' });
  const db = t.database.db;
  companyA = await createCompany(db, 'Idempotency Company A');
  const companyB = await createCompany(db, 'Idempotency Company B');
  await createUser(db, { username: 'idemAdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'idemAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  adminA = await signIn(t.app, 'idemAdminA', PASSWORD);
  adminB = await signIn(t.app, 'idemAdminB', PASSWORD);
  ruleA = await insertRule(companyA, 'KA');
  ruleB = await insertRule(companyB, 'KB');
  disabledRuleA = await insertRule(companyA, 'KD', 'DISABLED');
});
afterAll(() => t.close());

describe('codeRecord/add with an Idempotency-Key', () => {
  it('answers the first job again for the same key and body, and creates nothing more', async () => {
    const body = { ruleId: ruleA, quantity: 25, remark: 'same key twice' };
    const first = await add(adminA, body, 'key-same-twice');
    expect(first.body.code, first.body.msg).toBe('SUCCESS');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await add(adminA, body, 'key-same-twice');
    expect(again.status).toBe(200);
    expect(again.body.code).toBe('SUCCESS');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data).toEqual(first.body.data);
    expect(await jobsWithRemark('same key twice')).toHaveLength(1);
  });

  it('refuses the same key with another body (409, translated), leaving the first job alone', async () => {
    const first = await add(adminA, { ruleId: ruleA, quantity: 10, remark: 'key reused' }, 'key-reused');
    expect(first.body.code).toBe('SUCCESS');
    const other = await add(adminA, { ruleId: ruleA, quantity: 11, remark: 'key reused' }, 'key-reused');
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(other.body.msg).toMatch(/Idempotency-Key/);
    const zh = await call(t.app, 'POST', `${BASE}/add?lang=zh_CN`, {
      token: adminA,
      body: { ruleId: ruleA, quantity: 12, remark: 'key reused' },
      headers: { 'Idempotency-Key': 'key-reused' },
    });
    expect(zh.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(zh.body.msg).toMatch(/请求标识/);
    expect(await jobsWithRemark('key reused')).toHaveLength(1);
  });

  it('creates exactly one job from concurrent requests with one key', async () => {
    const body = { ruleId: ruleA, quantity: 7, remark: 'parallel' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => add(adminA, body, 'key-parallel')));
    for (const answer of answers) expect(answer.body.code, answer.body.msg).toBe('SUCCESS');
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
    const stored = await t.database.db.selectFrom('code_record').select('company_id').where('remark', '=', 'parallel').execute();
    expect(stored.map((r) => r.company_id)).toEqual([companyA]);
  });

  it('keeps each company to its own keys', async () => {
    const a = await add(adminA, { ruleId: ruleA, quantity: 3, remark: 'shared key' }, 'key-shared');
    const b = await add(adminB, { ruleId: ruleB, quantity: 4, remark: 'shared key' }, 'key-shared');
    expect(a.body.code).toBe('SUCCESS');
    expect(b.body.code).toBe('SUCCESS');
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.body.data.id).not.toBe(a.body.data.id);
    expect(b.body.data.quantity).toBe(4);
  });

  it('keeps no key for a refused request, so the corrected request goes through', async () => {
    const refused = await add(adminA, { ruleId: disabledRuleA, quantity: 5, remark: 'after refusal' }, 'key-refused-first');
    expect(refused.body.code).toBe('RULE_DISABLED');
    const corrected = await add(adminA, { ruleId: ruleA, quantity: 5, remark: 'after refusal' }, 'key-refused-first');
    expect(corrected.body.code, corrected.body.msg).toBe('SUCCESS');
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
  });

  it('forgets keys after 24 hours: the expired row is deleted and the key starts afresh', async () => {
    const first = await add(adminA, { ruleId: ruleA, quantity: 2, remark: 'expiring' }, 'key-expiring');
    expect(first.body.code).toBe('SUCCESS');
    await sql`update idempotency_key set created_at = now() - interval '25 hours' where key = 'key-expiring'`.execute(t.database.db);
    await sql`update idempotency_key set created_at = now() - interval '23 hours' where key = 'key-same-twice'`.execute(t.database.db);
    const later = await add(adminA, { ruleId: ruleA, quantity: 9, remark: 'expiring' }, 'key-expiring');
    expect(later.body.code, later.body.msg).toBe('SUCCESS');
    expect(later.body.data.id).not.toBe(first.body.data.id);
    const keys = await t.database.db.selectFrom('idempotency_key').select(['key', 'resource_id']).where('key', 'in', ['key-expiring', 'key-same-twice']).execute();
    expect(keys).toHaveLength(2);
    expect(keys.find((k) => k.key === 'key-expiring')?.resource_id).toBe(later.body.data.id);
    const expired = await sql<{ n: number }>`select count(*)::int as n from idempotency_key where created_at < now() - interval '24 hours'`.execute(t.database.db);
    expect(expired.rows[0]?.n).toBe(0);
  });

  it('creates a job per request without a key, and refuses a malformed key naming the header', async () => {
    const body = { ruleId: ruleA, quantity: 1, remark: 'no key' };
    expect((await add(adminA, body)).body.code).toBe('SUCCESS');
    expect((await add(adminA, body)).body.code).toBe('SUCCESS');
    expect(await jobsWithRemark('no key')).toHaveLength(2);
    for (const key of ['x'.repeat(256), 'with space']) {
      const bad = await add(adminA, { ...body, remark: 'bad key' }, key);
      expect(bad.body.code).toBe('PARAM_CHECK');
      expect(bad.body.errors?.map((e) => e.field)).toEqual(['headers.idempotency-key']);
    }
    expect(await jobsWithRemark('bad key')).toHaveLength(0);
  });

  it('still refuses a quantity outside 1 to 10,000,000 or not whole, naming the field', async () => {
    for (const quantity of [-5, 0, 20_000_000, 2.5]) {
      const res = await add(adminA, { ruleId: ruleA, quantity, remark: 'bad quantity' }, `key-quantity-${quantity}`);
      expect(res.body.code, String(quantity)).toBe('PARAM_CHECK');
      expect(res.body.errors?.map((e) => e.field)).toEqual(['quantity']);
    }
    expect(await jobsWithRemark('bad quantity')).toHaveLength(0);
  });

  it('documents the header in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/acc/docs/json' });
    const operation = (res.json() as { paths: Record<string, { post: { parameters?: { in: string; name: string }[] } }> }).paths[`${BASE}/add`]!.post;
    expect(operation.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key' })]));
  });
});

describe('codeRecord/estimate', () => {
  it('sizes the code files exactly as a download of the job comes out', async () => {
    const estimate = await call<CodeRecordEstimate>(t.app, 'POST', `${BASE}/estimate`, { token: adminA, body: { ruleId: ruleA, quantity: 40 } });
    expect(estimate.body.code, estimate.body.msg).toBe('SUCCESS');
    const job = await add(adminA, { ruleId: ruleA, quantity: 40, remark: 'sized' });
    await runJobNow({ database: t.database, db: t.database.db, config: t.config }, job.body.data.id);
    const sizeOf = async (format: string) => {
      const res = await call(t.app, 'GET', `${BASE}/downloadCode`, { token: adminA, query: { id: job.body.data.id, format } });
      expect(res.status).toBe(200);
      return res.raw.length;
    };
    const bytes = Object.fromEntries(estimate.body.data.files.map((f) => [f.format, f.bytes]));
    expect(bytes.txt).toBe(await sizeOf('txt'));
    const csv = await sizeOf('csv');
    expect(Math.abs((bytes.csv as number) - csv) / csv).toBeLessThan(0.05);
    expect(estimate.body.data.codeLength).toBe(2 + 12 + 1);
  });

  it('times a job at the reference rate until a large job has run here, then at the rate measured here', async () => {
    const body = { ruleId: ruleA, quantity: CONFIRM_CODE_QUANTITY };
    const first = await call<CodeRecordEstimate>(t.app, 'POST', `${BASE}/estimate`, { token: adminA, body });
    const reference = REFERENCE_CODES_PER_SECOND[TEST_DB_KIND];
    expect(first.body.data).toMatchObject({ rateSource: 'REFERENCE', codesPerSecond: reference, seconds: Math.ceil(CONFIRM_CODE_QUANTITY / reference) });
    // A finished job of 200,000 codes that ran 40 s: 5,000 codes a second.
    const job = await add(adminA, { ruleId: ruleA, quantity: 1, remark: 'measured' });
    await sql`update code_record set quantity = 200000, progress = 200000, status = 'DONE',
      started_at = now() - interval '40 seconds', finished_at = now() where id = ${job.body.data.id}`.execute(t.database.db);
    const measured = await call<CodeRecordEstimate>(t.app, 'POST', `${BASE}/estimate`, { token: adminB, body: { ruleId: ruleB, quantity: 1_500_000 } });
    expect(measured.body.data).toMatchObject({ rateSource: 'MEASURED', codesPerSecond: 5000, seconds: 300 });
  });

  it('checks the body like add, and keeps to the caller company', async () => {
    const bad = await call(t.app, 'POST', `${BASE}/estimate`, { token: adminA, body: { ruleId: ruleA, quantity: 20_000_000 } });
    expect(bad.body.errors?.map((e) => e.field)).toEqual(['quantity']);
    const foreign = await call(t.app, 'POST', `${BASE}/estimate`, { token: adminA, body: { ruleId: ruleB, quantity: 10 } });
    expect(foreign.body.code).toBe('NOT_FOUND');
  });
});

describe('the address printed in QR codes', () => {
  it('is in the health answer, configured when PUBLIC_BASE_URL is set', async () => {
    const res = await call<{ publicBaseUrl: string; publicBaseUrlConfigured: boolean }>(t.app, 'GET', '/acc/health');
    expect(res.body.data).toMatchObject({ publicBaseUrl: PUBLIC_BASE_URL, publicBaseUrlConfigured: true });
  });

  it('is this machine\'s localhost, not configured, without PUBLIC_BASE_URL', () => {
    expect(loadConfig({ PORT: '9090' })).toMatchObject({ publicBaseUrl: 'http://localhost:9090', publicBaseUrlConfigured: false });
  });
});
