import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/platform/db/schema.js';
import { newBusinessCode } from '../src/platform/ids.js';
import { createCompany, createUser } from './support/fixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

/**
 * Every route of the server, called as anonymous, as a signed-in user without its permission code, and
 * as a user holding exactly that code. Inputs are placeholders: the guard answers before validation, so
 * the first two must be refused whatever the input, and the third must get past the guard (and never
 * crash on the placeholder input). Cross-company reads and writes by id are in tenancy.test.ts.
 */
let t: TestApp;
let companyA: string;
const PASSWORD = 'Matrix-Pass-1';
const ZERO_ID = '00000000-0000-0000-0000-000000000000';
const NOT_IN_MATRIX = new Set(['POST /acc/user/logout', 'POST /acc/user/login']);

interface RouteCall {
  method: string;
  url: string;
  access: string;
}

function apiRoutes(): RouteCall[] {
  return t.app.routeTable.filter(
    (r) =>
      (r.url.startsWith('/acc/') || r.url.startsWith('/api/')) &&
      !r.url.startsWith('/acc/docs') &&
      r.method !== 'HEAD' &&
      !NOT_IN_MATRIX.has(`${r.method} ${r.url}`),
  );
}

const concrete = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => (/id$/i.test(name) ? ZERO_ID : 'x'));

async function send(route: RouteCall, token?: string) {
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  return call(t.app, route.method, concrete(route.url), { token, body: withBody ? {} : undefined });
}

let holders = 0;

/**
 * A user holding exactly the elements that carry `code` (through a role of the right scope). Each holder
 * signs in from an address of its own: the route table holds more codes than one address may sign in per
 * minute.
 */
async function holderOf(db: Kysely<DB>, code: string): Promise<string> {
  holders += 1;
  const elements = await db.selectFrom('menu').select(['id', 'scope']).where('permission', '=', code).execute();
  expect(elements.length, `no menu element carries ${code}`).toBeGreaterThan(0);
  const platform = elements.some((e) => e.scope === 'PLATFORM');
  const role = await db
    .insertInto('role')
    .values({
      role_code: newBusinessCode('R'),
      role_name: `holder ${code}`,
      company_id: platform ? null : companyA,
      scope: platform ? 'PLATFORM' : 'ENTERPRISE',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('role_menu').values(elements.map((e) => ({ role_id: role.id, menu_id: e.id }))).execute();
  const username = `h_${code.replace(/\W/g, '_')}`.slice(0, 60);
  const userId = await createUser(db, {
    username,
    password: PASSWORD,
    userType: platform ? '2' : '3',
    companyId: platform ? null : companyA,
  });
  await db.insertInto('user_role').values({ user_id: userId, role_id: role.id }).execute();
  return signIn(t.app, username, PASSWORD, `10.77.${holders >> 8}.${holders & 255}`);
}

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  companyA = await createCompany(t.database.db, 'Matrix A');
  await createUser(t.database.db, { username: 'nobodyA', password: PASSWORD, userType: '3', companyId: companyA });
});
afterAll(() => t.close());

describe('authorization matrix', () => {
  it('covers a meaningful route table', () => {
    expect(apiRoutes().length).toBeGreaterThanOrEqual(8);
  });

  it('anonymous callers get NO_LOGIN_ERROR from every route that is not public', async () => {
    for (const route of apiRoutes().filter((r) => r.access !== 'public')) {
      const res = await send(route);
      expect(res.body.code, `${route.method} ${route.url}`).toBe('NO_LOGIN_ERROR');
    }
  });

  it('a signed-in user without the code gets ACCESS_DENIED_ERROR from every permission route', async () => {
    const token = await signIn(t.app, 'nobodyA', PASSWORD);
    for (const route of apiRoutes().filter((r) => r.access.startsWith('permission:'))) {
      const res = await send(route, token);
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
      expect(res.body.code, `${route.method} ${route.url}`).toBe('ACCESS_DENIED_ERROR');
    }
  });

  it('a user holding exactly the code gets past the guard, and placeholder input never crashes a route', async () => {
    const byCode = new Map<string, RouteCall[]>();
    for (const route of apiRoutes()) {
      const code = route.access.startsWith('permission:') ? route.access.slice('permission:'.length) : 'session';
      byCode.set(code, [...(byCode.get(code) ?? []), route]);
    }
    for (const [code, routes] of byCode) {
      const token = code === 'session' ? await signIn(t.app, 'nobodyA', PASSWORD) : await holderOf(t.database.db, code);
      for (const route of routes) {
        const res = await send(route, token);
        const where = `${route.method} ${route.url} with ${code}`;
        expect(['NO_LOGIN_ERROR', 'ACCESS_DENIED_ERROR', '500'], where).not.toContain(res.body?.code);
        expect(res.status, where).toBeLessThan(500);
      }
    }
  });
});
