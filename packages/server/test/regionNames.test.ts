import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from './support/fixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

/** Region names in the scan-record export follow the request's language: Intranet, Guangdong, Shenzhen. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  const companyId = await createCompany(t.database.db, 'Region Names Co');
  await createUser(t.database.db, { username: 'regionAdmin', password: 'Region-Pass-1', userType: '3', companyId, roles: ['ENTERPRISE_ADMIN'] });
  token = await signIn(t.app, 'regionAdmin', 'Region-Pass-1');
  const base = { company_id: companyId, source: 'CHECK' as const, verdict: 'GENUINE' as const, scan_seq: 1, client_type: 'WECHAT' as const };
  const places = [
    { code_text: 'R1', country: '内网', province: '', city: '', area_code: '', scanned_at: '2026-03-07T01:00:00Z' },
    { code_text: 'R2', country: '中国', province: '广东省', city: '深圳市', area_code: '440000', scanned_at: '2026-03-07T02:00:00Z' },
    { code_text: 'R3', country: '中国', province: '北京', city: '北京市', area_code: '110000', scanned_at: '2026-03-07T03:00:00Z' },
    { code_text: 'R4', country: '美国', province: '加利福尼亚', city: '', area_code: '', scanned_at: '2026-03-07T04:00:00Z' },
  ];
  for (const place of places) await t.database.db.insertInto('scan_record').values({ ...base, ...place }).execute();
});
afterAll(() => t.close());

async function exportedPlaces(lang: string): Promise<unknown[][]> {
  const res = await call(t.app, 'GET', '/acc/api/scanCodeRecord/export', {
    token,
    query: { beginDate: '2026-03-06', endDate: '2026-03-08' },
    headers: { 'x-rd-request-language': lang },
  });
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.raw as unknown as ArrayBuffer);
  const rows = book.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
  const header = rows[0]!;
  const columns = lang === 'en_US' ? ['Code', 'Country', 'Province', 'City'] : ['标签码', '国家', '省份', '城市'];
  const at = columns.map((name) => header.indexOf(name));
  expect(at.every((i) => i > 0), JSON.stringify(header)).toBe(true);
  return rows.slice(1).map((row) => at.map((i) => row[i] ?? ''));
}

describe('region names of scan records', () => {
  it('are in English in an English export: Intranet, countries, provinces and cities', async () => {
    expect(await exportedPlaces('en_US')).toEqual([
      ['R4', 'United States', '加利福尼亚', ''],
      ['R3', 'China', 'Beijing', 'Beijing'],
      ['R2', 'China', 'Guangdong', 'Shenzhen'],
      ['R1', 'Intranet', '', ''],
    ]);
  });

  it('are as the IP database writes them in a Chinese export', async () => {
    expect(await exportedPlaces('zh_CN')).toEqual([
      ['R4', '美国', '加利福尼亚', ''],
      ['R3', '中国', '北京', '北京市'],
      ['R2', '中国', '广东省', '深圳市'],
      ['R1', '内网', '', ''],
    ]);
  });
});
