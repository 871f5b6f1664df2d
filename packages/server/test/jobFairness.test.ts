import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeGenerationKind } from '../src/modules/codeRecord/jobs.js';
import { FairQueue } from '../src/platform/jobs/fairQueue.js';
import { JobRunner, type JobKind } from '../src/platform/jobs/jobRunner.js';
import { announceJobQueued } from '../src/platform/jobs/jobSignal.js';
import { insertRule } from './support/codeFixtures.js';
import { createCompany } from './support/fixtures.js';
import { startTestApp, type TestApp } from './support/testApp.js';

/** Codes per step on either database, so a job of a few thousand codes takes many steps. */
const CHUNK = 250;

let t: TestApp;
let companyA: string;
let companyB: string;
let ruleA: string;
let ruleB: string;

beforeAll(async () => {
  t = await startTestApp({ CODE_CHUNK_SIZE: String(CHUNK), CODE_CHUNK_SIZE_EMBEDDED: String(CHUNK), CODE_COPY_STREAMS: '1', JOB_POLL_MS: '50' });
  companyA = await createCompany(t.database.db, 'Fair A');
  companyB = await createCompany(t.database.db, 'Fair B');
  ruleA = await insertRule(t.database.db, companyA, { prefix: 'FA', shape: { bodyLength: 14, alphabet: 'CROCKFORD32', checkScheme: 'DAMM' } });
  ruleB = await insertRule(t.database.db, companyB, { prefix: 'FB', shape: { bodyLength: 14, alphabet: 'CROCKFORD32', checkScheme: 'DAMM' } });
});

afterAll(async () => {
  await t?.close();
});

