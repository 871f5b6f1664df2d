import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createCompany, createRole, createUser } from './support/fixtures.js';
import { ADMIN_PASSWORD, call, signIn, startTestApp, type TestApp } from './support/testApp.js';

let t: TestApp;
let companyA: string;
let companyB: string;
beforeAll(async () => {
  t = await startTestApp();
  companyA = await createCompany(t.database.db, 'Company A');
  companyB = await createCompany(t.database.db, 'Company B');
  await createUser(t.database.db, { username: 'adminA', password: 'Pass-word-1', userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(t.database.db, { username: 'adminB', password: 'Pass-word-1', userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(t.database.db, { username: 'opA', password: 'Pass-word-1', userType: '3', companyId: companyA, roles: ['ENTERPRISE_OPERATOR'] });
  await createRole(t.database.db, { code: 'LOG_READER', companyId: companyA, menuCodes: ['loginLog'] });
  await createUser(t.database.db, { username: 'readerA', password: 'Pass-word-1', userType: '3', companyId: companyA, roles: ['LOG_READER'] });
});
afterAll(() => t.close());

describe('route declarations', () => {
  it('every registered API route declares public, session or a permission code', () => {
    const api = t.app.routeTable.filter((r) => r.url.startsWith('/acc/') || r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(5);
    const undeclared = api.filter((r) => r.access === 'UNDECLARED');
    expect(undeclared).toEqual([]);
    // The list of what is public is short and deliberate.
    const publicRoutes = api.filter((r) => r.access === 'public' && !r.url.startsWith('/acc/docs')).map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual([
      'GET /acc/api/boxCodeRelation/summary',
      'GET /acc/api/securityCode/check',
      // the shapes of the codes in use (prefix, length, alphabet, check scheme), for reading typed codes
      'GET /acc/api/securityCode/codeShapes',
      'GET /acc/api/securityCode/image/:fileId',
      'GET /acc/api/securityCode/queryFarmer',
      'GET /acc/api/securityCode/queryTrace',
      'GET /acc/api/wx/getSignature',
      'GET /acc/health',
      'GET /acc/health/live',
      'GET /acc/health/ready',
      // behind its own bearer token (METRICS_TOKEN), not a session
      'GET /acc/metrics',
      'HEAD /acc/api/boxCodeRelation/summary',
      'HEAD /acc/api/securityCode/check',
      'HEAD /acc/api/securityCode/codeShapes',
      'HEAD /acc/api/securityCode/image/:fileId',
      'HEAD /acc/api/securityCode/queryFarmer',
      'HEAD /acc/api/securityCode/queryTrace',
      'HEAD /acc/api/wx/getSignature',
      'HEAD /acc/health',
      'HEAD /acc/health/live',
      'HEAD /acc/health/ready',
      'HEAD /acc/metrics',
      'POST /acc/api/register',
      'POST /acc/api/scanCodeRecord/add',
      'POST /acc/user/login',
      'POST /acc/user/logout',
    ]);
  });

  it('refuses to start with a route that declares nothing', async () => {
    const app = await buildApp({ database: t.database, db: t.database.db, config: t.config, storage: t.storage }, { logger: false });
    expect(() => app.get('/acc/api/forgotten', async () => 'x')).toThrow(/declares no access/);
    await app.close();
  });

  it('answers NO_LOGIN_ERROR on every non-public route without a token', async () => {
    const guarded = t.app.routeTable.filter(
      (r) => (r.url.startsWith('/acc/') || r.url.startsWith('/api/')) && r.access !== 'public' && r.method !== 'HEAD',
    );
    for (const route of guarded) {
      const url = route.url.replace(/:(\w+)/g, '00000000-0000-0000-0000-000000000000');
      const res = await call(t.app, route.method, url);
      expect(res.body.code, `${route.method} ${route.url}`).toBe('NO_LOGIN_ERROR');
    }
  });
});

describe('permissions', () => {
  it('gives ACCESS_DENIED_ERROR to a user without the code, even calling the API directly', async () => {
    const token = await signIn(t.app, 'opA', 'Pass-word-1');
    const res = await call(t.app, 'GET', '/acc/api/loginLog/pageList', { token, query: { lang: 'en_US' } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('ACCESS_DENIED_ERROR');
    expect(res.body.msg).toBe('Insufficient permission, contact the administrator');
  });

  it('lets a user through with exactly the granted code, and user type 1 through everything', async () => {
    const reader = await signIn(t.app, 'readerA', 'Pass-word-1');
    expect((await call(t.app, 'GET', '/acc/api/loginLog/pageList', { token: reader })).body.code).toBe('SUCCESS');
    expect((await call(t.app, 'GET', '/acc/api/onlineUser/pageList', { token: reader })).body.code).toBe('ACCESS_DENIED_ERROR');
    const admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    expect((await call(t.app, 'GET', '/acc/api/onlineUser/pageList', { token: admin })).body.code).toBe('SUCCESS');
  });

  it('builds the menu tree and permission list from the database grants', async () => {
    const reader = await signIn(t.app, 'readerA', 'Pass-word-1');
    const res = await call<{ menus: unknown; permissionList: string[]; roles: string[] }>(t.app, 'GET', '/acc/user/loginUser', { token: reader });
    const path = (nodes: unknown): string[] =>
      (nodes as Array<{ menuCode: string; children: unknown }>).flatMap((n) => [n.menuCode, ...path(n.children)]);
    // The granted screen brings its ancestors, and nothing else.
    expect(path(res.body.data.menus)).toEqual(['accPortal', 'enterprise', 'systemMg', 'loginLog']);
    expect(res.body.data.permissionList).toEqual(['system:loginlog:list']);
    expect(res.body.data.roles).toEqual(['LOG_READER']);
  });

  it('keeps platform-only screens away from enterprise administrators', async () => {
    const token = await signIn(t.app, 'adminA', 'Pass-word-1');
    const res = await call<{ menus: unknown; permissionList: string[] }>(t.app, 'GET', '/acc/user/loginUser', { token });
    const codes = JSON.stringify(res.body.data.menus);
    expect(codes).toContain('"userInfo"');
    expect(codes).not.toContain('"menuConf"');
    expect(codes).not.toContain('"companyAudit"');
    expect(res.body.data.permissionList).not.toContain('company:audit:decide');
  });
});

describe('tenancy', () => {
  it('shows a company only its own sessions and sign-ins', async () => {
    const a = await signIn(t.app, 'adminA', 'Pass-word-1');
    await signIn(t.app, 'adminB', 'Pass-word-1');
    const sessions = await call<{ list: Array<{ username: string }> }>(t.app, 'GET', '/acc/api/onlineUser/pageList', { token: a, query: { pageSize: '100' } });
    const names = new Set(sessions.body.data.list.map((s) => s.username));
    expect(names.has('adminA')).toBe(true);
    expect(names.has('adminB')).toBe(false);
    expect(names.has('admin')).toBe(false);
    const log = await call<{ list: Array<{ username: string }> }>(t.app, 'GET', '/acc/api/loginLog/pageList', { token: a, query: { pageSize: '100' } });
    expect(log.body.data.list.length).toBeGreaterThan(0);
    expect(log.body.data.list.every((l) => ['adminA', 'opA', 'readerA'].includes(l.username))).toBe(true);
  });

  it('answers another company’s session id as not found, and ends a session of its own', async () => {
    const a = await signIn(t.app, 'adminA', 'Pass-word-1');
    const b = await signIn(t.app, 'adminB', 'Pass-word-1');
    const bSessions = await call<{ list: Array<{ id: string; current: boolean }> }>(t.app, 'GET', '/acc/api/onlineUser/pageList', { token: b });
    const bCurrent = bSessions.body.data.list.find((s) => s.current);
    expect(bCurrent).toBeDefined();
    const cross = await call(t.app, 'POST', `/acc/api/onlineUser/forceLogout/${bCurrent?.id}`, { token: a });
    expect(cross.status).toBe(404);
    expect(cross.body.code).toBe('NOT_FOUND');
    expect((await call(t.app, 'GET', '/acc/user/loginUser', { token: b })).body.code).toBe('SUCCESS');

    const op = await signIn(t.app, 'opA', 'Pass-word-1');
    const aSessions = await call<{ list: Array<{ id: string; username: string }> }>(t.app, 'GET', '/acc/api/onlineUser/pageList', {
      token: a,
      query: { username: 'opA', pageSize: '100' },
    });
    for (const s of aSessions.body.data.list) {
      expect((await call(t.app, 'POST', `/acc/api/onlineUser/forceLogout/${s.id}`, { token: a })).body.code).toBe('SUCCESS');
    }
    expect((await call(t.app, 'GET', '/acc/user/loginUser', { token: op })).body.code).toBe('NO_LOGIN_ERROR');
  });

  it('takes the company from the session, not from the request', async () => {
    const a = await signIn(t.app, 'adminA', 'Pass-word-1');
    const res = await call<{ list: Array<{ username: string }> }>(t.app, 'GET', '/acc/api/loginLog/pageList', {
      token: a,
      query: { companyId: companyB, company_id: companyB, pageSize: '100' },
    });
    expect(res.body.data.list.some((l) => l.username === 'adminB')).toBe(false);
  });
});
