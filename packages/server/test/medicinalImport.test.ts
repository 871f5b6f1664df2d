import { LANG_HEADER, TOKEN_HEADER, type Envelope, type ImportResult, type MedicinalProductRow, type PageResult } from '@rd/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from './support/fixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';
import { convertWithLibreOffice, sofficeOrSkip } from './support/libreOffice.js';
import { craftedZip, multipartBody } from './support/uploadBodies.js';

const PASSWORD = 'Med-Import-Pass-1';
const P = '/acc/api/medicinalProduct';
const B = '/acc/api/medicinalBatch';
const MAX_ROWS = 2000;

let t: TestApp;
let adminA: string;
let adminB: string;
let companyA: string;
let productA: string;

const BATCH_HEADER = ['药品批准文号*\nProduct approval number*', '批号*\nBatch number*', '生产日期*\nProduction date*', '有效期至*\nExpiry date*', '数量\nQuantity', '产地\nOrigin', '备注\nRemark'];
const PRODUCT_HEADER = ['通用名称*', '商品名称', '批准文号*', '药品本位码', '剂型*', '规格', '包装规格', '生产企业*', '贮藏条件'];

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000', IMPORT_MAX_ROWS: String(MAX_ROWS) });
  const db = t.database.db;
  companyA = await createCompany(db, 'Import A');
  const companyB = await createCompany(db, 'Import B');
  await createUser(db, { username: 'impAdminA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'impAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  adminA = await signIn(t.app, 'impAdminA', PASSWORD);
  adminB = await signIn(t.app, 'impAdminB', PASSWORD);
  const added = await call<MedicinalProductRow>(t.app, 'POST', `${P}/add`, {
    token: adminA,
    body: { genericName: '头孢克肟片', approvalNo: '国药准字H20030001', dosageForm: 'TABLET', manufacturer: '示例药业' },
  });
  productA = added.body.data.id;
});
afterAll(() => t.close());

async function xlsx(header: unknown[], rows: unknown[][], edit?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  edit?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function importFile(token: string, api: string, bytes: Buffer, lang = 'zh_CN', fileName = 'import.xlsx') {
  const { payload, contentType } = multipartBody([{ name: 'file', fileName, bytes }]);
  const res = await t.app.inject({ method: 'POST', url: `${api}/importData`, payload, headers: { 'content-type': contentType, [TOKEN_HEADER]: token, [LANG_HEADER]: lang } });
  return { status: res.statusCode, body: res.json() as Envelope<ImportResult> };
}

const batchCount = async () =>
  Number((await t.database.db.selectFrom('medicinal_batch').select((eb) => eb.fn.countAll().as('n')).where('company_id', '=', companyA).executeTakeFirstOrThrow()).n);

const batchRows = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => ['国药准字H20030001', `${prefix}${String(i).padStart(5, '0')}`, new Date(Date.UTC(2025, 0, 1)), new Date(Date.UTC(2027, 0, 1)), 100 + i, '广东', '']);

