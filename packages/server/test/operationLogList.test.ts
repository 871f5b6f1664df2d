import type { Envelope, PageResult } from '@rd/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USERNAME } from '../src/seed/adminSeed.js';
import { createCompany, createUser } from './support/fixtures.js';
import { ADMIN_PASSWORD, call, signIn, startTestApp, type TestApp } from './support/testApp.js';

interface Entry {
  id: string;
  username: string;
  companyName: string;
  module: string;
  action: string;
  target: string;
  method: string;
  url: string;
  ip: string;
  userAgent: string;
  params: string;
  result: 'SUCCESS' | 'FAILURE';
  errorCode: string;
  durationMs: number;
  createdAt: string;
}

const LIST = '/acc/api/qfOperationRecord/pageList';
const MODULES = '/acc/api/qfOperationRecord/modules';
const PASSWORD = 'Pass-word-1';
/** Entries seeded in January and February 2024, far from the sign-ins the tests themselves cause. */
/** A Beijing wall-clock time ('YYYY-MM-DD HH:mm:ss') as an instant. */
const shanghai = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);
const IN_2024 = { beginTime: '2024-01-01 00:00:00', endTime: '2024-12-31 23:59:59' };

let t: TestApp;
let companyA: string;
let companyB: string;
const tokens: Record<'adminA' | 'operatorA' | 'adminB' | 'platform' | 'root', string> = {
  adminA: '',
  operatorA: '',
  adminB: '',
  platform: '',
  root: '',
};

