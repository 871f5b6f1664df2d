// Page speed of the built web app as a phone sees it: Lighthouse (npm `lighthouse`) in its default mobile
// mode (a mid-range phone, simulated slow 4G), performance only, 3 runs per page, median, against the
// compiled server as `npm start` runs it, on a fresh embedded database with the demo company.
//   - the scan page of a real code: activated, bound to the demo cooperative's first watermelon batch and its grower,
//     a fresh code for every run (a code's first check is the one a shopper makes); before measuring, one
//     code is opened in Chromium to see that the verdict is GENUINE with the product and the grower;
//   - /mobilePhone, the manual entry;
//   - /loginPage.
// Each run gets a Chromium of its own (no cache, cookies or warm processes carried from the run before); a run
// Lighthouse itself gives up on (a broken trace, "run Lighthouse again") is run once more, on a fresh code.
// Prints a table, per page: performance score, LCP, TBT, script and all bytes on the wire (transfer sizes),
// against the figures; for the scan page, each script and its size. The load average and Lighthouse's CPU
// benchmark index are printed too: simulated throttling scales with the machine, so a busy machine scores lower.
// Run: npm run build (or npm start once), then npm run bench:web (BENCH_PAGES=scan measures the scan page
// alone). Uses Debian's chromium
// (CHROMIUM_PATH, default /usr/bin/chromium).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type RunnerResult } from 'lighthouse';
import lighthousePackage from 'lighthouse/package.json' with { type: 'json' };
import { chromium } from 'playwright-core';
import { freePort } from './support/freePort.js';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const RUNS = 3;
const LIGHTHOUSE_VERSION = lighthousePackage.version;
const ADMIN_PASSWORD = 'Bench-Web-Pass-1';
/** The demo cooperative numbers its batches PGZ-<harvest day>, days before the first start. */
const DEMO_BATCH_PREFIX = 'PGZ-';

interface Target {
  page: string;
  score?: number;
  lcpSeconds?: number;
  scriptKb?: number;
  totalKb?: number;
}
const TARGETS: Target[] = [
  { page: 'scan page', score: 100, lcpSeconds: 1.2, scriptKb: 120, totalKb: 180 },
  { page: '/mobilePhone' },
  { page: '/loginPage', score: 80, scriptKb: 250 },
];

