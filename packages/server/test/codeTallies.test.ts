import type { BatchRow, CodeRecordRow, PageResult } from '@rd/contract';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeActivationKind, runJobNow } from '../src/modules/codeRecord/jobs.js';
import { openDatabase } from '../src/platform/db/database.js';
import { MIGRATIONS_DIR, migrate } from '../src/platform/db/migrate.js';
import { JobRunner } from '../src/platform/jobs/jobRunner.js';
import { insertJob, insertProductWithBatch, insertRule } from './support/codeFixtures.js';
import { createCompany, createUser } from './support/fixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

/**
 * The bound, activated and voided counts of the job and batch lists come from tallies kept by triggers on
 * `code`; every way a code changes must move them, and they must always equal a count of the codes.
 */

const PASSWORD = 'Tally-Pass-1';
let t: TestApp;
let companyA: string;
let adminA: string;

beforeAll(async () => {
  t = await startTestApp({ CODE_CHUNK_SIZE_EMBEDDED: '40', CODE_CHUNK_SIZE: '40' });
  companyA = await createCompany(t.database.db, 'Tally A');
  await createUser(t.database.db, { username: 'tallyAdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  adminA = await signIn(t.app, 'tallyAdminA', PASSWORD);
});
afterAll(() => t.close());

async function jobCounts(id: string) {
  const res = await call<CodeRecordRow>(t.app, 'GET', '/acc/api/codeRecord/getById', { token: adminA, query: { id } });
  expect(res.body.code, res.body.msg).toBe('SUCCESS');
  const { boundCount, activatedCount, voidedCount } = res.body.data;
  const listed = await call<PageResult<CodeRecordRow>>(t.app, 'POST', '/acc/api/codeRecord/pageList', { token: adminA, body: { pageSize: 100 } });
  const row = listed.body.data.list.find((r) => r.id === id);
  expect(row && { boundCount: row.boundCount, activatedCount: row.activatedCount, voidedCount: row.voidedCount }).toEqual({ boundCount, activatedCount, voidedCount });
  return { bound: boundCount, activated: activatedCount, voided: voidedCount };
}

async function batchCounts(batchId: string) {
  const res = await call<PageResult<BatchRow>>(t.app, 'POST', '/acc/api/productBatch/pageList', { token: adminA, body: { pageSize: 100 } });
  expect(res.body.code, res.body.msg).toBe('SUCCESS');
  const row = res.body.data.list.find((r) => r.id === batchId);
  if (!row) throw new Error('batch not listed');
  expect(row.codeCount).toBe(row.boundCount);
  return { bound: row.boundCount, activated: row.activatedCount, voided: row.voidedCount };
}

/** The same figures counted from the codes themselves. */
async function countedFromCodes(by: { recordId?: string; batchId?: string }) {
  let q = t.database.db.selectFrom('code').select(['status', 'batch_id']);
  if (by.recordId) q = q.where('record_id', '=', by.recordId);
  if (by.batchId) q = q.where('batch_id', '=', by.batchId);
  const rows = await q.execute();
  return {
    bound: rows.filter((r) => r.batch_id !== null).length,
    activated: rows.filter((r) => r.status === 'ACTIVATED').length,
    voided: rows.filter((r) => r.status === 'VOIDED').length,
  };
}

async function generate(body: Record<string, unknown>) {
  const res = await call<CodeRecordRow>(t.app, 'POST', '/acc/api/codeRecord/add', { token: adminA, body });
  expect(res.body.code, res.body.msg).toBe('SUCCESS');
  expect(await runJobNow(jobContext(), res.body.data.id)).toBe('finished');
  return res.body.data.id;
}

const jobContext = () => ({ database: t.database, db: t.database.db, config: t.config });

async function codesOf(recordId: string) {
  return t.database.db.selectFrom('code').select(['id', 'code']).where('record_id', '=', recordId).orderBy('id').execute();
}

describe('code tallies', () => {
  it('follow generation, activation, voiding, binding, undo and whole-job activation, always equal to a count of the codes', async () => {
    const db = t.database.db;
    const rule = await insertRule(db, companyA, { shape: { bodyLength: 12, alphabet: 'CROCKFORD32', checkScheme: 'DAMM' } });
    const { productId, batchId } = await insertProductWithBatch(db, companyA, { batchNo: 'TALLY-1' });
    const other = await insertProductWithBatch(db, companyA, { batchNo: 'TALLY-2' });

    // generated for a batch: bound to it, none in force (what the old list called "20,000 bound")
    const forBatch = await generate({ ruleId: rule, quantity: 100, productId, batchId });
    expect(await jobCounts(forBatch)).toEqual({ bound: 100, activated: 0, voided: 0 });
    expect(await batchCounts(batchId)).toEqual({ bound: 100, activated: 0, voided: 0 });

    // generated without a batch: nothing bound
    const loose = await generate({ ruleId: rule, quantity: 30 });
    expect(await jobCounts(loose)).toEqual({ bound: 0, activated: 0, voided: 0 });

    const codes = await codesOf(forBatch);
    const activated = await call(t.app, 'POST', '/acc/api/code/activate', { token: adminA, body: { ids: codes.slice(0, 5).map((c) => c.id) } });
    expect(activated.body.code, activated.body.msg).toBe('SUCCESS');
    const voided = await call(t.app, 'POST', '/acc/api/code/void', { token: adminA, body: { id: codes[0]?.id, reason: 'label torn' } });
    expect(voided.body.code, voided.body.msg).toBe('SUCCESS');
    await call(t.app, 'POST', '/acc/api/code/void', { token: adminA, body: { id: codes[10]?.id, reason: 'misprint' } });
    expect(await jobCounts(forBatch)).toEqual({ bound: 100, activated: 4, voided: 2 });
    expect(await batchCounts(batchId)).toEqual({ bound: 100, activated: 4, voided: 2 });

    // binding loose codes to the other batch puts them in force; an undo takes one back
    const looseCodes = await codesOf(loose);
    const bound = await call(t.app, 'POST', '/acc/api/code/bindBatch', { token: adminA, body: { batchId: other.batchId, codes: looseCodes.slice(0, 8).map((c) => c.code) } });
    expect(bound.body.code, bound.body.msg).toBe('SUCCESS');
    const undone = await call(t.app, 'POST', '/acc/api/code/unbindBatch', { token: adminA, body: { code: looseCodes[0]?.code } });
    expect(undone.body.code, undone.body.msg).toBe('SUCCESS');
    expect(await jobCounts(loose)).toEqual({ bound: 7, activated: 7, voided: 0 });
    expect(await batchCounts(other.batchId)).toEqual({ bound: 7, activated: 7, voided: 0 });

    // the whole job put in force in background steps: voided codes stay voided
    const asked = await call<{ id: string }>(t.app, 'POST', '/acc/api/codeRecord/activate', { token: adminA, body: { id: forBatch } });
    expect(asked.body.code, asked.body.msg).toBe('SUCCESS');
    const runner = new JobRunner({ db, kinds: [], staleSeconds: 0, pollMs: 10 });
    expect(await runner.runJob(codeActivationKind(jobContext()), asked.body.data.id)).toBe('finished');
    expect(await jobCounts(forBatch)).toEqual({ bound: 100, activated: 98, voided: 2 });

    for (const recordId of [forBatch, loose]) expect(await jobCounts(recordId)).toEqual(await countedFromCodes({ recordId }));
    for (const id of [batchId, other.batchId]) expect(await batchCounts(id)).toEqual(await countedFromCodes({ batchId: id }));
  });
});

describe('a database with codes made before the tallies', () => {
  it('is counted once by migration 0034, and the counts follow from then on', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-migrations-'));
    const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    try {
      for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f < '0034')) fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
      await migrate(database, dir);
      const db = database.db;
      const company = await createCompany(db, 'Before tallies');
      const rule = await insertRule(db, company);
      const { productId, batchId } = await insertProductWithBatch(db, company, { batchNo: 'OLD-1' });
      const job = await insertJob(db, { companyId: company, ruleId: rule, count: 9, productId, batchId });
      await db.updateTable('code').set({ status: 'ACTIVATED' }).where('id', 'in', job.codeIds.slice(0, 4)).execute();
      await db.updateTable('code').set({ status: 'VOIDED' }).where('id', '=', job.codeIds[8] as string).execute();
      await db.updateTable('code').set({ batch_id: null, product_id: null }).where('id', '=', job.codeIds[7] as string).execute();

      fs.copyFileSync(path.join(MIGRATIONS_DIR, '0034_code_tallies.sql'), path.join(dir, '0034_code_tallies.sql'));
      expect(await migrate(database, dir)).toEqual(['0034_code_tallies.sql']);
      const tallies = async () =>
        (await db.selectFrom('code_tally').select(['batch_id', 'status', 'codes']).where('record_id', '=', job.id).orderBy('status').orderBy('batch_id').execute())
          .filter((r) => Number(r.codes) !== 0)
          .map((r) => [r.batch_id, r.status, Number(r.codes)]);
      expect(await tallies()).toEqual([
        [batchId, 'ACTIVATED', 4],
        [batchId, 'NOT_ACTIVATED', 3],
        [null, 'NOT_ACTIVATED', 1],
        [batchId, 'VOIDED', 1],
      ]);
      await db.updateTable('code').set({ status: 'ACTIVATED' }).where('id', '=', job.codeIds[4] as string).execute();
      await db.deleteFrom('code').where('id', '=', job.codeIds[5] as string).execute();
      expect(await tallies()).toEqual([
        [batchId, 'ACTIVATED', 5],
        [batchId, 'NOT_ACTIVATED', 1],
        [null, 'NOT_ACTIVATED', 1],
        [batchId, 'VOIDED', 1],
      ]);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