describe('medicinal batch import', () => {
  it('writes nothing when one row of 1,000 is wrong, and names its row and column', async () => {
    const rows = batchRows(1000, 'ONE');
    // row 500 of the data is sheet row 501: expiry before production
    (rows[499] as unknown[])[3] = new Date(Date.UTC(2024, 0, 1));
    const before = await batchCount();
    const res = await importFile(adminA, B, await xlsx(BATCH_HEADER, rows));
    expect(res.body.code).toBe('SUCCESS');
    expect(res.body.data).toMatchObject({ imported: 0, rowCount: 1000, errorCount: 1 });
    expect(res.body.data.errors).toEqual([{ row: 501, column: '有效期至', columnLetter: 'D', message: '结束日期不能早于开始日期' }]);
    expect(await batchCount()).toBe(before);
    // the operation log records the refused import as a failure
    const log = await t.database.db
      .selectFrom('operation_log')
      .select(['result', 'error_code', 'action'])
      .where('url', 'like', '%medicinalBatch/importData%')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ result: 'FAILURE', error_code: 'IMPORT_ROWS_INVALID', action: 'IMPORT' });
  });

  it('writes every row of a valid file', async () => {
    const before = await batchCount();
    const res = await importFile(adminA, B, await xlsx(BATCH_HEADER, batchRows(1000, 'OK')));
    expect(res.body.data).toEqual({ imported: 1000, rowCount: 1000, errorCount: 0, errors: [] });
    expect(await batchCount()).toBe(before + 1000);
    const stored = await t.database.db.selectFrom('medicinal_batch').selectAll().where('batch_no', '=', 'OK00999').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ product_id: productA, production_date: '2025-01-01', expiry_date: '2027-01-01', quantity: 1099, origin: '广东' });
  });

  it('reports every kind of problem in English, by row and column, with the total', async () => {
    const rows: unknown[][] = [
      ['国药准字H20030001', 'DUP-1', '2025-01-01', '2026-01-01', 1, '', ''],
      ['国药准字H20030001', 'DUP-1', '2025-01-01', '2026-01-01', 1, '', ''],
      ['国药准字H99999999', 'X-1', '2025/1/2', '2026-01-01', 1, '', ''],
      ['', 'X-2', '2025-02-30', '', 'many', '', ''],
      ['国药准字H20030001', 'has space', 45658, 46023, -1, '', ''],
      ['国药准字H20030001', 'OK00001', '2025-01-01', '2026-01-01', 1, '', ''],
    ];
    const res = await importFile(adminA, B, await xlsx(BATCH_HEADER, rows), 'en_US');
    const errors = res.body.data.errors.map((e) => `${e.row}${e.columnLetter} ${e.column}: ${e.message}`);
    expect(errors).toEqual([
      '3B Batch number: Repeats row 2',
      '4A Product approval number: The company has no medicinal product with approval number 国药准字H99999999',
      '5A Product approval number: This field is required',
      expect.stringMatching(/^5C Production date: /),
      '5D Expiry date: This field is required',
      expect.stringMatching(/^5E Quantity: /),
      expect.stringMatching(/^6B Batch number: A batch number is/),
      expect.stringMatching(/^6E Quantity: /),
      // already in the database (imported by the test before)
      '7B Batch number: Batch number already exists: OK00001',
    ]);
    expect(res.body.data.errorCount).toBe(9);
  });

  it('refuses formulas but keeps text that starts with = + - @ as text', async () => {
    const rows: unknown[][] = [
      ['国药准字H20030001', 'F-1', '2025-01-01', '2026-01-01', { formula: '1+1', result: 2 }, '', ''],
      ['国药准字H20030001', 'F-2', '2025-01-01', '2026-01-01', 1, '=HYPERLINK("http://x")', '@SUM(A1)'],
    ];
    const refused = await importFile(adminA, B, await xlsx(BATCH_HEADER, rows));
    expect(refused.body.data.errors).toEqual([{ row: 2, column: '数量', columnLetter: 'E', message: '不接受公式，请填写值本身' }]);

    const ok = await importFile(adminA, B, await xlsx(BATCH_HEADER, [rows[1] as unknown[]]));
    expect(ok.body.data.imported).toBe(1);
    const stored = await t.database.db.selectFrom('medicinal_batch').select(['origin', 'remark']).where('batch_no', '=', 'F-2').executeTakeFirstOrThrow();
    expect(stored).toEqual({ origin: '=HYPERLINK("http://x")', remark: '@SUM(A1)' });
  });

  it('refuses zip bombs, files that are no spreadsheet, too many rows, a foreign template and an empty file', async () => {
    const bomb = craftedZip([
      { name: '[Content_Types].xml', uncompressed: 1000 },
      { name: 'xl/worksheets/sheet1.xml', uncompressed: 200 * 1024 * 1024 },
    ]);
    const bombed = await importFile(adminA, B, bomb);
    expect(bombed.body.code).toBe('UPLOAD_FAILED');
    expect(bombed.body.msg).toContain('100 MB');

    const text = await importFile(adminA, B, Buffer.from('批号,数量\nA,1\n'), 'zh_CN', 'data.xlsx');
    expect(text.body.code).toBe('UPLOAD_FAILED');
    const csv = await importFile(adminA, B, await xlsx(BATCH_HEADER, []), 'zh_CN', 'data.csv');
    expect(csv.body.code).toBe('UPLOAD_FAILED');

    const before = await batchCount();
    const tooMany = await importFile(adminA, B, await xlsx(BATCH_HEADER, batchRows(MAX_ROWS + 1, 'MANY')));
    expect(tooMany.body.code).toBe('IMPORT_TOO_MANY_ROWS');
    expect(tooMany.body.msg).toContain(String(MAX_ROWS));
    expect(await batchCount()).toBe(before);

    const foreign = await importFile(adminA, B, await xlsx(['名称', '数量'], [['x', 1]]));
    expect(foreign.body.code).toBe('IMPORT_NOT_TEMPLATE');
    expect(foreign.body.msg).toContain('批号');
    expect((await importFile(adminA, B, await xlsx(BATCH_HEADER, []))).body.code).toBe('IMPORT_EMPTY');
  });

  it("does not let another company import batches of A's products", async () => {
    const res = await importFile(adminB, B, await xlsx(BATCH_HEADER, batchRows(1, 'B')));
    expect(res.body.data.errors[0]?.message).toContain('国药准字H20030001');
    expect(res.body.data.imported).toBe(0);
  });
});

