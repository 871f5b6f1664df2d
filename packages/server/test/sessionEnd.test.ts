import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from './support/fixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

let t: TestApp;
let companyId: string;
beforeAll(async () => {
  t = await startTestApp({ SESSION_IDLE_MINUTES: '15', SESSION_ABSOLUTE_HOURS: '8' });
  companyId = await createCompany(t.database.db, 'Session End Co');
  await createUser(t.database.db, { username: 'ender', password: 'Ender-Pass-1', userType: '3', companyId });
});
afterAll(() => t.close());

const me = (token: string, lang = 'zh_CN') => call(t.app, 'GET', '/acc/user/loginUser', { token, headers: { 'x-rd-request-language': lang } });
const session = (ip: string) => t.database.db.updateTable('user_session').where('ip', '=', ip);

describe('why a token no longer opens a session', () => {
  it('says idle expiry with the configured minutes, in the request’s language', async () => {
    const token = await signIn(t.app, 'ender', 'Ender-Pass-1', '10.9.0.1');
    await session('10.9.0.1').set({ last_seen_at: sql`now() - interval '16 minutes'` }).execute();
    const zh = await me(token);
    expect([zh.status, zh.body.code, zh.body.data]).toEqual([401, 'NO_LOGIN_ERROR', { reason: 'IDLE', minutes: 15 }]);
    expect(zh.body.msg).toBe('已超过 15 分钟无操作，已自动退出，请重新登录');
    expect((await me(token, 'en_US')).body.msg).toBe('Signed out after 15 minutes without activity, please sign in again');
  });

  it('says absolute expiry with the configured hours, and whichever end came first when both passed', async () => {
    const old = await signIn(t.app, 'ender', 'Ender-Pass-1', '10.9.0.2');
    await session('10.9.0.2').set({ expires_at: sql`now() - interval '1 second'` }).execute();
    const answer = await me(old, 'en_US');
    expect([answer.body.code, answer.body.data]).toEqual(['NO_LOGIN_ERROR', { reason: 'ABSOLUTE', hours: 8 }]);
    expect(answer.body.msg).toBe('Signed out: a sign-in lasts at most 8 hours, please sign in again');

    // left idle an hour before its lifetime ran out: the idle end came first
    const both = await signIn(t.app, 'ender', 'Ender-Pass-1', '10.9.0.3');
    await session('10.9.0.3').set({ last_seen_at: sql`now() - interval '2 hours'`, expires_at: sql`now() - interval '1 hour'` }).execute();
    expect((await me(both)).body.data).toEqual({ reason: 'IDLE', minutes: 15 });
  });

  it('says a session was ended by a password change elsewhere or a disabled account', async () => {
    const mine = await signIn(t.app, 'ender', 'Ender-Pass-1', '10.9.0.4');
    const other = await signIn(t.app, 'ender', 'Ender-Pass-1', '10.9.0.5');
    const changed = await call(t.app, 'POST', '/acc/userinfo/changePassword', {
      token: other,
      body: { oldPassword: 'Ender-Pass-1', newPassword: 'Ender-Pass-2', confirmPsw: 'Ender-Pass-2' },
    });
    expect(changed.body.code).toBe('SUCCESS');
    expect((await me(mine)).body.data).toEqual({ reason: 'REVOKED' });

    const id = await createUser(t.database.db, { username: 'leaving', password: 'Leaving-Pass-1', userType: '3', companyId });
    const token = await signIn(t.app, 'leaving', 'Leaving-Pass-1', '10.9.0.6');
    await t.database.db.updateTable('app_user').set({ status: 'DISABLED' }).where('id', '=', id).execute();
    expect((await me(token)).body.data).toEqual({ reason: 'REVOKED' });
  });

  it('answers a signed-out token exactly as a token never issued: no reason, the plain message', async () => {
    const token = await signIn(t.app, 'ender', 'Ender-Pass-2', '10.9.0.7');
    expect((await call(t.app, 'POST', '/acc/user/logout', { token })).body.code).toBe('SUCCESS');
    const signedOut = await me(token);
    const unknown = await me('x'.repeat(43));
    expect([signedOut.status, signedOut.body.code, signedOut.body.data, signedOut.body.msg]).toEqual([401, 'NO_LOGIN_ERROR', null, '用户未登录，请重新登录']);
    expect({ ...unknown.body, requestId: undefined }).toEqual({ ...signedOut.body, requestId: undefined });
  });
});
