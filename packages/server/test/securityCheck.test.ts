import type { ScanCheckResult, ScanGrower, ScanRecordAddResult } from '@rd/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySecret } from '../src/modules/rule/companySecret.js';
import { hiddenCode } from '../src/modules/rule/codeMaker.js';
import { createCompany } from './support/fixtures.js';
import { insertJob, insertProductWithBatch, insertRule } from './support/codeFixtures.js';
import { call, startTestApp, TEST_DB_KIND, type TestApp } from './support/testApp.js';

const CHECK = '/acc/api/securityCode/check';
const FARMER = '/acc/api/securityCode/queryFarmer';
const ADD = '/acc/api/scanCodeRecord/add';
const NANJING = '114.114.114.114';
const BEIJING = '1.2.4.8';
const WECHAT_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2f) NetType/WIFI Language/zh_CN';

let t: TestApp;
let companyA: string;
let companyB: string;
let productA: { productId: string; batchId: string };
let photoFile: string;
let productImage: string;
let unreferencedImage: string;
/** codes of company A by role in the table */
const codes = {
  genuine: '',
  notActivated: '',
  voided: '',
  hidden: '',
  threshold: '',
  race: '',
  token: '',
  otherCompany: '',
  unbound: '',
};
let secretA: Buffer;

async function check(code: string, options: { hiddenCode?: string; ip?: string; ua?: string } = {}) {
  const query: Record<string, string> = { code };
  if (options.hiddenCode !== undefined) query.hiddenCode = options.hiddenCode;
  const res = await call<ScanCheckResult>(t.app, 'GET', CHECK, {
    query,
    ip: options.ip ?? NANJING,
    headers: { 'user-agent': options.ua ?? WECHAT_IOS },
  });
  expect(res.body.code, res.body.msg).toBe('SUCCESS');
  return res.body.data;
}

async function records(code: string) {
  return t.database.db
    .selectFrom('scan_record')
    .selectAll()
    .where('code_text', '=', code)
    .orderBy('id')
    .execute();
}

