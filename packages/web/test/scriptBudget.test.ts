// @vitest-environment node
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_CHECK_PATH } from '@rd/contract/consumer';
import { readManifest, scriptWeight, staticClosure, stylesheetClosure, stylesheetWeight, type Manifest, type ScriptWeight } from '../build/scriptWeight';

/**
 * Budgets of the built web app, in brotli bytes as the server delivers them: the script a page loads
 * before it can show anything. Sizes, not timings, so they are the same on every machine.
 * - The consumer entry (consumer.html): what a phone loads before the scan verdict. A scan page that
 *   grows past this on a slow phone network shows its verdict late.
 * - The login page: the portal document and the login route.
 */
const CONSUMER_BUDGET = 100 * 1024;
const LOGIN_BUDGET = 200 * 1024;
/**
 * The stylesheets the consumer document links (render-blocking: the page draws nothing before they are in):
 * the public kit, the document's own and the scan pages' (verdict banners, recall, expiry, result cards).
 * Measured 3,204 bytes (scan 1,526 + public kit 1,488 + document 190) when the scan stylesheet joined the entry.
 */
const CONSUMER_STYLE_BUDGET = 4 * 1024;
/** Rules every verdict needs to look like one: without them a phone shows plain text on grey. */
const VERDICT_RULES = ['.scan-verdict{', '.scan-verdict--ok{', '.scan-verdict--warn{', '.scan-verdict--bad{', '.scan-verdict--info{', '.scan-verdict--retype{', '.scan-verdict--recall{', '.scan-recall{', '.scan-expired{', '.scan-section{'];
const CONSUMER_KEYS = ['consumer.html'];
const LOGIN_KEYS = ['index.html', 'src/pages/LoginPage.tsx'];

/**
 * What neither page may carry: the component library, the charts, the portal's layout (menus, header,
 * tabs; the boot screen is only a progress bar). The scan page carries no portal HTTP client or query cache.
 */
const NOT_BEFORE_VERDICT = /node_modules[\\/](antd|@rc-component|echarts|zrender|axios|@tanstack)[\\/]|src[\\/]app[\\/]layout[\\/](?!BootScreen)/;
const NOT_ON_LOGIN = /node_modules[\\/](antd|@rc-component|echarts|zrender)[\\/]|src[\\/]app[\\/]layout[\\/](?!BootScreen)/;

const webRoot = path.resolve(import.meta.dirname, '..');
let outDir = '';
let ownBuild = false;
let manifest: Manifest;

beforeAll(async () => {
  // `npm test` builds the app once for every test that needs it (scripts/test.mjs); run alone, this file builds
  // its own.
  if (process.env.RD_WEB_BUILD) {
    outDir = process.env.RD_WEB_BUILD;
    manifest = readManifest(outDir);
    return;
  }
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-web-budget-'));
  ownBuild = true;
  const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  // The real production build, into a directory of its own (with the manifest and hidden source maps that
  // name the modules in each chunk), as scripts/test.mjs makes it.
  await promisify(execFile)(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--sourcemap', 'hidden', '--logLevel', 'warn'], {
    cwd: webRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 16 * 1024 * 1024,
  });
  manifest = readManifest(outDir);
}, 300_000);

afterAll(() => {
  if (ownBuild) fs.rmSync(outDir, { recursive: true, force: true });
});

function describeWeight(weight: ScriptWeight): string {
  return weight.files.map((f) => `${(f.bytes / 1024).toFixed(1)} KB ${f.file}`).join('\n');
}

/** The source modules bundled into the chunks `keys` load, as their source maps name them. */
function modulesOf(keys: readonly string[]): string[] {
  return staticClosure(manifest, keys).flatMap((file) => {
    const map = path.join(outDir, `${file}.map`);
    return fs.existsSync(map) ? (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
  });
}

describe('script budgets of the built web app (brotli)', () => {
  it(`consumer entry: at most ${CONSUMER_BUDGET / 1024} KB before the verdict`, () => {
    const weight = scriptWeight(outDir, manifest, CONSUMER_KEYS);
    expect(weight.total, `consumer entry weighs ${(weight.total / 1024).toFixed(1)} KB:\n${describeWeight(weight)}`).toBeLessThanOrEqual(CONSUMER_BUDGET);
    // React itself is most of it; what it must not carry, whatever the total:
    const modules = modulesOf(CONSUMER_KEYS);
    expect(modules.some((m) => m.includes('src/public/pages/AntiCounterfeiting'))).toBe(true);
    expect(modules.filter((m) => NOT_BEFORE_VERDICT.test(m))).toEqual([]);
    // The camera decoder loads only when the camera is opened.
    expect(modules.filter((m) => /node_modules[\\/]jsqr[\\/]/.test(m))).toEqual([]);
  });

  it(`consumer entry: links the verdict banners' stylesheet, all its stylesheets at most ${CONSUMER_STYLE_BUDGET / 1024} KB`, () => {
    const weight = stylesheetWeight(outDir, manifest, CONSUMER_KEYS);
    expect(weight.total, `consumer stylesheets weigh ${weight.total} bytes:\n${describeWeight(weight)}`).toBeLessThanOrEqual(CONSUMER_STYLE_BUDGET);
    const html = fs.readFileSync(path.join(outDir, 'consumer.html'), 'utf8');
    const files = stylesheetClosure(manifest, CONSUMER_KEYS);
    for (const file of files) expect(html).toMatch(new RegExp(`<link rel="stylesheet"[^>]* href="/dist/${file.replace(/[.$]/g, '\\$&')}"`));
    const css = files.map((file) => fs.readFileSync(path.join(outDir, file), 'utf8')).join('\n');
    expect(VERDICT_RULES.filter((rule) => !css.includes(rule))).toEqual([]);
  });

  it('consumer entry: the check starts from an inline script in the document, which then starts its modules', () => {
    const html = fs.readFileSync(path.join(outDir, 'consumer.html'), 'utf8');
    const inline = html.indexOf(SCAN_CHECK_PATH);
    expect(inline).toBeGreaterThan(-1);
    expect(inline).toBeLessThan(html.indexOf('<link'));
    // No module script or preload of the document's own: the inline script asks for every module of the entry's
    // static closure, the same files the budget above weighs.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    const modules = JSON.parse(/(\["\/[^\]]*consumer-[\w-]+\.js"[^\]]*\])/.exec(html)?.[1] ?? '[]') as string[];
    expect(modules[0]).toMatch(/\/consumer-[\w-]+\.js$/);
    const base = modules[0]!.slice(0, modules[0]!.lastIndexOf('/assets/') + 1);
    expect(modules.map((file) => file.slice(base.length)).sort()).toEqual(staticClosure(manifest, CONSUMER_KEYS));
  });

  it(`login page: at most ${LOGIN_BUDGET / 1024} KB, without Ant Design or charts`, () => {
    const weight = scriptWeight(outDir, manifest, LOGIN_KEYS);
    expect(weight.total, `login page weighs ${(weight.total / 1024).toFixed(1)} KB:\n${describeWeight(weight)}`).toBeLessThanOrEqual(LOGIN_BUDGET);
    expect(modulesOf(LOGIN_KEYS).filter((m) => NOT_ON_LOGIN.test(m))).toEqual([]);
  });
});
