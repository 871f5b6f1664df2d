import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_HEADER, type Envelope, type UploadedFile } from '@rd/contract';
import { isServiceOutage } from '../src/platform/http/serviceOutage.js';
import { cuttableProxy } from './support/cuttableProxy.js';
import { fakeWeChat } from './support/fakeWeChat.js';
import { multipartBody, pngBytes } from './support/uploadBodies.js';
import { ADMIN_PASSWORD, signIn, startTestApp, TEST_DB_KIND, type TestApp } from './support/testApp.js';

/**
 * A database that goes away and comes back, under load: every call answers at once, either as usual or 503
 * SERVICE_UNAVAILABLE with Retry-After (never a 500, never a hang), and the server recovers by itself. The
 * database is reached through a TCP proxy the test cuts and restores, as a network or server outage would.
 */
describe('what counts as an outage', () => {
  it('network errors, PostgreSQL going away and lost connections, also as a cause; not a wrong query or input', () => {
    const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    expect(isServiceOutage(withCode('ECONNREFUSED'))).toBe(true);
    expect(isServiceOutage(withCode('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isServiceOutage(withCode('08006'))).toBe(true);
    expect(isServiceOutage(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isServiceOutage(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isServiceOutage(new Error('query failed', { cause: withCode('ECONNRESET') }))).toBe(true);
    expect(isServiceOutage(new AggregateError([withCode('ECONNREFUSED')]))).toBe(true);
    expect(isServiceOutage(withCode('23505', 'duplicate key value'))).toBe(false);
    expect(isServiceOutage(withCode('42P01', 'relation does not exist'))).toBe(false);
    expect(isServiceOutage(new TypeError('x is undefined'))).toBe(false);
    expect(isServiceOutage('ECONNREFUSED')).toBe(false);
  });
});

describe.skipIf(TEST_DB_KIND !== 'postgres')('PostgreSQL outage under load', () => {
  let t: TestApp;
  let proxy: ReturnType<typeof cuttableProxy>;
  let token: string;

  beforeAll(async () => {
    const database = new URL(process.env.TEST_DATABASE_URL as string);
    proxy = cuttableProxy(database.hostname, Number(database.port || 5432));
    await proxy.listen();
    t = await startTestApp({}, undefined, {
      databaseUrl: (url) => {
        const viaProxy = new URL(url);
        viaProxy.hostname = '127.0.0.1';
        viaProxy.port = String(proxy.port);
        return viaProxy.toString();
      },
    });
    token = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.cut();
  });

  /** One round of load: a public check and a signed-in list at once, each timed. */
  const load = () =>
    Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const started = Date.now();
        const call =
          i % 2 === 0
            ? t.app.inject({ method: 'GET', url: `/acc/api/securityCode/check?code=OUTAGE${i}&lang=en_US` })
            : t.app.inject({ method: 'GET', url: '/acc/api/loginLog/pageList?lang=en_US', headers: { 'x-rd-request-apitoken': token } });
        return call.then((res) => ({ res, ms: Date.now() - started }));
      }),
    );

  it('answers 503 with Retry-After while the database is away, then recovers by itself', async () => {
    for (const { res } of await load()) expect(res.statusCode).toBe(200);

    await proxy.cut();
    const during = await load();
    for (const { res, ms } of during) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', msg: 'Service temporarily unavailable, try again shortly' });
      // within the pool's connection timeout, never a hang
      expect(ms).toBeLessThan(15_000);
    }
    expect((await t.app.inject({ method: 'GET', url: '/acc/health/ready' })).statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/acc/health/live' })).statusCode).toBe(200);

    await proxy.restore();
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url: '/acc/health/ready' })).statusCode, { timeout: 20_000 }).toBe(200);
    for (const { res } of await load()) expect(res.statusCode).toBe(200);
  });
});

/** The answer of a call made while a service it needs is away: at once, 503 with Retry-After, translated. */
function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, ms: number) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', msg: 'Service temporarily unavailable, try again shortly' });
  expect(ms).toBeLessThan(5_000);
}

