import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { TOKEN_HEADER, LANG_HEADER, type Envelope, type UploadedFile } from '@rd/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanFileName } from '../src/modules/file/fileName.js';
import { createFileStorage } from '../src/platform/files/storage.js';
import { SPREADSHEET_ZIP_LIMITS, checkZip } from '../src/platform/files/zipCheck.js';
import { ADMIN_USERNAME } from '../src/seed/adminSeed.js';
import { createCompany, createUser } from './support/fixtures.js';
import { ADMIN_PASSWORD, call, signIn, startTestApp, type TestApp } from './support/testApp.js';
import { craftedZip, multipartBody, pngBytes, type Part } from './support/uploadBodies.js';

const UPLOAD = '/acc/file/uploadFile';
const PASSWORD = 'Pass-word-1';
const KB = 1024;

let t: TestApp;
let companyA: string;
let adminA: string;
let adminB: string;
let platform: string;
let root: string;

async function upload(token: string | undefined, parts: Part[], headers: Record<string, string> = {}) {
  const { payload, contentType } = multipartBody(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: UPLOAD,
    payload,
    headers: { 'content-type': contentType, ...(token ? { [TOKEN_HEADER]: token } : {}), ...headers },
  });
  return { status: res.statusCode, body: res.json() as Envelope<UploadedFile> };
}

const fetchFile = (token: string | undefined, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(token ? { [TOKEN_HEADER]: token } : {}), ...headers } });

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  companyA = await createCompany(db, 'Company A');
  const companyB = await createCompany(db, 'Company B');
  await createUser(db, { username: 'adminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'operatorA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_OPERATOR'] });
  await createUser(db, { username: 'adminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'platform', password: PASSWORD, userType: '2', roles: ['PLATFORM_ADMIN'] });
  adminA = await signIn(t.app, 'adminA', PASSWORD);
  adminB = await signIn(t.app, 'adminB', PASSWORD);
  platform = await signIn(t.app, 'platform', PASSWORD);
  root = await signIn(t.app, ADMIN_USERNAME, ADMIN_PASSWORD);
});
afterAll(() => t.close());

describe('upload and download', () => {
  const png = pngBytes(3, 2);
  const chineseName = '产品图片 (1).png';
  let uploaded: UploadedFile;

  it('takes a real PNG and answers its id, cleaned name, size, type from content and download url', async () => {
    const res = await upload(adminA, [
      { name: 'place', value: 'avatar' },
      { name: 'file', fileName: chineseName, contentType: 'application/x-anything', bytes: png },
    ]);
    expect(res.body.code).toBe('SUCCESS');
    uploaded = res.body.data;
    expect(uploaded).toEqual({
      fileId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      fileName: chineseName,
      size: png.length,
      contentType: 'image/png',
      url: `/api/inner/acc/file/downloadFile/${uploaded.fileId}`,
    });
    const row = await t.database.db.selectFrom('stored_file').selectAll().where('id', '=', uploaded.fileId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_id: companyA, place: 'avatar', extension: 'png', original_name: chineseName, content_type: 'image/png' });
    expect(Number(row.size_bytes)).toBe(png.length);
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives the same bytes back as an attachment under the original name (RFC 5987)', async () => {
    const res = await fetchFile(adminA, uploaded.url);
    expect(res.statusCode).toBe(200);
    expect(Buffer.compare(res.rawPayload, png)).toBe(0);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition.startsWith('attachment;')).toBe(true);
    // 产 品 图 片, space, ( 1 ) — the parentheses too, which encodeURIComponent leaves alone.
    expect(disposition).toContain("filename*=UTF-8''%E4%BA%A7%E5%93%81%E5%9B%BE%E7%89%87%20%281%29.png");
    expect(disposition).toMatch(/filename="[\x20-\x7e]+\.png"/);
    const star = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '';
    expect(decodeURIComponent(star)).toBe(chineseName);
  });

  it('shows images inline to the same company, revalidated by ETag', async () => {
    const view = `/api/inner/acc/file/view/${uploaded.fileId}`;
    const res = await fetchFile(adminA, view);
    expect(res.statusCode).toBe(200);
    expect(Buffer.compare(res.rawPayload, png)).toBe(0);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('inline');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const again = await fetchFile(adminA, view, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The ETag does not get around the company check.
    const other = await fetchFile(adminB, view, { 'if-none-match': String(res.headers.etag) });
    expect(other.statusCode).toBe(404);
  });

  it('answers NOT_FOUND for another company’s file, and for platform staff; the super user may fetch it', async () => {
    for (const token of [adminB, platform]) {
      const res = await fetchFile(token, uploaded.url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      expect(res.headers['content-disposition']).toBeUndefined();
    }
    const unknown = await fetchFile(adminA, '/api/inner/acc/file/downloadFile/8f0e7a1c-2b3d-4e5f-8a9b-0c1d2e3f4a5b');
    expect(unknown.json().code).toBe('NOT_FOUND');
    const bySuperUser = await fetchFile(root, uploaded.url);
    expect(bySuperUser.statusCode).toBe(200);
    expect(Buffer.compare(bySuperUser.rawPayload, png)).toBe(0);
  });

  it('stores the same content once, one row per upload', async () => {
    const again = await upload(adminA, [{ name: 'file', fileName: 'copy.png', bytes: png }]);
    expect(again.body.code).toBe('SUCCESS');
    expect(again.body.data.fileId).not.toBe(uploaded.fileId);
    const rows = await t.database.db.selectFrom('stored_file').select(['sha256', 'place']).where('id', 'in', [uploaded.fileId, again.body.data.fileId]).execute();
    expect(new Set(rows.map((r) => r.sha256)).size).toBe(1);
    expect(rows.map((r) => r.place).sort()).toEqual(['avatar', 'image']);
  });

  it('refuses anonymous callers', async () => {
    const res = await upload(undefined, [{ name: 'file', fileName: 'a.png', bytes: png }]);
    expect(res.body.code).toBe('NO_LOGIN_ERROR');
    expect((await fetchFile(undefined, uploaded.url)).json().code).toBe('NO_LOGIN_ERROR');
    expect((await fetchFile(undefined, `/api/inner/acc/file/view/${uploaded.fileId}`)).json().code).toBe('NO_LOGIN_ERROR');
  });

  it('records uploads in the operation log', async () => {
    const entries = await t.database.db.selectFrom('operation_log').selectAll().where('url', '=', UPLOAD).execute();
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]).toMatchObject({ module: 'file', action: 'IMPORT', username: 'adminA', company_id: companyA });
  });
});

