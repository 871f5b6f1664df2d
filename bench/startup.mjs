#!/usr/bin/env node
// Start-up time through `npm start` on the embedded database: from spawning `npm start` to the first good
// health check. The first start as on a fresh clone (it builds the web app and the server, then creates,
// migrates and seeds the database), then three restarts on the data it left (nothing to build), then one
// more without V8's compile cache.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-startup-'));
const port = 18000 + Math.floor(Math.random() * 1000);
const FIRST_TARGET_S = 15;
/** Where scripts/start.mjs notes the sources each build was made from. */
const BUILD_STAMPS = ['packages/web/dist/.sources', 'packages/server/dist/.sources'];
const RESTART_TARGET_S = 1.0;
/** Where scripts/start.mjs keeps V8's compile cache: emptied once to show what it buys. */
const COMPILE_CACHE = path.join(root, 'node_modules/.cache/node-compile-cache');

/** Seconds from `npm start` to the first answer of /acc/health; the whole process group is ended after. */
async function timeStart() {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: 'Startup-Bench-1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    // npm starts the server as its child: a group of their own, so both are ended together.
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/acc/health`);
        if (res.ok) return (performance.now() - started) / 1000;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if (performance.now() - started > 180_000) throw new Error('the server did not answer within 180 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await exited;
    await groupEnded(child.pid);
  }
}

/** Waits until no process of the group is left: the server closes its database after npm has exited. */
async function groupEnded(groupId) {
  for (;;) {
    try {
      process.kill(-groupId, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const verdict = (seconds, target) => `${seconds.toFixed(2)} s (target ≤ ${target} s: ${seconds <= target ? 'met' : 'NOT met'})`;

try {
  // As on a fresh clone: no build notes its sources, so `npm start` builds both.
  for (const stamp of BUILD_STAMPS) fs.rmSync(path.join(root, stamp), { force: true });
  const first = await timeStart();
  console.log(`first start (build the web app and the server, create, migrate, seed): ${verdict(first, FIRST_TARGET_S)}`);
  const restarts = [];
  for (let i = 0; i < 3; i++) restarts.push(await timeStart());
  const median = [...restarts].sort((a, b) => a - b)[1];
  console.log(`restarts on that data: ${restarts.map((s) => s.toFixed(2)).join(' s, ')} s; median ${verdict(median, RESTART_TARGET_S)}`);
  fs.rmSync(COMPILE_CACHE, { recursive: true, force: true });
  const uncached = await timeStart();
  console.log(`a restart with V8's compile cache emptied first (it compiles everything again): ${uncached.toFixed(2)} s`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
