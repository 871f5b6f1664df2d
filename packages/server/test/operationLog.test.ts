import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveAudit, describeParams, isReadRoute } from '../src/platform/audit/operationLog.js';
import { createCompany, createUser } from './support/fixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

let t: TestApp;
let companyId: string;
beforeAll(async () => {
  t = await startTestApp();
  companyId = await createCompany(t.database.db, 'Audit Co');
  await createUser(t.database.db, { username: 'boss', password: 'Pass-word-1', userType: '3', companyId, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(t.database.db, { username: 'worker', password: 'Pass-word-1', userType: '3', companyId, roles: ['ENTERPRISE_OPERATOR'] });
});
afterAll(() => t.close());

const logOf = (where: { module?: string; action?: string }) => {
  let q = t.database.db.selectFrom('operation_log').selectAll().orderBy('id');
  if (where.module) q = q.where('module', '=', where.module);
  if (where.action) q = q.where('action', '=', where.action);
  return q.execute();
};

describe('operation log', () => {
  it('records sign-ins, good and bad, without the password', async () => {
    await call(t.app, 'POST', '/acc/user/login', { body: { username: 'boss', password: 'wrong-one' }, ip: '10.9.0.1' });
    await signIn(t.app, 'boss', 'Pass-word-1', '10.9.0.1');
    const rows = await logOf({ module: 'session', action: 'LOGIN' });
    expect(rows.map((r) => [r.username, r.result, r.error_code, r.ip])).toEqual([
      ['boss', 'FAILURE', 'LOGIN_FAILED', '10.9.0.1'],
      ['boss', 'SUCCESS', '', '10.9.0.1'],
    ]);
    expect(rows.every((r) => !r.params.includes('Pass-word-1') && !r.params.includes('wrong-one'))).toBe(true);
    expect(rows[0]?.params).toContain('"password":"***"');
  });

  it('records a change with who, company, target, result and duration, and not the reads', async () => {
    const boss = await signIn(t.app, 'boss', 'Pass-word-1');
    await signIn(t.app, 'worker', 'Pass-word-1');
    const before = (await logOf({})).length;
    const sessions = await call<{ list: Array<{ id: string; username: string }> }>(t.app, 'GET', '/acc/api/onlineUser/pageList', {
      token: boss,
      query: { username: 'worker' },
    });
    expect((await logOf({})).length).toBe(before); // reads are not logged
    const target = sessions.body.data.list[0]?.id as string;
    await call(t.app, 'POST', `/acc/api/onlineUser/forceLogout/${target}`, { token: boss, headers: { 'user-agent': 'AuditTest/1.0' } });
    const [entry] = await logOf({ action: 'FORCE_LOGOUT' });
    expect(entry).toMatchObject({
      username: 'boss',
      company_id: companyId,
      module: 'onlineUser',
      target,
      method: 'POST',
      url: `/acc/api/onlineUser/forceLogout/${target}`,
      user_agent: 'AuditTest/1.0',
      result: 'SUCCESS',
    });
    expect(entry?.duration_ms).toBeGreaterThanOrEqual(0);
    // A refused change is recorded as a failure with its code.
    const worker = await signIn(t.app, 'worker', 'Pass-word-1');
    await call(t.app, 'POST', `/acc/api/onlineUser/forceLogout/${target}`, { token: worker });
    const refused = (await logOf({ action: 'FORCE_LOGOUT' })).at(-1);
    expect(refused).toMatchObject({ username: 'worker', result: 'FAILURE', error_code: 'ACCESS_DENIED_ERROR' });
  });

  it('names module and action from the route when the route does not', () => {
    expect(deriveAudit('/acc/api/pmcpDept/add', 'POST')).toEqual({ module: 'pmcpDept', action: 'INSERT' });
    expect(deriveAudit('/acc/userinfo/edit/:id', 'PUT')).toEqual({ module: 'userinfo', action: 'UPDATE' });
    expect(deriveAudit('/acc/userRole/delRole/:id', 'DELETE')).toEqual({ module: 'userRole', action: 'DELETE' });
    expect(deriveAudit('/acc/userRole/batchSaveRoleMenu', 'POST')).toEqual({ module: 'userRole', action: 'GRANT' });
    expect(deriveAudit('/acc/api/medicinalBatch/importData', 'POST')).toEqual({ module: 'medicinalBatch', action: 'IMPORT' });
    expect(deriveAudit('/acc/api/sysDict/deleteById', 'POST')).toEqual({ module: 'sysDict', action: 'DELETE' });
    expect(isReadRoute('/acc/userinfo/queryList')).toBe(true);
    expect(isReadRoute('/acc/api/pmcpDept/pageList')).toBe(true);
    expect(isReadRoute('/acc/userinfo/queryUserDetail/:id')).toBe(true);
    expect(isReadRoute('/acc/api/pmcpDept/add')).toBe(false);
    expect(isReadRoute('/acc/userinfo/edit/:id')).toBe(false);
    expect(describeParams({ a: 1, newPassword: 'x', nested: { token: 'y' } })).toBe('{"a":1,"newPassword":"***","nested":{"token":"***"}}');
  });
});
