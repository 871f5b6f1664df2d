import type { ScanCheckResult } from '@rd/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySecret } from '../src/modules/rule/companySecret.js';
import { hiddenCode } from '../src/modules/rule/codeMaker.js';
import { createCompany, createUser } from './support/fixtures.js';
import { insertJob, insertProductWithBatch, insertRule } from './support/codeFixtures.js';
import { call, startTestApp, TEST_DB_KIND, type TestApp } from './support/testApp.js';

/**
 * The consumer check of recalled items (the recall's lifecycle is recalls.test.ts): the recall is told above
 * every verdict of a code that was found, never to a wrong hidden code, and written on the scan record; an
 * activation shows within SCAN_ANSWER_CACHE_SECONDS (here 1 s), a closing at once.
 */

const CHECK = '/acc/api/securityCode/check';
const CACHE_SECONDS = 1;

let t: TestApp;
let companyA: string;
let userA: string;
let codes: string[];
let hidden: string;
let other: string;
let secret: Buffer;

async function check(code: string, hiddenDigits?: string): Promise<ScanCheckResult> {
  const query: Record<string, string> = { code };
  if (hiddenDigits) query.hiddenCode = hiddenDigits;
  const res = await call<ScanCheckResult>(t.app, 'GET', CHECK, { query, ip: '114.114.114.114' });
  expect(res.body.code, res.body.msg).toBe('SUCCESS');
  return res.body.data;
}

async function lastRecord(code: string) {
  return t.database.db.selectFrom('scan_record').select(['verdict', 'recall_id']).where('code_text', '=', code).orderBy('id', 'desc').executeTakeFirstOrThrow();
}

/** A recall of `codeTexts` written as the recall module leaves it once resolved, in the given state. */
async function recallOf(codeTexts: string[], state: 'DRAFT' | 'ACTIVE'): Promise<string> {
  const db = t.database.db;
  const { rows } = await sql<{ id: string }>`
    INSERT INTO recall (company_id, recall_no, state, level, reason, instruction, contact, started_at, selection_kind, code_count, resolved_at, created_by)
    VALUES (${companyA}, ${`ZH-TEST-${Math.random().toString(36).slice(2, 8)}`}, ${state}, 1, '检出沙门氏菌 <b>', '请停止食用，退回购买处', '400-800-1234',
            ${state === 'ACTIVE' ? sql`now()` : sql`NULL`}, 'LIST', ${codeTexts.length}, now(), ${userA})
    RETURNING id`.execute(db);
  const id = (rows[0] as { id: string }).id;
  await sql`INSERT INTO recall_code (recall_id, code_id, company_id)
            SELECT ${id}::uuid, c.id, c.company_id FROM code c WHERE c.code = ANY(${`{${codeTexts.join(',')}}`}::text[])`.execute(db);
  return id;
}

beforeAll(async () => {
  t = await startTestApp({ SCAN_RATE_LIMIT_PER_MINUTE: '0', SCAN_ANSWER_CACHE_SECONDS: String(CACHE_SECONDS) });
  const db = t.database.db;
  companyA = await createCompany(db, 'Recalled Melons');
  userA = await createUser(db, { username: 'recallCheckA', password: 'Passw0rd!x', userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  const bound = await insertProductWithBatch(db, companyA, { batchNo: 'R1' });
  const rule = await insertRule(db, companyA);
  const hiddenRule = await insertRule(db, companyA, { hiddenLength: 6 });
  codes = (await insertJob(db, { companyId: companyA, ruleId: rule, count: 5, productId: bound.productId, batchId: bound.batchId })).codes;
  hidden = (await insertJob(db, { companyId: companyA, ruleId: hiddenRule, count: 1, productId: bound.productId, batchId: bound.batchId })).codes[0] as string;
  other = codes[4] as string;
  await db.updateTable('code').set({ status: 'ACTIVATED', activated_at: new Date() }).where('code', 'in', [codes[0]!, codes[1]!, hidden, other]).execute();
  await db.updateTable('code').set({ status: 'VOIDED', voided_at: new Date() }).where('code', '=', codes[2]!).execute();
  secret = await companySecret(db, companyA);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe(`the check of a recalled item (${TEST_DB_KIND})`, () => {
  it('a draft recall tells nothing; once active, every verdict of a found code tells it, within the cache time', async () => {
    const id = await recallOf([codes[0]!, codes[1]!, codes[2]!, codes[3]!, hidden], 'DRAFT');
    expect((await check(codes[0]!)).recall).toBeNull();
    await t.database.db.updateTable('recall').set({ state: 'ACTIVE', started_at: new Date() }).where('id', '=', id).execute();
    const activatedAt = Date.now();
    let seen: ScanCheckResult | null = null;
    while (Date.now() - activatedAt < (CACHE_SECONDS + 1) * 1000) {
      const result = await check(codes[1]!);
      if (result.recall) {
        seen = result;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen?.recall).toEqual({
      level: 1,
      reason: '检出沙门氏菌 <b>',
      instruction: '请停止食用，退回购买处',
      contact: '400-800-1234',
      startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(await lastRecord(codes[1]!)).toEqual({ verdict: seen?.verdict, recall_id: id });
    // the verdict is earned as always: genuine, then repeated, not activated, voided, each with the recall
    expect(await check(codes[0]!)).toMatchObject({ verdict: 'REPEATED', recall: { level: 1 } });
    expect(await check(codes[2]!)).toMatchObject({ verdict: 'VOIDED', recall: { level: 1 }, product: null });
    expect(await check(codes[3]!)).toMatchObject({ verdict: 'NOT_ACTIVATED', recall: { level: 1 } });
    // a code outside the recall, of the same company and batch, is told nothing
    expect(await check(other)).toMatchObject({ verdict: 'GENUINE', recall: null });
    expect((await lastRecord(other)).recall_id).toBeNull();
  });

  it('a wrong hidden code learns nothing of the recall; the right one does', async () => {
    const wrong = await check(hidden, '000000' === hiddenCode(secret, hidden, 6) ? '000001' : '000000');
    expect(wrong).toMatchObject({ verdict: 'SECURITY_CODE_MISMATCH', recall: null });
    expect(await check(hidden, hiddenCode(secret, hidden, 6))).toMatchObject({ verdict: 'GENUINE', recall: { level: 1 } });
  });

  it('a closed recall stops showing at once', async () => {
    await t.database.db.updateTable('recall').set({ state: 'CLOSED', closed_at: new Date() }).where('company_id', '=', companyA).execute();
    expect(await check(codes[1]!)).toMatchObject({ verdict: 'REPEATED', recall: null });
    expect((await lastRecord(codes[1]!)).recall_id).toBeNull();
  });
});
