import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from './support/fixtures.js';
import { ADMIN_PASSWORD, call, signIn, startTestApp, type TestApp } from './support/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '6' });
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('trims the username and returns an opaque token of at least 128 bits that is stored only as a hash', async () => {
    const token = await signIn(t.app, '  admin  ', ADMIN_PASSWORD, '10.0.0.1');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM user_session
      WHERE encode(token_hash, 'escape') LIKE ${'%' + token + '%'}`.execute(t.database.db);
    expect(rows.rows[0]?.n).toBe(0);
    const stored = await t.database.db.selectFrom('user_session').select('token_hash').execute();
    expect(stored.every((s) => Buffer.from(s.token_hash).length === 32)).toBe(true);
  });

  it('answers a wrong password and an unknown account identically', async () => {
    const wrong = await call(t.app, 'POST', '/acc/user/login', { body: { username: 'admin', password: 'nope' }, ip: '10.0.0.2' });
    const unknown = await call(t.app, 'POST', '/acc/user/login', { body: { username: 'ghost', password: 'nope' }, ip: '10.0.0.2' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.code).toBe('LOGIN_FAILED');
    expect({ ...unknown.body, requestId: undefined }).toEqual({ ...wrong.body, requestId: undefined });
  });

  it('records every sign-in, good or bad', async () => {
    const before = await t.database.db.selectFrom('login_log').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    await signIn(t.app, 'admin', ADMIN_PASSWORD, '10.0.0.3');
    await call(t.app, 'POST', '/acc/user/login', { body: { username: 'admin', password: 'bad' }, ip: '10.0.0.3' });
    const rows = await t.database.db
      .selectFrom('login_log')
      .select(['result', 'reason', 'ip'])
      .where('ip', '=', '10.0.0.3')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { result: 'SUCCESS', reason: '', ip: '10.0.0.3' },
      { result: 'FAILURE', reason: 'BAD_CREDENTIALS', ip: '10.0.0.3' },
    ]);
    const after = await t.database.db.selectFrom('login_log').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n - before.n).toBe(2);
  });

  it('locks an account name after repeated failures, even for the right password, with a clear message', async () => {
    const companyId = await createCompany(t.database.db, 'Throttle Co');
    await createUser(t.database.db, { username: 'locked', password: 'Right-Pass-1', userType: '3', companyId, roles: ['ENTERPRISE_OPERATOR'] });
    for (let i = 0; i < 3; i++) {
      const res = await call(t.app, 'POST', '/acc/user/login', { body: { username: 'locked', password: `bad${i}` }, ip: `10.1.0.${i}` });
      expect(res.body.code).toBe('LOGIN_FAILED');
    }
    const refused = await call(t.app, 'POST', '/acc/user/login', {
      body: { username: 'LOCKED', password: 'Right-Pass-1', lang: 'en_US' },
      ip: '10.1.0.9',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('LOGIN_THROTTLED');
    expect(refused.body.msg).toMatch(/Too many failed sign-ins, try again in \d+ minutes/);
  });

  it('locks an IP that tries many accounts', async () => {
    for (let i = 0; i < 6; i++) {
      await call(t.app, 'POST', '/acc/user/login', { body: { username: `spray${i}`, password: 'x' }, ip: '10.2.0.1' });
    }
    const refused = await call(t.app, 'POST', '/acc/user/login', { body: { username: 'admin', password: ADMIN_PASSWORD }, ip: '10.2.0.1' });
    expect(refused.body.code).toBe('LOGIN_THROTTLED');
    // Another IP is not affected.
    expect(await signIn(t.app, 'admin', ADMIN_PASSWORD, '10.2.0.2')).toBeTruthy();
  });

  it('refuses a disabled account only once the password is right', async () => {
    const companyId = await createCompany(t.database.db, 'Disabled Co');
    const id = await createUser(t.database.db, { username: 'sleeper', password: 'Right-Pass-1', userType: '3', companyId });
    await t.database.db.updateTable('app_user').set({ status: 'DISABLED' }).where('id', '=', id).execute();
    const bad = await call(t.app, 'POST', '/acc/user/login', { body: { username: 'sleeper', password: 'wrong' }, ip: '10.3.0.1' });
    expect(bad.body.code).toBe('LOGIN_FAILED');
    const good = await call(t.app, 'POST', '/acc/user/login', { body: { username: 'sleeper', password: 'Right-Pass-1' }, ip: '10.3.0.1' });
    expect(good.body.code).toBe('ACCOUNT_DISABLED');
  });

  it('validates the payload with field details', async () => {
    const res = await call(t.app, 'POST', '/acc/user/login', { body: { username: '   ', lang: 'en_US' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PARAM_CHECK');
    expect(res.body.errors?.map((e) => e.field).sort()).toEqual(['password', 'username']);
    expect(res.body.errors?.find((e) => e.field === 'password')?.message).toBe('This field is required');
  });
});

describe('the current user', () => {
  it('answers NO_LOGIN_ERROR without a token or with an unknown one', async () => {
    for (const token of [undefined, 'not-a-real-token']) {
      const res = await call(t.app, 'GET', '/acc/user/loginUser', { token });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('NO_LOGIN_ERROR');
    }
  });

  it('returns the fields of spec 3.1 with the whole menu tree of a platform account for the super user', async () => {
    const token = await signIn(t.app, 'admin', ADMIN_PASSWORD, '10.4.0.1');
    const res = await call<Record<string, unknown>>(t.app, 'GET', '/acc/user/loginUser', { token });
    expect(res.body.code).toBe('SUCCESS');
    const data = res.body.data as {
      roles: string[];
      menus: Array<{ menuCode: string; level: number; children: Array<{ menuCode: string }> }>;
      permissionList: string[];
      usercode: string;
      platformUserType: string;
    };
    for (const key of ['roles', 'menus', 'permissionList', 'usercode', 'merchantCode', 'username', 'avatar', 'platformUserType']) {
      expect(data).toHaveProperty(key);
    }
    expect(data.platformUserType).toBe('1');
    expect(data.roles).toEqual(['PLATFORM_ADMIN']);
    expect(data.menus.map((m) => m.menuCode)).toEqual(['accPortal']);
    expect(data.menus[0]?.level).toBe(0);
    expect(data.menus[0]?.children.map((m) => m.menuCode)).toEqual(['enterprise']);
    expect(data.permissionList).toContain('system:session:kick');
    // a company's own screens need a company: they are not the super user's
    expect(data.permissionList).not.toContain('tag:rule:add');
    // the zone whose days the statistics count, so the portal's "today" is the same day
    expect(data).toHaveProperty('timeZone', 'Asia/Shanghai');
  });
});

describe('sign-out and session end', () => {
  it('revokes the token on logout', async () => {
    const token = await signIn(t.app, 'admin', ADMIN_PASSWORD, '10.5.0.1');
    expect((await call(t.app, 'POST', '/acc/user/logout', { token })).body.code).toBe('SUCCESS');
    expect((await call(t.app, 'GET', '/acc/user/loginUser', { token })).body.code).toBe('NO_LOGIN_ERROR');
  });

  it('ends sessions left idle too long and sessions past their absolute lifetime', async () => {
    const idle = await signIn(t.app, 'admin', ADMIN_PASSWORD, '10.5.0.2');
    const old = await signIn(t.app, 'admin', ADMIN_PASSWORD, '10.5.0.3');
    await t.database.db
      .updateTable('user_session')
      .set({ last_seen_at: sql`now() - interval '3 hours'` })
      .where('ip', '=', '10.5.0.2')
      .execute();
    await t.database.db
      .updateTable('user_session')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('ip', '=', '10.5.0.3')
      .execute();
    expect((await call(t.app, 'GET', '/acc/user/loginUser', { token: idle })).body.code).toBe('NO_LOGIN_ERROR');
    expect((await call(t.app, 'GET', '/acc/user/loginUser', { token: old })).body.code).toBe('NO_LOGIN_ERROR');
  });

  it('ends the open sessions of a user who is disabled', async () => {
    const companyId = await createCompany(t.database.db, 'Soon Disabled Co');
    const id = await createUser(t.database.db, { username: 'leaver', password: 'Right-Pass-1', userType: '3', companyId });
    const token = await signIn(t.app, 'leaver', 'Right-Pass-1', '10.5.0.4');
    expect((await call(t.app, 'GET', '/acc/user/loginUser', { token })).body.code).toBe('SUCCESS');
    await t.database.db.updateTable('app_user').set({ status: 'DISABLED' }).where('id', '=', id).execute();
    expect((await call(t.app, 'GET', '/acc/user/loginUser', { token })).body.code).toBe('NO_LOGIN_ERROR');
  });
});

describe('password change', () => {
  it('checks the old password, refuses the same or mismatched new one, and ends every session after a change', async () => {
    const companyId = await createCompany(t.database.db, 'Password Co');
    await createUser(t.database.db, { username: 'changer', password: 'First-Pass-1', userType: '3', companyId });
    const token = await signIn(t.app, 'changer', 'First-Pass-1', '10.6.0.1');
    const other = await signIn(t.app, 'changer', 'First-Pass-1', '10.6.0.2');

    const wrongOld = await call(t.app, 'POST', '/acc/userinfo/changePassword', {
      token,
      body: { oldPassword: 'nope', newPassword: 'Second-Pass-2', confirmPsw: 'Second-Pass-2' },
    });
    expect(wrongOld.body.code).toBe('OLD_PASSWORD_WRONG');

    const same = await call(t.app, 'POST', '/acc/userinfo/changePassword', {
      token,
      body: { oldPassword: 'First-Pass-1', newPassword: 'First-Pass-1', confirmPsw: 'First-Pass-1', lang: 'en_US' },
    });
    expect(same.body.code).toBe('PARAM_CHECK');
    expect(same.body.errors).toEqual([{ field: 'newPassword', message: 'The new password cannot be the same as the old one' }]);

    const mismatch = await call(t.app, 'POST', '/acc/userinfo/changePassword', {
      token,
      body: { oldPassword: 'First-Pass-1', newPassword: 'Second-Pass-2', confirmPsw: 'Second-Pass-3' },
      headers: { 'x-rd-request-language': 'zh_CN' },
    });
    expect(mismatch.body.errors).toEqual([{ field: 'confirmPsw', message: '两次输入的新密码不一致' }]);

    const done = await call(t.app, 'POST', '/acc/userinfo/changePassword', {
      token,
      body: { oldPassword: 'First-Pass-1', newPassword: 'Second-Pass-2', confirmPsw: 'Second-Pass-2' },
    });
    expect(done.body.code).toBe('SUCCESS');
    for (const tk of [token, other]) {
      expect((await call(t.app, 'GET', '/acc/user/loginUser', { token: tk })).body.code).toBe('NO_LOGIN_ERROR');
    }
    expect(await signIn(t.app, 'changer', 'Second-Pass-2', '10.6.0.3')).toBeTruthy();
  });

  it('asks a user with a generated password to change it', async () => {
    const companyId = await createCompany(t.database.db, 'Initial Co');
    const id = await createUser(t.database.db, { username: 'newbie', password: 'Given-Pass-1', userType: '3', companyId });
    const token = await signIn(t.app, 'newbie', 'Given-Pass-1', '10.6.0.4');
    const fresh = await call(t.app, 'GET', '/acc/userinfo/checkUserPassWord', { token });
    expect(fresh.body.data).toEqual({ mustChange: false, reason: null });
    await t.database.db.updateTable('app_user').set({ must_change_password: true }).where('id', '=', id).execute();
    const initial = await call(t.app, 'GET', '/acc/userinfo/checkUserPassWord', { token });
    expect(initial.body.data).toEqual({ mustChange: true, reason: 'INITIAL' });
  });
});
