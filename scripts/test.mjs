#!/usr/bin/env node
// Runs every check the machine can run: types, lint, then one vitest run over all suites
// (contract, server on PGlite, server on PostgreSQL when TEST_DATABASE_URL is set, web, browser).
// Says what it skipped and why, and ends with one line: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** The vitest run's budget on a 2-core machine: past it the run ends with a loud warning (docs/testing.md). */
const VITEST_BUDGET_SECONDS = 12 * 60;
/**
 * Past this the vitest run is stopped and counts as failed, well inside CI's 90 minutes, so that a run that
 * hangs or has grown far past its budget says so instead of being cut off with no summary.
 */
const VITEST_CEILING_SECONDS = 45 * 60;
const ci = process.env.CI === 'true';
let passed = 0;
let failed = 0;
let skipped = 0;
/** Each phase's wall time in seconds, printed at the end so the run's budget shows in every log. */
const phases = [];
if (process.env.RD_INSTALL_SECONDS) phases.push({ label: 'install (npm ci)', seconds: Number(process.env.RD_INSTALL_SECONDS) });

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  phases.push({ label, seconds: (Date.now() - started) / 1000 });
  return result.status === 0;
}

/** One check's outcome, counted and, when it failed, said. */
function count(label, ok) {
  if (ok) passed += 1;
  else {
    failed += 1;
    console.log(`!!! ${label} failed`);
  }
}

/**
 * The vitest run, in a process group of its own so that at the ceiling it can be stopped with everything it
 * started (workers, servers, browsers). Resolves false when the ceiling stopped it.
 */
function runWithCeiling(args, env) {
  console.log(`\n=== tests: npx ${args.join(' ')}`);
  const started = Date.now();
  const child = spawn('npx', args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env }, detached: true });
  let stopped = false;
  const ceiling = setTimeout(() => {
    stopped = true;
    process.kill(-child.pid, 'SIGKILL');
  }, VITEST_CEILING_SECONDS * 1000);
  // the group follows this script if it is interrupted
  const forward = (signal) => () => {
    process.kill(-child.pid, 'SIGKILL');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', forward('SIGINT'));
  process.once('SIGTERM', forward('SIGTERM'));
  return new Promise((resolve) => {
    child.once('exit', () => {
      clearTimeout(ceiling);
      phases.push({ label: 'tests', seconds: (Date.now() - started) / 1000 });
      resolve(!stopped);
    });
  });
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

/**
 * The browser the browser tests drive: Debian's headless shell of Chromium (the build Playwright itself runs for
 * headless tests, the same engine without the desktop browser around it: 14 % less CPU over the browser
 * tests), else the full Chromium.
 */
const chromium = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
const projects = ['contract', 'server', 'web'];
if (process.env.TEST_DATABASE_URL) projects.push('server-pg');
else console.log('skip: server-pg (API tests on PostgreSQL) — TEST_DATABASE_URL is not set');
if (chromium) projects.push('e2e');
else if (ci) {
  console.log('CI: Chromium is required but missing');
  failed += 1;
} else console.log('skip: e2e (browser tests) — Chromium is not installed (apt-get install chromium-headless-shell fonts-wqy-microhei)');
if (!projects.includes('server-pg')) skipped += 1;
if (!projects.includes('e2e')) skipped += 1;

// One at a time: two side by side (type-aware lint and a type check each fill a core) took longer than in turn.
for (const [label, command, args] of [
  ['typecheck contract', 'npx', ['tsc', '-p', 'packages/contract']],
  ['typecheck server', 'npx', ['tsc', '-p', 'packages/server']],
  ['typecheck web', 'npx', ['tsc', '-p', 'packages/web']],
  ['typecheck e2e', 'npx', ['tsc', '-p', 'e2e']],
  ['lint', 'npx', ['eslint', '.']],
])
  count(label, run(label, command, args));
/**
 * The production build of the web app, made once for the tests that need one: the browser tests' servers serve it,
 * and the web project's budgets weigh it (the manifest and hidden source maps name the modules in each chunk).
 * It goes to a folder of its own, so packages/web/dist stays what `npm start` built.
 */
const webBuild = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-web-build-'));
const buildArgs = ['--outDir', webBuild, '--emptyOutDir', '--manifest', '--sourcemap', 'hidden', '--logLevel', 'warn'];
count('build web app', run('build web app', 'npm', ['run', 'build', '-w', '@rd/web', '--', ...buildArgs]));

const report = path.join(os.tmpdir(), `rd-vitest-${process.pid}.json`);
const timings = path.join(os.tmpdir(), `rd-vitest-timings-${process.pid}.jsonl`);
const args = [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  '--reporter=./scripts/timingReporter.mjs',
];
const testsStarted = Date.now();
if (!(await runWithCeiling(args, { RD_TEST_TIMINGS: timings, RD_WEB_BUILD: webBuild, ...(chromium ? { CHROMIUM_PATH: chromium } : {}) }))) {
  console.log(`!!! the tests passed their ceiling of ${VITEST_CEILING_SECONDS / 60} minutes and were stopped (docs/testing.md)`);
  failed += 1;
}
const testsSeconds = (Date.now() - testsStarted) / 1000;
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

printTimings(timings, testsSeconds);
fs.rmSync(webBuild, { recursive: true, force: true });

/**
 * Where the run's time went: each phase, each vitest project's span on the wall clock (first file started to
 * last file ended) and the sum of its files' times, and the slowest files. Past the budget it says so loudly,
 * naming the slowest files, so that a slow new test is noticed in the change that adds it (docs/testing.md).
 */
function printTimings(file, vitestSeconds) {
  const seconds = (value) => `${value.toFixed(1).padStart(7)} s`;
  console.log('\n--- time by phase');
  for (const phase of phases) console.log(`${seconds(phase.seconds)}  ${phase.label}`);
  if (!fs.existsSync(file)) return;
  const files = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  fs.rmSync(file);
  if (files.length === 0) return;
  const first = Math.min(...files.map((f) => f.start));
  console.log('\n--- vitest projects (wall span from the run\'s first file; sum of their files)');
  for (const project of [...new Set(files.map((f) => f.project))]) {
    const own = files.filter((f) => f.project === project);
    const start = Math.min(...own.map((f) => f.start));
    const end = Math.max(...own.map((f) => f.end));
    const sum = own.reduce((total, f) => total + (f.end - f.start), 0);
    console.log(`${seconds((start - first) / 1000)} → ${seconds((end - first) / 1000)}  ${project} (${own.length} files, ${seconds(sum / 1000).trim()} summed)`);
  }
  const slowest = [...files].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 15);
  console.log('\n--- the 15 slowest test files');
  for (const f of slowest) console.log(`${seconds((f.end - f.start) / 1000)}  ${f.project}  ${f.file}`);
  if (vitestSeconds > VITEST_BUDGET_SECONDS) {
    console.log(`\n!!! WARNING: the tests took ${Math.round(vitestSeconds)} s, past their budget of ${VITEST_BUDGET_SECONDS} s (docs/testing.md).`);
    console.log(`!!! The slowest files are listed above: ${slowest.slice(0, 3).map((f) => f.file).join(', ')}.`);
  }
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
