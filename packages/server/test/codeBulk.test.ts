import type { CodeBulkPreview, CodeBulkResult, CodeListFile } from '@rd/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertJob, insertProductWithBatch, insertRule } from './support/codeFixtures.js';
import { createCompany, createRole, createUser } from './support/fixtures.js';
import { multipartBody } from './support/uploadBodies.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

/** Activating and voiding codes in bulk: previews, all or nothing, the reason, company scope, the operation log. */

const PASSWORD = 'Bulk-Pass-1';
let t: TestApp;
let companyA: string;
let companyB: string;
let adminA: string;
let operatorA: string;
let viewerA: string;
let adminB: string;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  companyA = await createCompany(db, 'Bulk A');
  companyB = await createCompany(db, 'Bulk B');
  await createUser(db, { username: 'bulkAdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'bulkOperatorA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_OPERATOR'] });
  await createRole(db, { code: 'BULK_VIEWER', companyId: companyA, menuCodes: ['tagDetail'] });
  await createUser(db, { username: 'bulkViewerA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['BULK_VIEWER'] });
  await createUser(db, { username: 'bulkAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  adminA = await signIn(t.app, 'bulkAdminA', PASSWORD);
  operatorA = await signIn(t.app, 'bulkOperatorA', PASSWORD);
  viewerA = await signIn(t.app, 'bulkViewerA', PASSWORD);
  adminB = await signIn(t.app, 'bulkAdminB', PASSWORD);
});
afterAll(() => t.close());

const preview = (token: string, action: 'Activate' | 'Void', selection: unknown) =>
  call<CodeBulkPreview>(t.app, 'POST', `/acc/api/code/bulk${action}/preview`, { token, body: { selection } });
const activate = (token: string, selection: unknown) => call<CodeBulkResult>(t.app, 'POST', '/acc/api/code/bulkActivate', { token, body: { selection } });
const voidAll = (token: string, selection: unknown, reason?: string) =>
  call<CodeBulkResult>(t.app, 'POST', '/acc/api/code/bulkVoid', { token, body: { selection, reason } });

function statuses(codes: readonly string[]) {
  return t.database.db.selectFrom('code').select(['code', 'status', 'void_reason']).where('code', 'in', [...codes]).orderBy('code').execute();
}

async function countsOf(codes: readonly string[]) {
  const rows = await statuses(codes);
  return Object.fromEntries(['NOT_ACTIVATED', 'ACTIVATED', 'VOIDED'].map((s) => [s, rows.filter((r) => r.status === s).length]));
}

describe('bulk activation and voiding', () => {
  it('by job: the preview counts what would change, applying changes exactly that and writes the events', async () => {
    const db = t.database.db;
    const rule = await insertRule(db, companyA);
    const job = await insertJob(db, { companyId: companyA, ruleId: rule, count: 12 });
    await call(t.app, 'POST', '/acc/api/code/activate', { token: adminA, body: { ids: job.codeIds.slice(0, 3) } });
    await call(t.app, 'POST', '/acc/api/code/void', { token: adminA, body: { id: job.codeIds[3], reason: 'torn' } });

    const seen = await preview(operatorA, 'Activate', { scope: 'JOB', recordId: job.id });
    expect(seen.body.code, seen.body.msg).toBe('SUCCESS');
    expect(seen.body.data).toEqual({ found: 12, willChange: 8, already: 3, blocked: 1, notFound: 0, notFoundCodes: [] });

    const events = async () => Number((await db.selectFrom('epcis_event').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await events();
    const done = await activate(operatorA, { scope: 'JOB', recordId: job.id });
    expect(done.body.code, done.body.msg).toBe('SUCCESS');
    expect(done.body.data).toEqual({ changed: 8, already: 3, blocked: 1 });
    expect(await countsOf(job.codes)).toEqual({ NOT_ACTIVATED: 0, ACTIVATED: 11, VOIDED: 1 });
    expect(await events()).toBeGreaterThan(before);

    // voided codes answer VOIDED at the consumer's check
    const voided = await voidAll(adminA, { scope: 'JOB', recordId: job.id }, 'recalled lot');
    expect(voided.body.data).toEqual({ changed: 11, already: 1, blocked: 0 });
    const check = await call<{ verdict: string }>(t.app, 'GET', '/acc/api/securityCode/check', { query: { code: job.codes[5] as string } });
    expect(check.body.data.verdict).toBe('VOIDED');
    expect((await statuses([job.codes[5] as string]))[0]?.void_reason).toBe('recalled lot');
  });

  it('by batch and by serial range', async () => {
    const db = t.database.db;
    const { productId, batchId } = await insertProductWithBatch(db, companyA, { batchNo: 'BULK-B' });
    const rule = await insertRule(db, companyA);
    const job = await insertJob(db, { companyId: companyA, ruleId: rule, count: 6, productId, batchId });
    expect((await preview(adminA, 'Void', { scope: 'BATCH', batchId })).body.data).toMatchObject({ found: 6, willChange: 6, already: 0 });
    expect((await activate(adminA, { scope: 'BATCH', batchId })).body.data).toEqual({ changed: 6, already: 0, blocked: 0 });

    const serialRule = await insertRule(db, companyA);
    const numbered = await insertJob(db, { companyId: companyA, ruleId: serialRule, count: 10 });
    for (let i = 0; i < numbered.codeIds.length; i += 1) await db.updateTable('code').set({ serial: String(100 + i) }).where('id', '=', numbered.codeIds[i] as string).execute();
    const range = { scope: 'RANGE', ruleId: serialRule, fromSerial: 102, toSerial: 105 };
    expect((await preview(adminA, 'Activate', range)).body.data).toMatchObject({ found: 4, willChange: 4 });
    expect((await activate(adminA, range)).body.data.changed).toBe(4);
    expect(await countsOf(numbered.codes)).toEqual({ NOT_ACTIVATED: 6, ACTIVATED: 4, VOIDED: 0 });
    expect(job.codes).toHaveLength(6);

    const reversed = await preview(adminA, 'Activate', { ...range, fromSerial: 9, toSerial: 3 });
    expect(reversed.body.code).toBe('PARAM_CHECK');
    expect(reversed.body.errors?.[0]?.field).toBe('selection.toSerial');
  });

  it('by list: unknown codes are counted in the preview, and refuse the whole operation', async () => {
    const db = t.database.db;
    const rule = await insertRule(db, companyA);
    const job = await insertJob(db, { companyId: companyA, ruleId: rule, count: 4 });
    const ruleB = await insertRule(db, companyB);
    const theirs = await insertJob(db, { companyId: companyB, ruleId: ruleB, count: 1 });
    const listed = [job.codes[0], job.codes[1]?.toLowerCase(), theirs.codes[0], 'NOSUCHCODE1', job.codes[0]] as string[];

    const seen = await preview(adminA, 'Void', { scope: 'LIST', codes: listed });
    expect(seen.body.data).toEqual({ found: 2, willChange: 2, already: 0, blocked: 0, notFound: 2, notFoundCodes: [theirs.codes[0], 'NOSUCHCODE1'] });

    const refused = await voidAll(adminA, { scope: 'LIST', codes: listed }, 'damaged roll');
    expect(refused.body.code).toBe('CODES_REJECTED');
    expect(refused.body.errors?.map((e) => e.field)).toEqual(['selection.codes.2', 'selection.codes.3']);
    expect(await countsOf(job.codes)).toEqual({ NOT_ACTIVATED: 4, ACTIVATED: 0, VOIDED: 0 });
    expect(await countsOf(theirs.codes)).toEqual({ NOT_ACTIVATED: 1, ACTIVATED: 0, VOIDED: 0 });

    const done = await voidAll(adminA, { scope: 'LIST', codes: listed.slice(0, 2) }, 'damaged roll');
    expect(done.body.data).toEqual({ changed: 2, already: 0, blocked: 0 });
  });

  it('voiding needs a reason; nothing is written without one', async () => {
    const db = t.database.db;
    const rule = await insertRule(db, companyA);
    const job = await insertJob(db, { companyId: companyA, ruleId: rule, count: 2 });
    for (const reason of [undefined, '   ']) {
      const res = await voidAll(adminA, { scope: 'JOB', recordId: job.id }, reason);
      expect(res.body.code).toBe('PARAM_CHECK');
      expect(res.body.errors?.map((e) => e.field)).toEqual(['reason']);
    }
    expect(await countsOf(job.codes)).toEqual({ NOT_ACTIVATED: 2, ACTIVATED: 0, VOIDED: 0 });
  });

  it('keeps to the caller’s company and permissions', async () => {
    const db = t.database.db;
    const rule = await insertRule(db, companyA);
    const job = await insertJob(db, { companyId: companyA, ruleId: rule, count: 2 });
    const { batchId } = await insertProductWithBatch(db, companyA, { batchNo: 'SCOPE-1' });
    // another company's job, batch and rule read as missing
    expect((await preview(adminB, 'Activate', { scope: 'JOB', recordId: job.id })).body.code).toBe('NOT_FOUND');
    expect((await activate(adminB, { scope: 'BATCH', batchId })).body.code).toBe('NOT_FOUND');
    expect((await voidAll(adminB, { scope: 'RANGE', ruleId: rule, fromSerial: 1, toSerial: 2 }, 'x')).body.code).toBe('NOT_FOUND');
    // operators may activate in bulk but not void; a viewer neither
    expect((await voidAll(operatorA, { scope: 'JOB', recordId: job.id }, 'x')).body.code).toBe('ACCESS_DENIED_ERROR');
    expect((await activate(viewerA, { scope: 'JOB', recordId: job.id })).body.code).toBe('ACCESS_DENIED_ERROR');
    // a job still making codes is refused
    const running = await insertJob(db, { companyId: companyA, ruleId: rule, count: 1, status: 'RUNNING' });
    expect((await activate(adminA, { scope: 'JOB', recordId: running.id })).body.code).toBe('BULK_JOB_NOT_DONE');
    expect(await countsOf([...job.codes, ...running.codes])).toEqual({ NOT_ACTIVATED: 3, ACTIVATED: 0, VOIDED: 0 });
  });

  it('records the action, its reason and its counts in the operation log', async () => {
    const db = t.database.db;
    const rule = await insertRule(db, companyA);
    const job = await insertJob(db, { companyId: companyA, ruleId: rule, count: 3 });
    await voidAll(adminA, { scope: 'JOB', recordId: job.id }, 'water damage');
    const entry = await db
      .selectFrom('operation_log')
      .select(['params', 'result', 'company_id', 'module'])
      .where('url', '=', '/acc/api/code/bulkVoid')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ result: 'SUCCESS', company_id: companyA, module: 'code' });
    expect(JSON.parse(entry.params)).toMatchObject({ outcome: { action: 'VOID', scope: 'JOB', reason: 'water damage', changed: 3, already: 0 } });
  });

  it('reads uploaded lists of codes from .txt, .csv and .xlsx files', async () => {
    const read = async (name: string, bytes: Buffer) => {
      const { payload, contentType } = multipartBody([{ name: 'file', fileName: name, bytes }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/acc/api/code/readCodeList',
        payload,
        headers: { 'content-type': contentType, 'x-rd-request-apitoken': adminA },
      });
      return res.json() as { code: string; data: CodeListFile };
    };
    expect((await read('codes.txt', Buffer.from('ab12\ncd34, EF56\n'))).data.codes).toEqual(['AB12', 'CD34', 'EF56']);
    expect((await read('codes.csv', Buffer.from('\uFEFFcode,url\n"GH78",https://x\nIJ90,https://y\n'))).data.codes).toEqual(['GH78', 'IJ90']);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('codes');
    sheet.addRow(['code']);
    sheet.addRow(['KL12']);
    sheet.addRow(['MN34']);
    expect((await read('codes.xlsx', Buffer.from(await book.xlsx.writeBuffer()))).data.codes).toEqual(['KL12', 'MN34']);
    expect((await read('codes.pdf', Buffer.from('%PDF-1.4'))).code).toBe('UPLOAD_FAILED');
    expect((await read('codes.xlsx', Buffer.from('not a zip'))).code).toBe('UPLOAD_FAILED');
  });
});
