import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PERMISSIONS } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/database.js';
import { MIGRATIONS_DIR, migrate } from '../src/platform/db/migrate.js';
import { BUILTIN_MENUS, BUILTIN_ROLES } from '../src/seed/builtinMenus.js';
import { flattenMenus, seedPlatform } from '../src/seed/platformSeed.js';
import { createCompany, createUser } from './support/fixtures.js';
import { ADMIN_PASSWORD, call, signIn, startTestApp, type TestApp } from './support/testApp.js';

/**
 * Company-only menus: a company's own screens and buttons (tag rules, products, supply chain, growers...)
 * are never in the menu tree or the permission codes of a platform account, which has no company; their
 * calls tell such an account that a company is needed. Databases seeded before the mark learn it.
 */
let t: TestApp;
const PASS = 'Platform-Menus-1';
const tokens: Record<string, string> = {};

interface MenuNode {
  menuCode: string;
  children: MenuNode[];
}
const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

const COMPANY_SCREENS = ['tagRule', 'tagGenerate', 'product', 'productBatch', 'productTemplate', 'dealer', 'shipment', 'recall', 'apiKey', 'farmerList', 'medicinalProduct', 'companyInfo'];
const COMPANY_GROUPS = ['productMg', 'supplyChain', 'farmerInfo', 'medicinalMg'];
/** The company-only elements migration 0037 names; everything below them is company-only too. */
const MIGRATION_ROOTS = ['tagRule', 'tagGenerate', 'scan:bind:bind', 'productMg', 'supplyChain', 'farmerInfo', 'medicinalMg', 'companyInfo'];
const COMPANY_CODES = [PERMISSIONS.ruleList, PERMISSIONS.ruleAdd, PERMISSIONS.productList, PERMISSIONS.dealerList, PERMISSIONS.recallAdd, PERMISSIONS.codeBind, PERMISSIONS.companyInfoView];

async function loginUser(token: string) {
  const res = await call<{ menus: MenuNode[]; permissionList: string[] }>(t.app, 'GET', '/acc/user/loginUser', { token });
  expect(res.body.code).toBe('SUCCESS');
  return { codes: flat(res.body.data.menus).map((m) => m.menuCode), permissions: res.body.data.permissionList };
}

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  const company = await createCompany(db, 'Menus Company');
  await createUser(db, { username: 'pm_platform', password: PASS, userType: '2', roles: ['PLATFORM_ADMIN'] });
  await createUser(db, { username: 'pm_auditor', password: PASS, userType: '2', roles: ['AUDITOR'] });
  await createUser(db, { username: 'pm_ent', password: PASS, userType: '3', companyId: company, roles: ['ENTERPRISE_ADMIN'] });
  tokens.root = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  tokens.platform = await signIn(t.app, 'pm_platform', PASS);
  tokens.auditor = await signIn(t.app, 'pm_auditor', PASS);
  tokens.ent = await signIn(t.app, 'pm_ent', PASS);
});
afterAll(() => t.close());

