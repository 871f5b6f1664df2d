import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenCodeMaker } from '../src/modules/codeDownload/hiddenCodes.js';
import { recallJobKind } from '../src/modules/recall/jobs.js';
import { JobRunner } from '../src/platform/jobs/jobRunner.js';
import { companySecret } from '../src/modules/rule/companySecret.js';
import { xlsxSheetsStream } from '../src/platform/export/xlsx.js';
import { createCompany, createUser } from './support/fixtures.js';
import { insertJob, insertProductWithBatch, insertRule } from './support/codeFixtures.js';
import { sheetsAsShown, sofficeOrSkip } from './support/libreOffice.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

/**
 * Every kind of spreadsheet export opened in LibreOffice Calc, as people open them, and read back as Calc
 * shows the cells: codes of digits only, twenty long or with leading zeros, must come back exactly as the
 * database holds them — never 6.90123456789012E+19, never without their zeros.
 */

const PASSWORD = 'Pass-word-1';
const CODES = ['00012345678901234567', '69012345678901234567', '00000000000000000001', '12345678901234567890', '00100000000000000000'];
const DEALER_CODE = '0070012345678901234';
/** A landline with its area code's zero, as a spreadsheet that reads it as a number would lose it. */
const LANDLINE = '02087654321';

let t: TestApp;
let token = '';
let jobId = '';
let batchId = '';
let dbCodes: string[] = [];
let hiddenOf: (code: string) => string;
let orderNo = '';
let userCode = '';

async function file(method: 'GET' | 'POST', url: string, params: Record<string, string>): Promise<Buffer> {
  const res = await call(t.app, method, url, method === 'GET' ? { token, query: params } : { token, body: params });
  expect(String(res.headers['content-type'])).toContain('spreadsheetml');
  return res.raw;
}

/** The single sheet's rows, without the header. */
async function rowsOf(soffice: string, xlsx: Buffer): Promise<string[][]> {
  const sheets = await sheetsAsShown(soffice, xlsx);
  expect(sheets.size).toBe(1);
  return ([...sheets.values()][0] as string[][]).slice(1);
}

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_BASE_URL: 'https://trace.example.com' });
  const db = t.database.db;
  const company = await createCompany(db, 'Digits company');
  const admin = await createUser(db, { username: 'sheet_admin', password: PASSWORD, userType: '3', companyId: company, roles: ['ENTERPRISE_ADMIN'] });
  userCode = (await db.updateTable('app_user').set({ phone: LANDLINE }).where('id', '=', admin).returning('user_code').executeTakeFirstOrThrow()).user_code;
  token = await signIn(t.app, 'sheet_admin', PASSWORD);
  const rule = await insertRule(db, company, { name: 'Digits', hiddenLength: 8, shape: { bodyLength: 20, alphabet: 'DIGITS', checkScheme: 'NONE' } });
  const refs = await insertProductWithBatch(db, company, { gtin: '6901234567892', batchNo: '000123' });
  batchId = refs.batchId;
  jobId = (await insertJob(db, { companyId: company, ruleId: rule, codes: CODES, ...refs })).id;
  const stored = await db.selectFrom('code').select(['id', 'code']).where('record_id', '=', jobId).orderBy('id').execute();
  dbCodes = stored.map((c) => c.code);
  hiddenOf = hiddenCodeMaker(await companySecret(db, company), 8);
  for (const [i, c] of stored.entries()) {
    await db
      .insertInto('scan_record')
      .values({
        company_id: company,
        code_id: c.id,
        code_text: c.code,
        product_id: refs.productId,
        batch_id: refs.batchId,
        verdict: 'GENUINE',
        scan_seq: 1,
        source: 'CHECK',
        area_code: '440300',
        client_type: 'WECHAT',
        scanned_at: new Date(Date.UTC(2026, 2, 8, 3, i)),
      })
      .execute();
  }
  const dealer = await call<{ id: string }>(t.app, 'POST', '/acc/api/dealer/add', { token, body: { code: DEALER_CODE, name: '零号经销商', level: 1, phone: '01012345678', areaCodes: ['440000'] } });
  expect(dealer.body.code, dealer.body.msg).toBe('SUCCESS');
  const order = await call<{ orderNo: string }>(t.app, 'POST', '/acc/api/shipment/add', { token, body: { dealerId: dealer.body.data.id } });
  expect(order.body.code, order.body.msg).toBe('SUCCESS');
  orderNo = order.body.data.orderNo;
});

afterAll(async () => {
  await t?.close();
});

