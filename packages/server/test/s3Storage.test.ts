import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_HEADER, type Envelope, type UploadedFile } from '@rd/contract';
import { contentAddress } from '../src/platform/files/contentAddress.js';
import { createS3Storage } from '../src/platform/files/s3Storage.js';
import { createFileStorage, openFileStorage } from '../src/platform/files/storage.js';
import { loadConfig } from '../src/platform/config.js';
import { copyFilesToS3 } from '../src/tools/copyFilesToS3.js';
import { ADMIN_PASSWORD, signIn, startTestApp } from './support/testApp.js';
import { multipartBody, pngBytes } from './support/uploadBodies.js';

/**
 * Files in an S3-compatible object store (FILE_STORAGE=s3), against s3rver started here: the storage's
 * calls, a server that uploads and downloads through it, the refusal to start without the bucket, and the
 * one-off copy of a disk storage into the bucket.
 */
const BUCKET = 'rd-files';
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-s3rver-'));
const diskDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-s3-disk-'));
let s3rver: S3rver;
let endpoint = '';
/** The SDK's credentials and region, as an operator sets them; s3rver signs with its own fixed key. */
const SDK_ENV = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' };
const saved = Object.fromEntries(Object.keys(SDK_ENV).map((key) => [key, process.env[key]]));

const s3Env = () => ({ FILE_STORAGE: 's3', S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true' });
const storage = () => createS3Storage({ bucket: BUCKET, endpoint, forcePathStyle: true });

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  Object.assign(process.env, SDK_ENV);
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3rver?.close();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  fs.rmSync(s3Dir, { recursive: true, force: true });
  fs.rmSync(diskDir, { recursive: true, force: true });
});

describe('S3 file storage', () => {
  it('stores content once under its SHA-256 and streams it back; a missing address is no file', async () => {
    const files = storage();
    const bytes = pngBytes(7, 5);
    const first = await files.put(bytes);
    expect(await files.put(Buffer.from(bytes))).toEqual(first);
    expect(first.size).toBe(bytes.length);
    expect(await files.exists(first.sha256)).toBe(true);
    expect((await readAll(files.open(first.sha256))).equals(bytes)).toBe(true);

    expect(await files.exists('0'.repeat(64))).toBe(false);
    await expect(readAll(files.open('0'.repeat(64)))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(() => files.open('../../etc/passwd')).toThrow(/SHA-256/);
  });

  it('streams a large file back as it arrives', async () => {
    const files = storage();
    const big = Buffer.alloc(6 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4) big.writeUInt32LE(i, i);
    const { sha256 } = await files.put(big);
    const stream = files.open(sha256);
    let chunks = 0;
    const received: Buffer[] = [];
    for await (const chunk of stream) {
      chunks += 1;
      received.push(chunk as Buffer);
    }
    expect(chunks).toBeGreaterThan(1);
    expect(Buffer.concat(received).equals(big)).toBe(true);
  });

  it('refuses to start without the bucket, naming it and the address', async () => {
    await expect(openFileStorage(loadConfig({ DATA_DIR: 'memory://', ...s3Env(), S3_BUCKET: 'no-such-bucket' }))).rejects.toThrow(
      new RegExp(`file store cannot be reached: S3 bucket "no-such-bucket" at ${endpoint.replace(/\./g, '\\.')}`),
    );
    await expect(openFileStorage(loadConfig({ DATA_DIR: 'memory://', ...s3Env(), S3_ENDPOINT: 'http://127.0.0.1:9' }))).rejects.toThrow(
      /file store cannot be reached: S3 bucket "rd-files" at http:\/\/127\.0\.0\.1:9/,
    );
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ FILE_STORAGE: 'ftp' })).toThrow(/FILE_STORAGE must be disk or s3/);
  });

  it('a server on the bucket takes an upload and serves it from there', async () => {
    const t = await startTestApp(s3Env());
    try {
      const token = await signIn(t.app, 'admin', ADMIN_PASSWORD);
      const png = pngBytes(4, 3);
      const { payload, contentType } = multipartBody([{ name: 'file', fileName: '图片.png', bytes: png }]);
      const res = await t.app.inject({ method: 'POST', url: '/acc/file/uploadFile', payload, headers: { 'content-type': contentType, [TOKEN_HEADER]: token } });
      const uploaded = (res.json() as Envelope<UploadedFile>).data;
      const download = await t.app.inject({ method: 'GET', url: uploaded.url, headers: { [TOKEN_HEADER]: token } });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(png)).toBe(true);
      // Written to the bucket, not to this process: another storage on the same bucket reads it.
      expect((await readAll(storage().open(contentAddress(png)))).equals(png)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('copies a disk storage into the bucket once, file by file, and skips what is there on a second run', async () => {
    const disk = createFileStorage(diskDir);
    const a = await disk.put(Buffer.from('first file kept on disk'));
    const b = await disk.put(pngBytes(9, 9));
    fs.writeFileSync(path.join(diskDir, 'files', 'tmp', 'left-over'), 'not a stored file');
    const env = { DATA_DIR: diskDir, ...s3Env() };
    const lines: string[] = [];
    expect(await copyFilesToS3(env, (line) => lines.push(line))).toEqual({ copied: 2, present: 0 });
    expect(lines[0]).toMatch(/2 files in .*: 2 copied to s3:\/\/rd-files, 0 there already/);
    expect(await copyFilesToS3(env, () => undefined)).toEqual({ copied: 0, present: 2 });
    expect((await readAll(storage().open(a.sha256))).toString()).toBe('first file kept on disk');
    expect((await readAll(storage().open(b.sha256))).equals(pngBytes(9, 9))).toBe(true);
  });
});
