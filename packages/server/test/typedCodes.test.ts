import { dammCheckChar, mod3736CheckChar, STATISTICS_API, type QuantityDisplay, type ScanCheckResult, type ScanCodeShapes } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomCodes, type CodeShape } from '../src/modules/rule/codeMaker.js';
import { createCompany, createUser } from './support/fixtures.js';
import { insertJob, insertProductWithBatch, insertRule } from './support/codeFixtures.js';
import { call, signIn, startTestApp, TEST_DB_KIND, type TestApp } from './support/testApp.js';

/**
 * Reading typed codes and telling typing mistakes from unknown codes (tag/typedCode.ts): codes of Damm rules,
 * codes printed by earlier versions with ISO 7064 MOD 37-36 (check characters I, L, O, U included) that must keep
 * verifying exactly as before, CHECK_FAILED from the text alone, and expired batches.
 */

const CHECK = '/acc/api/securityCode/check';
const SHAPES = '/acc/api/securityCode/codeShapes';
const NANJING = '114.114.114.114';
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const PASSWORD = 'Typed-Codes-Pass-1';

let t: TestApp;
let companyA: string;
let companyB: string;
const DAMM_SHAPE: Omit<CodeShape, 'prefix'> = { bodyLength: 14, alphabet: 'CROCKFORD32', checkScheme: 'DAMM' };
const LEGACY_SHAPE: Omit<CodeShape, 'prefix'> = { bodyLength: 12, alphabet: 'CROCKFORD32', checkScheme: 'MOD37_36' };
let dammCodes: string[];
/** Codes of the old scheme whose check character is outside Crockford's alphabet (I, L, O or U). */
let legacyOutside: string[];
let expiredCode: string;
let freshCode: string;
let expiredOn: string;

async function check(code: string): Promise<ScanCheckResult> {
  const res = await call<ScanCheckResult>(t.app, 'GET', CHECK, { query: { code }, ip: NANJING });
  expect(res.body.code, res.body.msg).toBe('SUCCESS');
  return res.body.data;
}

async function recordOf(codeText: string) {
  return t.database.db.selectFrom('scan_record').selectAll().where('code_text', '=', codeText).orderBy('id', 'desc').executeTakeFirstOrThrow();
}

/** The business day (Asia/Shanghai, the default BUSINESS_TIME_ZONE) `days` from now, as YYYY-MM-DD. */
function businessDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + days * 86_400_000));
}

async function activate(codes: string[]) {
  await t.database.db.updateTable('code').set({ status: 'ACTIVATED', activated_at: new Date() }).where('code', 'in', codes).execute();
}

/** One character of `code` at `at` replaced by another of the alphabet. */
function substituted(code: string, at: number): string {
  const other = CROCKFORD[(CROCKFORD.indexOf(code[at] as string) + 7) % CROCKFORD.length] as string;
  return code.slice(0, at) + other + code.slice(at + 1);
}

