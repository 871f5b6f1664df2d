import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, signIn, startTestApp, type TestApp } from './support/testApp.js';

/**
 * Compressed delivery: the built web app's files as the build compressed them, chosen by Accept-Encoding;
 * the consumer document on the consumer paths with its inline script allowed by hash; API JSON compressed
 * on the fly above 1 KB, downloads left as they are.
 */
let t: TestApp;
let token: string;
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-delivery-'));

const EARLY_CHECK = 'fetch("/acc/api/securityCode/check?code="+location.search)';
const CONSUMER_HTML = `<!doctype html><html><head><script>${EARLY_CHECK}</script></head><body><div id="consumer"></div><script type="module" src="/dist/assets/consumer-1.js"></script></body></html>`;
const PORTAL_HTML = '<!doctype html><html><head><title>portal</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const words = ${JSON.stringify('正品 genuine '.repeat(400))};`;

/** A file with its .br and .gz siblings, as the web build writes them. */
function writeBuilt(name: string, text: string) {
  const file = path.join(distDir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

beforeAll(async () => {
  writeBuilt('index.html', PORTAL_HTML);
  writeBuilt('consumer.html', CONSUMER_HTML);
  writeBuilt('assets/consumer-1.js', SCRIPT);
  t = await startTestApp({ WEB_DIST_DIR: distDir });
  token = await signIn(t.app, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string, extra: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...extra } });
}

describe('static files, compressed at build time', () => {
  it('answers a script in brotli, gzip or as it is, by Accept-Encoding, and says it varies by it', async () => {
    const br = await get('/dist/assets/consumer-1.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await get('/dist/assets/consumer-1.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/dist/assets/consumer-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends a file whose copies are not made yet as it is (npm start makes them after the first answer)', async () => {
    fs.writeFileSync(path.join(distDir, 'assets', 'later-1.js'), SCRIPT);
    const answer = await get('/dist/assets/later-1.js', 'gzip, deflate, br');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe(SCRIPT);
  });

  it('answers the consumer paths with the consumer document, other pages with the portal, both compressed and revalidated', async () => {
    for (const url of ['/antiCounterfeiting?code=XG0000ABCD12', '/mobilePhone', '/wx?from=menu', '/boxCodeView?code=B1']) {
      const page = await get(url, 'br');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(page.rawPayload).toString(), url).toBe(CONSUMER_HTML);
    }
    for (const url of ['/loginPage', '/accPortal/enterprise/systemMg/loginLog?x=1', '/antiCounterfeitingX']) {
      const page = await get(url, 'gzip');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-encoding'], url).toBe('gzip');
      expect(zlib.gunzipSync(page.rawPayload).toString(), url).toBe(PORTAL_HTML);
    }
  });

  it('allows exactly the consumer document’s inline script, by its hash', async () => {
    const hash = `'sha256-${createHash('sha256').update(EARLY_CHECK).digest('base64')}'`;
    const consumer = (await get('/antiCounterfeiting?code=X', 'br')).headers['content-security-policy'] as string;
    expect(consumer).toMatch(new RegExp(`script-src 'self' https://res\\.wx\\.qq\\.com ${hash.replace(/[+/]/g, '\\$&')}(;|$)`));
    expect(consumer.split(';').find((directive) => directive.startsWith('script-src'))).not.toContain('unsafe-inline');
    expect(consumer).toContain("frame-ancestors 'none'");
    // The same document under its own file name carries the same policy; the portal allows no inline script.
    expect((await get('/dist/consumer.html', 'gzip')).headers['content-security-policy']).toBe(consumer);
    const portal = (await get('/loginPage')).headers['content-security-policy'] as string;
    expect(portal).toMatch(/script-src 'self' https:\/\/res\.wx\.qq\.com(;|$)/);
  });
});

describe('API answers, compressed on the fly', () => {
  it('compresses a JSON answer over 1 KB in brotli or gzip, and leaves a small one as it is', async () => {
    const headers = { 'x-rd-request-apitoken': token };
    const plain = await get('/acc/user/loginUser', undefined, headers);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await get('/acc/user/loginUser', 'gzip, deflate, br', headers);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    const gzip = await get('/acc/user/loginUser', 'gzip', headers);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const small = await get('/acc/health', 'br');
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ code: 'SUCCESS' });
  });

  it('leaves downloads as they are: an xlsx export and a CSV stream', async () => {
    const headers = { 'x-rd-request-apitoken': token };
    const xlsx = await t.app.inject({ method: 'POST', url: '/acc/userinfo/export', payload: {}, headers: { ...headers, 'accept-encoding': 'br, gzip' } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect(xlsx.headers['content-encoding']).toBeUndefined();
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const csv = await get('/acc/api/code/export', 'br, gzip', headers);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-encoding']).toBeUndefined();
    expect(csv.body.length).toBeGreaterThan(0);
  });
});