/** A generation job queued as the service queues one (no product or batch). */
async function queueJob(companyId: string, ruleId: string, quantity: number): Promise<string> {
  const row = await t.database.db
    .insertInto('code_record')
    .values({ company_id: companyId, rule_id: ruleId, quantity, progress: 0, status: 'QUEUED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  announceJobQueued();
  return row.id;
}

async function state(id: string) {
  return t.database.db.selectFrom('code_record').select(['status', 'progress', 'worker_id', 'heartbeat_at']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function storedCodes(id: string): Promise<{ rows: number; distinct: number }> {
  const row = await sql<{ rows: number; distinct: number }>`
    select count(*)::int as rows, count(distinct code)::int as distinct from code where record_id = ${id}`.execute(t.database.db);
  return row.rows[0] as { rows: number; distinct: number };
}

function runner(slots: number): JobRunner {
  const ctx = { database: t.database, db: t.database.db, config: t.config };
  return new JobRunner({ db: t.database.db, kinds: [codeGenerationKind(ctx)], staleSeconds: 30, pollMs: 50, slots });
}

describe('the fair queue', () => {
  const turn = (companyId: string, name: string) => ({ companyId, name, notBefore: 0 });

  it('goes round the companies, then round the jobs of each company', () => {
    const queue = new FairQueue<ReturnType<typeof turn>>();
    for (const job of [turn('A', 'a1'), turn('A', 'a2'), turn('A', 'a3'), turn('B', 'b1'), turn('C', 'c1')]) queue.add(job);
    const order = Array.from({ length: 9 }, () => queue.next(0)?.name);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b1', 'c1', 'a3', 'b1', 'c1']);
  });

  it('passes over a job that sits out, and says when the first one may go again', () => {
    const queue = new FairQueue<ReturnType<typeof turn>>();
    const a = turn('A', 'a');
    const b = { ...turn('B', 'b'), notBefore: 500 };
    queue.add(a);
    queue.add(b);
    expect([queue.next(100)?.name, queue.next(100)?.name]).toEqual(['a', 'a']);
    queue.remove(a);
    expect(queue.next(100)).toBeNull();
    expect(queue.nextReadyAt()).toBe(500);
    expect(queue.next(500)?.name).toBe('b');
    expect(queue.size).toBe(1);
  });
});

describe('jobs side by side', () => {
  it('finishes a small job of another company while a large one runs, which goes on', async () => {
    const jobs = runner(4);
    jobs.start();
    try {
      const large = await queueJob(companyA, ruleA, 200_000);
      await waitFor(async () => (await state(large)).progress >= CHUNK * 2);
      const small = await queueJob(companyB, ruleB, 1_000);
      await waitFor(async () => (await state(small)).status === 'DONE');
      const largeNow = await state(large);
      expect(largeNow.status).toBe('RUNNING');
      expect(largeNow.progress).toBeLessThan(200_000);
      expect(await storedCodes(small)).toEqual({ rows: 1_000, distinct: 1_000 });
      // the large job keeps going once the small one is done
      const before = largeNow.progress;
      await waitFor(async () => (await state(large)).progress > before + CHUNK * 2);
      await sql`update code_record set status = 'CANCELLED' where id = ${large}`.execute(t.database.db);
    } finally {
      await jobs.stop();
    }
  });

  it('with one slot, as before, the small job waits for the large one', async () => {
    const jobs = runner(1);
    jobs.start();
    try {
      const large = await queueJob(companyA, ruleA, 200_000);
      await waitFor(async () => (await state(large)).progress >= CHUNK * 2);
      const small = await queueJob(companyB, ruleB, 1_000);
      const before = (await state(large)).progress;
      await waitFor(async () => (await state(large)).progress > before + CHUNK * 8);
      expect((await state(small)).status).toBe('QUEUED');
      await sql`update code_record set status = 'CANCELLED' where id = ${large}`.execute(t.database.db);
      await waitFor(async () => (await state(small)).status === 'DONE');
    } finally {
      await jobs.stop();
    }
  });

  it('gives each company the same share of steps, whatever the number of its jobs', async () => {
    const order: string[] = [];
    // A kind whose step moves the job on by one under its row lock, as every kind must, and notes whose turn it was.
    const counting: JobKind = {
      name: 'counting',
      table: 'code_record',
      async step(id, workerId) {
        const moved = await sql<{ status: string }>`
          update code_record
          set progress = progress + 1, heartbeat_at = now(),
              status = case when progress + 1 >= quantity then 'DONE' else status end,
              finished_at = case when progress + 1 >= quantity then now() else finished_at end
          where id = ${id} and worker_id = ${workerId} and status = 'RUNNING'
          returning status`.execute(t.database.db);
        const row = moved.rows[0];
        if (!row) return 'finished';
        order.push(id);
        return row.status === 'DONE' ? 'finished' : 'more';
      },
    };
    const a1 = await queueJob(companyA, ruleA, 6);
    const a2 = await queueJob(companyA, ruleA, 6);
    const b1 = await queueJob(companyB, ruleB, 6);
    const jobs = new JobRunner({ db: t.database.db, kinds: [counting], staleSeconds: 30, pollMs: 50, slots: 4 });
    jobs.start();
    try {
      await waitFor(async () => (await Promise.all([a1, a2, b1].map(state))).every((s) => s.status === 'DONE'));
    } finally {
      await jobs.stop();
    }
    // Company B's one job had every other step until it was done, company A's two jobs shared the rest.
    const firstTwelve = order.slice(0, 12);
    expect(firstTwelve.filter((id) => id === b1)).toHaveLength(6);
    expect(firstTwelve.filter((_, i) => i % 2 === 1).every((id) => id === b1)).toBe(true);
    expect(order).toHaveLength(18);
  });

  it('hands every job back on a clean stop, and they resume to exactly their quantity', async () => {
    const jobs = runner(4);
    jobs.start();
    const first = await queueJob(companyA, ruleA, 20_000);
    const second = await queueJob(companyB, ruleB, 20_000);
    await waitFor(async () => (await state(first)).progress > 0 && (await state(second)).progress > 0);
    await jobs.stop();
    for (const id of [first, second]) {
      const stopped = await state(id);
      if (stopped.status === 'RUNNING') expect(stopped).toMatchObject({ worker_id: null, heartbeat_at: null });
    }
    const again = runner(4);
    again.start();
    try {
      await waitFor(async () => (await state(first)).status === 'DONE' && (await state(second)).status === 'DONE', 60_000);
    } finally {
      await again.stop();
    }
    for (const id of [first, second]) expect(await storedCodes(id)).toEqual({ rows: 20_000, distinct: 20_000 });
  });
});