describe('xlsx exports opened in LibreOffice', () => {
  it("a generation job's code list: codes and hidden codes exactly as stored", async (ctx) => {
    const soffice = sofficeOrSkip(ctx);
    if (!soffice) return;
    const rows = await rowsOf(soffice, await file('GET', '/acc/api/codeRecord/downloadCode', { id: jobId, format: 'xlsx' }));
    expect(rows.map((r) => r[0])).toEqual(dbCodes);
    expect(rows.map((r) => r[2])).toEqual(dbCodes.map(hiddenOf));
  });

  it('the code list of the codes screen', async (ctx) => {
    const soffice = sofficeOrSkip(ctx);
    if (!soffice) return;
    const rows = await rowsOf(soffice, await file('GET', '/acc/api/code/export', { recordId: jobId, format: 'xlsx' }));
    expect(rows.map((r) => r[0])).toEqual(dbCodes);
  });

  it("a batch's codes", async (ctx) => {
    const soffice = sofficeOrSkip(ctx);
    if (!soffice) return;
    const rows = await rowsOf(soffice, await file('GET', '/acc/api/productBatch/exportFlagCode', { id: batchId }));
    expect(rows.map((r) => r[0])).toEqual(dbCodes);
  });

  it('scan records: codes and batch numbers', async (ctx) => {
    const soffice = sofficeOrSkip(ctx);
    if (!soffice) return;
    const rows = await rowsOf(soffice, await file('GET', '/acc/api/scanCodeRecord/export', { beginDate: '2026-03-06', endDate: '2026-03-10' }));
    // Newest first.
    expect(rows.map((r) => r[1])).toEqual([...dbCodes].reverse());
    expect(new Set(rows.map((r) => r[3]))).toEqual(new Set(['000123']));
  });

  it('dealers: codes and phone numbers', async (ctx) => {
    const soffice = sofficeOrSkip(ctx);
    if (!soffice) return;
    const rows = await rowsOf(soffice, await file('POST', '/acc/api/dealer/export', {}));
    const dealer = rows.find((r) => r[1] === '零号经销商');
    expect(dealer?.[0]).toBe(DEALER_CODE);
    expect(dealer?.[7]).toBe('01012345678');
  });

  it('shipment orders: order numbers and dealer codes', async (ctx) => {
    const soffice = sofficeOrSkip(ctx);
    if (!soffice) return;
    const rows = await rowsOf(soffice, await file('POST', '/acc/api/shipment/export', {}));
    expect(rows.map((r) => [r[0], r[3]])).toEqual([[orderNo, DEALER_CODE]]);
  });

  it('users: user codes and phone numbers with their zeros', async (ctx) => {
    const soffice = sofficeOrSkip(ctx);
    if (!soffice) return;
    const rows = await rowsOf(soffice, await file('POST', '/acc/userinfo/export', {}));
    const admin = rows.find((r) => r[1] === 'sheet_admin');
    expect(admin?.[0]).toBe(userCode);
    expect(admin).toContain(LANDLINE);
  });

  it("a recall of the batch: its progress and the trace report, the lot number with its zeros", async (ctx) => {
    const soffice = sofficeOrSkip(ctx);
    if (!soffice) return;
    const fields = { level: 1, reason: 'Listeria found in a retained sample', instruction: 'Bring it back to the shop.', contact: '010-12345678' };
    const added = await call<{ id: string; recallNo: string }>(t.app, 'POST', '/acc/api/recall/add', { token, body: { ...fields, selection: { kind: 'BATCH', batchIds: [batchId] } } });
    expect(added.body.code, added.body.msg).toBe('SUCCESS');
    const db = t.database.db;
    const kind = recallJobKind(db, { site: { epcBase: t.config.publicBaseUrl, timeZone: t.config.businessTimeZone }, stepSize: 100 });
    const queued = await db.selectFrom('recall_job').select('id').where('status', '=', 'QUEUED').execute();
    for (const job of queued) await new JobRunner({ db, kinds: [], staleSeconds: 30, pollMs: 10 }).runJob(kind, job.id);

    const progress = await sheetsAsShown(soffice, await file('GET', '/acc/api/recall/exportExposure', { id: added.body.data.id }));
    const summary = [...progress.values()].find((rows) => rows.some((r) => r[0] === '召回单号'));
    expect(summary?.find((r) => r[0] === '召回单号')?.[1]).toBe(added.body.data.recallNo);

    const report = await sheetsAsShown(soffice, await file('GET', '/acc/api/recall/traceReport', { id: added.body.data.id }));
    const [header, ...events] = [...report.values()][0] as string[][];
    const lot = (header ?? []).findIndex((title) => /批号|lot code/i.test(title));
    expect(lot).toBeGreaterThanOrEqual(0);
    expect(events.length).toBeGreaterThan(0);
    expect(new Set(events.map((r) => r[lot]))).toEqual(new Set(['000123']));
  });

  it('a list longer than a worksheet, every code in the sheets that follow', async (ctx) => {
    const soffice = sofficeOrSkip(ctx);
    if (!soffice) return;
    async function* rows() {
      yield* dbCodes.map((code) => ({ code }));
    }
    const columns = [
      { header: 'Code', text: true, value: (r: { code: string }) => r.code },
      // The same codes as numbers, what a CSV becomes in a spreadsheet: the check must see them spoilt.
      { header: 'As a number', value: (r: { code: string }) => Number(r.code) },
    ];
    const stream = xlsxSheetsStream([{ sheetName: 'Codes', columns, rows: rows() }], undefined, 3);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const sheets = await sheetsAsShown(soffice, Buffer.concat(chunks));
    // LibreOffice writes one file per sheet; put them back in the workbook's order.
    const part = (name: string) => Number(/\((\d+)\)$/.exec(name)?.[1] ?? 1);
    const names = [...sheets.keys()].sort((x, y) => part(x) - part(y));
    expect(names).toEqual(['Codes', 'Codes (2)', 'Codes (3)']);
    const read = names.flatMap((name) => (sheets.get(name) as string[][]).slice(1));
    expect(read.map((r) => r[0])).toEqual(dbCodes);
    const spoilt = read.map((r) => r[1]);
    expect(spoilt.filter((text, i) => text === dbCodes[i])).toEqual([]);
    expect(spoilt.some((text) => /E\+\d+$/.test(text ?? ''))).toBe(true);
  });
});
