import type { CodeRecordRow, PageResult } from '@rd/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../src/backgroundJobs.js';
import { codeGenerationKind, runJobNow } from '../src/modules/codeRecord/jobs.js';
import { companyMayGenerate } from '../src/modules/codeRecord/generationGate.js';
import { matchesShape, randomCodes, sequentialCode, type CodeShape } from '../src/modules/rule/codeMaker.js';
import { claimJob } from '../src/platform/jobs/jobTable.js';
import { createCompany, createRole, createUser } from './support/fixtures.js';
import { ADMIN_PASSWORD, TEST_DB_KIND, call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Pass-word-1';
const BASE = '/acc/api/codeRecord';
/** Small steps, so a few hundred codes take several steps. */
const CHUNK = 200;
/** On PostgreSQL a step of a random rule writes two chunks side by side; sequential rules one. */
const STREAMS = 2;
const perStep = (mode: 'RANDOM' | 'SEQUENTIAL') => CHUNK * (TEST_DB_KIND === 'postgres' && mode === 'RANDOM' ? STREAMS : 1);

const RANDOM_SHAPE: CodeShape = { prefix: 'RG', bodyLength: 16, alphabet: 'CROCKFORD32', checkScheme: 'MOD37_36' };
const SEQUENTIAL_SHAPE: CodeShape = { prefix: '77', bodyLength: 9, alphabet: 'DIGITS', checkScheme: 'LUHN' };

let t: TestApp;
let companyA: string;
let companyB: string;
let adminA: string;
let adminB: string;
let viewerA: string;
let platformAdmin: string;
let randomRule: string;
let sequentialRule: string;
let ruleB: string;

async function insertRule(companyId: string, name: string, shape: CodeShape, extra: { mode?: 'RANDOM' | 'SEQUENTIAL'; status?: 'ENABLED' | 'DISABLED'; nextSerial?: string } = {}) {
  const row = await t.database.db
    .insertInto('tag_rule')
    .values({
      company_id: companyId,
      rule_name: name,
      kind: extra.mode === 'SEQUENTIAL' ? 'BOX' : 'ITEM',
      mode: extra.mode ?? 'RANDOM',
      prefix: shape.prefix,
      body_length: shape.bodyLength,
      alphabet: shape.alphabet,
      check_scheme: shape.checkScheme,
      status: extra.status ?? 'ENABLED',
      next_serial: extra.nextSerial ?? '1',
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function add(token: string, body: Record<string, unknown>): Promise<CodeRecordRow> {
  const res = await call<CodeRecordRow>(t.app, 'POST', `${BASE}/add`, { token, body });
  expect(res.body.code, res.body.msg).toBe('SUCCESS');
  return res.body.data;
}

async function getJob(token: string, id: string) {
  return call<CodeRecordRow>(t.app, 'GET', `${BASE}/getById`, { token, query: { id } });
}

async function jobState(id: string) {
  return t.database.db
    .selectFrom('code_record')
    .select(['status', 'progress', 'quantity', 'worker_id', 'heartbeat_at', 'error'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function codesOf(recordId: string) {
  return t.database.db
    .selectFrom('code')
    .select(['code', 'serial', 'status', 'company_id', 'rule_id', 'product_id', 'batch_id'])
    .where('record_id', '=', recordId)
    .orderBy('id')
    .execute();
}

async function distinctCodes(): Promise<{ rows: number; distinct: number }> {
  const row = await sql<{ rows: number; distinct: number }>`select count(*)::int as rows, count(distinct code)::int as distinct from code`.execute(
    t.database.db,
  );
  return row.rows[0]!;
}

async function run(jobId: string, options: Parameters<typeof runJobNow>[2] = {}) {
  return runJobNow({ database: t.database, db: t.database.db, config: t.config }, jobId, options);
}

beforeAll(async () => {
  t = await startTestApp({
    CODE_CHUNK_SIZE: String(CHUNK),
    CODE_CHUNK_SIZE_EMBEDDED: String(CHUNK),
    CODE_COPY_STREAMS: String(STREAMS),
    JOB_STALE_SECONDS: '30',
  });
  const db = t.database.db;
  companyA = await createCompany(db, 'Generation Company A');
  companyB = await createCompany(db, 'Generation Company B');
  await createUser(db, { username: 'genAdminA', name: '王小明', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'genAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  await createRole(db, { code: 'GEN_VIEWER', companyId: companyA, menuCodes: ['tagGenerate'] });
  await createUser(db, { username: 'genViewerA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['GEN_VIEWER'] });
  adminA = await signIn(t.app, 'genAdminA', PASSWORD);
  adminB = await signIn(t.app, 'genAdminB', PASSWORD);
  viewerA = await signIn(t.app, 'genViewerA', PASSWORD);
  platformAdmin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  randomRule = await insertRule(companyA, 'random A', RANDOM_SHAPE);
  sequentialRule = await insertRule(companyA, 'sequential A', SEQUENTIAL_SHAPE, { mode: 'SEQUENTIAL' });
  ruleB = await insertRule(companyB, 'random B', { ...RANDOM_SHAPE, prefix: 'BB' });
});
afterAll(() => t.close());

describe('generating codes', () => {
  it('queues a job, and running it stores exactly the asked quantity of codes matching the rule', async () => {
    const job = await add(adminA, { ruleId: randomRule, quantity: 950, remark: 'first run' });
    expect(job).toMatchObject({ status: 'QUEUED', quantity: 950, progress: 0, percent: 0, ruleName: 'random A', remark: 'first run' });
    // who asked: by name (createdBy has always been the name), the login name apart
    expect(job).toMatchObject({ createdBy: '王小明', createdByName: '王小明', createdByUsername: 'genAdminA' });

    expect(await run(job.id)).toBe('finished');
    const codes = await codesOf(job.id);
    expect(codes).toHaveLength(950);
    expect(new Set(codes.map((c) => c.code)).size).toBe(950);
    for (const c of codes) {
      expect(matchesShape(RANDOM_SHAPE, c.code), c.code).toBe(true);
      expect(c).toMatchObject({ status: 'NOT_ACTIVATED', company_id: companyA, rule_id: randomRule, serial: null, product_id: null, batch_id: null });
    }
    const done = await getJob(adminA, job.id);
    expect(done.body.data).toMatchObject({ status: 'DONE', progress: 950, percent: 100, error: '' });
    expect(done.body.data.startedAt).not.toBeNull();
    expect(done.body.data.finishedAt).not.toBeNull();
  });

  it('never stores a code twice across jobs', async () => {
    const first = await add(adminA, { ruleId: randomRule, quantity: 400 });
    const second = await add(adminA, { ruleId: randomRule, quantity: 300 });
    await run(first.id);
    await run(second.id);
    expect(await codesOf(first.id)).toHaveLength(400);
    expect(await codesOf(second.id)).toHaveLength(300);
    const { rows, distinct } = await distinctCodes();
    expect(distinct).toBe(rows);
  });

  it('continues the serials of a sequential rule from one job to the next, never reusing one', async () => {
    const first = await add(adminA, { ruleId: sequentialRule, quantity: 450 });
    const second = await add(adminA, { ruleId: sequentialRule, quantity: 330 });
    await run(first.id);
    await run(second.id);
    const a = await codesOf(first.id);
    const b = await codesOf(second.id);
    expect(a.map((c) => Number(c.serial))).toEqual(Array.from({ length: 450 }, (_, i) => i + 1));
    expect(b.map((c) => Number(c.serial))).toEqual(Array.from({ length: 330 }, (_, i) => i + 451));
    for (const c of [...a, ...b]) {
      expect(c.code).toBe(sequentialCode(SEQUENTIAL_SHAPE, BigInt(c.serial as string)));
      expect(matchesShape(SEQUENTIAL_SHAPE, c.code)).toBe(true);
    }
    const rule = await t.database.db.selectFrom('tag_rule').select('next_serial').where('id', '=', sequentialRule).executeTakeFirstOrThrow();
    expect(rule.next_serial).toBe('781');
  });

  it('stores every code exactly as made, even when the prefix holds characters of a bulk format', async () => {
    // A prefix is free text: a backslash or a tab must reach the database as itself, not as an escape or a field break.
    const shape: CodeShape = { prefix: 'A\\B\tC\n', bodyLength: 8, alphabet: 'CROCKFORD32', checkScheme: 'NONE' };
    const rule = await insertRule(companyA, 'escaped prefix', shape);
    const made: string[] = [];
    const source = (s: CodeShape, count: number) => {
      const codes = randomCodes(s, count);
      made.push(...codes);
      return codes;
    };
    const job = await add(adminA, { ruleId: rule, quantity: 250 });
    expect(await run(job.id, { randomSource: source })).toBe('finished');
    const stored = (await codesOf(job.id)).map((c) => c.code);
    expect(stored).toHaveLength(250);
    expect(stored.every((c) => c.startsWith('A\\B\tC\n') && c.length === 14)).toBe(true);
    expect([...stored].sort()).toEqual([...made].sort());
  });

  it('records the product and batch of the job on every code', async () => {
    const db = t.database.db;
    const product = await sql<{ id: string }>`insert into product (company_id, name) values (${companyA}, 'Tea') returning id`.execute(db);
    const productId = product.rows[0]!.id;
    const batch = await sql<{ id: string }>`
      insert into product_batch (company_id, product_id, batch_no) values (${companyA}, ${productId}, 'B-1') returning id`.execute(db);
    const batchId = batch.rows[0]!.id;
    // The batch names its product.
    const job = await add(adminA, { ruleId: randomRule, quantity: 30, batchId });
    expect(job).toMatchObject({ productId, batchId });
    await run(job.id);
    const codes = await codesOf(job.id);
    expect(codes).toHaveLength(30);
    expect(codes.every((c) => c.product_id === productId && c.batch_id === batchId)).toBe(true);

    // Another company's product or batch is not found; a batch of another product is refused.
    const other = await sql<{ id: string }>`insert into product (company_id, name) values (${companyB}, 'Other') returning id`.execute(db);
    const foreign = await call(t.app, 'POST', `${BASE}/add`, { token: adminA, body: { ruleId: randomRule, quantity: 1, productId: other.rows[0]!.id } });
    expect(foreign.body.code).toBe('NOT_FOUND');
    const second = await sql<{ id: string }>`insert into product (company_id, name) values (${companyA}, 'Coffee') returning id`.execute(db);
    const mismatch = await call(t.app, 'POST', `${BASE}/add`, {
      token: adminA,
      body: { ruleId: randomRule, quantity: 1, productId: second.rows[0]!.id, batchId },
    });
    expect(mismatch.body.code).toBe('PARAM_CHECK');
    expect(mismatch.body.errors?.map((e) => e.field)).toEqual(['batchId']);
  });
});

describe('collisions', () => {
  it('absorbs random codes that already exist (and repeats inside a chunk) without a duplicate or a lost code', async () => {
    const earlier = await add(adminA, { ruleId: randomRule, quantity: 5 });
    await run(earlier.id);
    const existing = (await codesOf(earlier.id)).map((c) => c.code);
    const before = await distinctCodes();

    // The first chunk repeats two stored codes and one of its own; later chunks are fresh.
    let calls = 0;
    const source = (shape: CodeShape, count: number) => {
      calls += 1;
      const fresh = randomCodes(shape, count);
      if (calls === 1) {
        fresh[0] = existing[0]!;
        fresh[7] = existing[3]!;
        fresh[9] = fresh[8]!;
      }
      return fresh;
    };
    const job = await add(adminA, { ruleId: randomRule, quantity: 450 });
    expect(await run(job.id, { randomSource: source })).toBe('finished');

    const codes = await codesOf(job.id);
    expect(codes).toHaveLength(450);
    expect(codes.map((c) => c.code)).not.toContain(existing[0]);
    expect(codes.map((c) => c.code)).not.toContain(existing[3]);
    expect(await codesOf(earlier.id)).toHaveLength(5);
    const after = await distinctCodes();
    expect(after.rows).toBe(before.rows + 450);
    expect(after.distinct).toBe(after.rows);
    expect(await jobState(job.id)).toMatchObject({ status: 'DONE', progress: 450 });
    // Chunks of 200: the first stored 197, so the third made the 53 still missing rather than 50.
    expect(calls).toBe(3);
  });

  it('skips a serial whose code already exists, draws a new one instead, and ends with the asked quantity', async () => {
    const rule = await insertRule(companyA, 'sequential collide', { ...SEQUENTIAL_SHAPE, prefix: '78' }, { mode: 'SEQUENTIAL' });
    const shape = { ...SEQUENTIAL_SHAPE, prefix: '78' };
    // A code of serial 3 exists already (made under another rule with the same look).
    const holder = await add(adminA, { ruleId: randomRule, quantity: 1 });
    await t.database.db
      .insertInto('code')
      .values({ code: sequentialCode(shape, 3n), company_id: companyA, rule_id: randomRule, record_id: holder.id, product_id: null, batch_id: null })
      .execute();

    const job = await add(adminA, { ruleId: rule, quantity: 10 });
    await run(job.id);
    const codes = await codesOf(job.id);
    expect(codes.map((c) => Number(c.serial))).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10, 11]);
    const next = await t.database.db.selectFrom('tag_rule').select('next_serial').where('id', '=', rule).executeTakeFirstOrThrow();
    expect(next.next_serial).toBe('12');
    const { rows, distinct } = await distinctCodes();
    expect(distinct).toBe(rows);
  });

  it('stops a job whose codes keep colliding (a nearly full code space) instead of looping', async () => {
    const holder = await add(adminA, { ruleId: randomRule, quantity: 1 });
    await run(holder.id);
    const [taken] = (await codesOf(holder.id)).map((c) => c.code);
    const job = await add(adminA, { ruleId: randomRule, quantity: 50 });
    let calls = 0;
    const onlyTaken = (_shape: CodeShape, count: number) => {
      calls += 1;
      return Array.from({ length: count }, () => taken!);
    };
    expect(await run(job.id, { randomSource: onlyTaken })).toBe('finished');
    expect(calls).toBe(3);
    expect(await jobState(job.id)).toMatchObject({ status: 'FAILED', progress: 0, error: 'CODE_SPACE_EXHAUSTED' });
    const view = await getJob(adminA, job.id);
    expect(view.body.data.error).toMatch(/code space|码空间/);
  });
});

describe('stopping and resuming', () => {
  it('cancels a running job: the worker stops at its next step and the codes written stay', async () => {
    const job = await add(adminA, { ruleId: randomRule, quantity: 2000 });
    const written = 2 * perStep('RANDOM');
    expect(await run(job.id, { maxSteps: 2, workerId: 'worker-cancelled' })).toBe('paused');
    expect(await jobState(job.id)).toMatchObject({ status: 'RUNNING', progress: written });

    const cancelled = await call<CodeRecordRow>(t.app, 'POST', `${BASE}/edit`, { token: adminA, body: { id: job.id, action: 'CANCEL' } });
    expect(cancelled.body.code, cancelled.body.msg).toBe('SUCCESS');
    expect(cancelled.body.data).toMatchObject({ status: 'CANCELLED', progress: written, percent: (written * 100) / 2000 });

    // The worker that held it takes its next step: nothing more is written.
    const kind = codeGenerationKind({ database: t.database, db: t.database.db, config: t.config });
    expect(await kind.step(job.id, 'worker-cancelled')).toBe('finished');
    expect(await run(job.id)).toBe('not-claimed');
    expect(await codesOf(job.id)).toHaveLength(written);
    expect(await jobState(job.id)).toMatchObject({ status: 'CANCELLED', progress: written });

    const again = await call(t.app, 'POST', `${BASE}/edit`, { token: adminA, body: { id: job.id, action: 'CANCEL' } });
    expect(again.body.code).toBe('JOB_NOT_CANCELLABLE');
  });

  it('cancels a queued job before it starts', async () => {
    const job = await add(adminA, { ruleId: randomRule, quantity: 10 });
    const res = await call<CodeRecordRow>(t.app, 'POST', `${BASE}/edit`, { token: adminA, body: { id: job.id, action: 'CANCEL' } });
    expect(res.body.data.status).toBe('CANCELLED');
    expect(await run(job.id)).toBe('not-claimed');
    expect(await codesOf(job.id)).toHaveLength(0);
  });

  it('takes over a job whose worker died mid-way and finishes it with exactly the asked quantity', async () => {
    for (const [ruleId, mode] of [
      [randomRule, 'RANDOM'],
      [sequentialRule, 'SEQUENTIAL'],
    ] as const) {
      const job = await add(adminA, { ruleId, quantity: 2010 });
      expect(await run(job.id, { maxSteps: 2, workerId: 'worker-that-dies' })).toBe('paused');
      expect(await jobState(job.id)).toMatchObject({ status: 'RUNNING', progress: 2 * perStep(mode), worker_id: 'worker-that-dies' });

      // While its heartbeat is fresh nobody else takes it.
      expect(await run(job.id)).toBe('not-claimed');
      // The worker falls silent for longer than JOB_STALE_SECONDS.
      await sql`update code_record set heartbeat_at = now() - interval '1 hour' where id = ${job.id}`.execute(t.database.db);
      expect(await run(job.id, { workerId: 'worker-that-resumes' })).toBe('finished');
      // The dead worker waking up finds the job is no longer its own.
      const kind = codeGenerationKind({ database: t.database, db: t.database.db, config: t.config });
      expect(await kind.step(job.id, 'worker-that-dies')).toBe('finished');

      const codes = await codesOf(job.id);
      expect(codes).toHaveLength(2010);
      expect(new Set(codes.map((c) => c.code)).size).toBe(2010);
      expect(await jobState(job.id)).toMatchObject({ status: 'DONE', progress: 2010, worker_id: 'worker-that-resumes' });
      if (mode === 'SEQUENTIAL') {
        const serials = codes.map((c) => BigInt(c.serial as string));
        for (let i = 1; i < serials.length; i++) expect(serials[i]! - serials[i - 1]!).toBe(1n);
      }
    }
    const { rows, distinct } = await distinctCodes();
    expect(distinct).toBe(rows);
  });

  it('runs queued jobs in the background and hands a job back on a clean stop', async () => {
    const runner = createJobRunner({ database: t.database, db: t.database.db, config: t.config });
    runner.start();
    const quick = await add(adminA, { ruleId: randomRule, quantity: 250 });
    await waitFor(async () => (await jobState(quick.id)).status === 'DONE');
    expect(await codesOf(quick.id)).toHaveLength(250);

    const long = await add(adminA, { ruleId: randomRule, quantity: 20_000 });
    await waitFor(async () => (await jobState(long.id)).progress > 0);
    await runner.stop();
    const stopped = await jobState(long.id);
    if (stopped.status === 'RUNNING') {
      // Handed back: no worker, no heartbeat, so the next runner takes it at once.
      expect(stopped).toMatchObject({ worker_id: null, heartbeat_at: null });
      expect(stopped.progress).toBeLessThan(20_000);
      expect(await run(long.id)).toBe('finished');
    }
    expect(await jobState(long.id)).toMatchObject({ status: 'DONE', progress: 20_000 });
    expect(await codesOf(long.id)).toHaveLength(20_000);
  });

  it('lets two workers claim at once without taking the same job', async () => {
    const first = await add(adminA, { ruleId: randomRule, quantity: 1 });
    const second = await add(adminA, { ruleId: randomRule, quantity: 1 });
    const claimed = await Promise.all([
      claimJob(t.database.db, 'code_record', 'claimer-1', 30),
      claimJob(t.database.db, 'code_record', 'claimer-2', 30),
    ]);
    expect(new Set(claimed)).toEqual(new Set([first.id, second.id]));
    // Finish them so later tests find no leftovers.
    for (const id of [first.id, second.id]) {
      await sql`update code_record set heartbeat_at = null where id = ${id}`.execute(t.database.db);
      expect(await run(id)).toBe('finished');
    }
  });
});

describe('what may be asked', () => {
  it('checks the quantity and the remark', async () => {
    for (const quantity of [0, 10_000_001, 1.5, '12', undefined]) {
      const res = await call(t.app, 'POST', `${BASE}/add`, { token: adminA, body: { ruleId: randomRule, quantity } });
      expect(res.body.code, String(quantity)).toBe('PARAM_CHECK');
      expect(res.body.errors?.map((e) => e.field)).toEqual(['quantity']);
    }
    const long = await call(t.app, 'POST', `${BASE}/add`, { token: adminA, body: { ruleId: randomRule, quantity: 1, remark: 'x'.repeat(201) } });
    expect(long.body.errors?.map((e) => e.field)).toEqual(['remark']);
    const max = await add(adminA, { ruleId: randomRule, quantity: 10_000_000 });
    expect(max.quantity).toBe(10_000_000);
    await call(t.app, 'POST', `${BASE}/edit`, { token: adminA, body: { id: max.id, action: 'CANCEL' } });
  });

  it('refuses a disabled rule, a sequential rule without enough serials left, and a company that may not generate', async () => {
    const disabled = await insertRule(companyA, 'disabled', { ...RANDOM_SHAPE, prefix: 'DS' }, { status: 'DISABLED' });
    const res = await call(t.app, 'POST', `${BASE}/add`, { token: adminA, body: { ruleId: disabled, quantity: 1 } });
    expect(res.body.code).toBe('RULE_DISABLED');

    // 9 digits: serials up to 999,999,999; 100 left.
    const nearlyFull = await insertRule(companyA, 'nearly full', { ...SEQUENTIAL_SHAPE, prefix: '79' }, { mode: 'SEQUENTIAL', nextSerial: '999999900' });
    const queued = await add(adminA, { ruleId: nearlyFull, quantity: 60 });
    const tooMany = await call(t.app, 'POST', `${BASE}/add`, { token: adminA, body: { ruleId: nearlyFull, quantity: 41 } });
    expect(tooMany.body.code).toBe('SERIALS_EXHAUSTED');
    expect(tooMany.body.msg).toContain('40');
    await add(adminA, { ruleId: nearlyFull, quantity: 40 });
    await run(queued.id);

    // A disabled company's sessions end at once, so the gate is asked directly.
    await t.database.db.updateTable('company').set({ status: 'DISABLED' }).where('id', '=', companyB).execute();
    expect(await companyMayGenerate(t.database.db, companyB)).toBe(false);
    expect(await companyMayGenerate(t.database.db, companyA)).toBe(true);
    await t.database.db.updateTable('company').set({ status: 'ENABLED' }).where('id', '=', companyB).execute();
  });

  it('stops a sequential job that runs out of serials', async () => {
    const rule = await insertRule(companyA, 'runs out', { ...SEQUENTIAL_SHAPE, prefix: '76' }, { mode: 'SEQUENTIAL', nextSerial: '999999990' });
    const job = await add(adminA, { ruleId: rule, quantity: 10 });
    // Another writer moved the counter on after the job was accepted.
    await t.database.db.updateTable('tag_rule').set({ next_serial: '999999995' }).where('id', '=', rule).execute();
    await run(job.id);
    expect(await jobState(job.id)).toMatchObject({ status: 'FAILED', progress: 0, error: 'SERIALS_RUN_OUT' });
    const next = await t.database.db.selectFrom('tag_rule').select('next_serial').where('id', '=', rule).executeTakeFirstOrThrow();
    expect(next.next_serial).toBe('999999995');
  });
});

describe('listing', () => {
  it('pages the company jobs newest first with filters', async () => {
    const res = await call<PageResult<CodeRecordRow>>(t.app, 'POST', `${BASE}/pageList`, {
      token: adminA,
      body: { pageNum: 1, pageSize: 100, ruleId: sequentialRule, status: 'DONE' },
    });
    expect(res.body.code, res.body.msg).toBe('SUCCESS');
    expect(res.body.data.total).toBeGreaterThanOrEqual(3);
    expect(res.body.data.list.every((r) => r.ruleId === sequentialRule && r.status === 'DONE' && r.ruleName === 'sequential A')).toBe(true);
    const times = res.body.data.list.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const future = await call<PageResult<CodeRecordRow>>(t.app, 'POST', `${BASE}/pageList`, {
      token: adminA,
      body: { beginTime: '2999-01-01 00:00:00' },
    });
    expect(future.body.data.total).toBe(0);
    const badOrder = await call(t.app, 'POST', `${BASE}/pageList`, {
      token: adminA,
      body: { beginTime: '2024-02-01 00:00:00', endTime: '2024-01-01 00:00:00' },
    });
    expect(badOrder.body.errors?.map((e) => e.field)).toEqual(['endTime']);
  });
});

describe('tenancy and permissions', () => {
  it('keeps each company to its own jobs and rules', async () => {
    const jobA = await add(adminA, { ruleId: randomRule, quantity: 3 });
    const read = await getJob(adminB, jobA.id);
    expect(read.body.code).toBe('NOT_FOUND');
    const cancel = await call(t.app, 'POST', `${BASE}/edit`, { token: adminB, body: { id: jobA.id, action: 'CANCEL' } });
    expect(cancel.body.code).toBe('NOT_FOUND');
    expect((await jobState(jobA.id)).status).toBe('QUEUED');
    const withRuleOfA = await call(t.app, 'POST', `${BASE}/add`, { token: adminB, body: { ruleId: randomRule, quantity: 1 } });
    expect(withRuleOfA.body.code).toBe('NOT_FOUND');
    const listB = await call<PageResult<CodeRecordRow>>(t.app, 'POST', `${BASE}/pageList`, { token: adminB, body: { pageSize: 100 } });
    expect(listB.body.data.list.some((r) => r.id === jobA.id)).toBe(false);
    const ownB = await add(adminB, { ruleId: ruleB, quantity: 2 });
    expect((await call<PageResult<CodeRecordRow>>(t.app, 'POST', `${BASE}/pageList`, { token: adminB, body: {} })).body.data.list.map((r) => r.id)).toEqual([ownB.id]);
    await run(jobA.id);
    await run(ownB.id);
  });

  it('asks for the generation permissions, and a company account', async () => {
    const list = await call(t.app, 'POST', `${BASE}/pageList`, { token: viewerA, body: {} });
    expect(list.body.code).toBe('SUCCESS');
    const addDenied = await call(t.app, 'POST', `${BASE}/add`, { token: viewerA, body: { ruleId: randomRule, quantity: 1 } });
    expect(addDenied.status).toBe(403);
    expect(addDenied.body.code).toBe('ACCESS_DENIED_ERROR');
    const job = await add(adminA, { ruleId: randomRule, quantity: 1 });
    const cancelDenied = await call(t.app, 'POST', `${BASE}/edit`, { token: viewerA, body: { id: job.id, action: 'CANCEL' } });
    expect(cancelDenied.body.code).toBe('ACCESS_DENIED_ERROR');
    const anonymous = await call(t.app, 'POST', `${BASE}/pageList`, { body: {} });
    expect(anonymous.status).toBe(401);
    const platform = await call(t.app, 'POST', `${BASE}/add`, { token: platformAdmin, body: { ruleId: randomRule, quantity: 1 } });
    expect(platform.body.code).toBe('COMPANY_REQUIRED');
    await run(job.id);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 20_000) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