async function stored(bytes: string, companyId: string, contentType = 'image/png') {
  const { sha256, size } = await t.storage.put(Buffer.from(bytes));
  const row = await t.database.db
    .insertInto('stored_file')
    .values({ company_id: companyId, owner_id: null, sha256, size_bytes: size, content_type: contentType, extension: 'png', original_name: 'p.png', place: 'image' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function activate(code: string) {
  await t.database.db.updateTable('code').set({ status: 'ACTIVATED', activated_at: new Date() }).where('code', '=', code).execute();
}

beforeAll(async () => {
  t = await startTestApp({ SCAN_RATE_LIMIT_PER_MINUTE: '0' });
  const db = t.database.db;
  companyA = await createCompany(db, 'Melon Cooperative');
  companyB = await createCompany(db, 'Other Farm');
  productA = await insertProductWithBatch(db, companyA, { gtin: '6901234567892', batchNo: 'B2024-07' });
  productImage = await stored('product-picture', companyA);
  photoFile = await stored('grower-photo', companyA);
  unreferencedImage = await stored('private-picture', companyA);
  const template = await db.insertInto('product_template').values({ company_id: companyA, name: 'Melon' }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('template_attribute')
    .values([
      { template_id: template.id, attr_key: 'sweetness', label: '甜度', label_en: 'Sweetness', type: 'TEXT', show_on_scan: true, sort: 1 },
      { template_id: template.id, attr_key: 'cost', label: '成本', label_en: 'Cost', type: 'NUMBER', show_on_scan: false, sort: 2 },
    ])
    .execute();
  await db
    .updateTable('product')
    .set({ template_id: template.id, images: JSON.stringify([productImage]), brand: 'Sunny', spec: '5 kg' })
    .where('id', '=', productA.productId)
    .execute();
  await db
    .insertInto('product_attr_value')
    .values([
      { product_id: productA.productId, attr_key: 'sweetness', value: '14 Brix' },
      { product_id: productA.productId, attr_key: 'cost', value: '3.20' },
    ])
    .execute();
  const farmer = await db
    .insertInto('farmer')
    .values({ company_id: companyA, name: '王大伯', phone: '13812345678', id_card: '110101199003071234', region_name: '新疆吐鲁番', photo_file_id: photoFile })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('product_batch')
    .set({
      farmer_id: farmer.id,
      origin: '吐鲁番',
      farming_records: JSON.stringify([{ kind: 'SOWING', date: '2024-03-01', operator: '王大伯', material: '种子', images: [] }]),
    })
    .where('id', '=', productA.batchId)
    .execute();

  const plainRule = await insertRule(db, companyA);
  const hiddenRule = await insertRule(db, companyA, { hiddenLength: 6 });
  const lowThreshold = await insertRule(db, companyA);
  await db.updateTable('tag_rule').set({ repeat_threshold: 2 }).where('id', '=', lowThreshold).execute();
  const bound = { companyId: companyA, productId: productA.productId, batchId: productA.batchId };
  const plain = await insertJob(db, { ...bound, ruleId: plainRule, count: 6 });
  [codes.genuine, codes.notActivated, codes.voided, codes.race, codes.token, codes.unbound] = plain.codes as [string, string, string, string, string, string];
  codes.hidden = (await insertJob(db, { ...bound, ruleId: hiddenRule, count: 1 })).codes[0] as string;
  codes.threshold = (await insertJob(db, { ...bound, ruleId: lowThreshold, count: 1 })).codes[0] as string;
  const ruleB = await insertRule(db, companyB);
  codes.otherCompany = (await insertJob(db, { companyId: companyB, ruleId: ruleB, count: 1 })).codes[0] as string;
  for (const code of [codes.genuine, codes.hidden, codes.threshold, codes.race, codes.token, codes.otherCompany]) await activate(code);
  await db.updateTable('code').set({ status: 'VOIDED', voided_at: new Date() }).where('code', '=', codes.voided).execute();
  await db.updateTable('code').set({ product_id: null, batch_id: null, status: 'ACTIVATED' }).where('code', '=', codes.unbound).execute();
  secretA = await companySecret(db, companyA);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe(`securityCode/check verdicts (${TEST_DB_KIND})`, () => {
  it('GENUINE on the first check: product, show-on-scan attributes, batch, grower, approved company; place from the IP', async () => {
    const result = await check(codes.genuine);
    expect(result).toMatchObject({
      verdict: 'GENUINE',
      code: codes.genuine,
      needsHiddenCode: false,
      scanCount: 1,
      firstScanPlace: '江苏省南京市',
      firstScanPlaceEn: 'Jiangsu Nanjing',
      suspicious: false,
    });
    expect(result.firstScanAt).not.toBeNull();
    expect(result.product?.name).toBe('Melon');
    expect(result.product?.gtin).toBe('6901234567892');
    expect(result.product?.images).toEqual([{ fileId: productImage, url: expect.stringContaining(`/acc/api/securityCode/image/${productImage}?code=`) }]);
    // only attributes marked for the scan page, labels in both languages
    expect(result.product?.attributes).toEqual([
      { key: 'sweetness', label: '甜度', labelEn: 'Sweetness', type: 'TEXT', value: '14 Brix', image: null },
    ]);
    expect(result.batch).toMatchObject({ batchNo: 'B2024-07', origin: '吐鲁番' });
    expect(result.batch?.farmingRecords).toHaveLength(1);
    expect(result.grower).toMatchObject({ name: '王大伯', phoneMasked: '138****5678' });
    expect(JSON.stringify(result)).not.toContain('110101199003071234');
    expect(result.company?.fullName).toBe('Melon Cooperative');
    expect(result.scanToken).toMatch(/^\d+\./);

    const [record] = await records(codes.genuine);
    expect(record).toMatchObject({
      source: 'CHECK',
      verdict: 'GENUINE',
      scan_seq: 1,
      company_id: companyA,
      product_id: productA.productId,
      batch_id: productA.batchId,
      ip: NANJING,
      country: '中国',
      province: '江苏省',
      city: '南京市',
      area_code: '320000',
      client_type: 'WECHAT',
      os: 'iOS 17.1',
      suspicious: false,
    });
  });

  it('REPEATED afterwards with count, first time and first place; a second province in the window is suspicious', async () => {
    const first = (await records(codes.genuine))[0];
    const result = await check(codes.genuine, { ip: BEIJING });
    expect(result).toMatchObject({ verdict: 'REPEATED', scanCount: 2, firstScanPlace: '江苏省南京市', firstScanPlaceEn: 'Jiangsu Nanjing', suspicious: true });
    expect(new Date(result.firstScanAt as string).getTime()).toBe(new Date(first!.scanned_at).getTime());
    const rows = await records(codes.genuine);
    expect(rows.map((r) => [r.verdict, r.scan_seq, r.area_code, r.suspicious])).toEqual([
      ['GENUINE', 1, '320000', false],
      ['REPEATED', 2, '110000', true],
    ]);
  });

  it('codes are matched the way people type them: blanks cut, lower case read as upper', async () => {
    const result = await check(`  ${codes.genuine.toLowerCase()} `);
    expect(result).toMatchObject({ verdict: 'REPEATED', scanCount: 3, code: codes.genuine });
  });

  it('more checks than the rule’s threshold are suspicious, from one province too', async () => {
    expect((await check(codes.threshold)).suspicious).toBe(false);
    expect((await check(codes.threshold)).suspicious).toBe(false);
    expect(await check(codes.threshold)).toMatchObject({ verdict: 'REPEATED', scanCount: 3, suspicious: true });
  });

  it('NOT_ACTIVATED and VOIDED: recorded, not counted, the company to contact but no product', async () => {
    for (const [code, verdict] of [
      [codes.notActivated, 'NOT_ACTIVATED'],
      [codes.voided, 'VOIDED'],
    ] as const) {
      const result = await check(code);
      expect(result).toMatchObject({ verdict, scanCount: 0, firstScanAt: null, product: null, batch: null, grower: null });
      expect(result.company?.fullName).toBe('Melon Cooperative');
      const rows = await records(code);
      expect(rows.map((r) => [r.verdict, r.scan_seq])).toEqual([[verdict, null]]);
    }
    const counted = await t.database.db
      .selectFrom('code_scan as s')
      .innerJoin('code as c', 'c.id', 's.code_id')
      .select('c.code')
      .where('c.code', 'in', [codes.notActivated, codes.voided])
      .execute();
    expect(counted).toEqual([]);
  });

  it('NOT_FOUND answers alike for any unknown text, and records the raw text (a near miss fails its check character: typedCodes.test.ts)', async () => {
    const b = await check('NO-SUCH-CODE');
    const prefix = await check(codes.genuine.slice(0, 6));
    for (const [result, text] of [
      [b, 'NO-SUCH-CODE'],
      [prefix, codes.genuine.slice(0, 6)],
    ] as const) {
      const { scanToken, ...rest } = result;
      expect(scanToken).toMatch(/^\d+\./);
      expect(rest).toEqual({
        verdict: 'NOT_FOUND',
        code: text,
        needsHiddenCode: false,
        hiddenCodeLength: 0,
        scanCount: 0,
        firstScanAt: null,
        firstScanPlace: '',
        firstScanPlaceEn: '',
        suspicious: false,
        repeatThreshold: 0,
        expiredOn: null,
        recall: null,
        product: null,
        batch: null,
        grower: null,
        company: null,
      });
      const rows = await records(text);
      expect(rows.map((r) => [r.verdict, r.code_id, r.company_id, r.area_code])).toEqual([['NOT_FOUND', null, null, '320000']]);
    }
  });

  it('a hidden code: missing or wrong → SECURITY_CODE_MISMATCH, recorded, not counted; right → GENUINE', async () => {
    const missing = await check(codes.hidden);
    expect(missing).toMatchObject({ verdict: 'SECURITY_CODE_MISMATCH', needsHiddenCode: true, hiddenCodeLength: 6, scanCount: 0, product: null, company: null });
    const right = hiddenCode(secretA, codes.hidden, 6);
    const wrong = right === '000000' ? '000001' : '000000';
    expect(await check(codes.hidden, { hiddenCode: wrong })).toMatchObject({ verdict: 'SECURITY_CODE_MISMATCH', needsHiddenCode: true });
    expect(await check(codes.hidden, { hiddenCode: '12' })).toMatchObject({ verdict: 'SECURITY_CODE_MISMATCH' });
    const genuine = await check(codes.hidden, { hiddenCode: right });
    expect(genuine).toMatchObject({ verdict: 'GENUINE', scanCount: 1, needsHiddenCode: false });
    expect(genuine.product?.name).toBe('Melon');
    const rows = await records(codes.hidden);
    expect(rows.map((r) => [r.verdict, r.scan_seq])).toEqual([
      ['SECURITY_CODE_MISMATCH', null],
      ['SECURITY_CODE_MISMATCH', null],
      ['SECURITY_CODE_MISMATCH', null],
      ['GENUINE', 1],
    ]);
  });

  it('an activated code bound to no product answers GENUINE without product, batch or grower; digits given for a rule without a hidden code are ignored', async () => {
    const result = await check(codes.unbound, { hiddenCode: '123456' });
    expect(result).toMatchObject({ verdict: 'GENUINE', product: null, batch: null, grower: null });
    expect(result.company?.fullName).toBe('Melon Cooperative');
  });

  it('a company whose info was never approved shows no company', async () => {
    const fresh = await createCompany(t.database.db, 'Unaudited', { approved: false });
    const rule = await insertRule(t.database.db, fresh);
    const code = (await insertJob(t.database.db, { companyId: fresh, ruleId: rule, count: 1 })).codes[0] as string;
    await activate(code);
    expect(await check(code)).toMatchObject({ verdict: 'GENUINE', company: null });
  });

  it('every check wrote exactly one scan record', async () => {
    const checksSoFar = 3 + 3 + 2 + 2 + 4 + 1 + 1;
    const counted = await sql<{ n: number }>`SELECT count(*)::int AS n FROM scan_record WHERE source = 'CHECK'`.execute(t.database.db);
    expect(counted.rows[0]?.n).toBe(checksSoFar);
  });
});

describe(`50 simultaneous first checks of one code (${TEST_DB_KIND})`, () => {
  it('give exactly one GENUINE, 49 REPEATED, sequence numbers 1..50 and 50 scan records', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => check(codes.race)));
    const verdicts = results.map((r) => r.verdict);
    expect(verdicts.filter((v) => v === 'GENUINE')).toHaveLength(1);
    expect(verdicts.filter((v) => v === 'REPEATED')).toHaveLength(49);
    expect(results.map((r) => r.scanCount).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const rows = await records(codes.race);
    expect(rows).toHaveLength(50);
    expect(rows.map((r) => r.scan_seq).sort((a, b) => (a as number) - (b as number))).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const counter = await t.database.db
      .selectFrom('code_scan as s')
      .innerJoin('code as c', 'c.id', 's.code_id')
      .select('s.scan_count')
      .where('c.code', '=', codes.race)
      .executeTakeFirstOrThrow();
    expect(counter.scan_count).toBe(50);
  }, 60_000);
});

describe('scanCodeRecord/add never counts', () => {
  it('attaches the position to the check’s record once, by the token', async () => {
    const result = await check(codes.token);
    const attach = () =>
      call<ScanRecordAddResult>(t.app, 'POST', ADD, { body: { scanToken: result.scanToken, lat: 43.1, lng: 89.2 }, ip: NANJING });
    const first = await attach();
    expect(first.body.code, first.body.msg).toBe('SUCCESS');
    expect(first.body.data.outcome).toBe('ATTACHED');
    const again = await attach();
    expect(again.body.code).toBe('SCAN_TOKEN_INVALID');
    const forged = await call(t.app, 'POST', ADD, { body: { scanToken: `${result.scanToken?.split('.')[0]}.AAAAAAAAAAAAAAAAAAAA`, lat: 1, lng: 1 } });
    expect(forged.body.code).toBe('SCAN_TOKEN_INVALID');
    const rows = await records(codes.token);
    expect(rows.map((r) => [r.latitude, r.longitude, r.attach_token])).toEqual([[43.1, 89.2, null]]);
  });

  it('without a token records a SCAN event, leaving the count alone', async () => {
    const res = await call<ScanRecordAddResult>(t.app, 'POST', ADD, {
      body: { code: codes.token, lat: 30.5, lng: 114.3 },
      ip: BEIJING,
      headers: { 'user-agent': 'curl/8.5.0' },
    });
    expect(res.body.code, res.body.msg).toBe('SUCCESS');
    expect(res.body.data.outcome).toBe('RECORDED');
    const rows = await records(codes.token);
    expect(rows.map((r) => [r.source, r.verdict, r.scan_seq, r.area_code, r.client_type])).toEqual([
      ['CHECK', 'GENUINE', 1, '320000', 'WECHAT'],
      ['SCAN', null, null, '110000', 'OTHER'],
    ]);
    expect(await check(codes.token)).toMatchObject({ verdict: 'REPEATED', scanCount: 2 });
  });

  it('asks for a code or a token, and a position with a token', async () => {
    expect((await call(t.app, 'POST', ADD, { body: {} })).body.code).toBe('PARAM_CHECK');
    expect((await call(t.app, 'POST', ADD, { body: { scanToken: '1.AAAAAAAAAAAAAAAAAAAA' } })).body.code).toBe('PARAM_CHECK');
  });
});

describe('queryFarmer and the public images', () => {
  it('answers the grower’s public fields, never the ID card; null alike for unknown, unbound and hidden-code codes without digits', async () => {
    const res = await call<ScanGrower | null>(t.app, 'GET', FARMER, { query: { code: codes.genuine } });
    expect(res.body.code, res.body.msg).toBe('SUCCESS');
    expect(res.body.data).toMatchObject({ name: '王大伯', phoneMasked: '138****5678', regionName: '新疆吐鲁番' });
    expect(res.body.data?.photo?.url).toContain(`/acc/api/securityCode/image/${photoFile}?code=`);
    expect(JSON.stringify(res.body)).not.toContain('110101');
    for (const code of ['NO-SUCH-CODE', codes.unbound, codes.hidden, codes.notActivated]) {
      const other = await call(t.app, 'GET', FARMER, { query: { code } });
      expect(other.body).toMatchObject({ code: 'SUCCESS', data: null });
    }
    const right = hiddenCode(secretA, codes.hidden, 6);
    const withDigits = await call<ScanGrower>(t.app, 'GET', FARMER, { query: { code: codes.hidden, hiddenCode: right } });
    expect(withDigits.body.data?.name).toBe('王大伯');
  });

  it('serves the pictures a code’s answer names, without a session, and nothing else', async () => {
    const url = (fileId: string, code: string) => `/acc/api/securityCode/image/${fileId}?code=${encodeURIComponent(code)}`;
    const product = await t.app.inject({ method: 'GET', url: url(productImage, codes.genuine) });
    expect(product.statusCode).toBe(200);
    expect(product.headers['content-type']).toBe('image/png');
    expect(product.body).toBe('product-picture');
    const photo = await t.app.inject({ method: 'GET', url: url(photoFile, codes.genuine.toLowerCase()) });
    expect(photo.body).toBe('grower-photo');
    // a file of the company the answer does not name; a real picture asked with another company's code; an unknown code
    for (const [fileId, code] of [
      [unreferencedImage, codes.genuine],
      [productImage, codes.otherCompany],
      [productImage, 'NO-SUCH-CODE'],
      [productImage, codes.notActivated],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: url(fileId, code) });
      expect(res.statusCode, `${fileId} ${code}`).toBe(404);
    }
  });
});
