import type { MaterialTypeNode } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMaterialTypes } from '../src/modules/materialType/seed.js';
import { createCompany, createUser } from './support/fixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const PATH = '/api/inner/acc/materialType/tree';
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const company = await createCompany(t.database.db, 'Materials');
  // any signed-in user may read the tree: this one holds no role at all
  await createUser(t.database.db, { username: 'materialReader', password: 'Material-Pass-1', userType: '3', companyId: company });
  token = await signIn(t.app, 'materialReader', 'Material-Pass-1');
});
afterAll(() => t.close());

const tree = async (lang?: string) => {
  const res = await call<MaterialTypeNode[]>(t.app, 'GET', PATH, { token, query: lang ? { lang } : undefined });
  expect(res.body.code).toBe('SUCCESS');
  return res.body.data;
};

function walk(nodes: MaterialTypeNode[], visit: (node: MaterialTypeNode, parent: MaterialTypeNode | null) => void, parent: MaterialTypeNode | null = null) {
  for (const node of nodes) {
    visit(node, parent);
    walk(node.children, visit, node);
  }
}

describe('material type tree', () => {
  it('answers the built-in tree of typeCode, typeName and children, codes growing by two digits a level', async () => {
    const nodes = await tree();
    expect(nodes.map((n) => n.typeName)).toEqual(['种子种苗', '肥料', '农药', '农膜及辅料', '检测用品']);
    let count = 0;
    walk(nodes, (node, parent) => {
      count += 1;
      expect(Object.keys(node).sort()).toEqual(['children', 'typeCode', 'typeName']);
      if (parent) {
        expect(node.typeCode.startsWith(parent.typeCode)).toBe(true);
        expect(node.typeCode).toHaveLength(parent.typeCode.length + 2);
      } else expect(node.typeCode).toHaveLength(2);
    });
    expect(count).toBeGreaterThan(25);
    const fertiliser = nodes.find((n) => n.typeCode === '02');
    expect(fertiliser?.children.find((c) => c.typeCode === '0202')?.children.map((c) => c.typeName)).toContain('复合肥');
  });

  it('names the types in the request’s language', async () => {
    expect((await tree('en_US')).map((n) => n.typeName)).toEqual(['Seeds and seedlings', 'Fertilisers', 'Pesticides', 'Films and field supplies', 'Testing supplies']);
    const byHeader = await call<MaterialTypeNode[]>(t.app, 'GET', PATH, { token, headers: { 'x-rd-request-language': 'en_US' } });
    expect(byHeader.body.data[2]?.children[0]?.typeName).toBe('Insecticide');
  });

  it('is for signed-in users only', async () => {
    const anonymous = await call(t.app, 'GET', PATH);
    expect(anonymous.body.code).toBe('NO_LOGIN_ERROR');
  });

  it('keeps edited rows when seeded again, and hides a disabled branch', async () => {
    const db = t.database.db;
    await db.updateTable('material_type').set({ type_name: '杀虫药剂' }).where('type_code', '=', '0301').execute();
    await db.updateTable('material_type').set({ status: 'DISABLED' }).where('type_code', '=', '04').execute();
    await db.deleteFrom('material_type').where('type_code', '=', '0502').execute();
    await seedMaterialTypes(db);
    const nodes = await tree();
    expect(nodes.find((n) => n.typeCode === '03')?.children[0]?.typeName).toBe('杀虫药剂');
    expect(nodes.map((n) => n.typeCode)).not.toContain('04');
    // a missing built-in row comes back
    expect(nodes.find((n) => n.typeCode === '05')?.children.map((c) => c.typeCode)).toEqual(['0501', '0502']);
    const rows = await db.selectFrom('material_type').select('type_code').execute();
    expect(new Set(rows.map((r) => r.type_code)).size).toBe(rows.length);
  });

  it('refuses a code that does not sit under its parent', async () => {
    await expect(
      t.database.db.insertInto('material_type').values({ type_code: '0399', parent_code: '02', type_name: '错位' }).execute(),
    ).rejects.toThrow();
  });
});
