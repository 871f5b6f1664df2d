import type { ScanSimulateResult } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from './support/fixtures.js';
import { insertJob, insertRule } from './support/codeFixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const SIMULATE = '/acc/api/securityCode/simulate';
const PASSWORD = 'Pass-word-1';
const DINGTALK =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 AliApp(DingTalk/7.0.0) com.laiwang.DingTalk/27543418 Channel/201200 language/zh-Hans-CN UT4Aplus/0.0.6 WK';

let t: TestApp;
let code: string;
let otherCode: string;
let token: string;

beforeAll(async () => {
  t = await startTestApp({ SCAN_RATE_LIMIT_PER_MINUTE: '0' });
  const db = t.database.db;
  const company = await createCompany(db, 'Simulating');
  const other = await createCompany(db, 'Elsewhere');
  await createUser(db, { username: 'sim_admin', password: PASSWORD, userType: '3', companyId: company, roles: ['ENTERPRISE_ADMIN'] });
  code = (await insertJob(db, { companyId: company, ruleId: await insertRule(db, company), count: 1 })).codes[0] as string;
  otherCode = (await insertJob(db, { companyId: other, ruleId: await insertRule(db, other), count: 1 })).codes[0] as string;
  await db.updateTable('code').set({ status: 'ACTIVATED' }).where('code', 'in', [code, otherCode]).execute();
  token = await signIn(t.app, 'sim_admin', PASSWORD);
}, 60_000);

afterAll(async () => t?.close());

describe('staff scan simulator', () => {
  it('answers the verdict for the chosen IP and user agent without counting, recorded as TEST', async () => {
    const simulate = () =>
      call<ScanSimulateResult>(t.app, 'POST', SIMULATE, { token, body: { code, ip: '223.5.5.5', userAgent: DINGTALK } });
    for (let i = 0; i < 2; i++) {
      const res = await simulate();
      expect(res.body.code, res.body.msg).toBe('SUCCESS');
      expect(res.body.data).toMatchObject({
        result: { verdict: 'GENUINE', scanCount: 1, scanToken: null },
        place: { province: '浙江省', city: '杭州市', areaCode: '330000' },
        clientType: 'DINGTALK',
        os: 'iOS 16.1',
      });
    }
    const rows = await t.database.db.selectFrom('scan_record').select(['source', 'verdict', 'scan_seq', 'area_code']).where('code_text', '=', code).execute();
    expect(rows).toEqual([
      { source: 'TEST', verdict: 'GENUINE', scan_seq: null, area_code: '330000' },
      { source: 'TEST', verdict: 'GENUINE', scan_seq: null, area_code: '330000' },
    ]);
    const counters = await t.database.db.selectFrom('code_scan').selectAll().execute();
    expect(counters).toEqual([]);
  });

  it('after a consumer check it shows what the next check would answer', async () => {
    await call(t.app, 'GET', '/acc/api/securityCode/check', { query: { code }, ip: '114.114.114.114' });
    const res = await call<ScanSimulateResult>(t.app, 'POST', SIMULATE, { token, body: { code } });
    expect(res.body.data.result).toMatchObject({ verdict: 'REPEATED', scanCount: 2, firstScanPlace: '江苏省南京市' });
    // a second province within the window is what a consumer there would be flagged for; the same province is not
    const from = async (ip: string) =>
      (await call<ScanSimulateResult>(t.app, 'POST', SIMULATE, { token, body: { code, ip } })).body.data.result.suspicious;
    expect(await from('223.5.5.5')).toBe(true);
    expect(await from('114.114.114.114')).toBe(false);
    const counter = await t.database.db.selectFrom('code_scan').select(['scan_count', 'suspicious', 'recent_provinces']).executeTakeFirstOrThrow();
    expect(counter).toEqual({ scan_count: 1, suspicious: false, recent_provinces: ['320000'] });
  });

  it('another company’s code is NOT_FOUND; the simulator needs a session', async () => {
    const res = await call<ScanSimulateResult>(t.app, 'POST', SIMULATE, { token, body: { code: otherCode } });
    expect(res.body.data.result.verdict).toBe('NOT_FOUND');
    expect((await call(t.app, 'POST', SIMULATE, { body: { code } })).body.code).toBe('NO_LOGIN_ERROR');
  });
});
