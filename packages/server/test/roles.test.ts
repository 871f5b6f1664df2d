import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createRole, createUser } from './support/fixtures.js';
import { ADMIN_PASSWORD, call, signIn, startTestApp, type TestApp } from './support/testApp.js';

/**
 * Roles (/acc/userRole) and direct user grants (/acc/userpermission): CRUD, names unique per company,
 * tenancy, the rule that nobody grants what they do not hold, platform-only elements, and what a grant
 * does to the signed-in user's menus and permission checks.
 */
let t: TestApp;
let companyA: string;
let companyB: string;
const PASS = 'Role-Pass-1';
const tokens = {} as Record<'admin' | 'entAdminA' | 'entAdminB' | 'granterA' | 'plainA' | 'staff', string>;

interface RoleItem {
  id: string;
  roleCode: string;
  roleName: string;
  scope: string;
  builtin: boolean;
  companyId: string | null;
  status: string;
  editable: boolean;
}
interface Page<T> {
  total: number;
  list: T[];
}
interface TreeNode {
  id: string;
  menuCode: string;
  type: string;
  scope: string;
  children: TreeNode[];
}
interface MenuNode {
  menuCode: string;
  children: MenuNode[];
}

const db = () => t.database.db;
const menuId = async (code: string) =>
  (await db().selectFrom('menu').select('id').where('menu_code', '=', code).executeTakeFirstOrThrow()).id;
const roleIdOf = async (code: string) =>
  (await db().selectFrom('role').select('id').where('role_code', '=', code).executeTakeFirstOrThrow()).id;
const userIdOf = async (username: string) =>
  (await db().selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const codesOf = (nodes: Array<{ menuCode: string; children: unknown[] }>): string[] =>
  nodes.flatMap((n) => [n.menuCode, ...codesOf(n.children as Array<{ menuCode: string; children: unknown[] }>)]);

async function addRole(token: string, body: Record<string, unknown>) {
  return call<{ id: string }>(t.app, 'POST', '/acc/userRole/addRole', { token, body });
}
async function listRoles(token: string, query: Record<string, string> = {}) {
  const res = await call<Page<RoleItem>>(t.app, 'GET', '/acc/userRole/queryUserRoleInfo', { token, query: { pageSize: '100', ...query } });
  expect(res.body.code).toBe('SUCCESS');
  return res.body.data.list;
}
async function grantsOf(token: string, roleCode: string, relationType = 'ALL') {
  const res = await call<{ menuIds: string[]; menuCodes: string[] }>(t.app, 'GET', `/acc/userRole/queryAccMenus/${roleCode}`, {
    token,
    query: { relationType },
  });
  expect(res.body.code).toBe('SUCCESS');
  return res.body.data.menuCodes.sort();
}
async function saveGrants(token: string, roleId: string, codes: string[]) {
  const menuIds = await Promise.all(codes.map(menuId));
  return call(t.app, 'POST', '/acc/userRole/batchSaveRoleMenu', { token, body: { roleId, menuIds } });
}
async function loginUser(token: string) {
  const res = await call<{ menus: MenuNode[]; permissionList: string[]; roles: string[] }>(t.app, 'GET', '/acc/user/loginUser', { token });
  expect(res.body.code).toBe('SUCCESS');
  return res.body.data;
}

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  companyA = await createCompany(db(), 'Role Company A');
  companyB = await createCompany(db(), 'Role Company B');
  const user = (username: string, companyId: string | null, roles: string[], userType: '2' | '3' = '3') =>
    createUser(db(), { username, password: PASS, userType, companyId, roles });
  await user('entAdminA', companyA, ['ENTERPRISE_ADMIN']);
  await user('entAdminB', companyB, ['ENTERPRISE_ADMIN']);
  await user('opB', companyB, ['ENTERPRISE_OPERATOR']);
  await user('plainA', companyA, []);
  await user('plainA2', companyA, []);
  await user('plainB', companyB, []);
  await user('staff', null, [], '2');
  // A company user who may manage roles and holds the tag rule screen, but not products.
  await createRole(db(), {
    code: 'GRANTER_A',
    companyId: companyA,
    menuCodes: ['userRole', 'system:role:add', 'system:role:grant', 'tagRule', 'tag:rule:add'],
  });
  await user('granterA', companyA, ['GRANTER_A']);
  tokens.admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  for (const name of ['entAdminA', 'entAdminB', 'granterA', 'plainA', 'staff'] as const) tokens[name] = await signIn(t.app, name, PASS);
});
afterAll(() => t.close());