describe('templates', () => {
  async function download(token: string, api: string, lang = 'zh_CN') {
    const started = performance.now();
    const res = await t.app.inject({ method: 'GET', url: `${api}/exportTemplate`, headers: { [TOKEN_HEADER]: token, [LANG_HEADER]: lang } });
    return { res, ms: performance.now() - started };
  }

  it('offer the dosage forms and the company’s products as drop-downs, and import back once filled', async () => {
    const { res, ms } = await download(adminA, B);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('filename*=UTF-8');
    expect(ms).toBeLessThan(1000);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const lists = workbook.worksheets[1] as ExcelJS.Worksheet;
    expect(lists.state).toBe('hidden');
    expect(lists.getCell('A1').value).toBe('国药准字H20030001');
    expect(String(sheet.getCell('A1').value)).toContain('Product approval number');
    expect(sheet.getCell('A2').value).toBe('国药准字H00000000');
    expect(sheet.getCell('A3').dataValidation).toMatchObject({ type: 'list', formulae: ["'lists'!$A$1:$A$1"] });
    expect(sheet.getCell('C3').dataValidation).toMatchObject({ type: 'date' });
    expect(sheet.getColumn(1).width).toBeGreaterThan(10);

    // filled in as a user would: the example row left in place, two rows below it
    sheet.getRow(3).values = ['国药准字H20030001', 'TPL-1', new Date(Date.UTC(2025, 4, 1)), new Date(Date.UTC(2027, 3, 30)), 500, '上海', '模板'];
    sheet.getRow(4).values = ['国药准字H20030001', 'TPL-2', '2025-05-02', '2027-05-01', 600];
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const imported = await importFile(adminA, B, filled, 'en_US');
    expect(imported.body.data).toEqual({ imported: 2, rowCount: 2, errorCount: 0, errors: [] });

    const products = await download(adminA, P, 'en_US');
    const productBook = new ExcelJS.Workbook();
    await productBook.xlsx.load(products.res.rawPayload as unknown as ArrayBuffer);
    const productSheet = productBook.worksheets[0] as ExcelJS.Worksheet;
    expect(productBook.worksheets[1]?.getCell('A1').value).toBe('Tablet');
    expect(productSheet.getCell('E2').value).toBe('Tablet');
    productSheet.getRow(3).values = ['布洛芬片', '', '国药准字H10900089', '', 'Tablet', '0.2g', '', '示例药业', ''];
    productSheet.getRow(4).values = ['连花清瘟胶囊', '', '国药准字Z20040063', '', '胶囊剂', '0.35g', '', '示例药业', ''];
    const result = await importFile(adminA, P, Buffer.from(await productBook.xlsx.writeBuffer()));
    expect(result.body.data).toMatchObject({ imported: 2, errorCount: 0 });
    const page = await call<PageResult<MedicinalProductRow>>(t.app, 'POST', `${P}/pageList`, { token: adminA, body: { approvalNo: 'Z20040063', pageNum: 1, pageSize: 10 } });
    expect(page.body.data.list[0]).toMatchObject({ genericName: '连花清瘟胶囊', dosageForm: 'CAPSULE' });
  });
});

