import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createRole, createUser } from './support/fixtures.js';
import { ADMIN_PASSWORD, call, signIn, startTestApp, type TestApp } from './support/testApp.js';

/**
 * Menu configuration (/acc/menuConf): platform-only, the tree of every element, the rules of a save,
 * deletion refused while children exist, and edits reaching signed-in users at their next loginUser.
 */
let t: TestApp;
let companyA: string;
const PASS = 'Menu-Pass-1';
let admin: string;
let entAdmin: string;

interface ConfNode {
  id: string;
  menuCode: string;
  parentMenuCode: string | null;
  menuName: string;
  menuNameEn: string;
  type: 'MENU' | 'BUTTON';
  permission: string | null;
  isShow: '0' | '1';
  sort: number;
  scope: 'ALL' | 'PLATFORM';
  children: ConfNode[];
}
interface MenuNode {
  menuCode: string;
  title: string;
  titleEn: string;
  isShow: string;
  children: MenuNode[];
}

const flat = <T extends { children: T[] }>(nodes: T[]): T[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const db = () => t.database.db;

async function confTree(): Promise<ConfNode[]> {
  const res = await call<ConfNode[]>(t.app, 'GET', '/acc/menuConf/queryList', { token: admin });
  expect(res.body.code).toBe('SUCCESS');
  return res.body.data;
}
const element = async (code: string) => flat(await confTree()).find((n) => n.menuCode === code);
const save = (body: Record<string, unknown>, token = admin) => call<{ id: string }>(t.app, 'POST', '/acc/menuConf/saveOrUpdateMenu', { token, body });
const loginMenus = async (token: string) =>
  (await call<{ menus: MenuNode[]; permissionList: string[] }>(t.app, 'GET', '/acc/user/loginUser', { token })).body.data;

const screen = (menuCode: string, extra: Record<string, unknown> = {}) => ({
  menuName: `${menuCode}名称`,
  menuNameEn: `${menuCode} name`,
  menuCode,
  type: 'MENU',
  parentMenuCode: 'systemMg',
  menuUrl: 'AuditTrail',
  menuIcon: 'AuditOutlined',
  sort: 20,
  ...extra,
});

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  companyA = await createCompany(db(), 'Menu Company A');
  await createUser(db(), { username: 'menuEntAdmin', password: PASS, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  entAdmin = await signIn(t.app, 'menuEntAdmin', PASS);
});
afterAll(() => t.close());

describe('the element tree', () => {
  it('returns every element with all of its fields, buttons under their screens', async () => {
    const tree = await confTree();
    expect(tree.map((n) => n.menuCode)).toEqual(['accPortal']);
    const menuConf = await element('menuConf');
    expect(menuConf).toMatchObject({ type: 'MENU', parentMenuCode: 'systemMg', scope: 'PLATFORM', permission: 'system:menu:list', isShow: '1' });
    expect(menuConf?.children.map((c) => [c.menuCode, c.type, c.permission])).toEqual([
      ['system:menu:edit', 'BUTTON', 'system:menu:edit'],
      ['system:menu:delete', 'BUTTON', 'system:menu:delete'],
    ]);
    expect((await element('userInfo'))?.scope).toBe('ALL');
  });

  it('is platform-only: enterprise administrators are refused every call', async () => {
    const id = (await element('loginLog'))?.id;
    for (const res of [
      await call(t.app, 'GET', '/acc/menuConf/queryList', { token: entAdmin }),
      await save(screen('sneaky'), entAdmin),
      await call(t.app, 'DELETE', `/acc/menuConf/deleteMenu/${id}`, { token: entAdmin }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('ACCESS_DENIED_ERROR');
    }
  });
});

describe('saving an element', () => {
  it('creates a screen and a button under it, and updates it by id', async () => {
    const created = await save(screen('auditTrail'));
    expect(created.body.code).toBe('SUCCESS');
    const button = await save({
      menuName: '导出审计',
      menuNameEn: 'Export audit',
      menuCode: 'audit:trail:export',
      type: 'BUTTON',
      parentMenuCode: 'auditTrail',
      permission: 'audit:trail:export',
    });
    expect(button.body.code).toBe('SUCCESS');
    const node = await element('auditTrail');
    expect(node).toMatchObject({ id: created.body.data.id, menuName: 'auditTrail名称', sort: 20, scope: 'ALL', type: 'MENU' });
    expect(node?.children.map((c) => c.menuCode)).toEqual(['audit:trail:export']);

    const updated = await save({ ...screen('auditTrail2'), id: created.body.data.id, menuName: '审计轨迹', isShow: '0' });
    expect(updated.body.code).toBe('SUCCESS');
    const renamed = await element('auditTrail2');
    expect(renamed).toMatchObject({ menuName: '审计轨迹', isShow: '0' });
    // Children follow the new code.
    expect(renamed?.children.map((c) => c.parentMenuCode)).toEqual(['auditTrail2']);
    expect(await element('auditTrail')).toBeUndefined();
  });

  it('refuses a code that is taken, or written with other characters', async () => {
    const taken = await call(t.app, 'POST', '/acc/menuConf/saveOrUpdateMenu', { token: admin, body: { ...screen('userInfo'), lang: 'en_US' } });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('DUPLICATE');
    expect(taken.body.msg).toBe('Menu code already exists: userInfo');
    const bad = await save(screen('bad code!'));
    expect(bad.body.code).toBe('PARAM_CHECK');
    expect(bad.body.errors?.map((e) => e.field)).toEqual(['menuCode']);
  });

  it('requires a well-formed permission for a button', async () => {
    const missing = await save({ menuName: '按钮', menuNameEn: 'Button', menuCode: 'btnNoPerm', type: 'BUTTON', parentMenuCode: 'userInfo' });
    expect(missing.body.errors?.map((e) => e.field)).toEqual(['permission']);
    const malformed = await save({
      menuName: '按钮',
      menuNameEn: 'Button',
      menuCode: 'btnBadPerm',
      type: 'BUTTON',
      parentMenuCode: 'userInfo',
      permission: 'system user add',
      lang: 'en_US',
    });
    expect(malformed.body.errors).toEqual([{ field: 'permission', message: 'A permission code reads area:entity:action, e.g. system:user:add' }]);
  });

  it('refuses a parent that is missing, the element itself, one of its descendants, or a button', async () => {
    const systemMg = await element('systemMg');
    const cases = [
      screen('orphan', { parentMenuCode: 'noSuchMenu' }),
      { ...screen('systemMg', { parentMenuCode: 'systemMg' }), id: systemMg?.id, menuName: '系统管理' },
      { ...screen('systemMg', { parentMenuCode: 'userInfo' }), id: systemMg?.id, menuName: '系统管理' },
      screen('underButton', { parentMenuCode: 'system:user:add' }),
    ];
    for (const body of cases) {
      const res = await save(body);
      expect(res.body.code, JSON.stringify(body)).toBe('PARAM_CHECK');
      expect(res.body.errors?.map((e) => e.field)).toEqual(['parentMenuCode']);
    }
    expect((await element('systemMg'))?.parentMenuCode).toBe('enterprise');
  });

  it('does not turn an element with children into a button', async () => {
    const userInfo = await element('userInfo');
    const res = await save({ ...screen('userInfo', { parentMenuCode: 'systemMg' }), id: userInfo?.id, type: 'BUTTON', permission: 'system:user:list' });
    expect(res.body.errors?.map((e) => e.field)).toEqual(['type']);
  });

  it('makes an element under a platform-only parent platform-only', async () => {
    const res = await save(screen('menuHelp', { parentMenuCode: 'menuConf', scope: 'ALL' }));
    expect(res.body.code).toBe('SUCCESS');
    expect((await element('menuHelp'))?.scope).toBe('PLATFORM');
  });
});

describe('deleting an element', () => {
  it('is refused while children exist, with the catalogue message in both languages', async () => {
    const id = (await element('userInfo'))?.id;
    const zh = await call(t.app, 'DELETE', `/acc/menuConf/deleteMenu/${id}`, { token: admin });
    expect(zh.status).toBe(409);
    expect(zh.body.code).toBe('MENU_HAS_CHILDREN');
    expect(zh.body.msg).toBe('该菜单存在子元素，请先删除子元素');
    const en = await call(t.app, 'DELETE', `/acc/menuConf/deleteMenu/${id}`, { token: admin, query: { lang: 'en_US' } });
    expect(en.body.msg).toBe('The menu has child elements, delete the children first');
    expect(await element('userInfo')).toBeDefined();
  });

  it('removes a leaf and its grants', async () => {
    const roleId = await createRole(db(), { code: 'EXPORTER', companyId: companyA, menuCodes: ['system:user:export'] });
    const id = (await element('system:user:export'))?.id as string;
    const res = await call(t.app, 'DELETE', `/acc/menuConf/deleteMenu/${id}`, { token: admin });
    expect(res.body.code).toBe('SUCCESS');
    expect(await element('system:user:export')).toBeUndefined();
    const grants = await db().selectFrom('role_menu').select('menu_id').where('role_id', '=', roleId).execute();
    expect(grants).toEqual([]);
    const again = await call(t.app, 'DELETE', `/acc/menuConf/deleteMenu/${id}`, { token: admin });
    expect(again.body.code).toBe('NOT_FOUND');
  });
});

describe('edits reach signed-in users', () => {
  it('shows a renamed or hidden screen at the next loginUser of the same session', async () => {
    const before = flat((await loginMenus(entAdmin)).menus).find((m) => m.menuCode === 'loginLog');
    expect(before).toMatchObject({ title: '登录日志', isShow: '1' });
    const loginLog = (await element('loginLog')) as ConfNode;
    const res = await save({
      id: loginLog.id,
      menuCode: 'loginLog',
      parentMenuCode: 'systemMg',
      menuName: '登录记录',
      menuNameEn: 'Sign-in records',
      menuUrl: 'LoginLog',
      type: 'MENU',
      permission: 'system:loginlog:list',
      isShow: '0',
      sort: loginLog.sort,
    });
    expect(res.body.code).toBe('SUCCESS');
    const after = flat((await loginMenus(entAdmin)).menus).find((m) => m.menuCode === 'loginLog');
    expect(after).toMatchObject({ title: '登录记录', titleEn: 'Sign-in records', isShow: '0' });
  });

  it('withdraws an element from companies when it becomes platform-only', async () => {
    expect((await call(t.app, 'GET', '/acc/api/onlineUser/pageList', { token: entAdmin })).body.code).toBe('SUCCESS');
    const onlineUser = (await element('onlineUser')) as ConfNode;
    const res = await save({
      id: onlineUser.id,
      menuCode: 'onlineUser',
      parentMenuCode: 'systemMg',
      menuName: onlineUser.menuName,
      menuNameEn: onlineUser.menuNameEn,
      menuUrl: 'OnlineUser',
      type: 'MENU',
      permission: 'system:session:list',
      sort: onlineUser.sort,
      scope: 'PLATFORM',
    });
    expect(res.body.code).toBe('SUCCESS');
    expect((await element('system:session:kick'))?.scope).toBe('PLATFORM');
    const me = await loginMenus(entAdmin);
    expect(flat(me.menus).map((m) => m.menuCode)).not.toContain('onlineUser');
    expect(me.permissionList).not.toContain('system:session:kick');
    expect((await call(t.app, 'GET', '/acc/api/onlineUser/pageList', { token: entAdmin })).body.code).toBe('ACCESS_DENIED_ERROR');
    // The platform administrator role keeps it.
    const platformGrant = await db()
      .selectFrom('role_menu as rm')
      .innerJoin('role as r', 'r.id', 'rm.role_id')
      .select('r.role_code')
      .where('rm.menu_id', '=', onlineUser.id)
      .execute();
    expect(platformGrant.map((g) => g.role_code)).toEqual(['PLATFORM_ADMIN']);
  });
});
