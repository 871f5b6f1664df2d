import type { DealerRow, PageResult, RecallCodeRow, RecallDetail, RecallExposure, RecallRow, ShipmentRow } from '@rd/contract';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epcisSchemaProblems } from '../src/modules/epcis/documentSchema.js';
import { recallExposure } from '../src/modules/recall/exposure.js';
import { recallJobKind } from '../src/modules/recall/jobs.js';
import { EMBEDDED_CHUNK, traceRows } from '../src/modules/recall/traceReport.js';
import { sequentialCode } from '../src/modules/rule/codeMaker.js';
import { JobRunner } from '../src/platform/jobs/jobRunner.js';
import { insertJob, insertProductWithBatch, insertRule } from './support/codeFixtures.js';
import { createCompany, createUser } from './support/fixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Recall-Pass-1';
const BASE = 'https://trace.example.cn';
let t: TestApp;
let companyA: string;
let companyB: string;
let adminA: string;
let adminB: string;
let operatorA: string;
let dealer1: DealerRow;
let dealer2: DealerRow;

/** Steps of 7 codes, so every selection takes several steps and the events several chunks. */
const STEP = 7;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_BASE_URL: BASE, LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  companyA = await createCompany(db, 'Recall A');
  companyB = await createCompany(db, 'Recall B');
  await createUser(db, { username: 'recallAdminA', name: '王小明', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'recallAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'recallOpA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_OPERATOR'] });
  adminA = await signIn(t.app, 'recallAdminA', PASSWORD);
  adminB = await signIn(t.app, 'recallAdminB', PASSWORD);
  operatorA = await signIn(t.app, 'recallOpA', PASSWORD);
  const addDealer = async (code: string, areaCodes: string[]) =>
    (await call<DealerRow>(t.app, 'POST', '/acc/api/dealer/add', { token: adminA, body: { code, name: `Dealer ${code}`, level: 1, areaCodes } })).body.data;
  dealer1 = await addDealer('RD1', ['330000']);
  dealer2 = await addDealer('RD2', ['440000']);
});
afterAll(() => t.close());

/** Runs every queued recall job to its end, as the server's runner would, in steps of STEP codes. */
async function runRecallJobs() {
  const db = t.database.db;
  const kind = recallJobKind(db, { site: { epcBase: BASE, timeZone: t.config.businessTimeZone }, stepSize: STEP });
  for (;;) {
    const queued = await db.selectFrom('recall_job').select('id').where('status', '=', 'QUEUED').orderBy('created_at').execute();
    if (queued.length === 0) return;
    for (const job of queued) await new JobRunner({ db, kinds: [], staleSeconds: 30, pollMs: 10 }).runJob(kind, job.id);
  }
}

/** Activated item codes of a company, bound to a new batch (of a new product) unless one is given. */
async function madeItems(companyId: string, count: number, batch?: { productId: string; batchId: string }, batchNo = `L${Math.random().toString(36).slice(2, 8).toUpperCase()}`) {
  const db = t.database.db;
  const refs = batch ?? (await insertProductWithBatch(db, companyId, { batchNo }));
  const job = await insertJob(db, { companyId, ruleId: await insertRule(db, companyId), count, ...refs });
  await db.updateTable('code').set({ status: 'ACTIVATED', activated_at: new Date() }).where('record_id', '=', job.id).execute();
  return { ...refs, codes: job.codes, ids: job.codeIds };
}

async function ship(token: string, dealerId: string, codes: string[], kind: '' | '/return' = ''): Promise<ShipmentRow> {
  const order = await call<ShipmentRow>(t.app, 'POST', `/acc/api/shipment${kind}/add`, { token, body: { dealerId } });
  expect(order.body.code, order.body.msg).toBe('SUCCESS');
  const scanned = await call(t.app, 'POST', `/acc/api/shipment${kind}/scan`, { token, body: { id: order.body.data.id, codes } });
  expect(scanned.body.code, scanned.body.msg).toBe('SUCCESS');
  expect((await call(t.app, 'POST', `/acc/api/shipment${kind}/complete`, { token, body: { id: order.body.data.id } })).body.code).toBe('SUCCESS');
  return order.body.data;
}

const FIELDS = { level: 1, reason: 'Listeria found in a retained sample', instruction: 'Stop eating it; bring it back to the shop for a refund.', contact: '400-800-1234' };

const addRecall = (token: string, selection: Record<string, unknown>, fields: Record<string, unknown> = FIELDS, lang = 'zh_CN') =>
  call<RecallDetail>(t.app, 'POST', '/acc/api/recall/add', { token, body: { ...fields, selection }, query: { lang } });