describe('role CRUD', () => {
  it('adds a role with a generated code, edits and deletes it', async () => {
    const added = await addRole(tokens.entAdminA, { roleName: '质检员', roleNameEn: 'Inspector', sort: 5, remark: 'checks' });
    expect(added.body.code).toBe('SUCCESS');
    const role = (await listRoles(tokens.entAdminA)).find((r) => r.id === added.body.data.id);
    expect(role).toMatchObject({ roleName: '质检员', scope: 'ENTERPRISE', companyId: companyA, builtin: false, status: 'ENABLED', editable: true });
    expect(role?.roleCode).toMatch(/^R[0-9A-Z]{9}$/);

    const edited = await call(t.app, 'PUT', `/acc/userRole/editRole/${role?.id}`, {
      token: tokens.entAdminA,
      body: { roleName: '质量检验员', roleNameEn: 'Quality inspector', sort: 6, status: 'DISABLED', remark: '' },
    });
    expect(edited.body.code).toBe('SUCCESS');
    const after = (await listRoles(tokens.entAdminA, { roleName: '检验' })).map((r) => [r.roleName, r.status, r.roleCode]);
    expect(after).toEqual([['质量检验员', 'DISABLED', role?.roleCode]]);

    expect((await call(t.app, 'DELETE', `/acc/userRole/delRole/${role?.id}`, { token: tokens.entAdminA })).body.code).toBe('SUCCESS');
    expect((await listRoles(tokens.entAdminA)).some((r) => r.id === role?.id)).toBe(false);
  });

  it('keeps role names unique within a company, and allows the same name in another company', async () => {
    expect((await addRole(tokens.entAdminA, { roleName: '仓管' })).body.code).toBe('SUCCESS');
    const again = await call(t.app, 'POST', '/acc/userRole/addRole', { token: tokens.entAdminA, body: { roleName: '仓管', lang: 'en_US' } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DUPLICATE');
    expect(again.body.msg).toBe('Role name already exists: 仓管');
    expect(again.body.errors?.[0]?.field).toBe('roleName');

    const check = (token: string, query: Record<string, string>) =>
      call<boolean>(t.app, 'GET', '/acc/userRole/checkRoleName', { token, query }).then((r) => r.body.data);
    expect(await check(tokens.entAdminA, { roleName: '仓管' })).toBe(false);
    expect(await check(tokens.entAdminA, { roleName: '仓管员' })).toBe(true);
    const own = (await listRoles(tokens.entAdminA, { roleName: '仓管' }))[0];
    expect(await check(tokens.entAdminA, { roleName: '仓管', id: own?.id ?? '' })).toBe(true);
    // Company B does not see company A's names.
    expect(await check(tokens.entAdminB, { roleName: '仓管' })).toBe(true);
    expect((await addRole(tokens.entAdminB, { roleName: '仓管' })).body.code).toBe('SUCCESS');
    // Nor may a company reuse the name of a built-in role it sees.
    expect((await addRole(tokens.entAdminA, { roleName: '企业管理员' })).body.code).toBe('DUPLICATE');
  });

  it('validates the fields and names the one at fault', async () => {
    const res = await call(t.app, 'POST', '/acc/userRole/addRole', { token: tokens.entAdminA, body: { roleName: '  ', sort: -1, lang: 'en_US' } });
    expect(res.body.code).toBe('PARAM_CHECK');
    expect(res.body.errors?.map((e) => e.field).sort()).toEqual(['roleName', 'sort']);
  });

  it('refuses to delete a role that users hold', async () => {
    const { body } = await addRole(tokens.entAdminA, { roleName: '在用角色' });
    const held = await call(t.app, 'POST', '/acc/userRole/batchSaveUserRole', {
      token: tokens.entAdminA,
      body: { roleId: body.data.id, userIds: [await userIdOf('plainA2')] },
    });
    expect(held.body.code).toBe('SUCCESS');
    const refused = await call(t.app, 'DELETE', `/acc/userRole/delRole/${body.data.id}`, { token: tokens.entAdminA });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ROLE_IN_USE');
    await call(t.app, 'POST', '/acc/userRole/batchSaveUserRole', { token: tokens.entAdminA, body: { roleId: body.data.id, userIds: [] } });
    expect((await call(t.app, 'DELETE', `/acc/userRole/delRole/${body.data.id}`, { token: tokens.entAdminA })).body.code).toBe('SUCCESS');
  });
});

describe('tenancy and built-in roles', () => {
  it('shows a company its own roles and the built-in enterprise roles, read-only', async () => {
    const a = await listRoles(tokens.entAdminA);
    const codes = a.map((r) => r.roleCode);
    expect(codes).toEqual(expect.arrayContaining(['ENTERPRISE_ADMIN', 'ENTERPRISE_OPERATOR', 'GRANTER_A']));
    expect(codes).not.toContain('PLATFORM_ADMIN');
    expect(codes).not.toContain('AUDITOR');
    expect(a.every((r) => r.companyId === null || r.companyId === companyA)).toBe(true);
    expect(a.find((r) => r.roleCode === 'ENTERPRISE_ADMIN')?.editable).toBe(false);
    expect((await listRoles(tokens.entAdminB)).map((r) => r.roleCode)).not.toContain('GRANTER_A');
  });

  it('shows platform users the platform and built-in roles, not the companies’ own', async () => {
    const codes = (await listRoles(tokens.admin)).map((r) => r.roleCode);
    expect(codes).toEqual(expect.arrayContaining(['PLATFORM_ADMIN', 'AUDITOR', 'ENTERPRISE_ADMIN', 'ENTERPRISE_OPERATOR']));
    expect(codes).not.toContain('GRANTER_A');
  });

  it('answers NOT_FOUND for another company’s role, whatever the call', async () => {
    const roleA = await roleIdOf('GRANTER_A');
    const b = tokens.entAdminB;
    const calls = [
      call(t.app, 'PUT', `/acc/userRole/editRole/${roleA}`, { token: b, body: { roleName: 'taken over' } }),
      call(t.app, 'DELETE', `/acc/userRole/delRole/${roleA}`, { token: b }),
      call(t.app, 'POST', '/acc/userRole/batchSaveRoleMenu', { token: b, body: { roleId: roleA, menuIds: [] } }),
      call(t.app, 'POST', '/acc/userRole/batchSaveUserRole', { token: b, body: { roleId: roleA, userIds: [] } }),
      call(t.app, 'GET', `/acc/userRole/queryUserInfoWithRoleCode/${roleA}`, { token: b }),
      call(t.app, 'GET', '/acc/userRole/queryAccMenus/GRANTER_A', { token: b }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect(await grantsOf(tokens.entAdminA, 'GRANTER_A')).toContain('tagRule');
  });

  it('keeps built-in roles read-only for company administrators and platform staff', async () => {
    const entAdmin = await roleIdOf('ENTERPRISE_ADMIN');
    const edit = await call(t.app, 'PUT', `/acc/userRole/editRole/${entAdmin}`, { token: tokens.entAdminA, body: { roleName: 'mine now' } });
    expect(edit.body.code).toBe('BUILTIN_READONLY');
    expect((await call(t.app, 'DELETE', `/acc/userRole/delRole/${entAdmin}`, { token: tokens.entAdminA })).body.code).toBe('BUILTIN_READONLY');
    const grant = await call(t.app, 'POST', '/acc/userRole/batchSaveRoleMenu', { token: tokens.entAdminA, body: { roleId: entAdmin, menuIds: [] } });
    expect(grant.body.code).toBe('BUILTIN_READONLY');
    // A platform role is not even visible to a company.
    const platform = await roleIdOf('PLATFORM_ADMIN');
    expect((await call(t.app, 'PUT', `/acc/userRole/editRole/${platform}`, { token: tokens.entAdminA, body: { roleName: 'x' } })).body.code).toBe(
      'NOT_FOUND',
    );
    // The super user may edit a built-in role.
    const byAdmin = await call(t.app, 'PUT', `/acc/userRole/editRole/${await roleIdOf('AUDITOR')}`, {
      token: tokens.admin,
      body: { roleName: '平台审核员', roleNameEn: 'Auditor', sort: 2, remark: 'reviewed' },
    });
    expect(byAdmin.body.code).toBe('SUCCESS');
  });

  it('lets only platform users create platform roles', async () => {
    const refused = await addRole(tokens.entAdminA, { roleName: '平台角色', scope: 'PLATFORM' });
    expect(refused.body.code).toBe('ACCESS_DENIED_ERROR');
    const made = await addRole(tokens.admin, { roleName: '平台运营' });
    const role = (await listRoles(tokens.admin)).find((r) => r.id === made.body.data.id);
    expect(role).toMatchObject({ scope: 'PLATFORM', companyId: null, editable: true });
  });
});

describe('granting menus and buttons', () => {
  it('offers a company administrator a tree of what they hold, buttons included, platform elements excluded', async () => {
    const res = await call<TreeNode[]>(t.app, 'GET', '/acc/userRole/queryAccMenusList', { token: tokens.entAdminA });
    const codes = codesOf(res.body.data);
    expect(codes).toEqual(expect.arrayContaining(['accPortal', 'userRole', 'system:role:grant', 'tagRule', 'tag:rule:add']));
    expect(codes).not.toContain('menuConf');
    expect(codes).not.toContain('companyAudit');
    const granter = codesOf((await call<TreeNode[]>(t.app, 'GET', '/acc/userRole/queryAccMenusList', { token: tokens.granterA })).body.data);
    expect(granter.sort()).toEqual(
      ['accPortal', 'enterprise', 'tagMg', 'tagRule', 'tag:rule:add', 'systemMg', 'userRole', 'system:role:add', 'system:role:grant'].sort(),
    );
    const all = codesOf((await call<TreeNode[]>(t.app, 'GET', '/acc/userRole/queryAccMenusList', { token: tokens.admin })).body.data);
    expect(all).toContain('menuConf');
  });

  it('adds the ancestors of a granted button, and filters grants by type', async () => {
    const { body } = await addRole(tokens.granterA, { roleName: '规则编辑' });
    const role = (await listRoles(tokens.granterA)).find((r) => r.id === body.data.id) as RoleItem;
    expect((await saveGrants(tokens.granterA, role.id, ['tag:rule:add'])).body.code).toBe('SUCCESS');
    expect(await grantsOf(tokens.granterA, role.roleCode)).toEqual(['accPortal', 'enterprise', 'tag:rule:add', 'tagMg', 'tagRule']);
    expect(await grantsOf(tokens.granterA, role.roleCode, 'BUTTON')).toEqual(['tag:rule:add']);
  });

  it('refuses to grant what the actor does not hold, naming the codes, and changes nothing', async () => {
    const { body } = await addRole(tokens.granterA, { roleName: '越权角色' });
    const role = (await listRoles(tokens.granterA)).find((r) => r.id === body.data.id) as RoleItem;
    await saveGrants(tokens.granterA, role.id, ['tagRule']);
    const res = await saveGrants(tokens.granterA, role.id, ['tagRule', 'product', 'product:product:add']);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('GRANT_NOT_HELD');
    expect(res.body.msg).toContain('product:product:add');
    expect(res.body.msg).toContain('productMg');
    expect(await grantsOf(tokens.granterA, role.roleCode)).toEqual(['accPortal', 'enterprise', 'tagMg', 'tagRule']);
  });

  it('leaves grants the actor cannot see as they are', async () => {
    const { body } = await addRole(tokens.entAdminA, { roleName: '产品与规则' });
    const role = (await listRoles(tokens.entAdminA)).find((r) => r.id === body.data.id) as RoleItem;
    expect((await saveGrants(tokens.entAdminA, role.id, ['product', 'tagRule'])).body.code).toBe('SUCCESS');
    // granterA does not hold products: saving only tag grants keeps the product grant.
    expect((await saveGrants(tokens.granterA, role.id, ['tag:rule:add'])).body.code).toBe('SUCCESS');
    expect(await grantsOf(tokens.entAdminA, role.roleCode)).toEqual(
      ['accPortal', 'enterprise', 'product', 'productMg', 'tag:rule:add', 'tagMg', 'tagRule'].sort(),
    );
  });

  it('never grants platform-only elements to an enterprise role', async () => {
    const { body } = await addRole(tokens.admin, { roleName: '共享企业角色', scope: 'ENTERPRISE' });
    const res = await saveGrants(tokens.admin, body.data.id, ['userInfo', 'menuConf']);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('PLATFORM_ONLY_GRANT');
    expect(res.body.msg).toContain('menuConf');
    const own = (await listRoles(tokens.entAdminA)).find((r) => r.roleCode === 'GRANTER_A') as RoleItem;
    expect((await saveGrants(tokens.entAdminA, own.id, ['dictionary'])).body.code).toBe('PLATFORM_ONLY_GRANT');
    // A platform role may have them.
    const platform = await addRole(tokens.admin, { roleName: '菜单维护' });
    expect((await saveGrants(tokens.admin, platform.body.data.id, ['menuConf', 'system:menu:edit'])).body.code).toBe('SUCCESS');
  });

  it('answers NOT_FOUND for an element that does not exist', async () => {
    const roleId = await roleIdOf('GRANTER_A');
    const res = await call(t.app, 'POST', '/acc/userRole/batchSaveRoleMenu', {
      token: tokens.entAdminA,
      body: { roleId, menuIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(res.body.code).toBe('NOT_FOUND');
  });
});

describe('role holders', () => {
  it('assigns a role to users of the caller’s company only', async () => {
    const { body } = await addRole(tokens.entAdminA, { roleName: '扫码员' });
    const foreign = await call(t.app, 'POST', '/acc/userRole/batchSaveUserRole', {
      token: tokens.entAdminA,
      body: { roleId: body.data.id, userIds: [await userIdOf('plainA2'), await userIdOf('plainB')] },
    });
    expect(foreign.body.code).toBe('NOT_FOUND');
    const holders = () =>
      call<Array<{ username: string; status: string }>>(t.app, 'GET', `/acc/userRole/queryUserInfoWithRoleCode/${body.data.id}`, {
        token: tokens.entAdminA,
      }).then((r) => r.body.data.map((u) => u.username));
    expect(await holders()).toEqual([]);
    const own = await call(t.app, 'POST', '/acc/userRole/batchSaveUserRole', {
      token: tokens.entAdminA,
      body: { roleId: body.data.id, userIds: [await userIdOf('plainA2')] },
    });
    expect(own.body.code).toBe('SUCCESS');
    expect(await holders()).toEqual(['plainA2']);
  });

  it('touches only the caller’s own users when saving the holders of a shared role', async () => {
    const operator = await roleIdOf('ENTERPRISE_OPERATOR');
    const res = await call(t.app, 'POST', '/acc/userRole/batchSaveUserRole', {
      token: tokens.entAdminA,
      body: { roleId: operator, userIds: [await userIdOf('plainA2')] },
    });
    expect(res.body.code).toBe('SUCCESS');
    const inB = await call<Array<{ username: string }>>(t.app, 'GET', `/acc/userRole/queryUserInfoWithRoleCode/${operator}`, { token: tokens.entAdminB });
    expect(inB.body.data.map((u) => u.username)).toEqual(['opB']);
    const inA = await call<Array<{ username: string }>>(t.app, 'GET', `/acc/userRole/queryUserInfoWithRoleCode/${operator}`, { token: tokens.entAdminA });
    expect(inA.body.data.map((u) => u.username)).toEqual(['plainA2']);
  });

  it('sets the exact roles of one user, under the same holding rule', async () => {
    const plainA2 = await userIdOf('plainA2');
    const operator = await roleIdOf('ENTERPRISE_OPERATOR');
    const granter = await roleIdOf('GRANTER_A');
    const set = (token: string, roleIds: string[], userId = plainA2) =>
      call(t.app, 'POST', '/acc/userRole/batchSaveUserRoleInfo', { token, body: { userId, roleIds } });
    expect((await set(tokens.entAdminA, [operator, granter])).body.code).toBe('SUCCESS');
    const codes = async () => {
      const res = await call<Array<{ roleCode: string }>>(t.app, 'GET', '/acc/userRole/queryUserRoleInfoWithUserCode', {
        token: tokens.entAdminA,
        query: { userCode: (await db().selectFrom('app_user').select('user_code').where('id', '=', plainA2).executeTakeFirstOrThrow()).user_code },
      });
      return res.body.data.map((r) => r.roleCode).sort();
    };
    expect(await codes()).toEqual(['ENTERPRISE_OPERATOR', 'GRANTER_A']);
    expect((await set(tokens.entAdminA, [granter])).body.code).toBe('SUCCESS');
    expect(await codes()).toEqual(['GRANTER_A']);

    // granterA does not hold what the enterprise administrator role grants.
    const escalate = await set(tokens.granterA, [granter, await roleIdOf('ENTERPRISE_ADMIN')]);
    expect(escalate.body.code).toBe('GRANT_NOT_HELD');
    expect(await codes()).toEqual(['GRANTER_A']);
    // Roles of another scope are not visible; users of another company are not found.
    expect((await set(tokens.entAdminA, [await roleIdOf('PLATFORM_ADMIN')])).body.code).toBe('NOT_FOUND');
    expect((await set(tokens.entAdminA, [operator], await userIdOf('plainB'))).body.code).toBe('NOT_FOUND');
    // The super user sees platform roles, but they never go to an enterprise user.
    const mismatch = await set(tokens.admin, [await roleIdOf('PLATFORM_ADMIN')]);
    expect(mismatch.body.code).toBe('ROLE_NOT_ASSIGNABLE');
    // Nor does an enterprise role go to platform staff, or a platform role to a company's users in bulk.
    const toStaff = await set(tokens.admin, [operator], await userIdOf('staff'));
    expect(toStaff.body.code).toBe('ROLE_NOT_ASSIGNABLE');
    const bulk = await call(t.app, 'POST', '/acc/userRole/batchSaveUserRole', {
      token: tokens.admin,
      body: { roleId: await roleIdOf('AUDITOR'), userIds: [plainA2], lang: 'en_US' },
    });
    expect(bulk.body.code).toBe('ROLE_SCOPE_MISMATCH');
    expect(bulk.body.msg).toContain('plainA2');
  });

  it('lists the enabled enterprise roles assignable in the company', async () => {
    const { body } = await addRole(tokens.entAdminA, { roleName: '停用角色', status: 'DISABLED' });
    const res = await call<Array<{ id: string; roleCode: string; scope: string }>>(t.app, 'POST', '/acc/userRole/getEntRoleList', {
      token: tokens.entAdminA,
    });
    const codes = res.body.data.map((r) => r.roleCode);
    expect(codes).toEqual(expect.arrayContaining(['ENTERPRISE_ADMIN', 'ENTERPRISE_OPERATOR', 'GRANTER_A']));
    expect(codes).not.toContain('PLATFORM_ADMIN');
    expect(res.body.data.some((r) => r.id === body.data.id)).toBe(false);
    expect(res.body.data.every((r) => r.scope === 'ENTERPRISE')).toBe(true);
    const inB = await call<Array<{ roleCode: string }>>(t.app, 'POST', '/acc/userRole/getEntRoleList', { token: tokens.entAdminB });
    expect(inB.body.data.map((r) => r.roleCode)).not.toContain('GRANTER_A');
  });
});

describe('what a grant does to the signed-in user', () => {
  it('shows exactly the role’s menus and buttons, and refuses everything else', async () => {
    const { body } = await addRole(tokens.entAdminA, { roleName: '规则查看' });
    const roleId = body.data.id;
    expect((await saveGrants(tokens.entAdminA, roleId, ['tagRule', 'tag:rule:edit'])).body.code).toBe('SUCCESS');
    const plainA = await userIdOf('plainA');
    await call(t.app, 'POST', '/acc/userRole/batchSaveUserRole', { token: tokens.entAdminA, body: { roleId, userIds: [plainA] } });

    const me = await loginUser(tokens.plainA);
    expect(codesOf(me.menus)).toEqual(['accPortal', 'enterprise', 'tagMg', 'tagRule']);
    expect(me.permissionList).toEqual(['tag:rule:edit', 'tag:rule:list']);
    const denied = await call(t.app, 'GET', '/acc/userRole/queryUserRoleInfo', { token: tokens.plainA });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('ACCESS_DENIED_ERROR');

    // The same session sees a new grant at once: permissions are read on every call.
    expect((await saveGrants(tokens.entAdminA, roleId, ['tagRule', 'tag:rule:edit', 'userRole'])).body.code).toBe('SUCCESS');
    expect((await call(t.app, 'GET', '/acc/userRole/queryUserRoleInfo', { token: tokens.plainA })).body.code).toBe('SUCCESS');
    expect((await loginUser(tokens.plainA)).permissionList).toEqual(['system:role:list', 'tag:rule:edit', 'tag:rule:list']);

    // A disabled role grants nothing.
    await call(t.app, 'PUT', `/acc/userRole/editRole/${roleId}`, { token: tokens.entAdminA, body: { roleName: '规则查看', status: 'DISABLED' } });
    expect((await loginUser(tokens.plainA)).permissionList).toEqual([]);
    expect((await call(t.app, 'GET', '/acc/userRole/queryUserRoleInfo', { token: tokens.plainA })).body.code).toBe('ACCESS_DENIED_ERROR');
  });
});

describe('direct user permissions (userpermission)', () => {
  it('adds direct grants to the user’s permission list, and reports them with the role grants', async () => {
    const plainA2 = await userIdOf('plainA2');
    const save = await call(t.app, 'POST', '/acc/userpermission/save', {
      token: tokens.entAdminA,
      body: { userId: plainA2, menuIds: [await menuId('dept'), await menuId('system:dept:edit')] },
    });
    expect(save.body.code).toBe('SUCCESS');
    const token = await signIn(t.app, 'plainA2', PASS);
    const me = await loginUser(token);
    expect(me.permissionList).toEqual(expect.arrayContaining(['system:dept:list', 'system:dept:edit']));
    expect(codesOf(me.menus)).toEqual(expect.arrayContaining(['systemMg', 'dept']));

    const info = await call<{ menuIds: string[]; roleMenuIds: string[] }>(t.app, 'POST', '/acc/userpermission/info', {
      token: tokens.entAdminA,
      body: { userId: plainA2 },
    });
    expect(info.body.data.menuIds).toEqual(expect.arrayContaining([await menuId('dept'), await menuId('systemMg'), await menuId('accPortal')]));
    // plainA2 holds GRANTER_A from the earlier test.
    expect(info.body.data.roleMenuIds).toContain(await menuId('tagRule'));

    const own = await call<string[]>(t.app, 'POST', '/acc/userpermission/permissions', { token, body: { type: 'BUTTON' } });
    expect(own.body.data).toEqual(expect.arrayContaining(['system:dept:edit', 'tag:rule:add']));
    expect(own.body.data).not.toContain('system:dept:list');
    const screens = await call<string[]>(t.app, 'POST', '/acc/userpermission/permissions', { token, body: { type: 'MENU' } });
    expect(screens.body.data).toContain('system:dept:list');

    // Replacing with nothing removes the direct grants.
    await call(t.app, 'POST', '/acc/userpermission/save', { token: tokens.entAdminA, body: { userId: plainA2, menuIds: [] } });
    expect((await loginUser(token)).permissionList).not.toContain('system:dept:edit');
  });

  it('applies the holding, platform and company rules', async () => {
    const plainA2 = await userIdOf('plainA2');
    const notHeld = await call(t.app, 'POST', '/acc/userpermission/save', {
      token: tokens.granterA,
      body: { userId: plainA2, menuIds: [await menuId('product')] },
    });
    expect(notHeld.body.code).toBe('GRANT_NOT_HELD');
    const platformOnly = await call(t.app, 'POST', '/acc/userpermission/save', {
      token: tokens.admin,
      body: { userId: plainA2, menuIds: [await menuId('menuConf')] },
    });
    expect(platformOnly.body.code).toBe('PLATFORM_ONLY_GRANT');
    const staff = await userIdOf('staff');
    const toStaff = await call(t.app, 'POST', '/acc/userpermission/save', { token: tokens.admin, body: { userId: staff, menuIds: [await menuId('menuConf')] } });
    expect(toStaff.body.code).toBe('SUCCESS');
    expect((await loginUser(tokens.staff)).permissionList).toEqual(['system:menu:list']);
    const foreign = await call(t.app, 'POST', '/acc/userpermission/info', { token: tokens.entAdminB, body: { userId: plainA2 } });
    expect(foreign.body.code).toBe('NOT_FOUND');
    const foreignSave = await call(t.app, 'POST', '/acc/userpermission/save', { token: tokens.entAdminB, body: { userId: plainA2, menuIds: [] } });
    expect(foreignSave.body.code).toBe('NOT_FOUND');
  });
});
