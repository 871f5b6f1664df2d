#!/usr/bin/env node
// Start-up time on the embedded database: time from spawning the server process to the first good
// health check, for the first start (migrate + seed) and for the starts after it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-startup-'));
const port = 18000 + Math.floor(Math.random() * 1000);

async function timeStart() {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: 'Startup-Bench-1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/acc/health`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 60_000) throw new Error('server did not start within 60 s');
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const first = await timeStart();
console.log(`first start (create, migrate, seed): ${(first / 1000).toFixed(2)} s`);
const later = [];
for (let i = 0; i < 3; i++) later.push(await timeStart());
console.log(`later starts: ${later.map((ms) => (ms / 1000).toFixed(2)).join(' s, ')} s (target < 5 s)`);
fs.rmSync(dataDir, { recursive: true, force: true });