const getRecall = (token: string, id: string) => call<RecallDetail>(t.app, 'GET', '/acc/api/recall/getById', { token, query: { id } });
const exposureOf = (token: string, id: string) => call<RecallExposure>(t.app, 'GET', '/acc/api/recall/exposure', { token, query: { id } });
const errors = (res: { body: { errors?: Array<{ field: string; message: string }> } }) => Object.fromEntries((res.body.errors ?? []).map((e) => [e.field, e.message]));

/** A draft of the given selection, resolved: its code count and state. */
async function resolvedRecall(selection: Record<string, unknown>) {
  const added = await addRecall(adminA, selection);
  expect(added.body.code, added.body.msg).toBe('SUCCESS');
  await runRecallJobs();
  return (await getRecall(adminA, added.body.data.id)).body.data;
}

/** What the consumer check reads for a scanned code id (the statement its owner codes against). */
async function activeRecallOf(codeId: string): Promise<string | null> {
  const { rows } = await sql<{ recall_id: string }>`
    SELECT rc.recall_id FROM recall_code rc JOIN recall r ON r.id = rc.recall_id AND r.state = 'ACTIVE' WHERE rc.code_id = ${codeId} LIMIT 1`.execute(t.database.db);
  return rows[0]?.recall_id ?? null;
}

async function recalledCodes(recallId: string): Promise<string[]> {
  const rows = await t.database.db.selectFrom('recall_code as rc').innerJoin('code as c', 'c.id', 'rc.code_id').select('c.code').where('rc.recall_id', '=', recallId).orderBy('c.code').execute();
  return rows.map((r) => r.code);
}

type QueryDocument = { epcisBody: { queryResults: { resultsBody: { eventList: Array<Record<string, unknown>> } } } };

async function eventsWith(disposition: string, recallNo: string) {
  const res = await t.app.inject({ method: 'GET', url: '/acc/epcis/events', query: { EQ_disposition: disposition, perPage: '100' }, headers: { 'x-rd-request-apitoken': adminA } });
  expect(res.statusCode, res.body).toBe(200);
  const events = (res.json() as QueryDocument).epcisBody.queryResults.resultsBody.eventList;
  return events.filter((e) => JSON.stringify(e['bizTransactionList']).includes(`/recall/${recallNo}`));
}

async function workbook(payload: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  return book;
}

