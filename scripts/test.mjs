#!/usr/bin/env node
// Runs every check the machine can run: types, lint, then one vitest run over all suites
// (contract, server on PGlite, server on PostgreSQL when TEST_DATABASE_URL is set, web, browser).
// Says what it skipped and why, and ends with one line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const ci = process.env.CI === 'true';
let passed = 0;
let failed = 0;
let skipped = 0;

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(label, command, args) {
  if (run(label, command, args)) passed += 1;
  else {
    failed += 1;
    console.log(`!!! ${label} failed`);
  }
}

/** Process ids running now (Linux /proc; elsewhere none, and the left-over check below finds nothing). */
function processIds() {
  try {
    return fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
}

/**
 * Processes the tests started and left running: new since the run began, and working in the project (the
 * servers the browser tests start), or a browser, LibreOffice or server of a test's temporary folder.
 */
function leftOverProcesses(before) {
  const found = [];
  for (const pid of processIds()) {
    if (before.has(pid)) continue;
    let cwd;
    let args;
    try {
      cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
      args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      continue; // ended meanwhile, or not ours to read
    }
    if (!args) continue;
    if (cwd === root || cwd.startsWith(`${root}${path.sep}`) || /playwright_chromiumdev_profile|soffice|rd-e2e-/.test(args)) found.push({ pid, args });
  }
  return found;
}
const processesBefore = new Set(processIds());

const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
const projects = ['contract', 'server', 'web'];
if (process.env.TEST_DATABASE_URL) projects.push('server-pg');
else console.log('skip: server-pg (API tests on PostgreSQL) — TEST_DATABASE_URL is not set');
if (chromium) projects.push('e2e');
else if (ci) {
  console.log('CI: Chromium is required but missing');
  failed += 1;
} else console.log('skip: e2e (browser tests) — Debian chromium is not installed (apt-get install chromium fonts-wqy-microhei)');
if (!projects.includes('server-pg')) skipped += 1;
if (!projects.includes('e2e')) skipped += 1;

check('typecheck', 'npx', ['tsc', '-p', 'packages/contract']);
check('typecheck', 'npx', ['tsc', '-p', 'packages/server']);
check('typecheck', 'npx', ['tsc', '-p', 'packages/web']);
check('typecheck', 'npx', ['tsc', '-p', 'e2e']);
check('lint', 'npx', ['eslint', '.']);
if (projects.includes('e2e')) check('build web app for browser tests', 'npm', ['run', 'build', '-w', '@rd/web']);

const report = path.join(os.tmpdir(), `rd-vitest-${process.pid}.json`);
const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
run('tests', 'npx', args, chromium ? { CHROMIUM_PATH: chromium } : {});
if (fs.existsSync(report)) {
  const summary = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed += summary.numPassedTests;
  // A file that fails without a failed test (it did not load, or a hook threw) counts once; a file whose tests
  // failed is already counted by them.
  const brokenFiles = summary.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  failed += summary.numFailedTests + brokenFiles;
  skipped += summary.numPendingTests + summary.numTodoTests;
  fs.rmSync(report);
} else {
  console.log('!!! the test run produced no report');
  failed += 1;
}

// a moment for processes that are ending, then nothing the tests started may still run
await new Promise((resolve) => setTimeout(resolve, 1000));
const leftOver = leftOverProcesses(processesBefore);
if (leftOver.length > 0) {
  console.log('!!! processes the tests left running (ended now):');
  for (const { pid, args } of leftOver) {
    console.log(`  ${pid} ${args.slice(0, 200)}`);
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // ended meanwhile
    }
  }
  failed += 1;
}

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
