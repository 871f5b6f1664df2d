import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageQuerySchema } from '@rd/contract';
import { ok } from '../src/platform/http/envelope.js';
import { queryArray } from '../src/platform/http/schemas.js';
import { ADMIN_PASSWORD, call, signIn, startTestApp, type TestApp } from './support/testApp.js';

let t: TestApp;
let token: string;
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-dist-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>portal</title><div id="root"></div>');
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await startTestApp({ WEB_DIST_DIR: distDir, BODY_LIMIT_BYTES: '2048' }, (app) => {
    // A probe route that echoes what the platform parsed, to test query handling in isolation.
    app.get('/acc/api/probe', {
      config: { access: 'session' },
      schema: { querystring: pageQuerySchema.extend({ status: queryArray(z.enum(['A', 'B', 'C'])).optional() }) },
      handler: async (request) => ok(request, request.query),
    });
  });
  token = await signIn(t.app, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('paging and query parsing', () => {
  it('turns page 0 into 1, applies defaults and reads repeated keys as arrays', async () => {
    const res = await call(t.app, 'GET', '/acc/api/probe', { token, query: { pageNum: '0', status: ['A', 'C'] } });
    expect(res.body.data).toEqual({ pageNum: 1, pageSize: 10, status: ['A', 'C'] });
    const single = await call(t.app, 'GET', '/acc/api/probe', { token, query: { status: 'B' } });
    expect(single.body.data).toMatchObject({ status: ['B'] });
  });

  it('caps the page size and names the field that failed', async () => {
    const res = await call(t.app, 'GET', '/acc/api/probe', { token, query: { pageSize: '5000', lang: 'en_US' } });
    expect(res.body.code).toBe('PARAM_CHECK');
    expect(res.body.errors).toEqual([{ field: 'pageSize', message: 'Must be at most 1000' }]);
  });

  it('accepts only allow-listed sort names and sorts by them', async () => {
    const bad = await call(t.app, 'GET', '/acc/api/loginLog/pageList', { token, query: { orderName: 'password_hash; drop table x' } });
    expect(bad.body.code).toBe('PARAM_CHECK');
    expect(bad.body.errors?.[0]?.field).toBe('orderName');
    for (const name of ['a1', 'c3', 'b2']) await call(t.app, 'POST', '/acc/user/login', { body: { username: name, password: 'x' } });
    const asc = await call<{ list: Array<{ username: string }>; total: number }>(t.app, 'GET', '/acc/api/loginLog/pageList', {
      token,
      query: { orderName: 'username', orderType: 'asc', result: 'FAILURE', pageSize: '2', pageNum: '1' },
    });
    expect(asc.body.data.total).toBe(3);
    expect(asc.body.data.list.map((l) => l.username)).toEqual(['a1', 'b2']);
    const page2 = await call<{ list: Array<{ username: string }> }>(t.app, 'GET', '/acc/api/loginLog/pageList', {
      token,
      query: { orderName: 'username', orderType: 'asc', result: 'FAILURE', pageSize: '2', pageNum: '2' },
    });
    expect(page2.body.data.list.map((l) => l.username)).toEqual(['c3']);
  });
});

describe('HTTP platform', () => {
  it('answers unknown API paths with the NOT_FOUND envelope', async () => {
    const res = await call(t.app, 'GET', '/acc/api/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('serves the web app under /dist/ and index.html for client routes (history mode)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/accPortal/enterprise/systemMg/loginLog?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    const asset = await t.app.inject({ method: 'GET', url: '/dist/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/dist/assets/none.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('sets the API security headers and a request id on API calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/acc/health', headers: { 'x-request-id': 'trace-42' } });
    expect(res.headers['x-request-id']).toBe('trace-42');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    // the page policy's other headers are not sent with data
    expect(res.headers['origin-agent-cluster']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 'SUCCESS', data: { status: 'UP' } });
  });

  it('sets the page security policy on pages, found or not', async () => {
    for (const url of ['/accPortal/enterprise/systemMg/loginLog', '/acc/docs', '/no/such/page', '/acc/api/no-such-call']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('refuses bodies over the limit and malformed JSON with envelopes', async () => {
    const big = await call(t.app, 'POST', '/acc/user/login', { body: { username: 'x', password: 'y'.repeat(4000) } });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/acc/user/login',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('PARAM_CHECK');
  });

  it('publishes OpenAPI generated from the contract schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/acc/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/acc/user/login', '/acc/user/loginUser', '/acc/api/loginLog/pageList']));
    expect(JSON.stringify(doc.paths['/acc/user/login']?.post?.requestBody)).toContain('username');
    const ui = await t.app.inject({ method: 'GET', url: '/acc/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('translates messages by lang field, query or header', async () => {
    const byHeader = await call(t.app, 'GET', '/acc/user/loginUser', { headers: { 'x-rd-request-language': 'en_US' } });
    expect(byHeader.body.msg).toBe('You are not signed in, please sign in again');
    const byQuery = await call(t.app, 'GET', '/acc/user/loginUser', { query: { lang: 'zh_CN' }, headers: { 'x-rd-request-language': 'en_US' } });
    expect(byQuery.body.msg).toBe('用户未登录，请重新登录');
  });
});