function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('a recall of batches, from draft to closed', () => {
  it('resolves, activates (the check sees it), writes its events, shows its exposure and reports, and closes', async () => {
    const db = t.database.db;
    const lot = await madeItems(companyA, 30, undefined, 'MELON-0611');
    const other = await madeItems(companyA, 4);
    // 12 to dealer 1 (received), 5 to dealer 2; 13 stay at the company
    const toD1 = await ship(adminA, dealer1.id, lot.codes.slice(0, 12));
    expect((await call(t.app, 'POST', '/acc/api/shipment/receive', { token: adminA, body: { id: toD1.id } })).body.code).toBe('SUCCESS');
    const toD2 = await ship(adminA, dealer2.id, [...lot.codes.slice(12, 17), ...(other.codes.slice(0, 2) as string[])]);

    const added = await addRecall(adminA, { kind: 'BATCH', batchIds: [lot.batchId] });
    expect(added.body.code, added.body.msg).toBe('SUCCESS');
    const draft = added.body.data;
    expect(draft).toMatchObject({ state: 'DRAFT', level: 1, codeCount: 0, resolvedAt: null, selectionKind: 'BATCH', startedAt: null });
    expect(draft.recallNo).toMatch(/^ZH\d{8}-\d{4}$/);
    // who created it: by name, the login name apart; createdBy stays the login name for existing clients
    expect(draft).toMatchObject({ createdBy: 'recallAdminA', createdByName: '王小明', createdByUsername: 'recallAdminA' });
    expect(draft.selection.batches).toEqual([{ id: lot.batchId, batchNo: 'MELON-0611', productName: 'Melon' }]);
    // not yet counted: it cannot start
    expect((await call(t.app, 'POST', '/acc/api/recall/activate', { token: adminA, body: { id: draft.id } })).body.code).toBe('RECALL_NOT_RESOLVED');

    await runRecallJobs();
    const resolved = (await getRecall(adminA, draft.id)).body.data;
    expect(resolved.codeCount).toBe(30);
    expect(resolved.resolvedAt).not.toBeNull();
    expect(resolved.jobs[0]).toMatchObject({ kind: 'RESOLVE', status: 'DONE', progress: 30 });
    // before activation no check sees it, and the exposure already shows where the items are
    expect(await activeRecallOf(lot.ids[0] as string)).toBeNull();
    const before = (await exposureOf(adminA, draft.id)).body.data;
    expect(before).toMatchObject({ codeCount: 30, items: 30, boxes: 0, atDealers: 17, atCompany: 13, returned: 0, scans: 0 });
    // an operator may prepare a recall but not start it
    expect((await call(t.app, 'POST', '/acc/api/recall/activate', { token: operatorA, body: { id: draft.id } })).status).toBe(403);

    const activated = await call<RecallDetail>(t.app, 'POST', '/acc/api/recall/activate', { token: adminA, body: { id: draft.id } });
    expect(activated.body.code, activated.body.msg).toBe('SUCCESS');
    expect(activated.body.data.state).toBe('ACTIVE');
    const startedAt = new Date(activated.body.data.startedAt as unknown as string);
    // the state flip: every code of the lot is under the recall at once, the other lot's are not
    expect(await activeRecallOf(lot.ids[29] as string)).toBe(draft.id);
    expect(await activeRecallOf(other.ids[0] as string)).toBeNull();
    // closing waits for the activation's events
    const early = await call(t.app, 'POST', '/acc/api/recall/close', { token: adminA, body: { id: draft.id, disposition: 'destroyed', summary: 'All destroyed.' } });
    expect(early.body.code).toBe('RECALL_EVENTS_UNDER_WAY');
    expect((await getRecall(adminA, draft.id)).body.data.state).toBe('ACTIVE');

    await runRecallJobs();
    const recalled = await eventsWith('recalled', draft.recallNo);
    expect(recalled.length).toBe(Math.ceil(30 / STEP));
    const epcs = recalled.flatMap((e) => e['epcList'] as string[]);
    expect(new Set(epcs).size).toBe(30);
    expect(epcs).toContain(`${BASE}/antiCounterfeiting?code=${lot.codes[0]}`);
    expect(recalled[0]).toMatchObject({ type: 'ObjectEvent', action: 'OBSERVE', disposition: 'recalled', bizTransactionList: [{ bizTransaction: `${BASE}/party/${companyA}/recall/${draft.recallNo}` }] });
    expect(new Date(String(recalled[0]?.['eventTime'])).getTime()).toBe(startedAt.getTime());
    const document = { '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'], type: 'EPCISDocument', schemaVersion: '2.0', creationDate: new Date().toISOString(), epcisBody: { eventList: recalled } };
    expect(epcisSchemaProblems(document)).toEqual([]);

    // three items come back from dealer 1 at the shipment desk; consumers scan
    const back = await ship(adminA, dealer1.id, lot.codes.slice(0, 3), '/return');
    const scan = (codeIndex: number, at: Date, areaCode: string, extra: { recall?: string; source?: 'CHECK' | 'TEST'; codeId?: string } = {}) =>
      db
        .insertInto('scan_record')
        .values({
          company_id: companyA,
          code_id: extra.codeId ?? (lot.ids[codeIndex] as string),
          code_text: lot.codes[codeIndex] as string,
          source: extra.source ?? 'CHECK',
          verdict: 'GENUINE',
          area_code: areaCode,
          scanned_at: at,
          recall_id: extra.recall ?? null,
        })
        .execute();
    const later = new Date(startedAt.getTime() + 60_000);
    await scan(20, later, '330000', { recall: draft.id }); // marked by the check
    await scan(20, later, '330000', { recall: draft.id }); // the same item again
    await scan(21, later, '440000'); // written before the check knew the recall: counted through its code
    await scan(22, new Date(startedAt.getTime() - 3_600_000), '440000'); // before the recall
    await scan(23, later, '110000', { source: 'TEST' }); // the staff simulator
    await scan(0, later, '110000', { codeId: other.ids[3] as string }); // not recalled

    const exposure = (await exposureOf(adminA, draft.id)).body.data;
    expect(exposure).toMatchObject({ codeCount: 30, items: 30, atDealers: 14, atCompany: 16, returned: 3, scans: 3, scannedItems: 2 });
    expect(exposure.dealers.map((d) => [d.dealerCode, d.items, d.areaCodes])).toEqual([
      ['RD1', 9, ['330000']],
      ['RD2', 5, ['440000']],
    ]);
    // read a few codes at a time, the figures are the same
    expect(await recallExposure(db, { id: draft.id, companyId: companyA, startedAt, closedAt: null }, STEP)).toEqual(exposure);
    expect(exposure.provinces).toEqual([
      { areaCode: '330000', scans: 2, items: 1 },
      { areaCode: '440000', scans: 1, items: 1 },
    ]);

    // the progress as a spreadsheet, opened and read back
    const sheet = await t.app.inject({ method: 'GET', url: '/acc/api/recall/exportExposure', query: { id: draft.id }, headers: { 'x-rd-request-apitoken': adminA } });
    expect(sheet.statusCode).toBe(200);
    expect(decodeURIComponent(String(sheet.headers['content-disposition']))).toContain(`召回进展-${draft.recallNo}-`);
    const progress = await workbook(sheet.rawPayload);
    expect(progress.worksheets.map((w) => w.name)).toEqual(['概况', '经销商', '扫码省份']);
    const summary = new Map(sheetRows(progress.worksheets[0] as ExcelJS.Worksheet).map((r) => [r[0], r[1]]));
    expect(summary.get('召回单号')).toBe(draft.recallNo);
    expect(summary.get('召回级别')).toBe('一级召回');
    expect(summary.get('在经销商处的单品')).toBe(14);
    expect(summary.get('召回开始后退回的单品')).toBe(3);
    expect(sheetRows(progress.worksheets[1] as ExcelJS.Worksheet)).toEqual([
      ['经销商编码', '经销商', '级别', '销售区域', '持有单品数'],
      ['RD1', 'Dealer RD1', 1, '浙江', 9],
      ['RD2', 'Dealer RD2', 1, '广东', 5],
    ]);
    expect(sheetRows(progress.worksheets[2] as ExcelJS.Worksheet).slice(1)).toEqual([
      ['浙江', 2, 1],
      ['广东', 1, 1],
    ]);

    // the FSMA 204 sortable spreadsheet of the lot, in English
    const report = await t.app.inject({ method: 'GET', url: '/acc/api/recall/traceReport', query: { id: draft.id, lang: 'en_US' }, headers: { 'x-rd-request-apitoken': adminA } });
    expect(report.statusCode).toBe(200);
    const traced = (await workbook(report.rawPayload)).worksheets[0] as ExcelJS.Worksheet;
    expect(traced.name).toBe('Critical tracking events');
    const [header, ...lines] = sheetRows(traced);
    expect(header).toEqual([
      'Critical tracking event', 'Traceability lot code', 'Lot code source', 'Product description', 'GTIN', 'Quantity', 'Unit of measure',
      'Ship-from location', 'Ship-from area', 'Ship-to location', 'Ship-to area', 'Date (Asia/Shanghai)', 'Time (Asia/Shanghai)',
      'Reference document type', 'Reference document number',
    ]);
    const brief = lines.map((r) => [r[0], r[1], r[5], r[6], r[7], r[9], r[10], r[13], r[14]]);
    expect(brief).toEqual([
      ['Made', 'MELON-0611', 30, 'each', 'Recall A', undefined, undefined, 'Batch record', 'MELON-0611'],
      ['Shipped', 'MELON-0611', 12, 'each', 'Recall A', 'Dealer RD1 (RD1)', 'Zhejiang', 'Despatch advice', toD1.orderNo],
      ['Received', 'MELON-0611', 12, 'each', 'Recall A', 'Dealer RD1 (RD1)', 'Zhejiang', 'Despatch advice', toD1.orderNo],
      ['Shipped', 'MELON-0611', 5, 'each', 'Recall A', 'Dealer RD2 (RD2)', 'Guangdong', 'Despatch advice', toD2.orderNo],
      ['Returned', 'MELON-0611', 3, 'each', 'Dealer RD1 (RD1)', 'Recall A', undefined, 'Return order', back.orderNo],
    ]);
    // in time order, each with its day and time in the business zone
    const times = lines.map((r) => `${String(r[11])} ${String(r[12])}`);
    expect(times.every((text) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text))).toBe(true);
    expect([...times].sort()).toEqual(times);
    expect(traced.autoFilter).toBeTruthy();
    const target = { recallId: draft.id, companyId: companyA, batchId: null };
    // counted a few codes at a time (as on the embedded database), or all at once (as on PostgreSQL): the same rows
    const whole = await traceRows(db, target, 'en_US', t.config.businessTimeZone, null);
    expect(await traceRows(db, target, 'en_US', t.config.businessTimeZone, STEP)).toEqual(whole);
    expect(await traceRows(db, target, 'en_US', t.config.businessTimeZone, EMBEDDED_CHUNK)).toEqual(whole);

    // closing: the disposition of what is left, as events; then nothing changes any more
    const closed = await call<RecallDetail>(t.app, 'POST', '/acc/api/recall/close', { token: adminA, body: { id: draft.id, disposition: 'destroyed', summary: 'Returned stock destroyed; dealers confirmed.' } });
    expect(closed.body.code, closed.body.msg).toBe('SUCCESS');
    expect(closed.body.data).toMatchObject({ state: 'CLOSED', closeDisposition: 'destroyed', closeSummary: 'Returned stock destroyed; dealers confirmed.' });
    expect(await activeRecallOf(lot.ids[29] as string)).toBeNull();
    await runRecallJobs();
    const destroyed = await eventsWith('destroyed', draft.recallNo);
    expect(new Set(destroyed.flatMap((e) => e['epcList'] as string[])).size).toBe(30);
    expect((await getRecall(adminA, draft.id)).body.data.jobs.map((j) => `${j.kind}:${j.status}`)).toEqual(['CLOSED:DONE', 'RECALLED:DONE', 'RESOLVE:DONE']);

    expect((await call(t.app, 'POST', '/acc/api/recall/edit', { token: adminA, body: { id: draft.id, ...FIELDS } })).body.code).toBe('RECALL_NOT_DRAFT');
    expect((await call(t.app, 'POST', '/acc/api/recall/activate', { token: adminA, body: { id: draft.id } })).body.code).toBe('RECALL_NOT_DRAFT');
    const again = await call(t.app, 'POST', '/acc/api/recall/close', { token: adminA, body: { id: draft.id, disposition: 'active', summary: 'x' } });
    expect([again.status, again.body.code]).toEqual([409, 'RECALL_NOT_ACTIVE']);

    // every step is in the operation log
    const log = await db.selectFrom('operation_log').select(['action', 'url', 'result']).where('module', '=', 'recall').where('target', '=', draft.id).orderBy('id').execute();
    expect(log.map((l) => `${l.action} ${l.url} ${l.result}`)).toEqual(
      expect.arrayContaining([
        'UPDATE /acc/api/recall/activate SUCCESS',
        'UPDATE /acc/api/recall/close SUCCESS',
        'EXPORT /acc/api/recall/exportExposure SUCCESS',
        'EXPORT /acc/api/recall/traceReport SUCCESS',
        'UPDATE /acc/api/recall/edit FAILURE',
      ]),
    );
    const list = await call<PageResult<RecallRow>>(t.app, 'POST', '/acc/api/recall/pageList', { token: adminA, body: { state: 'CLOSED' } });
    expect(list.body.data.list.map((r) => r.id)).toContain(draft.id);
    expect(list.body.data.list.find((r) => r.id === draft.id)).toMatchObject({ createdByName: '王小明', createdByUsername: 'recallAdminA' });
    const codes = await call<PageResult<RecallCodeRow>>(t.app, 'POST', '/acc/api/recall/codes', { token: adminA, body: { id: draft.id, pageSize: 100 } });
    expect(codes.body.data.total).toBe(30);
    expect(codes.body.data.list.filter((c) => c.dealerName === 'Dealer RD1')).toHaveLength(9);
  });

  it('writes each recalled code’s event once, when a worker dies half-way and another takes over', async () => {
    const db = t.database.db;
    const lot = await madeItems(companyA, 40);
    const recall = await resolvedRecall({ kind: 'BATCH', batchIds: [lot.batchId] });
    expect((await call(t.app, 'POST', '/acc/api/recall/activate', { token: adminA, body: { id: recall.id } })).body.code).toBe('SUCCESS');
    const kind = recallJobKind(db, { site: { epcBase: BASE, timeZone: t.config.businessTimeZone }, stepSize: STEP });
    const job = await db.selectFrom('recall_job').select('id').where('recall_id', '=', recall.id).where('kind', '=', 'RECALLED').executeTakeFirstOrThrow();
    expect(await new JobRunner({ db, kinds: [], staleSeconds: 30, pollMs: 10, workerId: 'dies' }).runJob(kind, job.id, { maxSteps: 2 })).toBe('paused');
    // the job is held by a silent worker: not claimable until its heartbeat is stale, then taken over
    expect(await new JobRunner({ db, kinds: [], staleSeconds: 30, pollMs: 10 }).runJob(kind, job.id)).toBe('not-claimed');
    expect(await new JobRunner({ db, kinds: [], staleSeconds: 0, pollMs: 10 }).runJob(kind, job.id)).toBe('finished');
    // the dead worker's next step finds the job taken and writes nothing
    expect(await kind.step(job.id, 'dies')).toBe('finished');
    const epcs = (await eventsWith('recalled', recall.recallNo)).flatMap((e) => e['epcList'] as string[]);
    expect(epcs).toHaveLength(40);
    expect(new Set(epcs).size).toBe(40);
    expect((await getRecall(adminA, recall.id)).body.data.jobs[0]).toMatchObject({ kind: 'RECALLED', status: 'DONE', progress: 40 });
  });

  it('withdraws a draft unused, with no events', async () => {
    const lot = await madeItems(companyA, 2);
    const draft = await resolvedRecall({ kind: 'BATCH', batchIds: [lot.batchId] });
    const res = await call<RecallDetail>(t.app, 'POST', '/acc/api/recall/close', { token: adminA, body: { id: draft.id, summary: 'Sample results were clean.' } });
    expect(res.body.data).toMatchObject({ state: 'CLOSED', closeDisposition: null, startedAt: null });
    await runRecallJobs();
    expect(await t.database.db.selectFrom('recall_job').select('kind').where('recall_id', '=', draft.id).execute()).toEqual([{ kind: 'RESOLVE' }]);
  });
});

