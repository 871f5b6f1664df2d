import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Envelope } from '@rd/contract';
import pg from 'pg';
import { PNG } from 'pngjs';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../packages/server/src/platform/db/database.js';
import { seedDemo } from '../packages/server/src/seed/demoSeed.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Two compiled servers on one PostgreSQL, Redis and object store (s3rver), as operations.md sets them up
 * behind a balancer: what one instance does, the other sees. Runs when TEST_DATABASE_URL is set (CI).
 */
const databaseServer = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUCKET = 'rd-two-instances';
const ADMIN_PASSWORD = 'Admin-Two-Pass-1';
const LIMIT_PER_MINUTE = 30;
/** Enough codes that the job is still running when its instance is killed (chunks of CHUNK codes). */
const JOB_CODES = 200_000;
const CHUNK = 5_000;
/** How long each instance keeps what a check reads besides its statement: recalls take effect within it and 1 s. */
const ANSWER_CACHE_SECONDS = 2;

describe.skipIf(!databaseServer)('two instances on one PostgreSQL, Redis and object store', () => {
  const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-two-s3-'));
  const seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-two-seed-'));
  const databaseName = `rd_two_${randomBytes(5).toString('hex')}`;
  let databaseUrl = '';
  let s3rver: S3rver | null = null;
  let database: Database | null = null;
  let a: RunningServer | null = null;
  let b: RunningServer | null = null;
  let demoPassword = '';
  let env: Record<string, string> = {};

  async function admin<T>(sql: string, values: unknown[] = [], url = databaseServer as string): Promise<T[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql, values)).rows as T[];
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${databaseName}`);
    const url = new URL(databaseServer as string);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port: s3Port } = await s3rver.run();
    // Everything an instance needs, given explicitly: nothing is inherited from the caller's environment.
    env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      FILE_STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_REGION: 'us-east-1',
      ADMIN_PASSWORD,
      SEED_DEMO: 'false',
      TRUST_PROXY: '127.0.0.1',
      SCAN_RATE_LIMIT_PER_MINUTE: String(LIMIT_PER_MINUTE),
      LOGIN_MAX_FAILURES_PER_IP: '1000',
      JOB_STALE_SECONDS: '2',
      JOB_POLL_MS: '200',
      CODE_CHUNK_SIZE: String(CHUNK),
      STATS_ROLLUP_SECONDS: '0',
      METRICS_TOKEN: '',
      SCAN_ANSWER_CACHE_SECONDS: String(ANSWER_CACHE_SECONDS),
    };
    a = await startServer(env);
    b = await startServer(env);
    // The demo company (approved, with products), as the embedded database's first start loads it.
    database = await openDatabase({ databaseUrl, dataDir: seedDir });
    await seedDemo(database.db, { dataDir: seedDir });
    const lines = fs.readFileSync(path.join(seedDir, 'initial-credentials.txt'), 'utf8').trim().split('\n');
    demoPassword = lines.map((l) => l.split('\t')).find(([name]) => name === 'demo')?.[1] ?? '';
  }, 120_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.close();
    await s3rver?.close();
    if (databaseUrl) await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    fs.rmSync(s3Dir, { recursive: true, force: true });
    fs.rmSync(seedDir, { recursive: true, force: true });
  }, 60_000);

  async function api<T>(server: RunningServer, method: string, url: string, token: string, body?: unknown): Promise<Envelope<T>> {
    const res = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { 'x-rd-request-apitoken': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Envelope<T>;
  }
  async function signIn(server: RunningServer): Promise<string> {
    const signedIn = await api<{ token: string }>(server, 'POST', '/acc/user/login', '', { username: 'demo', password: demoPassword });
    expect(signedIn.code, signedIn.msg).toBe('SUCCESS');
    return signedIn.data.token;
  }
  /** A consumer's check from `ip` (the balancer's X-Forwarded-For, believed from 127.0.0.1). */
  function check(server: RunningServer, code: string, ip: string) {
    return fetch(`${server.baseUrl}/acc/api/securityCode/check?code=${encodeURIComponent(code)}`, { headers: { 'x-forwarded-for': ip } });
  }
  const randomIp = () => `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

  it('a session made on A works on B, and ends on both', async () => {
    const token = await signIn(a!);
    const onB = await api<{ username: string }>(b!, 'GET', '/acc/user/loginUser', token);
    expect(onB.code, onB.msg).toBe('SUCCESS');
    expect(JSON.stringify(onB.data)).toContain('demo');
    expect((await api(b!, 'POST', '/acc/user/logout', token, {})).code).toBe('SUCCESS');
    expect((await api(a!, 'GET', '/acc/user/loginUser', token)).code).not.toBe('SUCCESS');
  });

  it('a picture uploaded on A downloads from B, the same bytes', async () => {
    const token = await signIn(a!);
    const png = new PNG({ width: 24, height: 16 });
    for (let i = 0; i < png.data.length; i += 4) png.data.set([200, 40, 60, 255], i);
    const bytes = PNG.sync.write(png);
    const form = new FormData();
    form.append('place', 'productImage');
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'melon.png');
    const uploaded = await fetch(`${a!.baseUrl}/acc/file/uploadFile`, { method: 'POST', headers: { 'x-rd-request-apitoken': token }, body: form });
    const envelope = (await uploaded.json()) as Envelope<{ url: string }>;
    expect(envelope.code, envelope.msg).toBe('SUCCESS');
    const download = await fetch(`${b!.baseUrl}${envelope.data.url}`, { headers: { 'x-rd-request-apitoken': token } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('the per-IP check limit is one limit across both instances', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT_PER_MINUTE + 10; i += 1) {
      const res = await check(i % 2 === 0 ? a! : b!, `LIMIT-${i}`, ip);
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    // apart, each would have let all 20 of its own through
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT_PER_MINUTE);
    expect(statuses.slice(LIMIT_PER_MINUTE).every((s) => s === 429)).toBe(true);
  });

  it('a generation job whose instance is killed is finished by the other, with exactly its codes, all unique', async () => {
    const [company] = await admin<{ id: string }>(`SELECT company_id AS id FROM app_user WHERE username = 'demo'`, [], databaseUrl);
    const [rule] = await admin<{ id: string }>(
      `INSERT INTO tag_rule (company_id, rule_name, kind, mode, prefix, body_length, alphabet, check_scheme, status, next_serial)
       VALUES ($1, 'Two instances', 'ITEM', 'RANDOM', 'TI', 16, 'CROCKFORD32', 'MOD37_36', 'ENABLED', '1') RETURNING id`,
      [company!.id],
      databaseUrl,
    );
    const token = await signIn(a!);
    const added = await api<{ id: string }>(a!, 'POST', '/acc/api/codeRecord/add', token, { ruleId: rule!.id, quantity: JOB_CODES });
    expect(added.code, added.msg).toBe('SUCCESS');
    const jobId = added.data.id;
    const job = async () =>
      (await admin<{ status: string; progress: number; worker: string | null }>(
        `SELECT status, progress::int AS progress, worker_id AS worker FROM code_record WHERE id = $1`,
        [jobId],
        databaseUrl,
      ))[0]!;
    // killed once A has stored some chunks and before it is done
    await expect.poll(async () => (await job()).progress, { timeout: 30_000, interval: 50 }).toBeGreaterThan(0);
    const killed = a!;
    await killed.kill();
    const atKill = await job();
    expect(atKill.status).toBe('RUNNING');
    expect(atKill.progress).toBeLessThan(JOB_CODES);

    // B takes it over once A has been silent JOB_STALE_SECONDS, and finishes it
    const tokenB = await signIn(b!);
    await expect
      .poll(async () => (await api<{ status: string }>(b!, 'GET', `/acc/api/codeRecord/getById?id=${jobId}`, tokenB)).data.status, {
        timeout: 90_000,
        interval: 250,
      })
      .toBe('DONE');
    const [codes] = await admin<{ rows: number; distinct: number }>(
      `SELECT count(*)::int AS rows, count(DISTINCT code)::int AS distinct FROM code WHERE record_id = $1`,
      [jobId],
      databaseUrl,
    );
    expect(codes).toEqual({ rows: JOB_CODES, distinct: JOB_CODES });
    expect((await job()).progress).toBe(JOB_CODES);

    // A's replacement joins the other one (same settings, same database)
    await killed.stop();
    a = await startServer(env);
  }, 150_000);

  it('a scan load spread over both loses no scan record', async () => {
    const codes = await admin<{ code: string }>(`SELECT code FROM code ORDER BY id LIMIT 300`, [], databaseUrl);
    expect(codes).toHaveLength(300);
    const answered: string[] = [];
    const queue = codes.map((c, i) => ({ code: c.code, server: i % 2 === 0 ? a! : b! }));
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const res = await check(next.server, next.code, randomIp());
          const body = (await res.json()) as Envelope<unknown>;
          if (res.status === 200 && body.code === 'SUCCESS') answered.push(next.code);
        }
      }),
    );
    expect(answered).toHaveLength(300);
    const [recorded] = await admin<{ n: number }>(
      `SELECT count(*)::int AS n FROM scan_record WHERE code_text = ANY($1::text[])`,
      [codes.map((c) => c.code)],
      databaseUrl,
    );
    expect(recorded!.n).toBe(answered.length);
  }, 60_000);
  it('a recall activated on one instance is told by both within SCAN_ANSWER_CACHE_SECONDS + 1 s, and its closing at once', async () => {
    const rows = await admin<{ code: string }>(
      `UPDATE code SET status = 'ACTIVATED', activated_at = now()
        WHERE id IN (SELECT id FROM code ORDER BY id DESC LIMIT 3) RETURNING code`,
      [],
      databaseUrl,
    );
    const codes = rows.map((r) => r.code);
    const token = await signIn(a!);
    const added = await api<{ id: string }>(a!, 'POST', '/acc/api/recall/add', token, {
      level: 1,
      reason: '两个实例的召回',
      instruction: '请退回购买处',
      contact: '400-800-1234',
      selection: { kind: 'LIST', codes },
    });
    expect(added.code, added.msg).toBe('SUCCESS');
    const id = added.data.id;
    await expect
      .poll(async () => (await api<{ resolvedAt: string | null }>(b!, 'GET', `/acc/api/recall/getById?id=${id}`, token)).data.resolvedAt, {
        timeout: 30_000,
        interval: 100,
      })
      .not.toBeNull();
    const recallOn = async (server: RunningServer) => ((await (await check(server, codes[0]!, randomIp())).json()) as Envelope<{ recall: unknown }>).data.recall;
    // both instances have just read that no recall is active, and keep that for ANSWER_CACHE_SECONDS
    expect(await recallOn(a!)).toBeNull();
    expect(await recallOn(b!)).toBeNull();
    const activated = await api(a!, 'POST', '/acc/api/recall/activate', token, { id });
    expect(activated.code, activated.msg).toBe('SUCCESS');
    const activatedAt = Date.now();
    for (const server of [a!, b!]) {
      await expect.poll(() => recallOn(server), { timeout: (ANSWER_CACHE_SECONDS + 1) * 1000, interval: 50 }).toMatchObject({ level: 1, reason: '两个实例的召回' });
      expect(Date.now() - activatedAt).toBeLessThanOrEqual((ANSWER_CACHE_SECONDS + 1) * 1000);
    }
    const closed = await api(b!, 'POST', '/acc/api/recall/close', token, { id, disposition: 'active', summary: '已查明无问题' });
    expect(closed.code, closed.msg).toBe('SUCCESS');
    expect(await recallOn(a!)).toBeNull();
    expect(await recallOn(b!)).toBeNull();
  }, 60_000);
});
