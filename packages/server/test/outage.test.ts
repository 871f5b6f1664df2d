import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServiceOutage } from '../src/platform/http/serviceOutage.js';
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

/** A TCP proxy to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
function cuttableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  return {
    listen,
    get port() {
      return port;
    },
    async cut() {
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
    },
    restore: listen,
  };
}

describe.skipIf(TEST_DB_KIND !== 'postgres')('PostgreSQL outage under load', () => {
  let t: TestApp;
  let proxy: ReturnType<typeof cuttableProxy>;
  let token: string;

  beforeAll(async () => {
    proxy = cuttableProxy(new URL(process.env.TEST_DATABASE_URL as string));
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