describe('menus of platform accounts', () => {
  it('leave out every company-only screen, group and button, for the super user and the platform roles', async () => {
    for (const who of ['root', 'platform']) {
      const { codes, permissions } = await loginUser(tokens[who] as string);
      for (const code of [...COMPANY_SCREENS, ...COMPANY_GROUPS]) expect(codes, `${who}: ${code}`).not.toContain(code);
      for (const code of COMPANY_CODES) expect(permissions, `${who}: ${code}`).not.toContain(code);
      // what a platform account does use is still there
      expect(codes).toEqual(expect.arrayContaining(['companyAudit', 'menuConf', 'userInfo', 'statistic', 'tagDetail']));
      expect(permissions).toEqual(expect.arrayContaining([PERMISSIONS.companyAuditDecide, PERMISSIONS.codeList, PERMISSIONS.statisticView]));
    }
  });

  it('give the auditor company audit without any company screen', async () => {
    const { codes, permissions } = await loginUser(tokens.auditor as string);
    expect(codes).toContain('companyAudit');
    expect(codes).not.toContain('companyInfo');
    expect(permissions).toEqual([PERMISSIONS.companyAuditDecide, PERMISSIONS.companyAuditList].sort());
  });

  it('still give a company’s administrator the company’s screens and no platform screen', async () => {
    const { codes, permissions } = await loginUser(tokens.ent as string);
    expect(codes).toEqual(expect.arrayContaining([...COMPANY_SCREENS, ...COMPANY_GROUPS]));
    expect(permissions).toEqual(expect.arrayContaining(COMPANY_CODES));
    expect(codes).not.toContain('companyAudit');
    expect(codes).not.toContain('menuConf');
  });

  it('tell a platform account that a company is needed, even when an old grant names the screen', async () => {
    const db = t.database.db;
    const user = await db.selectFrom('app_user').select('id').where('username', '=', 'pm_platform').executeTakeFirstOrThrow();
    const product = await db.selectFrom('menu').select('id').where('menu_code', '=', 'product').executeTakeFirstOrThrow();
    await db.insertInto('user_menu').values({ user_id: user.id, menu_id: product.id }).execute();
    expect((await loginUser(tokens.platform as string)).codes).not.toContain('product');
    for (const token of [tokens.platform, tokens.root]) {
      const res = await call(t.app, 'POST', '/acc/api/product/pageList', { token, body: {}, headers: { 'X-RD-Request-Language': 'en_US' } });
      expect([res.status, res.body.code]).toEqual([403, 'COMPANY_REQUIRED']);
      expect(res.body.msg).toContain('company');
    }
    // a platform-only call the auditor lacks is still plainly refused
    const menus = await call(t.app, 'GET', '/acc/menuConf/queryList', { token: tokens.auditor });
    expect(menus.body.code).toBe('ACCESS_DENIED_ERROR');
  });

  it('are what the permission list says, and the list is what loginUser and userpermission/permissions give', async () => {
    const res = await call<string[]>(t.app, 'POST', '/acc/userpermission/permissions', { token: tokens.root, body: { type: 'BUTTON' } });
    expect(res.body.code).toBe('SUCCESS');
    expect(res.body.data).not.toContain(PERMISSIONS.ruleAdd);
    expect(res.body.data).toContain(PERMISSIONS.companyAuditDecide);
  });
});

describe('a database seeded before company-only menus existed', () => {
  it('learns the mark on upgrade and withdraws the platform roles’ grants of company screens', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-migrations-'));
    const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    try {
      // the schema and the seed of the earlier release: every element shared unless platform-only,
      // the platform administrator granted all of them
      const files = fs.readdirSync(MIGRATIONS_DIR).filter((f) => f < '0037');
      for (const file of files) fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
      await migrate(database, dir);
      const db = database.db;
      await db
        .insertInto('role')
        .values(BUILTIN_ROLES.map((r) => ({ role_code: r.code, role_name: r.name, role_name_en: r.nameEn, company_id: null, scope: r.scope, builtin: true, sort: r.sort })))
        .execute();
      const elements = flattenMenus(BUILTIN_MENUS);
      // company-only elements the migration does not name, nor any of their ancestors, came later: the seed adds them
      const byCode = new Map(elements.map((e) => [e.code, e]));
      const named = (code: string | null): boolean => code !== null && (MIGRATION_ROOTS.includes(code) || named(byCode.get(code)?.parentCode ?? null));
      const earlier = elements.filter((e) => e.scope !== 'COMPANY' || named(e.code));
      const inserted = await db
        .insertInto('menu')
        .values(
          earlier.map((e) => ({
            menu_code: e.code,
            parent_code: e.parentCode,
            menu_name: e.name,
            menu_name_en: e.nameEn,
            type: e.type,
            permission: e.permission,
            sort: e.sort,
            scope: e.scope === 'PLATFORM' ? ('PLATFORM' as const) : ('ALL' as const),
          })),
        )
        .returning('id')
        .execute();
      const platformRole = await db.selectFrom('role').select('id').where('role_code', '=', 'PLATFORM_ADMIN').executeTakeFirstOrThrow();
      await db.insertInto('role_menu').values(inserted.map((m) => ({ role_id: platformRole.id, menu_id: m.id }))).execute();

      await migrate(database);
      await seedPlatform(db);

      const scopes = new Map((await db.selectFrom('menu').select(['menu_code', 'scope']).execute()).map((m) => [m.menu_code, m.scope]));
      for (const e of elements) expect(scopes.get(e.code), e.code).toBe(e.scope);
      expect(elements.filter((e) => e.scope === 'COMPANY').length).toBeGreaterThan(40);
      const leftOver = await db
        .selectFrom('role_menu as rm')
        .innerJoin('menu as m', 'm.id', 'rm.menu_id')
        .select('m.menu_code')
        .where('rm.role_id', '=', platformRole.id)
        .where('m.scope', '=', 'COMPANY')
        .execute();
      expect(leftOver).toEqual([]);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
