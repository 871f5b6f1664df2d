import { scanCheckResultSchema, type Envelope, type ScanCheckResult } from '@rd/contract';
import { describe, expect, it } from 'vitest';
import { namedSnapshot } from '../src/modules/companyInfo/approvedInfo.js';
import type { AnswerParts } from '../src/modules/securityCode/answerParts.js';
import { answerText } from '../src/modules/securityCode/answerText.js';
import { answerOf, type CheckedCode } from '../src/modules/securityCode/checkCode.js';
import type { CheckRow } from '../src/modules/securityCode/checkStatement.js';

// The public check writes its answer as text with the parts written once per batch; it must be exactly
// what the answer object serialises to, for every verdict and for codes that need URL encoding.

const FILE = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

const parts: AnswerParts = {
  product: {
    product_name: '吐鲁番哈密瓜 "特级"',
    gtin: '06901234567892',
    spec: '5 kg',
    unit: '箱',
    brand: 'Sunny\\Farm',
    description: 'line one\nline two </script>',
    images: [FILE(1), FILE(2)],
    attributes: [
      { key: 'origin', label: '产地', labelEn: 'Origin', type: 'TEXT', value: '新疆' },
      { key: 'photo', label: '照片', labelEn: 'Photo', type: 'IMAGE', value: FILE(3) },
    ],
  },
  batch: {
    batch_no: 'B2024-07',
    production_date: '2024-07-01',
    expiry_date: null,
    harvest_date: '2024-06-28',
    origin: '吐鲁番',
    farming_records: [{ kind: 'SOWING', date: '2024-03-01', operator: '王大伯', material: '种子', images: [FILE(4)] }],
    inspection_reports: [{ name: '农残检测', date: '2024-06-30', fileId: FILE(5) }],
  },
  grower: {
    farmer_name: '王大伯',
    farmer_phone: '13812345678',
    region_name: '新疆吐鲁番',
    planting_base: '一号基地',
    planting_area: '12.5',
    varieties: '西州蜜',
    certifications: '',
    farmer_photo: FILE(6),
  },
  company: { ...namedSnapshot('Bench Melon Co. “瓜”', '91350100M000100Y43'), logoFileId: FILE(7), licenseFileId: FILE(8) },
};

function row(overrides: Partial<CheckRow>): CheckRow {
  return {
    company_id: '11111111-1111-4111-8111-111111111111',
    product_id: '22222222-2222-4222-8222-222222222222',
    batch_id: '33333333-3333-4333-8333-333333333333',
    hidden_length: 0,
    repeat_threshold: 5,
    record_id: '42',
    verdict: 'GENUINE',
    scan_count: 1,
    first_scan_at: '2026-11-21T06:07:08.009Z',
    first_country: '中国',
    first_province: '广东省',
    first_city: '深圳市',
    suspicious: false,
    recall_id: null,
    ...overrides,
  };
}

const cases: Array<[string, CheckedCode]> = [
  ['GENUINE with every part', { code: 'SABC123', row: row({}), parts, recall: null, expiredOn: null, token: '42.secret' }],
  ['REPEATED of an expired batch', { code: 'SABC123', row: row({ verdict: 'REPEATED', scan_count: 2 }), parts, recall: null, expiredOn: '2026-01-31', token: '42.secret' }],
  [
    'CHECK_FAILED tells nothing',
    { code: 'SABC124', row: row({ company_id: null, product_id: null, batch_id: null, hidden_length: null, repeat_threshold: null, verdict: 'CHECK_FAILED', scan_count: null, first_scan_at: null, first_country: null, first_province: null, first_city: null }), parts, recall: null, expiredOn: null, token: '42.secret' },
  ],
  [
    'GENUINE of a recalled item, the recall told above it',
    {
      code: 'SABC123',
      row: row({ recall_id: '55555555-5555-4555-8555-555555555555' }),
      parts,
      recall: { level: 1, reason: '沙门氏菌 “检出”', instruction: 'Return it to the shop\nfor a refund', contact: '400-800-1234', startedAt: '2026-11-20T01:02:03.004Z' },
      expiredOn: null,
      token: '42.secret',
    },
  ],
  ['REPEATED, suspicious', { code: 'SABC123', row: row({ verdict: 'REPEATED', scan_count: 9, suspicious: true }), parts, recall: null, expiredOn: null, token: '43.x' }],
  ['a code that needs URL encoding', { code: 'A+B/C?D&E=F 中', row: row({}), parts, recall: null, expiredOn: null, token: null }],
  ['NOT_ACTIVATED tells the company only', { code: 'SABC123', row: row({ verdict: 'NOT_ACTIVATED', scan_count: null }), parts, recall: null, expiredOn: null, token: '44.y' }],
  ['VOIDED', { code: 'SABC123', row: row({ verdict: 'VOIDED', scan_count: null }), parts, recall: null, expiredOn: null, token: '45.z' }],
  ['NOT_FOUND tells nothing', { code: 'NOPE', row: row({ verdict: 'NOT_FOUND', company_id: null, product_id: null, batch_id: null, hidden_length: null, scan_count: null }), parts, recall: null, expiredOn: null, token: '46.w' }],
  ['SECURITY_CODE_MISMATCH tells nothing', { code: 'SABC123', row: row({ verdict: 'SECURITY_CODE_MISMATCH', hidden_length: 6 }), parts, recall: null, expiredOn: null, token: '47.v' }],
  ['GENUINE of a code without product or batch', { code: 'SABC123', row: row({}), parts: { product: null, batch: null, grower: null, company: null }, recall: null, expiredOn: null, token: '48.u' }],
];

describe('the check answer as text', () => {
  it.each(cases)('%s: equals the answer object in the envelope', (_name, checked) => {
    const parsed = JSON.parse(String(answerText(checked, '操作成功'))) as Envelope<ScanCheckResult>;
    expect(parsed).toEqual({ code: 'SUCCESS', msg: '操作成功', data: answerOf(checked) });
    expect(scanCheckResultSchema.parse(parsed.data)).toEqual(parsed.data);
  });

  it('binds every picture URL to the code scanned, also when one batch serves many codes', () => {
    const first = JSON.parse(String(answerText({ code: 'SFIRST1', row: row({}), parts, recall: null, expiredOn: null, token: null }, 'ok'))) as Envelope<ScanCheckResult>;
    const second = JSON.parse(String(answerText({ code: 'S&SECOND', row: row({}), parts, recall: null, expiredOn: null, token: null }, 'ok'))) as Envelope<ScanCheckResult>;
    expect(first.data.product?.images.map((i) => i.url)).toEqual([
      `/acc/api/securityCode/image/${FILE(1)}?code=SFIRST1`,
      `/acc/api/securityCode/image/${FILE(2)}?code=SFIRST1`,
    ]);
    expect(second.data.company?.logo?.url).toBe(`/acc/api/securityCode/image/${FILE(7)}?code=S%26SECOND`);
    expect(second.data.batch?.inspectionReports[0]?.file.url).toBe(`/acc/api/securityCode/image/${FILE(5)}?code=S%26SECOND`);
  });
});
