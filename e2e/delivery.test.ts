import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Compressed delivery on the running server with the real build: a script of the consumer page in brotli or
 * gzip as the request asks, and an API list compressed on the fly.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD: 'Admin-E2E-Pass-1' });
});
afterAll(async () => {
  await server?.stop();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request with exactly the headers given (fetch would add its own Accept-Encoding and decode). */
function request(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.baseUrl}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('compressed delivery of the built app', () => {
  it('answers the consumer page’s scripts in brotli or gzip by Accept-Encoding, and as they are without it', async () => {
    const page = await request('GET', '/antiCounterfeiting?code=NOPE', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(page.body).toString();
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/dist\/assets\/consumer-[\w-]+\.js$/);

    const plain = await request('GET', script!, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await request('GET', script!, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    const gzip = await request('GET', script!, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it('compresses an API list answer on the fly', async () => {
    const login = await request('POST', '/acc/user/login', { 'content-type': 'application/json' }, JSON.stringify({ username: 'admin', password: 'Admin-E2E-Pass-1' }));
    const token = (JSON.parse(login.body.toString()) as { data: { token: string } }).data.token;
    const list = (encoding: string) =>
      request('POST', '/acc/api/sysDict/pageList', { 'content-type': 'application/json', 'x-rd-request-apitoken': token, 'accept-encoding': encoding }, JSON.stringify({ pageNum: 1, pageSize: 100 }));
    const plain = await list('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await list('br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    const gzip = await list('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });
});
