// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompress } from '../build/precompress.mjs';

let dir = '';
const SCRIPT = `export const greeting = ${JSON.stringify('你好，世界 '.repeat(400))};\n`;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-precompress-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'page-1.js'), SCRIPT);
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>x</title>${'<p>row</p>'.repeat(200)}`);
  // too small to gain from compression, and a picture that is not text
  fs.writeFileSync(path.join(dir, 'assets', 'tiny.css'), 'a{}');
  fs.writeFileSync(path.join(dir, 'assets', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const listed = () => fs.readdirSync(dir, { recursive: true }).map(String).sort();

describe('the brotli and gzip copies of the built web app', () => {
  it('gives each text file a brotli and a gzip copy that decompress to it, in every folder', async () => {
    await precompress(dir, { parallel: 2 });
    const script = path.join(dir, 'assets', 'page-1.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${script}.br`)).toString()).toBe(SCRIPT);
    expect(zlib.gunzipSync(fs.readFileSync(`${script}.gz`)).toString()).toBe(SCRIPT);
    expect(fs.existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'index.html.gz'))).toBe(true);
  });

  it('leaves out a copy that would not be smaller, and files that are not text', async () => {
    await precompress(dir);
    expect(listed()).not.toContain(path.join('assets', 'tiny.css.br'));
    expect(listed()).not.toContain(path.join('assets', 'tiny.css.gz'));
    expect(listed().filter((name) => name.startsWith(path.join('assets', 'logo.png')))).toEqual([path.join('assets', 'logo.png')]);
  });

  it('keeps the copies already made, so a run cut short is finished by the next, and leaves no partial file', async () => {
    const made = path.join(dir, 'index.html.br');
    fs.writeFileSync(made, zlib.brotliCompressSync(fs.readFileSync(path.join(dir, 'index.html'))));
    const before = fs.statSync(made).mtimeMs;
    await precompress(dir);
    expect(fs.statSync(made).mtimeMs).toBe(before);
    expect(fs.existsSync(path.join(dir, 'assets', 'page-1.js.br'))).toBe(true);
    expect(listed().filter((name) => name.endsWith('.partial'))).toEqual([]);
  });
});