describe('upload checks', () => {
  const rowCount = async () => Number((await t.database.db.selectFrom('stored_file').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('refuses a .png whose bytes are text, naming the allowed types', async () => {
    const before = await rowCount();
    const res = await upload(adminA, [{ name: 'file', fileName: 'note.png', bytes: Buffer.from('just some text, not a picture\n') }]);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('UPLOAD_FAILED');
    expect(res.body.msg).toContain('png, jpg, jpeg, gif');
    expect(await rowCount()).toBe(before);
  });

  it('refuses a file name with a type the place does not take, in the caller’s language', async () => {
    const res = await upload(adminA, [{ name: 'file', fileName: 'image.svg', bytes: pngBytes() }], { [LANG_HEADER]: 'en_US' });
    expect(res.body.code).toBe('UPLOAD_FAILED');
    expect(res.body.msg).toBe('Upload failed: Only png, jpg, jpeg, gif files are allowed');
  });

  it('refuses an avatar over 500 KB, naming the limit, whether the place comes before or after the file', async () => {
    const big = Buffer.concat([pngBytes(), Buffer.alloc(600 * KB, 1)]);
    const before = await rowCount();
    const placeFirst = await upload(adminA, [
      { name: 'place', value: 'avatar' },
      { name: 'file', fileName: 'big.png', bytes: big },
    ]);
    expect(placeFirst.body.code).toBe('UPLOAD_FAILED');
    expect(placeFirst.body.msg).toContain('500 KB');
    const placeLast = await upload(adminA, [
      { name: 'file', fileName: 'big.png', bytes: big },
      { name: 'place', value: 'avatar' },
    ]);
    expect(placeLast.body.code).toBe('UPLOAD_FAILED');
    expect(placeLast.body.msg).toContain('500 KB');
    // The same file is fine where the limit is 4 MB.
    const product = await upload(adminA, [
      { name: 'place', value: 'productImage' },
      { name: 'file', fileName: 'big.png', bytes: big },
    ]);
    expect(product.body.code).toBe('SUCCESS');
    expect(await rowCount()).toBe(before + 1);
  });

  it('answers an oversized upload over a real connection before the body is all sent, and closes that connection', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { payload, contentType } = multipartBody([
      { name: 'place', value: 'avatar' },
      { name: 'file', fileName: 'huge.png', bytes: Buffer.concat([pngBytes(), Buffer.alloc(20 * 1024 * KB)]) },
    ]);
    const res = await fetch(`${address}${UPLOAD}`, {
      method: 'POST',
      body: payload,
      headers: { 'content-type': contentType, [TOKEN_HEADER]: adminA },
    });
    expect(res.headers.get('connection')).toBe('close');
    expect(((await res.json()) as Envelope<null>).code).toBe('UPLOAD_FAILED');
  });

  it('refuses a form without the file or with an unknown place, naming the field', async () => {
    const noFile = await upload(adminA, [{ name: 'place', value: 'avatar' }]);
    expect(noFile.body.code).toBe('PARAM_CHECK');
    expect(noFile.body.errors?.map((e) => e.field)).toEqual(['file']);
    const json = await call(t.app, 'POST', UPLOAD, { token: adminA, body: { file: 'x' } });
    expect(json.body.code).toBe('PARAM_CHECK');
    const badPlace = await upload(adminA, [
      { name: 'place', value: 'desktop' },
      { name: 'file', fileName: 'a.png', bytes: pngBytes() },
    ]);
    expect(badPlace.body.code).toBe('PARAM_CHECK');
    expect(badPlace.body.errors?.map((e) => e.field)).toEqual(['place']);
  });

  it('takes one file at a time', async () => {
    const res = await upload(adminA, [
      { name: 'file', fileName: 'a.png', bytes: pngBytes() },
      { name: 'file', fileName: 'b.png', bytes: pngBytes(4, 4) },
    ]);
    expect(res.body.code).toBe('UPLOAD_FAILED');
  });

  it('keeps a clean base name: no folders, no control characters, at most 200 characters', async () => {
    const res = await upload(adminA, [{ name: 'file', fileName: 'C:\\Users\\me\\pic\u0007\u202e.png', bytes: pngBytes() }]);
    expect(res.body.code).toBe('SUCCESS');
    expect(res.body.data.fileName).toBe('pic.png');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('\u0000\u0001')).toBe('file');
    const long = cleanFileName(`${'名'.repeat(300)}.xlsx`);
    expect(Array.from(long)).toHaveLength(200);
    expect(long.endsWith('名.xlsx')).toBe(true);
  });

  it('takes a real spreadsheet for the excel place and refuses one that claims a huge unpacked size', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('产品').addRow(['name', 'spec']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const accepted = await upload(adminA, [
      { name: 'place', value: 'excel' },
      { name: 'file', fileName: '导入模板.xlsx', bytes: xlsx },
    ]);
    expect(accepted.body.code).toBe('SUCCESS');
    expect(accepted.body.data.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

    const bomb = craftedZip([
      { name: '[Content_Types].xml', uncompressed: 1000 },
      { name: 'xl/worksheets/sheet1.xml', uncompressed: 200 * 1024 * 1024 },
    ]);
    const refused = await upload(adminA, [
      { name: 'place', value: 'excel' },
      { name: 'file', fileName: 'bomb.xlsx', bytes: bomb },
    ]);
    expect(refused.body.code).toBe('UPLOAD_FAILED');
    expect(refused.body.msg).toContain('100 MB');
    // A picture is no spreadsheet, whatever its name says.
    const disguised = await upload(adminA, [
      { name: 'place', value: 'excel' },
      { name: 'file', fileName: 'data.xlsx', bytes: pngBytes() },
    ]);
    expect(disguised.body.code).toBe('UPLOAD_FAILED');
  });

  it('does not show a spreadsheet through the image view', async () => {
    const xlsx = craftedZip([{ name: 'a.xml', uncompressed: 10 }]);
    const res = await upload(adminA, [
      { name: 'place', value: 'excel' },
      { name: 'file', fileName: 'small.xlsx', bytes: xlsx },
    ]);
    expect(res.body.code).toBe('SUCCESS');
    const view = await fetchFile(adminA, `/api/inner/acc/file/view/${res.body.data.fileId}`);
    expect(view.json().code).toBe('NOT_FOUND');
  });
});

describe('zip central directory check', () => {
  it('reads a real workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('a').addRow([1, 2, 3]);
    const result = await checkZip(Buffer.from(await workbook.xlsx.writeBuffer()), SPREADSHEET_ZIP_LIMITS);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.entries).toBeGreaterThan(3);
      expect(result.uncompressedBytes).toBeGreaterThan(0);
    }
  });

  it('refuses a crafted zip claiming a huge uncompressed size, ZIP64 included', async () => {
    const limits = { maxEntries: 1000, maxUncompressedBytes: 100 * 1024 * 1024 };
    expect(await checkZip(craftedZip([{ name: 'a', uncompressed: 60 * 1024 * 1024 }, { name: 'b', uncompressed: 60 * 1024 * 1024 }]), limits)).toEqual({
      ok: false,
      problem: 'TOO_LARGE',
    });
    expect(await checkZip(craftedZip([{ name: 'huge', uncompressed: 2 ** 40 }]), limits)).toEqual({ ok: false, problem: 'TOO_LARGE' });
    expect(await checkZip(craftedZip([{ name: 'a', uncompressed: 100 }]), limits)).toEqual({ ok: true, entries: 1, uncompressedBytes: 100 });
  });

  it('refuses too many entries, and directories that do not add up', async () => {
    const limits = { maxEntries: 1000, maxUncompressedBytes: 100 * 1024 * 1024 };
    const many = Array.from({ length: 1001 }, (_, i) => ({ name: `f${i}`, uncompressed: 1 }));
    expect(await checkZip(craftedZip(many), limits)).toEqual({ ok: false, problem: 'TOO_MANY_ENTRIES' });
    expect((await checkZip(craftedZip(many.slice(0, 1000)), limits)).ok).toBe(true);
    // The end record claims more entries than the directory holds.
    expect(await checkZip(craftedZip([{ name: 'a', uncompressed: 1 }], 5), limits)).toEqual({ ok: false, problem: 'CORRUPT' });
    expect(await checkZip(Buffer.from('PK\x03\x04 and then nothing'), limits)).toEqual({ ok: false, problem: 'CORRUPT' });
    const truncated = craftedZip([{ name: 'a', uncompressed: 1 }]);
    expect(await checkZip(truncated.subarray(0, truncated.length - 5), limits)).toEqual({ ok: false, problem: 'CORRUPT' });
  });
});

