import type { DealerRow, ShipmentRow, TraceStep } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySecret } from '../src/modules/rule/companySecret.js';
import { hiddenCode } from '../src/modules/rule/codeMaker.js';
import { insertJob, insertProductWithBatch, insertRule } from './support/codeFixtures.js';
import { packingCodes } from './support/boxFixtures.js';
import { createCompany, createUser } from './support/fixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Trace-Pass-1';
const TRACE = '/acc/api/securityCode/queryTrace';
let t: TestApp;
let companyA: string;
let adminA: string;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000', SCAN_RATE_LIMIT_PER_MINUTE: '1000' });
  companyA = await createCompany(t.database.db, 'Trace A');
  await createUser(t.database.db, { username: 'traceAdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  adminA = await signIn(t.app, 'traceAdminA', PASSWORD);
});
afterAll(() => t.close());

const trace = async (code: string, query: Record<string, string> = {}) =>
  (await call<{ steps: TraceStep[] }>(t.app, 'GET', TRACE, { query: { code, ...query } })).body.data.steps;

async function ship(dealer: DealerRow, codes: string[], kind: '' | '/return' = '') {
  const order = (await call<ShipmentRow>(t.app, 'POST', `/acc/api/shipment${kind}/add`, { token: adminA, body: { dealerId: dealer.id } })).body.data;
  expect((await call(t.app, 'POST', `/acc/api/shipment${kind}/scan`, { token: adminA, body: { id: order.id, codes } })).body.code).toBe('SUCCESS');
  expect((await call(t.app, 'POST', `/acc/api/shipment${kind}/complete`, { token: adminA, body: { id: order.id } })).body.code).toBe('SUCCESS');
  return order;
}

describe('the consumer’s trace', () => {
  it('shows made with its batch, packed, shipped to the dealer’s region and received, from the events', async () => {
    const db = t.database.db;
    const { productId, batchId } = await insertProductWithBatch(db, companyA, { batchNo: 'T-2026-11' });
    const rule = await insertRule(db, companyA);
    const job = await insertJob(db, { companyId: companyA, ruleId: rule, count: 2, productId, batchId });
    const box = (await packingCodes(db, companyA, { items: 0, boxes: 1 })).boxes[0] as string;
    expect((await call(t.app, 'POST', '/acc/api/code/activate', { token: adminA, body: { ids: job.codeIds } })).body.code).toBe('SUCCESS');
    expect((await call(t.app, 'POST', '/acc/api/boxCodeRelation/bind', { token: adminA, body: { boxCode: box, itemCodes: job.codes } })).body.code).toBe('SUCCESS');
    const open = (await call<DealerRow>(t.app, 'POST', '/acc/api/dealer/add', { token: adminA, body: { code: 'OPEN', name: '杭州鲜果行', level: 1, areaCodes: ['330100', '320000', '440000', '310000'] } })).body.data;
    const order = await ship(open, [box]);
    expect((await call(t.app, 'POST', '/acc/api/shipment/receive', { token: adminA, body: { id: order.id } })).body.code).toBe('SUCCESS');

    const steps = await trace(job.codes[0] as string);
    expect(steps.map((s) => s.step)).toEqual(['MADE', 'PACKED', 'SHIPPED', 'RECEIVED']);
    expect(steps[0]).toMatchObject({ lot: 'T-2026-11' });
    expect(steps[2]).toMatchObject({ region: '浙江 杭州市、江苏、广东等', dealer: '杭州鲜果行' });
    expect(steps.every((s) => !Number.isNaN(Date.parse(s.at)))).toBe(true);
    const english = await trace(job.codes[0] as string, { lang: 'en_US' });
    expect(english[2]?.region).toBe('Zhejiang Hangzhou, Jiangsu, Guangdong …');
  });

  it('leaves out the dealer a company keeps private, shows a return, and tells nothing about codes not in force', async () => {
    const db = t.database.db;
    const { items } = await packingCodes(db, companyA, { items: 2, boxes: 0 });
    await db.updateTable('code').set({ status: 'ACTIVATED', activated_at: new Date() }).where('code', 'in', items).execute();
    const quiet = (await call<DealerRow>(t.app, 'POST', '/acc/api/dealer/add', { token: adminA, body: { code: 'QUIET', name: '不公开的经销商', level: 1, areaCodes: ['110000'], namePublic: false } })).body.data;
    await ship(quiet, [items[0] as string]);
    await ship(quiet, [items[0] as string], '/return');
    const steps = await trace(items[0] as string);
    expect(steps.map((s) => s.step)).toEqual(['SHIPPED', 'RETURNED']);
    expect(steps[0]).toEqual({ step: 'SHIPPED', at: steps[0]?.at, region: '北京' });

    await db.updateTable('code').set({ status: 'VOIDED' }).where('code', '=', items[0] as string).execute();
    expect(await trace(items[0] as string)).toEqual([]);
    expect(await trace('NOSUCHCODE0001')).toEqual([]);
  });

  it('needs the hidden code where the rule prints one', async () => {
    const db = t.database.db;
    const rule = await insertRule(db, companyA, { hiddenLength: 4 });
    const job = await insertJob(db, { companyId: companyA, ruleId: rule, count: 1 });
    expect((await call(t.app, 'POST', '/acc/api/code/activate', { token: adminA, body: { ids: job.codeIds } })).body.code).toBe('SUCCESS');
    const code = job.codes[0] as string;
    const digits = hiddenCode(await companySecret(db, companyA), code, 4);
    expect(await trace(code)).toEqual([]);
    expect(await trace(code, { hiddenCode: digits === '0000' ? '0001' : '0000' })).toEqual([]);
    expect((await trace(code, { hiddenCode: digits })).map((s) => s.step)).toEqual(['MADE']);
  });
});
