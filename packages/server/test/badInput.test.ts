import { LANG_HEADER, TOKEN_HEADER } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from './support/fixtures.js';
import { signIn, startTestApp, type TestApp } from './support/testApp.js';

/**
 * Every operation of the OpenAPI document, called with a catalogue of malformed input: bodies that are not
 * JSON or not objects, prototype keys, deep nesting, and every documented field of the operation (body or
 * query) set in turn to a NUL, a lone surrogate, a huge string, a huge array, the wrong type or a bad date,
 * with an unknown sort field. No answer may be a 5xx or a dropped connection, and every refusal is the
 * envelope { code, msg }, whose msg — the text a person is shown — never carries a field's request path
 * (`codes.0: …`): paths are for programs and stay in `errors[].field`.
 */
const PASSWORD = 'Bad-Input-Pass-1';
let t: TestApp;
let companyToken = '';
let platformToken = '';

interface Operation {
  method: string;
  path: string;
  bodyFields: Map<string, string>;
  queryFields: Map<string, string>;
}

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; format?: string; anyOf?: JsonSchema[]; allOf?: JsonSchema[] };

/** The fields of a schema with their JSON type (the first type of a union), one level deep. */
function fieldsOf(schema: JsonSchema | undefined): Map<string, string> {
  const fields = new Map<string, string>();
  const parts = schema ? [schema, ...(schema.allOf ?? []), ...(schema.anyOf ?? [])] : [];
  for (const part of parts) {
    for (const [name, field] of Object.entries(part.properties ?? {})) {
      const type = Array.isArray(field.type) ? field.type[0] : (field.type ?? field.anyOf?.[0]?.type);
      fields.set(name, field.format === 'date' ? 'date' : String(type ?? 'string'));
    }
  }
  return fields;
}

async function operations(): Promise<Operation[]> {
  const res = await t.app.inject({ method: 'GET', url: '/acc/docs/json' });
  expect(res.statusCode).toBe(200);
  const document = res.json() as {
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
  };
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      // ending the caller's own session is not bad input
      if (/\/logout$/.test(path)) continue;
      const queryFields = new Map((operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, fieldsOf({ properties: { x: p.schema ?? {} } }).get('x') ?? 'string']));
      found.push({ method: method.toUpperCase(), path, bodyFields: fieldsOf(operation.requestBody?.content?.['application/json']?.schema), queryFields });
    }
  }
  return found;
}

/** Fifty times the longest text any field takes (2,000 characters). */
const HUGE_TEXT = 'x'.repeat(100_000);
const HUGE_ARRAY = Array.from({ length: 100_000 }, (_, i) => i);
const DEEP = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;

/** Values that are wrong for a field of this JSON type. */
function wrongValues(type: string): unknown[] {
  const texts = ['a\u0000b', '\uD800', 'x\uDC00', HUGE_TEXT, '2026-02-30', ' ', '<script>alert(1)</script>'];
  const wrongType = type === 'string' || type === 'date' ? [12, true, {}, []] : type === 'array' ? ['a', {}, HUGE_ARRAY] : ['x', [], {}, -1, 1e308];
  return [...texts, ...wrongType, null];
}

/** Raw bodies (JSON text) that are not what any operation takes. */
const RAW_BODIES = ['{not json', 'null', '[]', '"text"', '42', 'true', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', DEEP, '{"orderName":"nope; DROP TABLE x","orderType":"sideways","pageNum":-1,"pageSize":1e9}'];

/** Path parameters: an id that exists nowhere, so the body's checks are reached. */
function urlOf(path: string): string {
  return path.replace(/\{[^}]+\}/g, '3f0c1b9e-5d2a-4c7e-9a41-0d6b2f8e7c55');
}

interface Outcome {
  status: number;
  where: string;
  body: string;
  /** Request paths of the answer's field errors that its msg shows, as `path:` (there should be none). */
  pathsInMsg: string[];
}

