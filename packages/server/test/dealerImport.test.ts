import { DEALER_IMPORT_ROWS_MAX, LANG_HEADER, TOKEN_HEADER, type DealerRow, type Envelope, type ImportResult, type PageResult } from '@rd/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from './support/fixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';
import { multipartBody } from './support/uploadBodies.js';

const PASSWORD = 'Dealer-Import-Pass-1';
let t: TestApp;
let adminA: string;
let adminB: string;
let companyA: string;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  companyA = await createCompany(db, 'Dealer import A');
  const companyB = await createCompany(db, 'Dealer import B');
  await createUser(db, { username: 'dlImpA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'dlImpB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  adminA = await signIn(t.app, 'dlImpA', PASSWORD);
  adminB = await signIn(t.app, 'dlImpB', PASSWORD);
});
afterAll(() => t.close());

async function download(token: string, url: string, lang: string, payload?: object) {
  const res = await t.app.inject({ method: payload ? 'POST' : 'GET', url, payload, headers: { [TOKEN_HEADER]: token, [LANG_HEADER]: lang } });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return res.rawPayload;
}

const template = (token: string, lang: string) => download(token, '/acc/api/dealer/exportTemplate', lang);

/** A workbook's first sheet with rows added below what it has, written back. */
async function withRows(bytes: Buffer, rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function importFile(token: string, bytes: Buffer, lang = 'zh_CN') {
  const { payload, contentType } = multipartBody([{ name: 'file', fileName: 'dealers.xlsx', bytes }]);
  const res = await t.app.inject({ method: 'POST', url: '/acc/api/dealer/importData', payload, headers: { 'content-type': contentType, [TOKEN_HEADER]: token, [LANG_HEADER]: lang } });
  return { status: res.statusCode, body: res.json() as Envelope<ImportResult> };
}

async function dealers(token: string): Promise<DealerRow[]> {
  const res = await call<PageResult<DealerRow>>(t.app, 'POST', '/acc/api/dealer/pageList', { token, body: { pageSize: 100, orderName: 'code', orderType: 'asc' } });
  return res.body.data.list;
}

const shape = (d: DealerRow) => ({ code: d.code, name: d.name, level: d.level, parentCode: d.parentCode, areaCodes: d.areaCodes, status: d.status, namePublic: d.namePublic, phone: d.phone, contact: d.contact });

// the template's columns: code, name, level, parent code, sales area, contact, phone, address, status, name public, remark
describe('dealer import', () => {
  it('gives a template in the reader’s language with both languages in the header and an example row', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await template(adminA, 'en_US')) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.name).toBe('Dealers');
    expect(sheet.getRow(1).getCell(1).value).toBe('经销商编码*\nDealer code*');
    expect(sheet.getRow(1).getCell(4).value).toBe('上级经销商编码\nParent dealer code');
    expect(sheet.getRow(2).getCell(9).value).toBe('Enabled');
    expect(sheet.getRow(2).getCell(11).value).toBe('Example row, skipped on import');
    // the untouched template holds no dealer
    const empty = await importFile(adminA, await template(adminA, 'zh_CN'));
    expect(empty.body.code).toBe('IMPORT_EMPTY');
  });

  it('imports a network of three levels, sub-dealers before their parents, areas in words or codes', async () => {
    const bytes = await withRows(await template(adminA, 'zh_CN'), [
      ['HZ-02', '杭州二级', 2, 'ZJ-01', '浙江省杭州市', '李四', '13900000001', '', '停用', '否', ''],
      ['HZ-03', '西湖三级', 3, 'HZ-02', '330100', '', '', '', '', '', ''],
      ['ZJ-01', '浙江总代', 1, '', 'Zhejiang、江苏 苏州市；上海', '张三', '13900000000', '杭州市', 'Enabled', 'Yes', '一级'],
    ]);
    const res = await importFile(adminA, bytes);
    expect(res.body.code, res.body.msg).toBe('SUCCESS');
    expect(res.body.data).toEqual({ imported: 3, rowCount: 3, errorCount: 0, errors: [] });
    expect((await dealers(adminA)).map(shape)).toEqual([
      { code: 'HZ-02', name: '杭州二级', level: 2, parentCode: 'ZJ-01', areaCodes: ['330100'], status: 'DISABLED', namePublic: false, phone: '13900000001', contact: '李四' },
      { code: 'HZ-03', name: '西湖三级', level: 3, parentCode: 'HZ-02', areaCodes: ['330100'], status: 'ENABLED', namePublic: true, phone: '', contact: '' },
      { code: 'ZJ-01', name: '浙江总代', level: 1, parentCode: null, areaCodes: ['330000', '320500', '310000'], status: 'ENABLED', namePublic: true, phone: '13900000000', contact: '张三' },
    ]);
    const log = await t.database.db.selectFrom('operation_log').select(['result', 'action', 'module']).where('url', 'like', '%dealer/importData%').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(log).toEqual({ result: 'SUCCESS', action: 'IMPORT', module: 'dealer' });
  });

  it('writes nothing when any row is wrong, naming every wrong cell by row and column', async () => {
    const before = (await dealers(adminA)).length;
    const bytes = await withRows(await template(adminA, 'en_US'), [
      ['NEW-01', 'Good one', 1, '', '广东', '', '', '', '', '', ''],
      ['ZJ-01', 'Taken code', 1, '', '广东', '', '', '', '', '', ''],
      ['NEW-02', 'Unknown area', 1, '', '广东、火星、Atlantis', '', '', '', '', '', ''],
      ['NEW-03', 'Unknown parent', 2, 'NOPE', '广东', '', '', '', '', '', ''],
      ['NEW-04', 'Parent two levels up', 3, 'ZJ-01', '广东', '', '', '', '', '', ''],
      ['NEW-01', 'Repeated code', 1, '', '广东', '', '', '', '', '', ''],
      ['NEW-05', 'Top with a parent', 1, 'ZJ-01', '广东', '', '123', '', 'Maybe', '', ''],
      ['NEW-06', '', 2, '', '', '', '', '', '', '', ''],
    ]);
    const res = await importFile(adminA, bytes, 'en_US');
    expect(res.body.code).toBe('SUCCESS');
    expect(res.body.data.imported).toBe(0);
    expect(res.body.data.rowCount).toBe(8);
    expect(res.body.data.errors.map((e) => [e.row, e.columnLetter, e.message])).toEqual([
      [4, 'A', 'Dealer code already exists: ZJ-01'],
      [5, 'E', 'Unknown area: 火星 (write a province, a province and a city, or an area code)'],
      [5, 'E', 'Unknown area: Atlantis (write a province, a province and a city, or an area code)'],
      [6, 'D', 'The company has no dealer with code NOPE'],
      [7, 'D', 'Parent dealer ZJ-01 is a level 1 dealer; level 2 is expected'],
      [8, 'A', 'Repeats row 3'],
      [9, 'D', expect.any(String)],
      [9, 'G', expect.any(String)],
      [9, 'I', 'Choose one from the list: Enabled, Disabled'],
      // without a name the row is not complete enough to judge its parent
      [10, 'B', 'This field is required'],
      [10, 'E', 'This field is required'],
    ]);
    expect(res.body.data.errorCount).toBe(11);
    expect(res.body.data.errors[0]?.column).toBe('Dealer code');
    expect((await dealers(adminA)).length).toBe(before);
  });

  it('reads a dealer export back as it is: another company gets the same network', async () => {
    const exported = await download(adminA, '/acc/api/dealer/export', 'en_US', {});
    const res = await importFile(adminB, exported);
    expect(res.body.code, res.body.msg).toBe('SUCCESS');
    expect(res.body.data.imported).toBe(3);
    expect((await dealers(adminB)).map(shape)).toEqual((await dealers(adminA)).map(shape));
    // a second time every code is taken; one company's dealers are never another's parents
    const again = await importFile(adminB, exported);
    expect(again.body.data.errorCount).toBe(3);
    await call(t.app, 'POST', '/acc/api/dealer/add', { token: adminA, body: { code: 'ONLY-A', name: '甲公司独有', level: 1, areaCodes: ['440000'] } });
    const foreignParent = await importFile(adminB, await withRows(await template(adminB, 'zh_CN'), [['B-02', '乙二级', 2, 'ONLY-A', '广东', '', '', '', '', '', '']]));
    expect(foreignParent.body.data.errors.map((e) => e.message)).toEqual(['本企业没有编码为 ONLY-A 的经销商']);
  });

  it('refuses more rows than an import may hold, before writing anything', async () => {
    const rows = Array.from({ length: DEALER_IMPORT_ROWS_MAX + 1 }, (_, i) => [`M-${i}`, `Many ${i}`, 1, '', '广东']);
    const res = await importFile(adminA, await withRows(await template(adminA, 'zh_CN'), rows));
    expect(res.body.code).toBe('IMPORT_TOO_MANY_ROWS');
    expect((await dealers(adminA)).length).toBe(4);
  });
});