beforeAll(async () => {
  t = await startTestApp({ SCAN_RATE_LIMIT_PER_MINUTE: '0', SCAN_ANSWER_CACHE_SECONDS: '0', LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  companyA = await createCompany(db, 'Typed Codes A');
  companyB = await createCompany(db, 'Typed Codes B');
  await createUser(db, { username: 'typedCodesAdmin', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  const bound = await insertProductWithBatch(db, companyA, { batchNo: 'FRESH' });
  const expired = await insertProductWithBatch(db, companyA, { batchNo: 'OLD' });
  expiredOn = businessDay(-1);
  await db.updateTable('product_batch').set({ expiry_date: expiredOn }).where('id', '=', expired.batchId).execute();
  // expiring today is not expired yet
  const farmer = await db.insertInto('farmer').values({ company_id: companyA, name: '王大伯', phone: '13812345678', region_name: '吐鲁番' }).returning('id').executeTakeFirstOrThrow();
  await db.updateTable('product_batch').set({ expiry_date: businessDay(0), farmer_id: farmer.id }).where('id', '=', bound.batchId).execute();

  const dammRule = await insertRule(db, companyA, { prefix: 'TD', shape: DAMM_SHAPE });
  dammCodes = randomCodes({ prefix: 'TD', ...DAMM_SHAPE }, 6);
  await insertJob(db, { companyId: companyA, ruleId: dammRule, codes: dammCodes, productId: bound.productId, batchId: bound.batchId });

  const legacyRule = await insertRule(db, companyA, { prefix: 'TQ', shape: LEGACY_SHAPE });
  const made = randomCodes({ prefix: 'TQ', ...LEGACY_SHAPE }, 400);
  legacyOutside = ['I', 'L', 'O', 'U'].map((c) => made.find((code) => code.endsWith(c)) as string).filter(Boolean);
  await insertJob(db, { companyId: companyA, ruleId: legacyRule, codes: made, productId: bound.productId, batchId: bound.batchId });

  const expiredRule = await insertRule(db, companyA, { prefix: 'TX', shape: DAMM_SHAPE });
  [expiredCode] = randomCodes({ prefix: 'TX', ...DAMM_SHAPE }, 1) as [string];
  await insertJob(db, { companyId: companyA, ruleId: expiredRule, codes: [expiredCode], productId: expired.productId, batchId: expired.batchId });
  freshCode = dammCodes[5] as string;

  // the same shape in two companies: a mistyped code of that shape belongs to neither
  for (const company of [companyA, companyB]) {
    const shared = await insertRule(db, company, { prefix: 'SH', shape: DAMM_SHAPE });
    await insertJob(db, { companyId: company, ruleId: shared, codes: randomCodes({ prefix: 'SH', ...DAMM_SHAPE }, 1) });
  }
  await activate([...dammCodes, ...legacyOutside, expiredCode]);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe(`typed codes, typing mistakes and expired batches (${TEST_DB_KIND})`, () => {
  it('codes printed with the old MOD 37-36 check verify exactly as before, check characters I, L, O and U included', async () => {
    expect(legacyOutside.length).toBeGreaterThanOrEqual(3);
    for (const code of legacyOutside) {
      expect(mod3736CheckChar(code.slice(0, -1))).toBe(code.slice(-1));
      const result = await check(code);
      expect(result, code).toMatchObject({ verdict: 'GENUINE', code });
      expect((await check(code.toLowerCase())).verdict).toBe('REPEATED');
    }
  });

  it('a Crockford code is read as Crockford intends: lower case, O as 0, I and L as 1, hyphens and blanks left out; the record keeps what was typed', async () => {
    const code = dammCodes[0] as string;
    const typed = [...code.toLowerCase()]
      .map((c) => (c === '0' ? 'o' : c === '1' ? 'l' : c))
      .join('')
      .replace(/(.{4})/g, '$1-')
      .replace(/-$/, '');
    const result = await check(` ${typed} `);
    expect(result).toMatchObject({ verdict: 'GENUINE', code, scanCount: 1 });
    const record = await recordOf(typed);
    expect(record).toMatchObject({ verdict: 'GENUINE', company_id: companyA });
    expect(record.code_id).not.toBeNull();
    expect((await check(code.replace(/1/g, 'I').split('').join(' '))).verdict).toBe('REPEATED');
    // the page's later calls, with what was typed, find the same code
    const trace = await call<{ steps: Array<{ step: string }> }>(t.app, 'GET', '/acc/api/securityCode/queryTrace', { query: { code: typed }, ip: NANJING });
    const traceAsPrinted = await call<{ steps: Array<{ step: string }> }>(t.app, 'GET', '/acc/api/securityCode/queryTrace', { query: { code }, ip: NANJING });
    expect(trace.body).toEqual(traceAsPrinted.body);
    const farmer = await call<{ name: string } | null>(t.app, 'GET', '/acc/api/securityCode/queryFarmer', { query: { code: typed }, ip: NANJING });
    expect(farmer.body.data?.name).toBe('王大伯');
    expect(farmer.body).toEqual((await call(t.app, 'GET', '/acc/api/securityCode/queryFarmer', { query: { code }, ip: NANJING })).body);
  });

  it('a text that fits the shape of codes in use and fails every check character is CHECK_FAILED: nothing told, recorded for the company', async () => {
    const code = dammCodes[1] as string;
    const typos = [substituted(code, 2), substituted(code, code.length - 1), code.slice(0, 5) + code[6] + code[5] + code.slice(7)];
    for (const typo of typos.filter((x) => x !== code)) {
      const { scanToken, ...rest } = await check(typo);
      expect(scanToken).toMatch(/^\d+\./);
      expect(rest).toEqual({
        verdict: 'CHECK_FAILED',
        code: typo,
        needsHiddenCode: false,
        hiddenCodeLength: 0,
        scanCount: 0,
        firstScanAt: null,
        firstScanPlace: '',
        firstScanPlaceEn: '',
        suspicious: false,
        repeatThreshold: 0,
        expiredOn: null,
        recall: null,
        product: null,
        batch: null,
        grower: null,
        company: null,
      });
      const record = await recordOf(typo);
      expect(record).toMatchObject({ verdict: 'CHECK_FAILED', code_id: null, company_id: companyA, source: 'CHECK', area_code: '320000' });
    }
    // the real code was never counted by its typos
    expect((await check(code)).verdict).toBe('GENUINE');
    // an old code's near miss too
    const legacy = legacyOutside[0] as string;
    const nearMiss = legacy.slice(0, -1) + (legacy.endsWith('A') ? 'B' : 'A');
    expect((await check(nearMiss)).verdict).toBe('CHECK_FAILED');
  });

  it('decides from the text alone: a well-formed code that does not exist is NOT_FOUND; a mistyped code of a shape two companies use belongs to neither', async () => {
    const body = 'TD' + 'Z'.repeat(DAMM_SHAPE.bodyLength);
    const wellFormed = body + dammCheckChar(CROCKFORD, body);
    expect((await check(wellFormed)).verdict).toBe('NOT_FOUND');
    const sharedBody = 'SH' + 'Y'.repeat(DAMM_SHAPE.bodyLength);
    const wrongCheck = sharedBody + CROCKFORD[(CROCKFORD.indexOf(dammCheckChar(CROCKFORD, sharedBody)) + 1) % 32];
    expect((await check(wrongCheck)).verdict).toBe('CHECK_FAILED');
    expect(await recordOf(wrongCheck)).toMatchObject({ verdict: 'CHECK_FAILED', company_id: null });
    // text of no shape in use is looked up as it is
    expect((await check('HELLO')).verdict).toBe('NOT_FOUND');
  });

  it('answers the shapes of codes in use, publicly and without companies', async () => {
    const res = await call<ScanCodeShapes>(t.app, 'GET', SHAPES);
    expect(res.body.code).toBe('SUCCESS');
    expect(res.body.data.shapes).toEqual(
      expect.arrayContaining([
        { prefix: 'TD', ...DAMM_SHAPE },
        { prefix: 'TQ', ...LEGACY_SHAPE },
        { prefix: 'SH', ...DAMM_SHAPE },
      ]),
    );
    // one entry per shape, however many companies use it
    expect(res.body.data.shapes.filter((s) => s.prefix === 'SH')).toHaveLength(1);
    expect(JSON.stringify(res.body.data)).not.toContain(companyA);
  });

  it('an expired batch still gets its verdict, with the date it expired, counted apart in statistics; a batch expiring today has not expired', async () => {
    const figures = async () => {
      const res = await call<QuantityDisplay>(t.app, 'POST', `${STATISTICS_API}/quantityDisplayList`, {
        token: await signIn(t.app, 'typedCodesAdmin', PASSWORD),
        body: { beginDate: businessDay(-1), endDate: businessDay(1) },
      });
      expect(res.body.code, res.body.msg).toBe('SUCCESS');
      return res.body.data;
    };
    const before = await figures();
    const first = await check(expiredCode);
    expect(first).toMatchObject({ verdict: 'GENUINE', expiredOn });
    expect(first.batch?.batchNo).toBe('OLD');
    expect((await check(expiredCode)).expiredOn).toBe(expiredOn);
    const fresh = await check(freshCode);
    expect(fresh).toMatchObject({ verdict: 'GENUINE', expiredOn: null });
    const after = await figures();
    expect(after.expiredScans - before.expiredScans).toBe(2);
    expect(after.scans - before.scans).toBe(3);
  });

  it('an expired item not in force tells no expiry', async () => {
    await t.database.db.updateTable('code').set({ status: 'VOIDED' }).where('code', '=', expiredCode).execute();
    expect(await check(expiredCode)).toMatchObject({ verdict: 'VOIDED', expiredOn: null });
  });
});
