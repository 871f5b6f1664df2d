import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from './support/fixtures.js';
import { ADMIN_PASSWORD, signIn, startTestApp, type TestApp } from './support/testApp.js';

/**
 * The OpenAPI document under /acc/docs is what partners feed their client generators: it must be valid
 * (every reference resolves, the trees among them), pass Redocly's recommended rules, and give a typed
 * client whose calls work.
 */
const run = promisify(execFile);
const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASE = 'https://trace.example.cn';
const PASSWORD = 'Client-Pass-1';
/** Redocly's recommended rules warn of these, each justified in docs/api.md. */
const ACCEPTED_WARNINGS = ['info-license-strict'];

type Operation = { operationId?: string; security?: unknown[]; tags?: string[]; responses: Record<string, { description: string; content?: Record<string, { schema: { $ref?: string } }> }> };
let t: TestApp;
let document: Record<string, unknown> & { paths: Record<string, Record<string, Operation>> };
const operation = (url: string, method: string) => document.paths[url]![method]!;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_BASE_URL: BASE, LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const res = await t.app.inject({ method: 'GET', url: '/acc/docs/json' });
  expect(res.statusCode).toBe(200);
  document = res.json() as typeof document;
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('validates, with the tree schemas as named components', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    const schemas = Object.keys((document.components as { schemas?: Record<string, unknown> }).schemas ?? {});
    expect(schemas).toEqual(expect.arrayContaining(['MenuNode', 'DeptNode', 'UserDeptNode', 'CategoryNode', 'MaterialTypeNode', 'GrantableMenuNode', 'MenuConfNode']));
    expect(JSON.stringify(document)).not.toMatch(/#\/components\/schemas\/schema\d/);
  });

  it('names every operation once, after its call', () => {
    const ids = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((o) => o.operationId));
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operation('/acc/api/rule/pageList', 'post').operationId).toBe('rulePageList');
    expect(operation('/acc/api/securityCode/check', 'get').operationId).toBe('securityCodeCheck');
    expect(operation('/acc/userRole/delRole/{id}', 'delete').operationId).toBe('userRoleDelRole');
    expect(operation('/acc/epcis/events/{eventID}', 'get').operationId).toBe('epcisEventsByEventID');
    expect(operation('/acc/epcis/queries', 'post').operationId).toBe('epcisQueriesPost');
  });

  it('says which credentials each operation takes, and the refusals it can answer with their bodies', () => {
    expect(document['servers']).toEqual([{ url: BASE }]);
    expect(operation('/acc/api/securityCode/check', 'get').security).toEqual([]);
    expect(operation('/acc/api/rule/pageList', 'post').security).toEqual([{ token: [] }]);
    expect(operation('/acc/epcis/events', 'get').security).toEqual([{ token: [] }, { apiKey: [] }]);

    const pageList = operation('/acc/api/rule/pageList', 'post').responses;
    expect(Object.keys(pageList).sort()).toEqual(['200', '400', '401', '403', '413', '503']);
    expect(pageList['400']!.content!['application/json']!.schema.$ref).toBe('#/components/schemas/ErrorEnvelope');
    expect(pageList['400']!.description).toContain('PARAM_CHECK');
    // a change can conflict with the record's state, and names a record
    expect(Object.keys(operation('/acc/api/rule/edit', 'post').responses)).toEqual(expect.arrayContaining(['404', '409']));
    // the public check: no credentials to refuse, but a rate limit
    expect(Object.keys(operation('/acc/api/securityCode/check', 'get').responses).sort()).toEqual(['200', '400', '429', '503']);
    expect(operation('/acc/epcis/events', 'get').responses['400']!.content!['application/problem+json']!.schema.$ref).toBe('#/components/schemas/EpcisProblem');

    const described = new Map((document['tags'] as Array<{ name: string; description: string }>).map((tag) => [tag.name, tag.description]));
    const used = new Set(Object.values(document.paths).flatMap((methods) => Object.values(methods).flatMap((o) => o.tags ?? [])));
    for (const tag of used) expect(described.get(tag), tag).toBeTruthy();
    expect((document['info'] as { license?: { name: string } }).license?.name).toBeTruthy();
  });

  it('names people in the answers by name and by login name, both described; registration lists its 409', () => {
    /** The properties of the first object schema in `node` that has `key`. */
    const withProperty = (node: unknown, key: string): Record<string, { type?: string; description?: string }> | undefined => {
      if (!node || typeof node !== 'object') return undefined;
      const properties = (node as { properties?: Record<string, { type?: string; description?: string }> }).properties;
      if (properties && key in properties) return properties;
      for (const child of Object.values(node)) {
        const found = withProperty(child, key);
        if (found) return found;
      }
      return undefined;
    };
    for (const url of ['/acc/api/shipment/pageList', '/acc/api/recall/pageList', '/acc/api/apiKey/pageList', '/acc/api/codeRecord/pageList']) {
      const row = withProperty(operation(url, 'post').responses['200'], 'createdByName');
      expect(row, url).toBeDefined();
      expect(row?.['createdByName']).toMatchObject({ type: 'string', description: expect.stringContaining("the person's name") });
      expect(row?.['createdByUsername']).toMatchObject({ type: 'string', description: expect.stringContaining('login name') });
      expect(row?.['createdBy']?.type, url).toBe('string');
    }
    expect(withProperty(operation('/acc/api/qfOperationRecord/pageList', 'post').responses['200'], 'operatorName')).toBeDefined();
    const register = operation('/acc/api/register', 'post');
    expect(Object.keys(register.responses).sort()).toEqual(['200', '400', '409', '413', '429', '503']);
    expect(JSON.stringify(register)).toContain('confirmSameName');
  });

  it("passes Redocly's recommended rules, with only the warnings docs/api.md justifies", async () => {
    const dir = fs.mkdtempSync(path.join(SERVER_ROOT, '.openapi-lint-'));
    try {
      const file = path.join(dir, 'openapi.json');
      fs.writeFileSync(file, JSON.stringify(document));
      const lint = await run('npx', ['redocly', 'lint', '--extends=recommended', '--format=json', file], { cwd: SERVER_ROOT, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout: string }) => error);
      const report = JSON.parse(lint.stdout) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; severity: string }> };
      expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect([...new Set(report.problems.map((p) => p.ruleId))].sort()).toEqual(ACCEPTED_WARNINGS);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('gives a typed client (openapi-typescript, openapi-fetch) whose public, company and platform calls work', async () => {
    const companyId = await createCompany(t.database.db, 'Generated client');
    await createUser(t.database.db, { username: 'clientAdmin', password: PASSWORD, userType: '3', companyId, roles: ['ENTERPRISE_ADMIN'] });
    const companyToken = await signIn(t.app, 'clientAdmin', PASSWORD);
    const platformToken = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

    // in the server package, so that the program finds openapi-fetch as any client project would
    const dir = fs.mkdtempSync(path.join(SERVER_ROOT, '.openapi-client-'));
    try {
      fs.writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(structuredClone(document) as never)));
      fs.writeFileSync(
        path.join(dir, 'client.ts'),
        `import createClient from 'openapi-fetch';
import type { paths } from './api.js';

const [baseUrl, companyToken, platformToken] = process.argv.slice(2) as [string, string, string];
const api = createClient<paths>({ baseUrl });
const check = await api.GET('/acc/api/securityCode/check', { params: { query: { code: 'NO-SUCH-CODE' } } });
const rules = await api.POST('/acc/api/rule/pageList', { body: { pageNum: 1, pageSize: 10 }, headers: { 'X-RD-Request-APIToken': companyToken } });
const companies = await api.POST('/acc/api/companyInfo/pageList', { body: { pageNum: 1, pageSize: 10 }, headers: { 'X-RD-Request-APIToken': platformToken } });
const refused = await api.POST('/acc/api/rule/pageList', { body: { pageNum: 1, pageSize: 10 } });
console.log(JSON.stringify({
  check: [check.response.status, check.data?.code],
  rules: [rules.response.status, rules.data?.code, rules.data?.data.total],
  companies: [companies.response.status, companies.data?.code, companies.data?.data.total],
  refused: [refused.response.status, refused.error?.code],
}));
`,
      );
      // the calls are typed: a wrong path, field or type would not compile
      await run('npx', ['tsc', '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--skipLibCheck', '--types', 'node', path.join(dir, 'client.ts')], { cwd: SERVER_ROOT });
      const { stdout } = await run(process.execPath, [path.join(dir, 'client.ts'), baseUrl, companyToken, platformToken], { cwd: dir });
      const answers = JSON.parse(stdout) as Record<string, unknown[]>;
      expect(answers['check']).toEqual([200, 'SUCCESS']);
      expect(answers['rules']).toEqual([200, 'SUCCESS', 0]);
      expect(answers['companies']![0]).toBe(200);
      expect(answers['companies']![1]).toBe('SUCCESS');
      expect(answers['companies']![2]).toBeGreaterThanOrEqual(1);
      expect(answers['refused']).toEqual([401, 'NO_LOGIN_ERROR']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