describe('Excel 97–2003 (.xls) import', () => {
  /** The batch template, filled with these rows below the example, saved by LibreOffice as .xls. */
  async function xlsFromTemplate(soffice: string, rows: unknown[][]): Promise<Buffer> {
    const res = await t.app.inject({ method: 'GET', url: `${B}/exportTemplate`, headers: { [TOKEN_HEADER]: adminA } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    rows.forEach((row, i) => (sheet.getRow(3 + i).values = row as ExcelJS.CellValue[]));
    const xls = await convertWithLibreOffice(soffice, Buffer.from(await workbook.xlsx.writeBuffer()), 'batches.xlsx', 'xls');
    expect(xls.subarray(0, 4)).toEqual(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));
    return xls;
  }
  const batchesNamed = (prefix: string) =>
    t.database.db.selectFrom('medicinal_batch').select(['batch_no', 'production_date', 'expiry_date', 'quantity']).where('batch_no', 'like', `${prefix}%`).orderBy('batch_no').execute();

  it('imports a template saved by LibreOffice as .xls: the same rows, dates and numbers as from .xlsx', async (ctx) => {
    const soffice = sofficeOrSkip(ctx);
    if (!soffice) return;
    const xls = await xlsFromTemplate(soffice, [
      ['国药准字H20030001', 'XLS-1', new Date(Date.UTC(2025, 4, 1)), new Date(Date.UTC(2027, 3, 30)), 500, '上海', '旧格式'],
      ['国药准字H20030001', 'XLS-2', '2025-05-02', '2027-05-01', 600],
    ]);
    const res = await importFile(adminA, B, xls, 'zh_CN', '批次.xls');
    expect(res.body.code, res.body.msg).toBe('SUCCESS');
    expect(res.body.data).toEqual({ imported: 2, rowCount: 2, errorCount: 0, errors: [] });
    const stored = await batchesNamed('XLS-');
    expect(stored.map((b) => [b.batch_no, String(b.production_date).slice(0, 10), b.quantity])).toEqual([
      ['XLS-1', '2025-05-01', 500],
      ['XLS-2', '2025-05-02', 600],
    ]);
  }, 90_000);

  it('names the wrong cell of an .xls and writes nothing', async (ctx) => {
    const soffice = sofficeOrSkip(ctx);
    if (!soffice) return;
    const xls = await xlsFromTemplate(soffice, [
      ['国药准字H20030001', 'XLS-BAD-1', new Date(Date.UTC(2025, 4, 1)), new Date(Date.UTC(2027, 3, 30)), 10],
      ['国药准字H20030001', 'XLS-BAD-2', new Date(Date.UTC(2025, 4, 1)), new Date(Date.UTC(2024, 0, 1)), 10],
    ]);
    const res = await importFile(adminA, B, xls, 'zh_CN', 'batches.xls');
    expect(res.body.data).toMatchObject({ imported: 0, rowCount: 2, errorCount: 1 });
    expect(res.body.data.errors).toEqual([{ row: 4, column: '有效期至', columnLetter: 'D', message: '结束日期不能早于开始日期' }]);
    expect(await batchesNamed('XLS-BAD-')).toEqual([]);
  }, 90_000);

  it('answers a damaged .xls as damaged, and a file whose content is not its extension’s as the wrong format', async () => {
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096, 0x5a)]);
    const damaged = await importFile(adminA, B, ole2, 'en_US', 'batches.xls');
    expect(damaged.body.code).toBe('UPLOAD_FAILED');
    expect(damaged.body.msg).toMatch(/damaged|not a valid/i);
    const xlsxNamedXls = await importFile(adminA, B, await xlsx(BATCH_HEADER, batchRows(1, 'N')), 'en_US', 'batches.xls');
    expect(xlsxNamedXls.body.code).toBe('UPLOAD_FAILED');
    expect(xlsxNamedXls.body.msg).toContain('xls');
    const xlsNamedXlsx = await importFile(adminA, B, ole2, 'en_US', 'batches.xlsx');
    expect(xlsNamedXlsx.body.code).toBe('UPLOAD_FAILED');
    expect(xlsNamedXlsx.body.msg).toContain('xlsx');
  });
});

describe('medicinal product import', () => {
  it('checks dosage forms against the dictionary and approval numbers against the file and the company', async () => {
    const rows: unknown[][] = [
      ['甲', '', '国药准字H30000001', '', '片剂', '', '', '厂', ''],
      ['乙', '', '国药准字H30000001', '', '片剂', '', '', '厂', ''],
      ['丙', '', '国药准字H20030001', '', 'tablet', '', '', '厂', ''],
      ['丁', '', 'H30000002', '12', '汤剂', '', '', '厂', ''],
    ];
    const before = (await call<PageResult<MedicinalProductRow>>(t.app, 'POST', `${P}/pageList`, { token: adminA, body: { pageNum: 1, pageSize: 1 } })).body.data.total;
    const res = await importFile(adminA, P, await xlsx(PRODUCT_HEADER, rows));
    expect(res.body.data.errors.map((e) => `${e.row}${e.columnLetter}`)).toEqual(['3C', '4C', '5C', '5D', '5E']);
    expect(res.body.data.errors[0]?.message).toBe('与第 2 行重复');
    expect(res.body.data.errors[1]?.message).toContain('已存在');
    expect(res.body.data.errors[4]?.message).toContain('片剂');
    const after = (await call<PageResult<MedicinalProductRow>>(t.app, 'POST', `${P}/pageList`, { token: adminA, body: { pageNum: 1, pageSize: 1 } })).body.data.total;
    expect(after).toBe(before);
  });
});