describe(`Redis outage (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let proxy: ReturnType<typeof cuttableProxy>;
  const appId = `wx${randomBytes(8).toString('hex')}`;
  const wechat = fakeWeChat(appId, 'app-secret');

  beforeAll(async () => {
    const redis = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    proxy = cuttableProxy(redis.hostname, Number(redis.port || 6379));
    await proxy.listen();
    await new Promise<void>((resolve) => wechat.server.listen(0, '127.0.0.1', resolve));
    t = await startTestApp({
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      WX_APP_ID: appId,
      WX_APP_SECRET: 'app-secret',
      WX_API_BASE: `http://127.0.0.1:${(wechat.server.address() as AddressInfo).port}`,
    });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.cut();
    await new Promise((resolve) => wechat.server.close(resolve));
  });

  // a client address of its own, so the per-IP counters in the shared Redis start at zero
  const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
  const timed = async (url: string) => {
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url, remoteAddress: ip });
    return { res, ms: Date.now() - started };
  };
  const check = () => timed('/acc/api/securityCode/check?code=REDIS-OUTAGE&lang=en_US');
  const signature = () => timed(`/acc/api/wx/getSignature?lang=en_US&url=${encodeURIComponent('https://trace.example/wx')}`);

  it('the WeChat signature, whose ticket all instances share in Redis, answers 503 while Redis is away; checks go on', async () => {
    expect((await check()).res.statusCode).toBe(200);
    await proxy.cut();
    const away = await signature();
    expectUnavailable(away.res, away.ms);
    // the per-IP limit lets a check through when its counter cannot be reached: a scan matters more
    expect((await check()).res.statusCode).toBe(200);

    await proxy.restore();
    await expect.poll(async () => (await signature()).res.statusCode, { timeout: 15_000, interval: 200 }).toBe(200);
    expect((await signature()).res.json()).toMatchObject({ code: 'SUCCESS', data: { appId } });
  });
});

describe(`object store outage (${TEST_DB_KIND})`, () => {
  const bucket = 'rd-outage';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-s3rver-outage-'));
  const sdkEnv = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' };
  const saved = Object.fromEntries(Object.keys(sdkEnv).map((key) => [key, process.env[key]]));
  let s3rver: S3rver;
  let proxy: ReturnType<typeof cuttableProxy>;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    Object.assign(process.env, sdkEnv);
    s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket, configs: [] }] });
    const { port } = await s3rver.run();
    proxy = cuttableProxy('127.0.0.1', port);
    await proxy.listen();
    t = await startTestApp({ FILE_STORAGE: 's3', S3_BUCKET: bucket, S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`, S3_FORCE_PATH_STYLE: 'true' });
    token = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.cut();
    await s3rver?.close();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const upload = (bytes: Buffer) => {
    const { payload, contentType } = multipartBody([{ name: 'file', fileName: 'a.png', bytes }]);
    return t.app.inject({ method: 'POST', url: '/acc/file/uploadFile?lang=en_US', payload, headers: { 'content-type': contentType, [TOKEN_HEADER]: token } });
  };
  const timed = async <T>(call: () => Promise<T>) => {
    const started = Date.now();
    const res = await call();
    return { res, ms: Date.now() - started };
  };

  it('an upload and a download answer 503 while the store is away, then work again by themselves', async () => {
    const stored = (await upload(pngBytes(3, 3))).json() as Envelope<UploadedFile>;
    expect(stored.code).toBe('SUCCESS');
    const url = new URL(stored.data.url, 'http://localhost');
    url.searchParams.set('lang', 'en_US');
    const download = () => t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { [TOKEN_HEADER]: token } });
    expect((await download()).statusCode).toBe(200);

    await proxy.cut();
    const failedUpload = await timed(() => upload(pngBytes(5, 4)));
    expectUnavailable(failedUpload.res, failedUpload.ms);
    const failedDownload = await timed(download);
    expectUnavailable(failedDownload.res, failedDownload.ms);

    await proxy.restore();
    await expect.poll(async () => (await download()).statusCode, { timeout: 15_000, interval: 200 }).toBe(200);
    expect(((await upload(pngBytes(5, 4))).json() as Envelope<UploadedFile>).code).toBe('SUCCESS');
  });
});
