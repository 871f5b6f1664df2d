import type { DeptNode, DeptRow, PageResult } from '@rd/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from './support/fixtures.js';
import { ADMIN_PASSWORD, call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Pass-word-1';
const BASE = '/acc/api/pmcpDept';

let t: TestApp;
let companyA: string;
let adminA: string;
let adminB: string;
let operatorA: string;
let platformAdmin: string;

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  companyA = await createCompany(db, 'Dept Company A');
  const companyB = await createCompany(db, 'Dept Company B');
  await createUser(db, { username: 'deptAdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'deptAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'deptOpA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_OPERATOR'] });
  adminA = await signIn(t.app, 'deptAdminA', PASSWORD);
  adminB = await signIn(t.app, 'deptAdminB', PASSWORD);
  operatorA = await signIn(t.app, 'deptOpA', PASSWORD);
  platformAdmin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
});
afterAll(() => t.close());

async function add(token: string, body: Record<string, unknown>): Promise<DeptRow> {
  const res = await call<DeptRow>(t.app, 'POST', `${BASE}/add`, { token, body });
  expect(res.body.code, res.body.msg).toBe('SUCCESS');
  return res.body.data;
}

async function tree(token: string, body: Record<string, unknown> = {}): Promise<DeptNode[]> {
  const res = await call<DeptNode[]>(t.app, 'POST', `${BASE}/list`, { token, body });
  expect(res.body.code, res.body.msg).toBe('SUCCESS');
  return res.body.data;
}

async function ancestorsOf(id: string): Promise<string> {
  const row = await t.database.db.selectFrom('department').select('ancestors').where('id', '=', id).executeTakeFirstOrThrow();
  return row.ancestors;
}

/** The tree as indented names, to compare shapes at a glance. */
function outline(nodes: DeptNode[], depth = 0): string[] {
  return nodes.flatMap((n) => [`${'  '.repeat(depth)}${n.deptName}`, ...outline(n.children, depth + 1)]);
}

function find(nodes: DeptNode[], name: string): DeptNode | undefined {
  for (const n of nodes) {
    if (n.deptName === name) return n;
    const inner = find(n.children, name);
    if (inner) return inner;
  }
  return undefined;
}