describe('selections', () => {
  it('a shipment: the order’s items and the boxes scanned', async () => {
    const db = t.database.db;
    const goods = await madeItems(companyA, 6);
    const boxRule = await insertRule(db, companyA);
    await db.updateTable('tag_rule').set({ kind: 'BOX' }).where('id', '=', boxRule).execute();
    const box = await insertJob(db, { companyId: companyA, ruleId: boxRule, count: 1 });
    for (const id of goods.ids.slice(0, 4)) await db.insertInto('box_item').values({ item_code_id: id, box_code_id: box.codeIds[0] as string, company_id: companyA }).execute();
    const order = await ship(adminA, dealer2.id, [box.codes[0] as string, goods.codes[4] as string]);
    const recall = await resolvedRecall({ kind: 'SHIPMENT', shipmentId: order.id });
    expect(recall.codeCount).toBe(6);
    expect(recall.selection.shipment).toMatchObject({ orderNo: order.orderNo, dealerName: 'Dealer RD2' });
    expect(await recalledCodes(recall.id)).toEqual([box.codes[0], ...goods.codes.slice(0, 5)].sort());
    const exposure = (await exposureOf(adminA, recall.id)).body.data;
    expect(exposure).toMatchObject({ items: 5, boxes: 1, atDealers: 5, atCompany: 0 });

    // an order still open, or a return, is not shipped goods; another company's is unknown
    const open = await call<ShipmentRow>(t.app, 'POST', '/acc/api/shipment/add', { token: adminA, body: { dealerId: dealer1.id } });
    const refused = await addRecall(adminA, { kind: 'SHIPMENT', shipmentId: open.body.data.id });
    expect(refused.body.code).toBe('PARAM_CHECK');
    expect(errors(refused)['selection.shipmentId']).toBe(`只能召回已出库的出库单（${open.body.data.orderNo} 不是已完成或已收货的出库单）`);
    const foreign = await addRecall(adminB, { kind: 'SHIPMENT', shipmentId: order.id });
    expect(errors(foreign)).toEqual({ 'selection.shipmentId': '出库单不存在' });
  });

  it('a range of a sequential box rule: the boxes of the serials and what is packed in them', async () => {
    const db = t.database.db;
    const sequentialRule = async (prefix: string) => {
      const rule = await db
        .insertInto('tag_rule')
        .values({ company_id: companyA, rule_name: `pallets ${prefix}`, kind: 'BOX', mode: 'SEQUENTIAL', prefix, body_length: 8, alphabet: 'DIGITS', check_scheme: 'LUHN' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const shape = { prefix, bodyLength: 8, alphabet: 'DIGITS' as const, checkScheme: 'LUHN' as const };
      // digits only: a Luhn check runs over the whole code
      const codes = Array.from({ length: 20 }, (_, i) => sequentialCode(shape, BigInt(i + 1)));
      const job = await insertJob(db, { companyId: companyA, ruleId: rule.id, codes });
      for (let i = 0; i < codes.length; i += 1) await db.updateTable('code').set({ serial: i + 1 }).where('id', '=', job.codeIds[i] as string).execute();
      return { ruleId: rule.id, codes, ids: job.codeIds };
    };
    const pallets = await sequentialRule('71');
    const others = await sequentialRule('72');
    const goods = await madeItems(companyA, 6);
    // serials 5 and 6 hold three items each
    for (let i = 0; i < 6; i += 1) {
      await db.insertInto('box_item').values({ item_code_id: goods.ids[i] as string, box_code_id: pallets.ids[4 + Math.floor(i / 3)] as string, company_id: companyA }).execute();
    }
    const recall = await resolvedRecall({ kind: 'RANGE', fromCode: (pallets.codes[3] as string).toLowerCase(), toCode: pallets.codes[7] });
    expect(recall.codeCount).toBe(11);
    expect(recall.selection.range).toMatchObject({ ruleName: 'pallets 71', fromSerial: '4', toSerial: '8', fromCode: pallets.codes[3], toCode: pallets.codes[7] });
    expect(await recalledCodes(recall.id)).toEqual([...pallets.codes.slice(3, 8), ...goods.codes].sort());

    const crossing = await addRecall(adminA, { kind: 'RANGE', fromCode: pallets.codes[0], toCode: others.codes[5] });
    expect(errors(crossing)).toEqual({ 'selection.toCode': `标签码 ${others.codes[5]} 与起始码不属于同一标签规则，范围不能跨规则` });
    const random = await addRecall(adminA, { kind: 'RANGE', fromCode: goods.codes[0], toCode: goods.codes[1] }, FIELDS, 'en_US');
    expect(errors(random)).toEqual({ 'selection.fromCode': `The tag rule of code ${goods.codes[0]} is not sequential: it has no ranges to recall` });
    const reversed = await addRecall(adminA, { kind: 'RANGE', fromCode: pallets.codes[9], toCode: pallets.codes[2] });
    expect(errors(reversed)).toEqual({ 'selection.toCode': '结束码的序号（3）小于起始码的序号（10）' });
    const unknown = await addRecall(adminA, { kind: 'RANGE', fromCode: 'NOSUCHCODE1', toCode: pallets.codes[2] });
    expect(errors(unknown)).toEqual({ 'selection.fromCode': '标签码不存在：NOSUCHCODE1' });
  });

  it('an uploaded list: codes as typed, a box bringing its contents; unknown codes are named and nothing is saved', async () => {
    const db = t.database.db;
    const goods = await madeItems(companyA, 5);
    const boxRule = await insertRule(db, companyA);
    await db.updateTable('tag_rule').set({ kind: 'BOX' }).where('id', '=', boxRule).execute();
    const box = await insertJob(db, { companyId: companyA, ruleId: boxRule, count: 1 });
    for (const id of goods.ids.slice(3)) await db.insertInto('box_item').values({ item_code_id: id, box_code_id: box.codeIds[0] as string, company_id: companyA }).execute();
    const list = [goods.codes[0], ` ${(goods.codes[1] as string).toLowerCase()} `, goods.codes[0], box.codes[0]] as string[];
    const recall = await resolvedRecall({ kind: 'LIST', codes: list });
    expect(recall.selection.listedCount).toBe(3);
    expect(await recalledCodes(recall.id)).toEqual([goods.codes[0], goods.codes[1], box.codes[0], goods.codes[3], goods.codes[4]].sort());

    const foreign = await madeItems(companyB, 1);
    const recalls = async () => (await db.selectFrom('recall').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
    const count = await recalls();
    const refused = await addRecall(adminA, { kind: 'LIST', codes: [goods.codes[2], 'NOSUCHCODE42', foreign.codes[0], 'NOSUCHCODE42'] });
    expect(refused.status).toBe(400);
    expect(errors(refused)).toEqual({ 'selection.codes.1': '标签码不存在：NOSUCHCODE42', 'selection.codes.2': `标签码不存在：${foreign.codes[0]}` });
    expect(await recalls()).toBe(count);
  });

  it('a changed draft is gathered anew, even when its first gathering was under way', async () => {
    const db = t.database.db;
    const first = await madeItems(companyA, 20);
    const second = await madeItems(companyA, 9);
    const added = await addRecall(adminA, { kind: 'BATCH', batchIds: [first.batchId] });
    const kind = recallJobKind(db, { site: { epcBase: BASE, timeZone: t.config.businessTimeZone }, stepSize: STEP });
    const job = await db.selectFrom('recall_job').select('id').where('recall_id', '=', added.body.data.id).executeTakeFirstOrThrow();
    // a worker gathers two steps and goes silent
    expect(await new JobRunner({ db, kinds: [], staleSeconds: 30, pollMs: 10, workerId: 'gone' }).runJob(kind, job.id, { maxSteps: 3 })).toBe('paused');
    expect((await getRecall(adminA, added.body.data.id)).body.data.codeCount).toBe(STEP * 2);
    const edited = await call<RecallDetail>(t.app, 'POST', '/acc/api/recall/edit', { token: adminA, body: { id: added.body.data.id, ...FIELDS, level: 2, selection: { kind: 'BATCH', batchIds: [second.batchId, first.batchId] } } });
    expect(edited.body.code, edited.body.msg).toBe('SUCCESS');
    expect(edited.body.data).toMatchObject({ level: 2, codeCount: 0, resolvedAt: null });
    // the silent worker's next step finds its job cancelled and writes nothing
    expect(await kind.step(job.id, 'gone')).toBe('finished');
    await runRecallJobs();
    const done = (await getRecall(adminA, added.body.data.id)).body.data;
    expect(done.codeCount).toBe(29);
    expect((await recalledCodes(done.id)).length).toBe(29);
    expect(done.jobs.map((j) => `${j.kind}:${j.status}`)).toEqual(['RESOLVE:DONE', 'RESOLVE:CANCELLED']);
    // an edit without a selection keeps the codes
    const kept = await call<RecallDetail>(t.app, 'POST', '/acc/api/recall/edit', { token: adminA, body: { id: done.id, ...FIELDS, contact: 'recall@example.cn' } });
    expect(kept.body.data).toMatchObject({ contact: 'recall@example.cn', codeCount: 29 });
    expect(kept.body.data.resolvedAt).not.toBeNull();
  });
});

describe('bad input', () => {
  it('refuses each with a translated error naming the field, and writes nothing', async () => {
    const db = t.database.db;
    const lot = await madeItems(companyA, 3);
    const recalls = async () => (await db.selectFrom('recall').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
    const count = await recalls();
    const fieldsOf = async (selection: Record<string, unknown> | undefined, fields: Record<string, unknown> = FIELDS) => {
      const res = await call(t.app, 'POST', '/acc/api/recall/add', { token: adminA, body: { ...fields, ...(selection ? { selection } : {}) } });
      expect(res.body.code).toBe('PARAM_CHECK');
      return errors(res);
    };
    expect(await fieldsOf({ kind: 'BATCH', batchIds: [] })).toEqual({ 'selection.batchIds': '此项为必填项' });
    expect(await fieldsOf({ kind: 'LIST', codes: [] })).toEqual({ 'selection.codes': '此项为必填项' });
    expect(Object.keys(await fieldsOf(undefined))).toEqual(['selection']);
    expect(Object.keys(await fieldsOf({ kind: 'EVERYTHING' }))).toEqual(['selection.kind']);
    expect(await fieldsOf({ kind: 'BATCH', batchIds: [lot.batchId] }, { ...FIELDS, instruction: 'x'.repeat(10_000) })).toEqual({ instruction: '长度不能超过2000个字符' });
    expect(Object.keys(await fieldsOf({ kind: 'BATCH', batchIds: [lot.batchId] }, { ...FIELDS, level: 4, reason: '  ', contact: '' })).sort()).toEqual(['contact', 'level', 'reason']);
    // another company's batch reads like one that does not exist; a batch without codes is named
    const foreign = await madeItems(companyB, 1);
    const empty = await insertProductWithBatch(db, companyA, { batchNo: 'EMPTY-1' });
    expect(await fieldsOf({ kind: 'BATCH', batchIds: [lot.batchId, foreign.batchId, empty.batchId] })).toEqual({
      'selection.batchIds.1': '批次不存在',
      'selection.batchIds.2': '批次 EMPTY-1 还没有绑定任何标签码',
    });
    expect(await recalls()).toBe(count);

    // an active recall must be given the disposition of what is left
    const recall = await resolvedRecall({ kind: 'BATCH', batchIds: [lot.batchId] });
    await call(t.app, 'POST', '/acc/api/recall/activate', { token: adminA, body: { id: recall.id } });
    await runRecallJobs();
    const noDisposition = await call(t.app, 'POST', '/acc/api/recall/close', { token: adminA, body: { id: recall.id, summary: 'done' }, query: { lang: 'en_US' } });
    expect(errors(noDisposition)).toEqual({ disposition: 'Closing an active recall needs the disposition of what is left' });
    expect((await call(t.app, 'POST', '/acc/api/recall/edit', { token: adminA, body: { id: recall.id, ...FIELDS } })).body.code).toBe('RECALL_NOT_DRAFT');
    expect((await getRecall(adminA, recall.id)).body.data.state).toBe('ACTIVE');
  });
});

describe('tenancy', () => {
  it('answers another company’s recall as not found, everywhere', async () => {
    const lot = await madeItems(companyA, 2);
    const recall = await resolvedRecall({ kind: 'BATCH', batchIds: [lot.batchId] });
    const id = recall.id;
    expect((await getRecall(adminB, id)).status).toBe(404);
    expect((await exposureOf(adminB, id)).status).toBe(404);
    expect((await call(t.app, 'POST', '/acc/api/recall/codes', { token: adminB, body: { id } })).status).toBe(404);
    expect((await call(t.app, 'POST', '/acc/api/recall/edit', { token: adminB, body: { id, ...FIELDS } })).status).toBe(404);
    expect((await call(t.app, 'POST', '/acc/api/recall/activate', { token: adminB, body: { id } })).status).toBe(404);
    expect((await call(t.app, 'POST', '/acc/api/recall/close', { token: adminB, body: { id, summary: 'x' } })).status).toBe(404);
    for (const url of ['/acc/api/recall/exportExposure', '/acc/api/recall/traceReport']) {
      const res = await t.app.inject({ method: 'GET', url, query: { id }, headers: { 'x-rd-request-apitoken': adminB } });
      expect(res.statusCode, url).toBe(404);
    }
    const foreignLot = await t.app.inject({ method: 'GET', url: '/acc/api/recall/traceReport', query: { id, batchId: (await madeItems(companyB, 1)).batchId }, headers: { 'x-rd-request-apitoken': adminA } });
    expect(foreignLot.statusCode).toBe(404);
    expect((await call<PageResult<RecallRow>>(t.app, 'POST', '/acc/api/recall/pageList', { token: adminB, body: {} })).body.data.total).toBe(0);
    expect((await getRecall(adminA, id)).body.data.state).toBe('DRAFT');
  });
});
