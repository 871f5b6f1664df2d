// Page speed of the built web app as a phone sees it: Lighthouse (npm `lighthouse`) in its default mobile
// mode (a mid-range phone, simulated slow 4G), performance only, 3 runs per page, median, against the
// compiled server as `npm start` runs it, on a fresh embedded database with the demo company.
//   - the scan page of a real code: activated, bound to the demo batch of 8424 watermelons and its grower,
//     a fresh code for every run (a code's first check is the one a shopper makes); before measuring, one
//     code is opened in Chromium to see that the verdict is GENUINE with the product and the grower;
//   - /mobilePhone, the manual entry;
//   - /loginPage.
// Prints per page: performance score, LCP, TBT, script and all bytes on the wire (transfer sizes), against
// the figures; for the scan page, each script and its size.
// Run: npm run build -w @rd/web (or npm start once), then npm run bench:web. Uses Debian's chromium
// (CHROMIUM_PATH, default /usr/bin/chromium).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const RUNS = 3;
const ADMIN_PASSWORD = 'Bench-Web-Pass-1';
const DEMO_BATCH_NO = 'PGZ-2025-0601';

interface Target {
  page: string;
  score?: number;
  lcpSeconds?: number;
  scriptKb?: number;
  totalKb?: number;
}
const TARGETS: Target[] = [
  { page: 'scan page', score: 90, lcpSeconds: 2.5, scriptKb: 120, totalKb: 180 },
  { page: '/mobilePhone' },
  { page: '/loginPage', score: 80, scriptKb: 250 },
];

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
  if (!fs.existsSync(path.join(root, 'packages/web/dist/consumer.html'))) throw new Error('the web app is not built: run npm run build -w @rd/web');
  const bundled = spawnSync(process.execPath, ['packages/server/build/bundle.mjs'], { cwd: root, stdio: 'inherit' });
  if (bundled.status !== 0) throw new Error('the server did not compile');
  const port = await freePort();
  const child = spawn(process.execPath, ['packages/server/dist/main.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD, SEED_DEMO: 'true', LOG_LEVEL: 'warn', JOB_POLL_MS: '200', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/acc/health`, child, 'the server');
  return { baseUrl, child };
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
  const batches = await api<{ list: Array<{ id: string; productId: string; batchNo: string }> }>('POST', '/acc/api/productBatch/pageList', token, { batchNo: DEMO_BATCH_NO, pageNum: 1, pageSize: 10 });
  const batch = batches.list.find((b) => b.batchNo === DEMO_BATCH_NO);
  if (!batch) throw new Error(`demo batch ${DEMO_BATCH_NO} not found`);
  const { id: ruleId } = await api<{ id: string }>('POST', '/acc/api/rule/add', token, { ruleName: `页面测速 ${Date.now()}`, bodyLength: 12, alphabet: 'CROCKFORD32', checkScheme: 'MOD37_36', hiddenLength: 0 });
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

/** Debian's Chromium, headless, for Lighthouse to drive through its debugging port. */
async function launchChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-lighthouse-'));
  const child = spawn(CHROMIUM, ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  await waitFor(`http://127.0.0.1:${port}/json/version`, child, 'Chromium');
  return {
    port,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

interface Measure {
  score: number;
  lcpSeconds: number;
  tbtMs: number;
  scriptKb: number;
  totalKb: number;
  scripts: Array<{ url: string; kb: number }>;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

async function measure(url: string, port: number): Promise<Measure> {
  const result = (await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })) as RunnerResult | undefined;
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []).filter((r) => !r.url.startsWith('data:'));
  const scripts = requests.filter((r) => r.resourceType === 'Script').map((r) => ({ url: new URL(r.url).pathname, kb: (r.transferSize ?? 0) / 1024 }));
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpSeconds: (lhr.audits['largest-contentful-paint']?.numericValue ?? NaN) / 1000,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    scriptKb: scripts.reduce((sum, s) => sum + s.kb, 0),
    totalKb: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    scripts,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function verdict(value: number, limit: number | undefined, higherIsBetter: boolean): string {
  if (limit === undefined) return '';
  const met = higherIsBetter ? value >= limit : value <= limit;
  return ` (${higherIsBetter ? '≥' : '≤'} ${limit}: ${met ? 'met' : 'NOT met'})`;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-bench-web-'));
const server = await startServer(dataDir);
let browser: Awaited<ReturnType<typeof launchChromium>> | null = null;
try {
  const codes = await genuineCodes(server.baseUrl, dataDir, RUNS + 1);
  await checkScanPage(server.baseUrl, codes[0]!);
  browser = await launchChromium();
  const pages: Array<{ target: Target; urls: string[] }> = [
    { target: TARGETS[0]!, urls: codes.slice(1).map((code) => `${server.baseUrl}/antiCounterfeiting?code=${code}`) },
    { target: TARGETS[1]!, urls: Array.from({ length: RUNS }, () => `${server.baseUrl}/mobilePhone`) },
    { target: TARGETS[2]!, urls: Array.from({ length: RUNS }, () => `${server.baseUrl}/loginPage`) },
  ];
  console.log(`Lighthouse mobile (default: simulated slow 4G, mid-range phone), performance, median of ${RUNS} runs\n`);
  for (const { target, urls } of pages) {
    const runs: Measure[] = [];
    for (const url of urls) runs.push(await measure(url, browser.port));
    const score = median(runs.map((r) => r.score));
    const lcp = median(runs.map((r) => r.lcpSeconds));
    const scriptKb = median(runs.map((r) => r.scriptKb));
    const totalKb = median(runs.map((r) => r.totalKb));
    console.log(target.page);
    console.log(`  performance score ${score}${verdict(score, target.score, true)}   runs: ${runs.map((r) => r.score).join(', ')}`);
    console.log(`  LCP ${lcp.toFixed(2)} s${verdict(lcp, target.lcpSeconds, false)}   TBT ${median(runs.map((r) => r.tbtMs)).toFixed(0)} ms`);
    console.log(`  script on the wire ${scriptKb.toFixed(1)} KB${verdict(scriptKb, target.scriptKb, false)}   all ${totalKb.toFixed(1)} KB${verdict(totalKb, target.totalKb, false)}`);
    if (target === TARGETS[0]) for (const script of runs[0]!.scripts) console.log(`    ${script.kb.toFixed(1).padStart(6)} KB ${script.url}`);
    console.log('');
  }
} finally {
  await browser?.stop();
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