async function waitFor(url: string, child: ChildProcess, what: string): Promise<void> {
  for (const deadline = Date.now() + 60_000; ; ) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The compiled server on a fresh data folder, as `npm start` runs it (the bundle is made from the sources). */
async function startServer(dataDir: string): Promise<{ baseUrl: string; child: ChildProcess }> {
  if (!fs.existsSync(path.join(root, 'packages/web/dist/consumer.html'))) throw new Error('the web app is not built: run npm run build first');
  const bundled = spawnSync(process.execPath, ['packages/server/build/bundle.mjs'], { cwd: root, stdio: 'inherit' });
  if (bundled.status !== 0) throw new Error('the server did not compile');
  const port = await freePort();
  const child = spawn(process.execPath, ['packages/server/dist/main.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD, SEED_DEMO: 'true', LOG_LEVEL: 'warn', JOB_POLL_MS: '200', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseUrl}/acc/health`, child, 'the server');
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { baseUrl, child };
}

/** SIGTERM, then waits for the exit (at once if it has already exited). */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

function apiClient(baseUrl: string) {
  return async function api<T>(method: string, url: string, token: string, body?: unknown): Promise<T> {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-rd-request-apitoken': token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await res.json()) as Envelope<T>;
    if (envelope.code !== 'SUCCESS') throw new Error(`${method} ${url}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  };
}

/** Codes a shopper could scan: a rule, a job of `count` codes bound to the demo batch (which names its grower), activated. */
async function genuineCodes(baseUrl: string, dataDir: string, count: number): Promise<string[]> {
  const api = apiClient(baseUrl);
  const credentials = new Map(
    fs
      .readFileSync(path.join(dataDir, 'initial-credentials.txt'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('\t') as [string, string]),
  );
  const { token } = await api<{ token: string }>('POST', '/acc/user/login', '', { username: 'demo', password: credentials.get('demo') });
  const batches = await api<{ list: Array<{ id: string; productId: string; batchNo: string }> }>('POST', '/acc/api/productBatch/pageList', token, { batchNo: DEMO_BATCH_PREFIX, pageNum: 1, pageSize: 10 });
  // The earliest harvest: the season's first batch.
  const batch = batches.list.filter((b) => b.batchNo.startsWith(DEMO_BATCH_PREFIX)).sort((a, b) => a.batchNo.localeCompare(b.batchNo))[0];
  if (!batch) throw new Error(`no demo batch ${DEMO_BATCH_PREFIX}… found`);
  const { id: ruleId } = await api<{ id: string }>('POST', '/acc/api/rule/add', token, { ruleName: `页面测速 ${Date.now()}`, bodyLength: 12, alphabet: 'CROCKFORD32', checkScheme: 'DAMM', hiddenLength: 0 });
  const job = await api<{ id: string }>('POST', '/acc/api/codeRecord/add', token, { ruleId, quantity: count, productId: batch.productId, batchId: batch.id });
  for (const deadline = Date.now() + 60_000; ; ) {
    const { status } = await api<{ status: string }>('GET', `/acc/api/codeRecord/getById?id=${job.id}`, token);
    if (status === 'DONE') break;
    if (status === 'FAILED' || Date.now() > deadline) throw new Error(`code job ended ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const codes = await api<{ list: Array<{ id: string; code: string }> }>('POST', '/acc/api/code/pageList', token, { recordId: job.id, pageNum: 1, pageSize: count });
  await api('POST', '/acc/api/code/activate', token, { ids: codes.list.map((c) => c.id) });
  return codes.list.map((c) => c.code);
}

/** Opens one scan page in Chromium at phone size: the verdict must be GENUINE with the product and the grower. */
async function checkScanPage(baseUrl: string, code: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  try {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })).newPage();
    await page.goto(`${baseUrl}/antiCounterfeiting?code=${code}`);
    const banner = page.getByTestId('verdict-banner');
    await banner.waitFor({ timeout: 30_000 });
    const verdict = await banner.getAttribute('data-verdict');
    const product = await page.getByTestId('product-name').textContent({ timeout: 10_000 });
    const grower = await page.getByTestId('grower-name').textContent({ timeout: 10_000 });
    if (verdict !== 'GENUINE') throw new Error(`the scan page says ${verdict}, not GENUINE`);
    console.log(`scan page checked in Chromium: ${verdict}, product “${product?.trim()}”, grower “${grower?.trim()}”`);
  } finally {
    await browser.close();
  }
}

/** Debian's Chromium, headless, on a new profile, for Lighthouse to drive through its debugging port. */
async function launchChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-lighthouse-'));
  const child = spawn(CHROMIUM, ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  const stopChromium = async () => {
    await stop(child);
    fs.rmSync(profile, { recursive: true, force: true });
  };
  try {
    await waitFor(`http://127.0.0.1:${port}/json/version`, child, 'Chromium');
  } catch (error) {
    await stopChromium();
    throw error;
  }
  return { port, stop: stopChromium };
}

interface Measure {
  score: number;
  lcpSeconds: number;
  /** What the largest paint was: the element's selector and text, as Lighthouse names it. */
  lcpElement: string;
  tbtMs: number;
  /** The main thread's tasks over 50 ms, as Lighthouse lists them (simulated durations): what the blocking time is made of. */
  longTasks: Array<{ url: string; startMs: number; durationMs: number }>;
  fcpSeconds: number;
  speedIndexSeconds: number;
  cls: number;
  scriptKb: number;
  totalKb: number;
  scripts: Array<{ url: string; kb: number }>;
  benchmarkIndex: number;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/** Lighthouse's own failure of a run (e.g. NO_NAVSTART, a trace it could not read): worth one more run. */
class LighthouseRunError extends Error {}

/** One Lighthouse run, default settings (mobile, simulated throttling), performance only, in a Chromium of its own. */
async function measure(url: string): Promise<Measure> {
  const chromium = await launchChromium();
  let result: RunnerResult | undefined;
  try {
    result = (await lighthouse(url, { port: chromium.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })) as RunnerResult | undefined;
  } finally {
    await chromium.stop();
  }
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new LighthouseRunError(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []).filter((r) => !r.url.startsWith('data:'));
  const scripts = requests.filter((r) => r.resourceType === 'Script').map((r) => ({ url: new URL(r.url).pathname, kb: (r.transferSize ?? 0) / 1024 }));
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpSeconds: (lhr.audits['largest-contentful-paint']?.numericValue ?? NaN) / 1000,
    lcpElement: lcpElementOf(lhr.audits['lcp-breakdown-insight']?.details),
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    longTasks: ((lhr.audits['long-tasks']?.details as { items?: Array<{ url?: string; startTime?: number; duration?: number }> } | undefined)?.items ?? []).map(
      (task) => ({ url: task.url ?? '?', startMs: task.startTime ?? NaN, durationMs: task.duration ?? NaN }),
    ),
    fcpSeconds: (lhr.audits['first-contentful-paint']?.numericValue ?? NaN) / 1000,
    speedIndexSeconds: (lhr.audits['speed-index']?.numericValue ?? NaN) / 1000,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    scriptKb: scripts.reduce((sum, s) => sum + s.kb, 0),
    totalKb: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    scripts,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** The element of the largest paint, from Lighthouse's LCP breakdown insight (a list holding the element's node). */
function lcpElementOf(details: unknown): string {
  type Item = { type?: string; selector?: string; nodeLabel?: string };
  const node = ((details as { items?: Item[] } | undefined)?.items ?? []).find((item) => item.type === 'node');
  return node ? `${node.selector ?? '?'} “${(node.nodeLabel ?? '').slice(0, 40)}”` : 'unknown';
}

/** RUNS good runs; each run takes the next URL, and a run Lighthouse fails is retried once on the next URL. */
async function measureRuns(nextUrl: () => string): Promise<Measure[]> {
  const runs: Measure[] = [];
  while (runs.length < RUNS) {
    try {
      runs.push(await measure(nextUrl()));
    } catch (error) {
      if (!(error instanceof LighthouseRunError)) throw error;
      console.log(`  ${error.message}; running it again`);
      runs.push(await measure(nextUrl()));
    }
  }
  return runs;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A table cell: the value, and when there is a figure, whether it is met. */
function cell(text: string, value: number, limit: number | undefined, higherIsBetter: boolean): string {
  if (limit === undefined) return text;
  const met = higherIsBetter ? value >= limit : value <= limit;
  return `${text} ${met ? 'met' : 'NOT met'} (${higherIsBetter ? '≥' : '≤'} ${limit})`;
}

function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((text, column) => text.padEnd(widths[column]!)).join('  ').trimEnd());
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-bench-web-'));
let server: Awaited<ReturnType<typeof startServer>> | null = null;
try {
  server = await startServer(dataDir);
  const { baseUrl } = server;
  // One code for the check in Chromium, one per run, and one spare per run for a run Lighthouse fails.
  const codes = await genuineCodes(baseUrl, dataDir, 1 + 2 * RUNS);
  await checkScanPage(baseUrl, codes.shift()!);
  const pages: Array<{ target: Target; nextUrl: () => string }> = [
    { target: TARGETS[0]!, nextUrl: () => `${baseUrl}/antiCounterfeiting?code=${codes.shift()!}` },
    { target: TARGETS[1]!, nextUrl: () => `${baseUrl}/mobilePhone` },
    { target: TARGETS[2]!, nextUrl: () => `${baseUrl}/loginPage` },
  ].filter((_, index) => process.env.BENCH_PAGES !== 'scan' || index === 0);
  console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`Lighthouse ${LIGHTHOUSE_VERSION} mobile (default: simulated slow 4G, mid-range phone), performance, median of ${RUNS} runs, Chromium ${CHROMIUM}\n`);
  const rows = [['page', 'score', 'LCP s', 'FCP s', 'SI s', 'TBT ms', 'CLS', 'script KB', 'total KB', 'scores of the runs']];
  let scanScripts: Measure['scripts'] = [];
  let scanLongTasks: Measure['longTasks'] = [];
  const largestPaints: string[] = [];
  const benchmarkIndexes: number[] = [];
  for (const { target, nextUrl } of pages) {
    const runs = await measureRuns(nextUrl);
    benchmarkIndexes.push(...runs.map((r) => r.benchmarkIndex));
    const score = median(runs.map((r) => r.score));
    const lcp = median(runs.map((r) => r.lcpSeconds));
    const scriptKb = median(runs.map((r) => r.scriptKb));
    const totalKb = median(runs.map((r) => r.totalKb));
    rows.push([
      target.page,
      cell(String(score), score, target.score, true),
      cell(lcp.toFixed(2), lcp, target.lcpSeconds, false),
      median(runs.map((r) => r.fcpSeconds)).toFixed(2),
      median(runs.map((r) => r.speedIndexSeconds)).toFixed(2),
      median(runs.map((r) => r.tbtMs)).toFixed(0),
      median(runs.map((r) => r.cls)).toFixed(3),
      cell(scriptKb.toFixed(1), scriptKb, target.scriptKb, false),
      cell(totalKb.toFixed(1), totalKb, target.totalKb, false),
      runs.map((r) => r.score).join(', '),
    ]);
    // The scripts of the run whose script total is the median, so that they add up to the table's figure.
    if (target === TARGETS[0]) scanScripts = runs.find((r) => r.scriptKb === scriptKb)!.scripts;
    // likewise the long tasks of the run whose blocking time is the median
    if (target === TARGETS[0]) scanLongTasks = runs.find((r) => r.tbtMs === median(runs.map((m) => m.tbtMs)))?.longTasks ?? [];
    largestPaints.push(`  ${target.page}: ${[...new Set(runs.map((r) => r.lcpElement))].join('; ')}`);
  }
  printTable(rows);
  console.log('\nlargest paint, per page:');
  for (const line of largestPaints) console.log(line);
  console.log('\nscripts of the scan page, transfer size:');
  for (const script of scanScripts) console.log(`  ${script.kb.toFixed(1).padStart(6)} KB  ${script.url}`);
  console.log('\nlong tasks of the scan page (the run with the median blocking time; start and duration as Lighthouse simulates them):');
  for (const task of scanLongTasks) console.log(`  ${task.durationMs.toFixed(0).padStart(5)} ms at ${task.startMs.toFixed(0).padStart(5)} ms  ${task.url.replace(/^https?:\/\/[^/]+/, '')}`);
  console.log(`\nLighthouse CPU benchmark index, median ${median(benchmarkIndexes).toFixed(0)} (runs ${Math.min(...benchmarkIndexes).toFixed(0)}–${Math.max(...benchmarkIndexes).toFixed(0)})`);
  console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  if (server) await stop(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
