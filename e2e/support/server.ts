import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SERVER_BUNDLE = 'packages/server/dist/main.mjs';

/**
 * The browser tests' global setup: compiles the server `npm start` runs (packages/server/build/bundle.mjs) once
 * per run from the current sources, so that the tests exercise what ships, never a stale build, and test files
 * running side by side never write the bundle while another starts it.
 */
export function compileServer(): void {
  const result = spawnSync(process.execPath, ['packages/server/build/bundle.mjs'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the server did not compile: ${result.stderr}`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data folder of a server's first start with TEMPLATE_SETTINGS, made once per run (globalSetup.ts). */
    serverTemplate: string;
  }
}

/** The first start most browser files make: the demo company, and the admin's password set. */
export const TEMPLATE_SETTINGS: Readonly<Record<string, string>> = { SEED_DEMO: 'true', ADMIN_PASSWORD: 'Admin-E2E-Pass-1' };
/** Settings that change how a server runs, not what its first start writes into the data folder. */
const RUNNING_ONLY = new Set(['JOB_POLL_MS', 'SCAN_ANSWER_CACHE_SECONDS', 'TRUST_PROXY', 'WEBHOOK_PRIVATE_ADDRESSES', 'WEBHOOK_POLL_MS', 'PORT']);

/** Whether a first start with `env` writes what the template holds: the same first-start settings exactly. */
function startsAsTemplate(env: Record<string, string>): boolean {
  const firstStart = Object.entries(env).filter(([name]) => !RUNNING_ONLY.has(name));
  return firstStart.length === Object.keys(TEMPLATE_SETTINGS).length && firstStart.every(([name, value]) => TEMPLATE_SETTINGS[name] === value);
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** What the server printed on stdout (generated passwords are printed there once). */
  stdout(): string;
  /** SIGTERM, then waits for the exit; resolves with the exit code. Removes the data folder unless kept. */
  stop(options?: { keepData?: boolean }): Promise<number | null>;
  /** SIGKILL, as a crashed machine: no shutdown of any kind; waits for the exit. */
  kill(): Promise<void>;
}

/**
 * What a started server inherits from the caller's environment: only what finding programs and files needs.
 * Its settings (ADMIN_PASSWORD, DATABASE_URL, PORT, REDIS_URL, FILE_STORAGE …) come from the test alone, so a
 * developer's shell cannot change what a test runs against.
 */
const INHERITED = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'SYSTEMROOT'];
const callerEnvironment = () => Object.fromEntries(INHERITED.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name] as string]])));
/** The web app the servers serve: the run's own build when `npm test` made one (scripts/test.mjs), else packages/web/dist. */
const webApp = () => (process.env.RD_WEB_BUILD ? { WEB_DIST_DIR: process.env.RD_WEB_BUILD } : {});

/** Servers of this test file still running: ended with the file's process, whatever happened to the test. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server (the compiled bundle `npm start` runs) on a fresh embedded database and the
 * built web app, and waits until it answers its health check. A PORT in `env` restarts a server where a
 * browser page still expects it (same origin, same tab storage). With the template's first-start settings the
 * fresh database is a copy of the run's template folder (globalSetup.ts): the same first start, made once.
 */
export async function startServer(env: Record<string, string> = {}, reuseDataDir?: string): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = reuseDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rd-e2e-'));
  const template = reuseDataDir ? '' : startsAsTemplate(env) ? inject('serverTemplate') : '';
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: root,
    env: { ...callerEnvironment(), ...webApp(), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false', SEED_DEMO_SEASON: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stderr = '';
  let stdout = '';
  child.stdout?.on('data', (chunk) => (stdout += String(chunk)));
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  const failed = async (message: string) => {
    // a server that did not come up is ended here: the caller has nothing to stop
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    }
    if (!reuseDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    return new Error(`${message}: ${stderr}`);
  };
  for (;;) {
    if (child.exitCode !== null) throw await failed('server exited early');
    try {
      if ((await fetch(`${baseUrl}/acc/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw await failed('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    dataDir,
    stdout: () => stdout,
    async stop(options = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