/** The field paths an envelope's msg carries as `path:`. */
function pathsInMsg(text: string): string[] {
  let envelope: { msg?: unknown; errors?: Array<{ field?: unknown }> };
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    return [];
  }
  const msg = typeof envelope.msg === 'string' ? envelope.msg : '';
  const fields = (envelope.errors ?? []).map((e) => String(e.field ?? '')).filter((f) => f && !f.startsWith('('));
  return fields.filter((field) => msg.includes(`${field}:`) || msg.includes(`${field}：`));
}

async function send(token: string, method: string, url: string, options: { raw?: string; query?: Record<string, string> }): Promise<Outcome> {
  const where = `${method} ${url} ${options.raw !== undefined ? `body ${options.raw.slice(0, 60)}` : `query ${JSON.stringify(options.query).slice(0, 80)}`}`;
  try {
    const res = await t.app.inject({
      method: method as 'POST',
      url,
      query: options.query,
      payload: options.raw,
      headers: { [TOKEN_HEADER]: token, [LANG_HEADER]: 'en_US', ...(options.raw !== undefined ? { 'content-type': 'application/json' } : {}) },
    });
    const json = String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, where, body: json ? res.body.slice(0, 2000) : `(${res.headers['content-type']})`, pathsInMsg: json ? pathsInMsg(res.body) : [] };
  } catch (error) {
    return { status: 0, where, body: `dropped: ${String(error)}`, pathsInMsg: [] };
  }
}

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '100000', SCAN_RATE_LIMIT_PER_MINUTE: '100000' });
  const companyId = await createCompany(t.database.db, 'Bad input');
  await createUser(t.database.db, { username: 'badInputAdmin', password: PASSWORD, userType: '3', companyId, roles: ['ENTERPRISE_ADMIN'] });
  companyToken = await signIn(t.app, 'badInputAdmin', PASSWORD);
  platformToken = await signIn(t.app, 'admin', t.config.adminPassword as string);
});
afterAll(() => t.close());

describe('malformed input on every operation', () => {
  it('never answers a 5xx, never drops the connection, and refuses with the envelope', async () => {
    const failures: Outcome[] = [];
    let calls = 0;
    const judge = (outcome: Outcome) => {
      calls += 1;
      const envelope = outcome.status < 400 || /^\{"code":"[^"]+","msg":/.test(outcome.body) || outcome.body.startsWith('{"code"');
      if (outcome.status === 0 || outcome.status >= 500 || !envelope || outcome.pathsInMsg.length > 0) failures.push(outcome);
    };
    for (const operation of await operations()) {
      const url = urlOf(operation.path);
      // the company's administrator, or the platform's where the operation is the platform's alone
      const probe = await send(companyToken, operation.method, url, operation.method === 'GET' || operation.method === 'DELETE' ? { query: {} } : { raw: '{}' });
      for (const token of probe.status === 403 ? [platformToken] : [companyToken]) {
        if (operation.method === 'GET' || operation.method === 'DELETE') {
          judge(await send(token, operation.method, url, { query: { orderName: 'nope', orderType: 'sideways', pageNum: '-1' } }));
          for (const [name, type] of operation.queryFields) {
            for (const value of wrongValues(type)) {
              if (typeof value === 'object' && value !== null) continue;
              judge(await send(token, operation.method, url, { query: { [name]: String(value) } }));
            }
          }
          continue;
        }
        for (const raw of RAW_BODIES) judge(await send(token, operation.method, url, { raw }));
        for (const [name, type] of operation.bodyFields) {
          for (const value of wrongValues(type)) judge(await send(token, operation.method, url, { raw: JSON.stringify({ pageNum: 1, pageSize: 10, [name]: value }) }));
        }
      }
    }
    // text no field can hold is refused in a path parameter too, naming it
    const inPath = await send(companyToken, 'GET', '/acc/userinfo/queryUserDetail/x%00y', { query: {} });
    expect(inPath.status).toBe(400);
    expect(JSON.parse(inPath.body)).toMatchObject({ code: 'PARAM_CHECK', errors: [{ field: 'id', message: 'Must not contain control characters or broken Unicode characters' }] });
    expect(calls).toBeGreaterThan(3_000);
    expect(failures.slice(0, 40)).toEqual([]);
  }, 600_000);
});