describe('department tree', () => {
  it('builds nested nodes in sort order and records each department’s ancestors', async () => {
    const hq = await add(adminA, { deptName: 'Tree HQ', sort: 1, leader: '张三', phone: '010-12345678', email: 'hq@example.com' });
    const sales = await add(adminA, { parentId: hq.id, deptName: 'Tree Sales', sort: 2 });
    const rd = await add(adminA, { parentId: hq.id, deptName: 'Tree R&D', sort: 1 });
    const lab = await add(adminA, { parentId: rd.id, deptName: 'Tree Lab', status: 'DISABLED' });

    expect(await ancestorsOf(hq.id)).toBe('');
    expect(await ancestorsOf(rd.id)).toBe(hq.id);
    expect(await ancestorsOf(lab.id)).toBe(`${hq.id},${rd.id}`);

    const nodes = await tree(adminA);
    const root = find(nodes, 'Tree HQ');
    expect(outline(root ? [root] : [])).toEqual(['Tree HQ', '  Tree R&D', '    Tree Lab', '  Tree Sales']);
    expect(root).toMatchObject({ id: hq.id, parentId: null, sort: 1, leader: '张三', phone: '010-12345678', email: 'hq@example.com', status: 'ENABLED' });
    expect(find(nodes, 'Tree Lab')).toMatchObject({ parentId: rd.id, status: 'DISABLED', children: [] });
    expect(sales.parentName).toBe('Tree HQ');
  });

  it('filters the tree and keeps the ancestors of each match', async () => {
    const top = await add(adminA, { deptName: 'Filter Top' });
    const mid = await add(adminA, { parentId: top.id, deptName: 'Filter Middle' });
    await add(adminA, { parentId: mid.id, deptName: 'Filter Needle' });
    await add(adminA, { parentId: top.id, deptName: 'Filter Other' });
    expect(outline(await tree(adminA, { deptName: 'needle' }))).toEqual(['Filter Top', '  Filter Middle', '    Filter Needle']);
    expect(outline(await tree(adminA, { deptName: 'no such department' }))).toEqual([]);
  });

  it('moves a subtree and rewrites every descendant’s ancestors', async () => {
    const r1 = await add(adminA, { deptName: 'Move Root 1' });
    const r2 = await add(adminA, { deptName: 'Move Root 2' });
    const a = await add(adminA, { parentId: r1.id, deptName: 'Move A' });
    const a1 = await add(adminA, { parentId: a.id, deptName: 'Move A1' });
    const a11 = await add(adminA, { parentId: a1.id, deptName: 'Move A11' });
    const b = await add(adminA, { parentId: r1.id, deptName: 'Move B' });

    const moved = await call<DeptRow>(t.app, 'POST', `${BASE}/edit`, { token: adminA, body: { id: a.id, parentId: r2.id } });
    expect(moved.body.code, moved.body.msg).toBe('SUCCESS');
    expect(moved.body.data).toMatchObject({ parentId: r2.id, parentName: 'Move Root 2', deptName: 'Move A' });
    expect(await ancestorsOf(a.id)).toBe(r2.id);
    expect(await ancestorsOf(a1.id)).toBe(`${r2.id},${a.id}`);
    expect(await ancestorsOf(a11.id)).toBe(`${r2.id},${a.id},${a1.id}`);
    expect(await ancestorsOf(b.id)).toBe(r1.id);

    const nodes = await tree(adminA);
    expect(outline([find(nodes, 'Move Root 2') as DeptNode])).toEqual(['Move Root 2', '  Move A', '    Move A1', '      Move A11']);
    expect(outline([find(nodes, 'Move Root 1') as DeptNode])).toEqual(['Move Root 1', '  Move B']);

    // To the top of the tree, and then a middle node under a sibling branch.
    expect((await call(t.app, 'POST', `${BASE}/edit`, { token: adminA, body: { id: a.id, parentId: null } })).body.code).toBe('SUCCESS');
    expect(await ancestorsOf(a.id)).toBe('');
    expect(await ancestorsOf(a11.id)).toBe(`${a.id},${a1.id}`);
    expect((await call(t.app, 'POST', `${BASE}/edit`, { token: adminA, body: { id: a1.id, parentId: b.id } })).body.code).toBe('SUCCESS');
    expect(await ancestorsOf(a1.id)).toBe(`${r1.id},${b.id}`);
    expect(await ancestorsOf(a11.id)).toBe(`${r1.id},${b.id},${a1.id}`);
  });

  it('refuses to move a department under itself or one of its descendants, and changes nothing', async () => {
    const top = await add(adminA, { deptName: 'Cycle Top' });
    const child = await add(adminA, { parentId: top.id, deptName: 'Cycle Child' });
    const grandchild = await add(adminA, { parentId: child.id, deptName: 'Cycle Grandchild' });

    for (const parentId of [top.id, child.id, grandchild.id]) {
      const res = await call(t.app, 'POST', `${BASE}/edit`, {
        token: adminA,
        body: { id: top.id, parentId, deptName: 'Cycle Renamed', lang: 'en_US' },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('PARAM_CHECK');
      expect(res.body.errors).toEqual([
        { field: 'parentId', message: 'The parent department cannot be the department itself or one of its sub-departments' },
      ]);
    }
    expect(await ancestorsOf(top.id)).toBe('');
    expect(await ancestorsOf(grandchild.id)).toBe(`${top.id},${child.id}`);
    const row = await call<DeptRow>(t.app, 'GET', `${BASE}/getById`, { token: adminA, query: { id: top.id } });
    expect(row.body.data).toMatchObject({ deptName: 'Cycle Top', parentId: null });
  });

  it('edits only the fields sent', async () => {
    const dept = await add(adminA, { deptName: 'Partial', sort: 7, leader: '李四', phone: '13800138000', email: 'p@example.com' });
    const res = await call<DeptRow>(t.app, 'POST', `${BASE}/edit`, { token: adminA, body: { id: dept.id, status: 'DISABLED' } });
    expect(res.body.data).toMatchObject({ deptName: 'Partial', sort: 7, leader: '李四', phone: '13800138000', email: 'p@example.com', status: 'DISABLED' });
    const cleared = await call<DeptRow>(t.app, 'POST', `${BASE}/edit`, { token: adminA, body: { id: dept.id, phone: '', email: '' } });
    expect(cleared.body.data).toMatchObject({ phone: '', email: '', leader: '李四' });
  });
});

describe('deleting a department', () => {
  it('is refused while it has sub-departments', async () => {
    const parent = await add(adminA, { deptName: 'Delete Parent' });
    const child = await add(adminA, { parentId: parent.id, deptName: 'Delete Child' });
    const res = await call(t.app, 'POST', `${BASE}/deleteById`, { token: adminA, body: { id: parent.id, lang: 'en_US' } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('DEPT_HAS_CHILDREN');
    expect(res.body.msg).toBe('The department has sub-departments and cannot be deleted');

    expect((await call(t.app, 'POST', `${BASE}/deleteById`, { token: adminA, body: { id: child.id } })).body.code).toBe('SUCCESS');
    expect((await call(t.app, 'POST', `${BASE}/deleteById`, { token: adminA, body: { id: parent.id } })).body.code).toBe('SUCCESS');
    const gone = await call(t.app, 'GET', `${BASE}/getById`, { token: adminA, query: { id: parent.id } });
    expect(gone.body.code).toBe('NOT_FOUND');
  });

  it('is refused while users belong to it; deleted accounts do not count', async () => {
    const db = t.database.db;
    const dept = await add(adminA, { deptName: 'Delete Staffed' });
    const member = await createUser(db, { username: 'deptMember', password: PASSWORD, userType: '3', companyId: companyA });
    await sql`update app_user set dept_id = ${dept.id} where id = ${member}`.execute(db);

    const refused = await call(t.app, 'POST', `${BASE}/deleteById`, { token: adminA, body: { id: dept.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('DEPT_HAS_USERS');

    await sql`update app_user set deleted = true where id = ${member}`.execute(db);
    expect((await call(t.app, 'POST', `${BASE}/deleteById`, { token: adminA, body: { id: dept.id } })).body.code).toBe('SUCCESS');
    const user = await db.selectFrom('app_user').select('dept_id').where('id', '=', member).executeTakeFirstOrThrow();
    expect(user.dept_id).toBeNull();
  });
});

describe('tenancy', () => {
  it('answers NOT_FOUND for another company’s department on every call', async () => {
    const mine = await add(adminA, { deptName: 'Tenant A Only' });
    const theirs = await add(adminB, { deptName: 'Tenant B Only' });

    const attempts = [
      call(t.app, 'GET', `${BASE}/getById`, { token: adminB, query: { id: mine.id } }),
      call(t.app, 'POST', `${BASE}/edit`, { token: adminB, body: { id: mine.id, deptName: 'Stolen' } }),
      call(t.app, 'POST', `${BASE}/deleteById`, { token: adminB, body: { id: mine.id } }),
      call(t.app, 'POST', `${BASE}/add`, { token: adminB, body: { parentId: mine.id, deptName: 'Intruder' } }),
      call(t.app, 'POST', `${BASE}/edit`, { token: adminB, body: { id: theirs.id, parentId: mine.id } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    const row = await call<DeptRow>(t.app, 'GET', `${BASE}/getById`, { token: adminA, query: { id: mine.id } });
    expect(row.body.data.deptName).toBe('Tenant A Only');
    expect(await ancestorsOf(theirs.id)).toBe('');
  });

  it('never mixes companies in the tree or the paged list; platform staff have a tree of their own', async () => {
    const platformDept = await add(platformAdmin, { deptName: 'Platform Operations' });
    const names = (nodes: DeptNode[]) => outline(nodes).map((s) => s.trim());

    const aNames = names(await tree(adminA));
    const bNames = names(await tree(adminB));
    const platformNames = names(await tree(platformAdmin));
    expect(aNames).toContain('Tenant A Only');
    expect(aNames).not.toContain('Tenant B Only');
    expect(aNames).not.toContain('Platform Operations');
    expect(bNames).toEqual(['Tenant B Only']);
    expect(platformNames).toEqual(['Platform Operations']);

    const page = await call<PageResult<DeptRow>>(t.app, 'POST', `${BASE}/pageList`, { token: adminB, body: { pageSize: 100 } });
    expect(page.body.data.list.map((r) => r.deptName)).toEqual(['Tenant B Only']);
    const cross = await call(t.app, 'GET', `${BASE}/getById`, { token: adminA, query: { id: platformDept.id } });
    expect(cross.body.code).toBe('NOT_FOUND');
  });

  it('takes the company from the session, not from the body', async () => {
    const res = await add(adminB, { deptName: 'Smuggled', companyId: companyA, company_id: companyA });
    const row = await t.database.db.selectFrom('department').select('company_id').where('id', '=', res.id).executeTakeFirstOrThrow();
    expect(row.company_id).not.toBe(companyA);
  });
});

describe('names and validation', () => {
  it('keeps names unique among siblings only', async () => {
    const left = await add(adminA, { deptName: 'Unique Left' });
    const right = await add(adminA, { deptName: 'Unique Right' });
    await add(adminA, { parentId: left.id, deptName: 'Team' });
    const twin = await add(adminA, { parentId: right.id, deptName: 'Team' });

    const dup = await call(t.app, 'POST', `${BASE}/add`, { token: adminA, body: { parentId: left.id, deptName: 'Team', lang: 'en_US' } });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('DUPLICATE');
    expect(dup.body.msg).toBe('Department name already exists: Team');
    expect(dup.body.errors).toEqual([{ field: 'deptName', message: 'Department name already exists: Team' }]);

    // Moving the twin next to its namesake is refused too, and so is renaming onto a sibling's name.
    const move = await call(t.app, 'POST', `${BASE}/edit`, { token: adminA, body: { id: twin.id, parentId: left.id } });
    expect(move.body.code).toBe('DUPLICATE');
    const rename = await call(t.app, 'POST', `${BASE}/edit`, { token: adminA, body: { id: right.id, deptName: 'Unique Left' } });
    expect(rename.body.code).toBe('DUPLICATE');
    expect(await ancestorsOf(twin.id)).toBe(right.id);
    // The same name is free in another company.
    await add(adminB, { deptName: 'Unique Left' });
  });

  it('names each invalid field in the request’s language', async () => {
    const res = await call(t.app, 'POST', `${BASE}/add`, {
      token: adminA,
      body: {
        deptName: 'x'.repeat(51),
        sort: 10000,
        leader: 'y'.repeat(21),
        phone: '12345',
        email: 'not-an-email',
        status: 'MAYBE',
        parentId: 'not-a-uuid',
        lang: 'en_US',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PARAM_CHECK');
    const errors = Object.fromEntries((res.body.errors ?? []).map((e) => [e.field, e.message]));
    expect(errors).toEqual({
      deptName: 'Enter at most 50 characters',
      sort: 'Must be at most 9999',
      leader: 'Enter at most 20 characters',
      phone: 'Enter a valid mobile phone or landline number',
      email: 'Enter a valid email address',
      status: 'Must be one of: ENABLED, DISABLED',
      parentId: 'The value is invalid',
    });

    const blank = await call(t.app, 'POST', `${BASE}/add`, { token: adminA, body: { deptName: '   ', sort: 1.5 } });
    const blankErrors = Object.fromEntries((blank.body.errors ?? []).map((e) => [e.field, e.message]));
    expect(blankErrors).toEqual({ deptName: '此项为必填项', sort: '请输入整数' });
    expect((await call(t.app, 'POST', `${BASE}/add`, { token: adminA, body: { deptName: 'Negative', sort: -1 } })).body.code).toBe('PARAM_CHECK');
  });

  it('accepts a landline or a mobile number', async () => {
    await add(adminA, { deptName: 'Phones 1', phone: '0755-1234567' });
    await add(adminA, { deptName: 'Phones 2', phone: '13912345678' });
  });
});

describe('paged list and permissions', () => {
  it('filters by name, status and parent, and pages', async () => {
    const parent = await add(adminA, { deptName: 'Paged Parent' });
    for (let i = 1; i <= 3; i++) await add(adminA, { parentId: parent.id, deptName: `Paged Child ${i}`, sort: i, status: i === 2 ? 'DISABLED' : 'ENABLED' });

    const byParent = await call<PageResult<DeptRow>>(t.app, 'POST', `${BASE}/pageList`, {
      token: adminA,
      body: { parentId: parent.id, pageNum: 1, pageSize: 2 },
    });
    expect(byParent.body.data.total).toBe(3);
    expect(byParent.body.data.list.map((r) => r.deptName)).toEqual(['Paged Child 1', 'Paged Child 2']);
    expect(byParent.body.data.list[0]?.parentName).toBe('Paged Parent');

    const disabled = await call<PageResult<DeptRow>>(t.app, 'POST', `${BASE}/pageList`, {
      token: adminA,
      body: { deptName: 'paged child', status: 'DISABLED' },
    });
    expect(disabled.body.data.list.map((r) => r.deptName)).toEqual(['Paged Child 2']);

    const badOrder = await call(t.app, 'POST', `${BASE}/pageList`, { token: adminA, body: { orderName: 'password_hash' } });
    expect(badOrder.body.code).toBe('PARAM_CHECK');
  });

  it('gives ACCESS_DENIED_ERROR to a user without the department codes', async () => {
    for (const [method, url, body] of [
      ['POST', `${BASE}/list`, {}],
      ['POST', `${BASE}/pageList`, {}],
      ['POST', `${BASE}/add`, { deptName: 'Not allowed' }],
      ['POST', `${BASE}/deleteById`, { id: '00000000-0000-4000-8000-000000000000' }],
    ] as const) {
      const res = await call(t.app, method, url, { token: operatorA, body });
      expect(res.status, url).toBe(403);
      expect(res.body.code).toBe('ACCESS_DENIED_ERROR');
    }
  });

  it('records changes in the operation log, but not the reads', async () => {
    const dept = await add(adminA, { deptName: 'Logged' });
    await tree(adminA);
    const rows = await t.database.db
      .selectFrom('operation_log')
      .select(['module', 'action', 'result'])
      .where('module', '=', 'pmcpDept')
      .execute();
    expect(rows.some((r) => r.action === 'INSERT' && r.result === 'SUCCESS')).toBe(true);
    expect(rows.every((r) => r.action !== 'OTHER')).toBe(true);
    expect(dept.id).toBeTruthy();
  });
});