async function seedEntry(entry: {
  company: string | null;
  username: string;
  userId?: string;
  module: string;
  action: string;
  result?: 'SUCCESS' | 'FAILURE';
  ip: string;
  durationMs: number;
  at: Date;
}) {
  await t.database.db
    .insertInto('operation_log')
    .values({
      company_id: entry.company,
      user_id: entry.userId ?? null,
      username: entry.username,
      module: entry.module,
      action: entry.action,
      target: `${entry.module}-1`,
      method: 'POST',
      url: `/acc/api/${entry.module}/x`,
      ip: entry.ip,
      user_agent: 'Seed/1.0 (<b>text</b>)',
      params: '{"name":"x"}',
      result: entry.result ?? 'SUCCESS',
      error_code: entry.result === 'FAILURE' ? 'NOT_FOUND' : '',
      duration_ms: entry.durationMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    // The time is the database's own on insert; seeded entries are moved back to their day.
    .then(({ id }) => sql`UPDATE operation_log SET created_at = ${entry.at} WHERE id = ${id}`.execute(t.database.db));
}

const list = (token: string, body: Record<string, unknown> = {}) =>
  call<PageResult<Entry>>(t.app, 'POST', LIST, { token, body: { ...IN_2024, ...body } });

const names = (res: { body: Envelope<PageResult<Entry>> }) => res.body.data.list.map((e) => `${e.username}/${e.module}/${e.action}`);

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  companyA = await createCompany(db, 'Company A');
  companyB = await createCompany(db, 'Company B');
  await createUser(db, { username: 'adminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'operatorA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_OPERATOR'] });
  await createUser(db, { username: 'adminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'platform', password: PASSWORD, userType: '2', roles: ['PLATFORM_ADMIN'] });
  for (const name of ['adminA', 'operatorA', 'adminB', 'platform'] as const) tokens[name] = await signIn(t.app, name, PASSWORD);
  tokens.root = await signIn(t.app, ADMIN_USERNAME, ADMIN_PASSWORD);

  // times on the business zone's clock (the test app's BUSINESS_TIME_ZONE is Asia/Shanghai)
  // alice has an account with her name; the other entries' accounts are gone (or never were)
  const alice = await createUser(db, { username: 'alice', name: '王小明', password: PASSWORD, userType: '3', companyId: companyA });
  const jan = (day: number, hour: number) => shanghai(`2024-01-${String(day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:00:00`);
  await seedEntry({ company: companyA, username: 'alice', userId: alice, module: 'product', action: 'INSERT', ip: '10.0.0.1', durationMs: 5, at: jan(10, 9) });
  await seedEntry({ company: companyA, username: 'alice', userId: alice, module: 'product', action: 'DELETE', result: 'FAILURE', ip: '10.0.0.2', durationMs: 50, at: jan(11, 10) });
  await seedEntry({ company: companyA, username: 'x%y', module: 'tagRule', action: 'UPDATE', ip: '10.0.0.1', durationMs: 20, at: jan(12, 11) });
  await seedEntry({ company: companyA, username: 'alice', userId: alice, module: 'tagRule', action: 'EXPORT', ip: '10.0.0.3', durationMs: 7, at: shanghai('2024-02-01 08:00:00') });
  await seedEntry({ company: companyB, username: 'bella', module: 'farmer', action: 'INSERT', ip: '10.1.0.1', durationMs: 3, at: jan(10, 9) });
  await seedEntry({ company: companyB, username: 'bella', module: 'product', action: 'DELETE', ip: '10.1.0.1', durationMs: 99, at: jan(15, 12) });
  await seedEntry({ company: null, username: 'root', module: 'menuConf', action: 'UPDATE', ip: '10.2.0.1', durationMs: 1, at: jan(20, 12) });
});
afterAll(() => t.close());

describe('operation log list: tenancy', () => {
  it('shows an enterprise user only their company’s entries, whatever company they ask for', async () => {
    const own = await list(tokens.adminA);
    expect(own.body.code).toBe('SUCCESS');
    expect(own.body.data.total).toBe(4);
    expect(own.body.data.list.every((e) => e.companyName === 'Company A')).toBe(true);
    const forB = await list(tokens.adminA, { companyId: companyB });
    expect(forB.body.data.total).toBe(4);
    expect(names(forB)).not.toContain('bella/farmer/INSERT');

    const b = await list(tokens.adminB);
    expect(names(b).sort()).toEqual(['bella/farmer/INSERT', 'bella/product/DELETE']);
  });

  it('shows platform users every company’s entries and lets them pick one company', async () => {
    for (const token of [tokens.platform, tokens.root]) {
      const all = await list(token);
      expect(all.body.data.total).toBe(7);
      expect(new Set(all.body.data.list.map((e) => e.companyName))).toEqual(new Set(['Company A', 'Company B', '']));
      const onlyB = await list(token, { companyId: companyB });
      expect(names(onlyB).sort()).toEqual(['bella/farmer/INSERT', 'bella/product/DELETE']);
    }
  });

  it('lists the modules among the caller’s visible entries', async () => {
    const a = await call<string[]>(t.app, 'GET', MODULES, { token: tokens.adminA });
    expect(a.body.data).toEqual(expect.arrayContaining(['product', 'tagRule']));
    expect(a.body.data).not.toContain('farmer');
    expect(a.body.data).not.toContain('menuConf');
    expect([...a.body.data].sort()).toEqual(a.body.data);
    const all = await call<string[]>(t.app, 'GET', MODULES, { token: tokens.platform });
    expect(all.body.data).toEqual(expect.arrayContaining(['farmer', 'menuConf', 'product', 'tagRule']));
    expect(new Set(all.body.data).size).toBe(all.body.data.length);
  });
});

describe('operation log list: filters', () => {
  it('filters by username (contains, wildcards taken literally), module, result and ip', async () => {
    expect(names(await list(tokens.adminA, { username: 'LIC' }))).toHaveLength(3);
    expect(names(await list(tokens.adminA, { username: '%' }))).toEqual(['x%y/tagRule/UPDATE']);
    // the list names people by name, so the filter finds the name too
    expect(names(await list(tokens.adminA, { username: '小明' }))).toHaveLength(3);
    expect(names(await list(tokens.adminA, { module: 'tagRule' })).sort()).toEqual(['alice/tagRule/EXPORT', 'x%y/tagRule/UPDATE']);
    expect(names(await list(tokens.adminA, { result: 'FAILURE' }))).toEqual(['alice/product/DELETE']);
    expect(names(await list(tokens.adminA, { ip: '10.0.0.1' })).sort()).toEqual(['alice/product/INSERT', 'x%y/tagRule/UPDATE']);
  });

  it('filters by one action or several', async () => {
    expect(names(await list(tokens.adminA, { action: 'EXPORT' }))).toEqual(['alice/tagRule/EXPORT']);
    const several = await list(tokens.adminA, { action: ['INSERT', 'DELETE'] });
    expect(names(several).sort()).toEqual(['alice/product/DELETE', 'alice/product/INSERT']);
  });

  it('filters by time, written as the portal writes it or as ISO 8601', async () => {
    const day = await list(tokens.adminA, { beginTime: '2024-01-11 00:00:00', endTime: '2024-01-12 23:59:59' });
    expect(names(day).sort()).toEqual(['alice/product/DELETE', 'x%y/tagRule/UPDATE']);
    // a time without an offset is the business zone's wall clock, whatever zone the server process runs in
    expect(names(await list(tokens.adminA, { beginTime: '2024-01-12 11:00:00', endTime: '2024-01-12 11:00:00' }))).toEqual(['x%y/tagRule/UPDATE']);
    expect(names(await list(tokens.adminA, { beginTime: '2024-01-12 03:00:00', endTime: '2024-01-12 03:00:00' }))).toEqual([]);
    const from = shanghai('2024-01-12 00:00:00').toISOString();
    const iso = await list(tokens.adminA, { beginTime: from, endTime: '2024-06-30T00:00:00+08:00' });
    expect(names(iso).sort()).toEqual(['alice/tagRule/EXPORT', 'x%y/tagRule/UPDATE']);
    // An empty end means "no end".
    const open = await list(tokens.adminA, { beginTime: from, endTime: '', module: 'tagRule' });
    expect(names(open).sort()).toEqual(['alice/tagRule/EXPORT', 'x%y/tagRule/UPDATE']);
  });

  it('refuses unreadable times, an end before the beginning and unknown results, naming the field', async () => {
    const bad = await list(tokens.adminA, { beginTime: '2024-02-30 00:00:00' });
    expect(bad.body.code).toBe('PARAM_CHECK');
    expect(bad.body.errors?.map((e) => e.field)).toEqual(['beginTime']);
    const reversed = await list(tokens.adminA, { beginTime: '2024-02-01 00:00:00', endTime: '2024-01-01 00:00:00' });
    expect(reversed.body.errors?.map((e) => e.field)).toEqual(['endTime']);
    const result = await list(tokens.adminA, { result: 'MAYBE' });
    expect(result.body.errors?.map((e) => e.field)).toEqual(['result']);
  });
});

describe('operation log list: paging and sorting', () => {
  it('pages through the entries, newest first by default', async () => {
    const first = await list(tokens.adminA, { pageNum: 1, pageSize: 3 });
    const second = await list(tokens.adminA, { pageNum: 2, pageSize: 3 });
    expect(first.body.data).toMatchObject({ total: 4, pageNum: 1, pageSize: 3 });
    expect(first.body.data.list).toHaveLength(3);
    expect(second.body.data.list).toHaveLength(1);
    const times = [...first.body.data.list, ...second.body.data.list].map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(names(second)).toEqual(['alice/product/INSERT']);
  });

  it('sorts by the allowed columns only', async () => {
    const byDuration = await list(tokens.adminA, { orderName: 'durationMs', orderType: 'asc' });
    expect(byDuration.body.data.list.map((e) => e.durationMs)).toEqual([5, 7, 20, 50]);
    const byUser = await list(tokens.adminA, { orderName: 'username', orderType: 'desc' });
    expect(byUser.body.data.list[0]?.username).toBe('x%y');
    const byModule = await list(tokens.adminA, { orderName: 'module', orderType: 'asc' });
    expect(byModule.body.data.list.map((e) => e.module)).toEqual(['product', 'product', 'tagRule', 'tagRule']);
    const refused = await list(tokens.adminA, { orderName: 'params' });
    expect(refused.body.code).toBe('PARAM_CHECK');
    expect(refused.body.errors?.[0]?.field).toBe('orderName');
  });

  it('answers every field of an entry', async () => {
    const failed = await list(tokens.adminA, { result: 'FAILURE' });
    expect(failed.body.data.list[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      username: 'alice',
      operatorName: '王小明',
      companyName: 'Company A',
      module: 'product',
      action: 'DELETE',
      target: 'product-1',
      method: 'POST',
      url: '/acc/api/product/x',
      ip: '10.0.0.2',
      userAgent: 'Seed/1.0 (<b>text</b>)',
      params: '{"name":"x"}',
      result: 'FAILURE',
      errorCode: 'NOT_FOUND',
      durationMs: 50,
      createdAt: shanghai('2024-01-11 10:00:00').toISOString(),
    });
    // an entry whose account is gone (or never was) is named by the login name it recorded
    const others = await list(tokens.adminA, { username: 'x%y' });
    expect(others.body.data.list[0]).toMatchObject({ username: 'x%y', operatorName: 'x%y' });
  });

  it('does not log its own searches', async () => {
    const count = async () => (await t.database.db.selectFrom('operation_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = Number(await count());
    await list(tokens.adminA);
    await call(t.app, 'GET', MODULES, { token: tokens.adminA });
    expect(Number(await count())).toBe(before);
  });
});

describe('operation log list: access', () => {
  it('refuses users without system:operlog:list, and callers without a session', async () => {
    const denied = await list(tokens.operatorA);
    expect(denied.body.code).toBe('ACCESS_DENIED_ERROR');
    expect(denied.status).toBe(403);
    const modules = await call(t.app, 'GET', MODULES, { token: tokens.operatorA });
    expect(modules.body.code).toBe('ACCESS_DENIED_ERROR');
    const anonymous = await call(t.app, 'POST', LIST, { body: {} });
    expect(anonymous.body.code).toBe('NO_LOGIN_ERROR');
  });

  it('shows the sign-ins and changes the route layer recorded', async () => {
    const res = await call<PageResult<Entry>>(t.app, 'POST', LIST, { token: tokens.adminA, body: { module: 'session', action: 'LOGIN' } });
    expect(res.body.data.list.map((e) => e.username).sort()).toEqual(['adminA', 'operatorA']);
  });
});
