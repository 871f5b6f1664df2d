import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.js';

/**
 * The compiled server `npm start` runs, with the real build: a script of the consumer page in brotli or gzip
 * as the request asks, an API list compressed on the fly, and QR codes drawn by the worker the bundle starts
 * from its own file (a download that is never compressed again).
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD: 'Admin-E2E-Pass-1', SEED_DEMO: 'true', JOB_POLL_MS: '200' });
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
    // The page's entry, which the document's inline script starts.
    const script = /"(\/dist\/assets\/consumer-[\w-]+\.js)"/.exec(html)?.[1];
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

describe('the compiled server’s QR worker', () => {
  it('draws the QR codes of a job into a ZIP, sent as it is', async () => {
    const credentials = new Map(
      fs
        .readFileSync(path.join(server.dataDir, 'initial-credentials.txt'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split('\t') as [string, string]),
    );
    const api = async <T>(method: string, url: string, token: string, body?: unknown): Promise<T> => {
      const answer = await request(method, url, { 'content-type': 'application/json', 'x-rd-request-apitoken': token }, body === undefined ? undefined : JSON.stringify(body));
      const envelope = JSON.parse(answer.body.toString()) as { code: string; msg: string; data: T };
      if (envelope.code !== 'SUCCESS') throw new Error(`${method} ${url}: ${envelope.code} ${envelope.msg}`);
      return envelope.data;
    };
    const { token } = await api<{ token: string }>('POST', '/acc/user/login', '', { username: 'demo', password: credentials.get('demo') });
    const { id: ruleId } = await api<{ id: string }>('POST', '/acc/api/rule/add', token, { ruleName: 'E2E 二维码', bodyLength: 12, alphabet: 'CROCKFORD32', checkScheme: 'DAMM', hiddenLength: 0 });
    const job = await api<{ id: string }>('POST', '/acc/api/codeRecord/add', token, { ruleId, quantity: 3 });
    for (const deadline = Date.now() + 60_000; ; ) {
      const { status } = await api<{ status: string }>('GET', `/acc/api/codeRecord/getById?id=${job.id}`, token);
      if (status === 'DONE') break;
      if (status === 'FAILED' || Date.now() > deadline) throw new Error(`code job ended ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const zip = await request('POST', `/acc/api/codeRecord/downloadQRCode?id=${job.id}&format=svg`, { 'x-rd-request-apitoken': token, 'accept-encoding': 'br, gzip' });
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-encoding']).toBeUndefined();
    expect(zip.body.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    // Three SVG entries: their local file headers.
    const localHeader = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
    let entries = 0;
    for (let at = zip.body.indexOf(localHeader); at !== -1; at = zip.body.indexOf(localHeader, at + 4)) entries += 1;
    expect(entries).toBe(3);
    expect(zip.body.toString('latin1').match(/\.svg/g)?.length).toBeGreaterThanOrEqual(3);
  });
});
