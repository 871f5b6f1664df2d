import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/testApp.js';

/**
 * The OpenAPI document under /acc/docs is what partners feed their client generators: it must be valid
 * (every reference resolves, the trees among them) and a generator must take it.
 */
let t: TestApp;
let document: Record<string, unknown>;

beforeAll(async () => {
  t = await startTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/acc/docs/json' });
  expect(res.statusCode).toBe(200);
  document = res.json() as Record<string, unknown>;
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('validates, with the tree schemas as named components', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    const schemas = Object.keys((document.components as { schemas?: Record<string, unknown> }).schemas ?? {});
    expect(schemas).toEqual(expect.arrayContaining(['MenuNode', 'DeptNode', 'UserDeptNode', 'CategoryNode', 'MaterialTypeNode', 'GrantableMenuNode', 'MenuConfNode']));
    expect(JSON.stringify(document)).not.toMatch(/#\/components\/schemas\/schema\d/);
  });

  it('gives TypeScript types through openapi-typescript, the calls of spec 7 on their methods', async () => {
    const types = astToString(await openapiTS(structuredClone(document) as never));
    expect(types).toContain('MenuNode: {');
    expect(types).toMatch(/"\/acc\/userRole\/getEntRoleList": \{[\s\S]*?post: operations|"\/acc\/userRole\/getEntRoleList": \{[\s\S]*?post: \{/);
    expect(types).toMatch(/"\/acc\/api\/codeRecord\/downloadQRCode": \{[\s\S]*?post:/);
  });
});