describe('disk storage', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-files-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const readAll = async (stream: Readable) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  it('stores identical content once, under DATA_DIR/files/<first two hex>/<sha256>, with nothing left half-way', async () => {
    const storage = createFileStorage(dataDir);
    const bytes = pngBytes(5, 5);
    const first = await storage.put(bytes);
    const second = await storage.put(Buffer.from(bytes));
    expect(second).toEqual(first);
    expect(first.size).toBe(bytes.length);
    const file = path.join(dataDir, 'files', first.sha256.slice(0, 2), first.sha256);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(fs.readdirSync(path.join(dataDir, 'files', first.sha256.slice(0, 2)))).toEqual([first.sha256]);
    expect(fs.readdirSync(path.join(dataDir, 'files', 'tmp'))).toEqual([]);
    expect(await storage.exists(first.sha256)).toBe(true);
    expect((await readAll(storage.open(first.sha256))).equals(bytes)).toBe(true);

    const other = await storage.put(Buffer.from('other content'));
    expect(other.sha256).not.toBe(first.sha256);
    const stored = fs.readdirSync(path.join(dataDir, 'files')).filter((d) => d !== 'tmp');
    expect(stored.flatMap((d) => fs.readdirSync(path.join(dataDir, 'files', d))).sort()).toEqual([first.sha256, other.sha256].sort());
  });

  it('refuses addresses that are not a SHA-256, so no path can be reached through them', async () => {
    const storage = createFileStorage(dataDir);
    expect(() => storage.open('../../etc/passwd')).toThrow(/SHA-256/);
    await expect(storage.exists('AB'.repeat(32))).rejects.toThrow(/SHA-256/);
    expect(await storage.exists('0'.repeat(64))).toBe(false);
    await expect(readAll(storage.open('0'.repeat(64)))).rejects.toThrow();
  });

  it('keeps content in memory for memory://', async () => {
    const storage = createFileStorage('memory://');
    const { sha256 } = await storage.put(Buffer.from('abc'));
    expect((await readAll(storage.open(sha256))).toString()).toBe('abc');
    await expect(readAll(storage.open('1'.repeat(64)))).rejects.toThrow();
  });
});
