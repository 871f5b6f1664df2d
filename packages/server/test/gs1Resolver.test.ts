import type { ScanCheckResult } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDigitalLinkPath } from '../src/modules/gs1/digitalLink.js';
import { codeUrl } from '../src/modules/rule/codeMaker.js';
import { createCompany } from './support/fixtures.js';
import { insertJob, insertProductWithBatch, insertRule } from './support/codeFixtures.js';
import { call, startTestApp, type TestApp } from './support/testApp.js';

const BASE = 'https://trace.example';
const GTIN13 = '6901234567892';
const OTHER_GTIN = '0952123454321' + '3';

let t: TestApp;
let code: string;
let unbound: string;

const pathOf = (url: string) => url.slice(BASE.length);

async function resolve(path: string) {
  return t.app.inject({ method: 'GET', url: path, remoteAddress: '114.114.114.114' });
}

beforeAll(async () => {
  t = await startTestApp({ SCAN_RATE_LIMIT_PER_MINUTE: '0' });
  const db = t.database.db;
  const company = await createCompany(db, 'Linked');
  const product = await insertProductWithBatch(db, company, { gtin: GTIN13, batchNo: 'B/7%(x)' });
  const rule = await insertRule(db, company, { urlForm: 'GS1' });
  [code, unbound] = (await insertJob(db, { companyId: company, ruleId: rule, count: 2, ...product })).codes as [string, string];
  await db.updateTable('code').set({ status: 'ACTIVATED' }).where('code', '=', code).execute();
  await db.updateTable('code').set({ product_id: null, batch_id: null }).where('code', '=', unbound).execute();
}, 60_000);

afterAll(async () => t?.close());

describe('GS1 Digital Link paths', () => {
  it('reads GTIN, batch and serial, each value decoded on its own', () => {
    expect(parseDigitalLinkPath('/01/06901234567892/10/B%2F7%25%28x%29/21/ABC')).toEqual({
      gtin: '06901234567892',
      cpv: null,
      batch: 'B/7%(x)',
      serial: 'ABC',
    });
    expect(parseDigitalLinkPath('/01/6901234567892/21/ABC')).toMatchObject({ gtin: '06901234567892', serial: 'ABC' });
    expect(parseDigitalLinkPath('/01/09521234543213/22/V1/10/L1/21/S1')).toMatchObject({ cpv: 'V1', batch: 'L1', serial: 'S1' });
  });

  it('refuses what is not one: bad check digit, qualifiers out of order, no serial, characters outside set 82', () => {
    for (const path of [
      '/01/06901234567891/21/ABC',
      '/01/06901234567892/21/ABC/10/B1',
      '/01/06901234567892/10/B1',
      '/01/06901234567892/21/A%20B',
      '/01/06901234567892/21/',
      '/01/06901234567892/21/%E4%B8%AD',
      '/01/06901234567892/21/ABCDEFGHIJKLMNOPQRSTU',
    ]) {
      expect(parseDigitalLinkPath(path), path).toBeNull();
    }
  });
});

describe('GS1 resolver route', () => {
  it('sends a printed link (with and without the batch) to the scan page with the code', async () => {
    const printed = codeUrl(BASE, code, { urlForm: 'GS1', gtin: GTIN13, batchNo: 'B/7%(x)' });
    expect(printed).toContain('/10/B%2F7%25%28x%29/21/');
    for (const path of [pathOf(printed), `/01/${'0' + GTIN13}/21/${code}`, `/01/${'0' + GTIN13}/21/${code}?17=261231`]) {
      const res = await resolve(path);
      expect(res.statusCode, path).toBe(302);
      expect(res.headers.location).toBe(`/antiCounterfeiting?code=${encodeURIComponent(code)}`);
    }
    const check = await call<ScanCheckResult>(t.app, 'GET', '/acc/api/securityCode/check', { query: { code } });
    expect(check.body.data.verdict).toBe('GENUINE');
  });

  it('a GTIN that is not the code’s product ends NOT_FOUND on the page, like an unknown serial', async () => {
    for (const path of [`/01/${OTHER_GTIN}/21/${code}`, `/01/0${GTIN13}/21/${unbound}`]) {
      const res = await resolve(path);
      expect(res.statusCode).toBe(302);
      const location = res.headers.location as string;
      const shown = new URL(location, BASE).searchParams.get('code') as string;
      expect(shown).toBe(path.slice(1));
      const check = await call<ScanCheckResult>(t.app, 'GET', '/acc/api/securityCode/check', { query: { code: shown } });
      expect(check.body.data.verdict).toBe('NOT_FOUND');
    }
    const unknown = await resolve(`/01/0${GTIN13}/21/NOSUCHCODE`);
    expect(unknown.headers.location).toBe('/antiCounterfeiting?code=NOSUCHCODE');
  });

  it('is a route of its own: a malformed link is NOT_FOUND, never the web app’s index page', async () => {
    const res = await resolve('/01/123/21/ABC');
    expect(res.statusCode).toBe(404);
    expect(String(res.headers['content-type'])).toContain('application/json');
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
