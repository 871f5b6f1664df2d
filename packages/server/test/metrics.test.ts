import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertJob, insertRule } from './support/codeFixtures.js';
import { createCompany } from './support/fixtures.js';
import { startTestApp, type TestApp } from './support/testApp.js';

/**
 * What an operator sees: the Prometheus metrics behind their token, and liveness and readiness (not ready
 * while the process drains after SIGTERM).
 */
const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
let bare: TestApp;

beforeAll(async () => {
  t = await startTestApp({ METRICS_TOKEN: TOKEN });
  bare = await startTestApp({ METRICS_TOKEN: '' });
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
});

const scrape = (app: TestApp, authorization?: string) =>
  app.app.inject({ method: 'GET', url: '/acc/metrics', headers: authorization ? { authorization } : {} });

/** The value of one series in the text format, e.g. value(text, 'scan_verdicts_total{verdict="NOT_FOUND"}'). */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /acc/metrics', () => {
  it('does not exist without METRICS_TOKEN, nor for a caller without the token', async () => {
    expect((await scrape(bare)).statusCode).toBe(404);
    expect((await scrape(bare, `Bearer ${TOKEN}`)).statusCode).toBe(404);
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(t, authorization);
      expect(res.statusCode, authorization).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('counts requests by route pattern and status, verdicts, scan records, jobs and their rows, connections, and Node’s own figures', async () => {
    const companyId = await createCompany(t.database.db, 'Metrics Co');
    const ruleId = await insertRule(t.database.db, companyId);
    await insertJob(t.database.db, { companyId, ruleId, count: 7 });
    await t.app.inject({ method: 'GET', url: '/acc/health' });
    await t.app.inject({ method: 'GET', url: '/acc/api/no/such/call' });
    await t.app.inject({ method: 'GET', url: '/acc/api/securityCode/check?code=NOPE0000' });
    await t.app.inject({ method: 'GET', url: '/acc/api/securityCode/check?code=NOPE0001' });

    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="/acc/health",status_code="200"}')).toBe(1);
    // An unknown path is one series, whatever the path.
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBe(1);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/acc\/health",status_code="200"\} [01]/);
    expect(value(text, 'scan_verdicts_total{verdict="NOT_FOUND"}')).toBe(2);
    expect(value(text, 'scan_records_written_total')).toBe(2);
    expect(value(text, 'code_generation_jobs{status="DONE"}')).toBe(1);
    expect(value(text, 'code_generation_rows_total')).toBe(7);
    expect(value(text, 'db_connections{state="waiting"}')).toBe(0);
    expect(value(text, 'db_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});

describe('liveness and readiness', () => {
  it('is live and ready; while draining it stays live but is not ready, with Retry-After, in the caller’s language', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/acc/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ code: 'SUCCESS', data: { status: 'UP' } });
    const ready = await t.app.inject({ method: 'GET', url: '/acc/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ code: 'SUCCESS', data: { status: 'READY' } });

    t.app.lifecycle.draining = true;
    try {
      const draining = await t.app.inject({ method: 'GET', url: '/acc/health/ready?lang=en_US' });
      expect(draining.statusCode).toBe(503);
      expect(draining.headers['retry-after']).toBe('5');
      expect(draining.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', msg: 'Service temporarily unavailable, try again shortly' });
      expect((await t.app.inject({ method: 'GET', url: '/acc/health/ready' })).json()).toMatchObject({ msg: '服务暂时不可用，请稍后重试' });
      expect((await t.app.inject({ method: 'GET', url: '/acc/health/live' })).statusCode).toBe(200);
      // The old health check is as it was.
      expect((await t.app.inject({ method: 'GET', url: '/acc/health' })).json()).toMatchObject({ data: { status: 'UP' } });
    } finally {
      t.app.lifecycle.draining = false;
    }
  });

  it('is not ready when the database does not answer', async () => {
    const app = await startTestApp();
    await app.database.close();
    try {
      const res = await app.app.inject({ method: 'GET', url: '/acc/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect((await app.app.inject({ method: 'GET', url: '/acc/health/live' })).statusCode).toBe(200);
    } finally {
      // the whole test app, so that its PostgreSQL database is dropped too (closing the database again is a no-op)
      await app.close();
    }
  });
});
