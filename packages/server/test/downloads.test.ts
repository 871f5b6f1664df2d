import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import { crc32, deflateRawSync, inflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { TOKEN_HEADER } from '@rd/contract';
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenCodeMaker } from '../src/modules/codeDownload/hiddenCodes.js';
import { copyStreamsInUse } from '../src/modules/codeDownload/jobCodes.js';
import { bestMask, type QrBitMatrix } from '../src/modules/codeDownload/qrMask.mjs';
import { urlSegments } from '../src/modules/codeDownload/qrSegments.mjs';
import { ZipWriter } from '../src/modules/codeDownload/zipWriter.js';
import { companySecret } from '../src/modules/rule/companySecret.js';
import { codeUrl, hiddenCode, randomCodes } from '../src/modules/rule/codeMaker.js';
import { csvCell, csvLine } from '../src/platform/export/csv.js';
import { createCompany, createRole, createUser } from './support/fixtures.js';
import { insertJob, insertProductWithBatch, insertRule, type InsertedJob } from './support/codeFixtures.js';
import { call, signIn, startTestApp, TEST_DB_KIND, type TestApp } from './support/testApp.js';
import { zipEntries } from './support/zipEntries.js';

const CODES = '/acc/api/codeRecord/downloadCode';
const QR = '/acc/api/codeRecord/downloadQRCode';
const PASSWORD = 'Pass-word-1';
const GTIN = '6901234567892';

let t: TestApp;
let companyA: string;
let plainJob: InsertedJob;
let hiddenJob: InsertedJob;
let gs1Job: InsertedJob;
let pageJob: InsertedJob;
let secretA: Buffer;
const tokens = { adminA: '', adminB: '', viewerA: '' };

/** downloadCode is a GET with its parameters in the query; downloadQRCode a POST with them in the body. */
async function download(url: string, query: Record<string, string>, token = tokens.adminA) {
  return url === QR ? call(t.app, 'POST', url, { token, body: query }) : call(t.app, 'GET', url, { token, query });
}

function lines(raw: Buffer): string[] {
  return raw.toString('utf8').split('\r\n').slice(0, -1);
}

/**
 * The QR codes drawn on a label sheet's first page, decoded: each symbol is a block of `x y w 1 re` runs in
 * module units (see qrPath), painted into pixels with a quiet zone and read back with jsQR.
 */
function decodeFirstPageSymbols(pdf: Buffer): Array<string | undefined> {
  const streams = [...pdf.toString('latin1').matchAll(/stream\n([\s\S]*?)\nendstream/g)];
  const content = streams.map((m) => inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1')).find((c) => c.includes(' re\n'));
  const blocks = [...(content ?? '').matchAll(/ cm\n((?:\d+ \d+ \d+ 1 re\n)+)\/DeviceRGB cs\n0 0 0 scn\nf\n/g)];
  return blocks.map((block) => {
    const runs = block[1]!.trim().split('\n').map((line) => line.split(' ').map(Number) as [number, number, number, number]);
    const size = Math.max(...runs.map(([x, , w]) => x + w));
    const quiet = 4;
    const scale = 4;
    const side = (size + 2 * quiet) * scale;
    const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
    for (const [x, y, w] of runs) {
      for (let px = (x + quiet) * scale; px < (x + w + quiet) * scale; px++) {
        for (let py = (y + quiet) * scale; py < (y + 1 + quiet) * scale; py++) pixels.fill(0, (py * side + px) * 4, (py * side + px) * 4 + 3);
      }
    }
    return jsQR(pixels, side, side)?.data;
  });
}

/** The number of page objects in a PDF (`/Type /Page`, not the `/Type /Pages` tree). */
function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
}

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_BASE_URL: 'https://trace.example.com' });
  const db = t.database.db;
  companyA = await createCompany(db, 'Company A');
  const companyB = await createCompany(db, 'Company B');
  await createUser(db, { username: 'dl_admin_a', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'dl_admin_b', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  await createRole(db, { code: 'DL_VIEWER', companyId: companyA, menuCodes: ['tagGenerate', 'tag:generate:list'] });
  await createUser(db, { username: 'dl_view_a', password: PASSWORD, userType: '3', companyId: companyA, roles: ['DL_VIEWER'] });
  tokens.adminA = await signIn(t.app, 'dl_admin_a', PASSWORD);
  tokens.adminB = await signIn(t.app, 'dl_admin_b', PASSWORD);
  tokens.viewerA = await signIn(t.app, 'dl_view_a', PASSWORD);

  const plainRule = await insertRule(db, companyA, { name: 'Plain' });
  const hiddenRule = await insertRule(db, companyA, { name: 'With hidden', hiddenLength: 6 });
  const gs1Rule = await insertRule(db, companyA, { name: 'GS1', urlForm: 'GS1' });
  // Insertion order is not the sorted order, so the downloads' order can be checked.
  plainJob = await insertJob(db, { companyId: companyA, ruleId: plainRule, codes: ['ZZ0000000001', 'AA0000000002', 'MM0000000003'] });
  hiddenJob = await insertJob(db, { companyId: companyA, ruleId: hiddenRule, count: 30 });
  gs1Job = await insertJob(db, { companyId: companyA, ruleId: gs1Rule, count: 2, ...(await insertProductWithBatch(db, companyA, { gtin: GTIN, batchNo: 'A/1' })) });
  // More codes than one page of the paged reader, to cross page boundaries.
  pageJob = await insertJob(db, { companyId: companyA, ruleId: plainRule, count: 10_050 });
  secretA = await companySecret(db, companyA);
});

afterAll(async () => {
  await t?.close();
});

describe('downloadCode', () => {
  it('CSV: BOM, header, every code in insertion order with its URL and hidden code', async () => {
    const res = await download(CODES, { id: hiddenJob.id, format: 'csv', lang: 'en_US' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Codes-With hidden-\d{8}-[0-9a-f]{8}\.csv"/);
    expect(res.raw.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = lines(res.raw.subarray(3));
    expect(header).toBe('Code,URL,Security code');
    expect(rows).toEqual(
      hiddenJob.codes.map((code) => `${code},${codeUrl('https://trace.example.com', code)},${hiddenCode(secretA, code, 6)}`),
    );
  });

  it('CSV without a hidden column when the rule has none; Chinese headers by default', async () => {
    const res = await download(CODES, { id: plainJob.id });
    const [header, ...rows] = lines(res.raw.subarray(3));
    expect(header).toBe('标签码,扫码地址');
    expect(rows.map((r) => r.split(',')[0])).toEqual(['ZZ0000000001', 'AA0000000002', 'MM0000000003']);
  });

  it('reads jobs larger than one page completely and in order', async () => {
    const res = await download(CODES, { id: pageJob.id, format: 'txt' });
    const codes = lines(res.raw).map((l) => l.split('\t')[0]);
    expect(codes).toHaveLength(10_050);
    expect(codes).toEqual(pageJob.codes);
  });

  it('TXT: one tab-separated line per code, no header', async () => {
    const res = await download(CODES, { id: hiddenJob.id, format: 'txt' });
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(lines(res.raw)).toEqual(
      hiddenJob.codes.map((code) => [code, codeUrl('https://trace.example.com', code), hiddenCode(secretA, code, 6)].join('\t')),
    );
  });

  it('XLSX: a header row and one row per code, hidden codes included', async () => {
    const res = await download(CODES, { id: hiddenJob.id, format: 'xlsx', lang: 'en_US' });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.raw as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Code', 'URL', 'Security code']);
    expect(sheet.rowCount).toBe(31);
    hiddenJob.codes.forEach((code, i) => {
      expect(sheet.getRow(i + 2).values).toEqual([undefined, code, codeUrl('https://trace.example.com', code), hiddenCode(secretA, code, 6)]);
    });
  });

  it('GS1 Digital Link URLs when the rule asks for them and the product has a GTIN', async () => {
    const res = await download(CODES, { id: gs1Job.id, format: 'txt' });
    expect(lines(res.raw)).toEqual(gs1Job.codes.map((code) => `${code}\thttps://trace.example.com/01/0${GTIN}/10/A%2F1/21/${code}`));
  });

  it('counts each download on the job and logs it as an export of the job', async () => {
    const before = await t.database.db.selectFrom('code_record').select('download_count').where('id', '=', plainJob.id).executeTakeFirstOrThrow();
    await download(CODES, { id: plainJob.id, format: 'txt' });
    await download(QR, { id: plainJob.id, format: 'svg' });
    const after = await t.database.db.selectFrom('code_record').select('download_count').where('id', '=', plainJob.id).executeTakeFirstOrThrow();
    expect(after.download_count).toBe(before.download_count + 2);
    const entries = await t.database.db
      .selectFrom('operation_log')
      .select(['module', 'action', 'result'])
      .where('target', '=', plainJob.id)
      .execute();
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(entries.every((e) => e.module === 'codeRecord' && e.action === 'EXPORT')).toBe(true);
  });
});

describe('downloadQRCode', () => {
  it('ZIP of SVG images, one per code, named by the code', async () => {
    const res = await download(QR, { id: hiddenJob.id, format: 'svg' });
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = zipEntries(res.raw);
    expect(entries.map((e) => e.name)).toEqual(hiddenJob.codes.map((c) => `${c}.svg`));
    for (const entry of entries) expect(entry.data.toString('utf8')).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it('SVG images carry width and height (the PNG\'s pixel size) beside their viewBox, and draw the label\'s URL', async () => {
    const svgs = zipEntries((await download(QR, { id: plainJob.id, format: 'svg' })).raw);
    const pngs = zipEntries((await download(QR, { id: plainJob.id, format: 'png' })).raw);
    expect(svgs).toHaveLength(plainJob.codes.length);
    for (const [i, entry] of svgs.entries()) {
      const svg = entry.data.toString('utf8');
      const tag = /^<svg [^>]*>/.exec(svg)?.[0] ?? '';
      const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(tag);
      const width = /width="(\d+)"/.exec(tag);
      const height = /height="(\d+)"/.exec(tag);
      expect(viewBox, tag).not.toBeNull();
      expect(width, tag).not.toBeNull();
      expect(height, tag).not.toBeNull();
      const png = PNG.sync.read(pngs[i]!.data);
      expect(Number(width![1])).toBe(png.width);
      expect(Number(height![1])).toBe(png.height);
      // 8 pixels a module, as in the PNG, over the whole symbol with its quiet zone.
      expect(Number(width![1])).toBe(Number(viewBox![1]) * 8);
      // The same modules as the package draws for the URL itself.
      const url = codeUrl('https://trace.example.com', plainJob.codes[i]!);
      const own = await QRCode.toString(urlSegments(url) as Parameters<typeof QRCode.create>[0], { errorCorrectionLevel: 'M', margin: 4, type: 'svg' });
      expect(/ d="([^"]+)"/.exec(svg)?.[1]).toBe(/ d="([^"]+)"/.exec(own)?.[1]);
    }
  });

  it('ZIP of PNG images that decode to the exact URL', async () => {
    const res = await download(QR, { id: gs1Job.id, format: 'png' });
    const entries = zipEntries(res.raw);
    expect(entries.map((e) => e.name)).toEqual(gs1Job.codes.map((c) => `${c}.png`));
    for (const [i, entry] of entries.entries()) {
      const png = PNG.sync.read(entry.data);
      const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(decoded?.data).toBe(`https://trace.example.com/01/0${GTIN}/10/A%2F1/21/${gs1Job.codes[i]}`);
    }
    const scan = zipEntries((await download(QR, { id: plainJob.id, format: 'png' })).raw);
    expect(scan).toHaveLength(3);
    for (const [i, entry] of scan.entries()) {
      const png = PNG.sync.read(entry.data);
      expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(codeUrl('https://trace.example.com', plainJob.codes[i]!));
    }
  });

  it('PDF label sheets with the page count of their layout', async () => {
    const a = await download(QR, { id: hiddenJob.id, format: 'pdf', layout: 'A4_3x8' });
    expect(a.headers['content-type']).toBe('application/pdf');
    expect(a.raw.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(a.raw)).toBe(2); // 30 labels, 24 a page
    const b = await download(QR, { id: hiddenJob.id, format: 'pdf', layout: 'A4_4x10' });
    expect(pageCount(b.raw)).toBe(1); // 30 labels, 40 a page
    const c = await download(QR, { id: plainJob.id, format: 'pdf' });
    expect(pageCount(c.raw)).toBe(1);
    expect(decodeFirstPageSymbols(c.raw)).toEqual(plainJob.codes.map((code) => codeUrl('https://trace.example.com', code)));
    expect(decodeFirstPageSymbols(a.raw)).toEqual(hiddenJob.codes.slice(0, 24).map((code) => codeUrl('https://trace.example.com', code)));
    expect(c.headers['content-disposition']).toContain('A4_3x8');
  });

  it('refuses images and label sheets of more than 100,000 codes, suggesting the code lists; XLSX has no such limit', async () => {
    await t.database.db.updateTable('code_record').set({ progress: 100_001 }).where('id', '=', gs1Job.id).execute();
    try {
      for (const format of ['svg', 'png', 'pdf']) {
        const res = await download(QR, { id: gs1Job.id, format, lang: 'en_US' });
        expect(res.body.code).toBe('PARAM_CHECK');
        expect(res.body.errors?.[0]?.message).toContain('Excel, CSV or TXT');
      }
      const zh = await download(QR, { id: gs1Job.id, format: 'pdf' });
      expect(zh.body.errors?.[0]?.message).toContain('请下载 Excel、CSV 或 TXT 文件');
      // Past a worksheet's rows the file goes on in further sheets (xlsxExport.test.ts): never refused.
      await t.database.db.updateTable('code_record').set({ progress: 10_000_000 }).where('id', '=', gs1Job.id).execute();
      const xlsx = await download(CODES, { id: gs1Job.id, format: 'xlsx', lang: 'en_US' });
      expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    } finally {
      await t.database.db.updateTable('code_record').set({ progress: 2 }).where('id', '=', gs1Job.id).execute();
    }
  });

  it('checks the format and layout names', async () => {
    expect((await download(QR, { id: plainJob.id, format: 'gif' })).body.code).toBe('PARAM_CHECK');
    expect((await download(QR, { id: plainJob.id, format: 'pdf', layout: 'A3_1x1' })).body.code).toBe('PARAM_CHECK');
    expect((await download(CODES, { id: plainJob.id, format: 'doc' })).body.code).toBe('PARAM_CHECK');
    expect((await download(CODES, { id: 'not-a-uuid' })).body.code).toBe('PARAM_CHECK');
  });
});

let listening: string | null = null;
/** The app on a real port, for clients that stop reading or hang up. */
async function serverAddress(): Promise<string> {
  listening ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
  return listening;
}

describe('a client that goes away', () => {
  it('stops the download and leaves the server (and its database connections) fit for the next one', async () => {
    const address = await serverAddress();
    // Reads the first bytes of a download, then closes the connection.
    const started = (path: string) =>
      new Promise<void>((resolve, reject) => {
        // downloadQRCode is a POST; here its parameters ride in the query string, which it accepts as well
        const method = path.startsWith(QR) ? 'POST' : 'GET';
        const request = http.request(`${address}${path}`, { method, headers: { [TOKEN_HEADER]: tokens.adminA }, agent: false }, (response) => {
          expect(response.statusCode).toBe(200);
          response.once('data', () => request.destroy());
          response.once('error', () => undefined);
          request.once('close', resolve);
        });
        request.once('error', (error) => (request.destroyed ? resolve() : reject(error)));
        request.end();
      });
    // More aborted downloads than the PostgreSQL pool has connections.
    for (let i = 0; i < 12; i++) await started(`${CODES}?id=${pageJob.id}&format=csv`);
    await started(`${QR}?id=${pageJob.id}&format=svg`);
    await started(`${QR}?id=${pageJob.id}&format=pdf`);
    const after = await download(CODES, { id: pageJob.id, format: 'txt' });
    expect(lines(after.raw)).toHaveLength(10_050);
    // Every response has ended: nothing holds a connection open.
    await expect.poll(() => new Promise((resolve) => t.app.server.getConnections((_e, n) => resolve(n)))).toBe(0);
  });
});

describe('COPY streams on PostgreSQL', () => {
  it.skipIf(TEST_DB_KIND !== 'postgres')('are at most three at once (the others page) and give their connections back', async () => {
    const db = t.database.db;
    const rule = await insertRule(db, companyA);
    const job = await insertJob(db, { companyId: companyA, ruleId: rule, codes: [] });
    // 300,000 codes: far more than the socket buffers hold, so an unread download keeps its stream open.
    await sql`INSERT INTO code (code, company_id, rule_id, record_id)
              SELECT 'BULK' || lpad(g::text, 8, '0'), ${companyA}, ${rule}, ${job.id} FROM generate_series(1, 300000) g`.execute(db);
    await db.updateTable('code_record').set({ progress: 300_000, quantity: 300_000 }).where('id', '=', job.id).execute();
    const address = await serverAddress();
    const pool = t.database.pool as pg.Pool;
    const requests = Array.from({ length: 4 }, () =>
      http.get(`${address}${CODES}?id=${job.id}&format=csv`, { headers: { [TOKEN_HEADER]: tokens.adminA }, agent: false }, (response) => {
        response.once('data', () => response.pause());
      }),
    );
    for (const request of requests) request.on('error', () => undefined);
    await expect.poll(() => copyStreamsInUse(pool)).toBe(3);
    for (const request of requests) request.destroy();
    await expect.poll(() => copyStreamsInUse(pool)).toBe(0);
    const whole = await download(CODES, { id: job.id, format: 'txt' });
    expect(lines(whole.raw)).toHaveLength(300_000);
  });
});

describe('who may download what', () => {
  it("answers NOT_FOUND for another company's job and CONFLICT while a job is still writing codes", async () => {
    for (const url of [CODES, QR]) {
      const other = await download(url, { id: plainJob.id }, tokens.adminB);
      expect([other.status, other.body.code]).toEqual([404, 'NOT_FOUND']);
    }
    const rule = await insertRule(t.database.db, companyA);
    const running = await insertJob(t.database.db, { companyId: companyA, ruleId: rule, count: 2, status: 'RUNNING' });
    expect((await download(CODES, { id: running.id })).body.code).toBe('CONFLICT');
    expect((await download(QR, { id: running.id })).body.code).toBe('CONFLICT');
  });

  it('refuses anonymous callers and users without the download permission', async () => {
    for (const url of [CODES, QR]) {
      const anonymous = await call(t.app, url === QR ? 'POST' : 'GET', url, { query: { id: plainJob.id } });
      expect([anonymous.status, anonymous.body.code]).toEqual([401, 'NO_LOGIN_ERROR']);
      const viewer = await download(url, { id: plainJob.id }, tokens.viewerA);
      expect([viewer.status, viewer.body.code]).toEqual([403, 'ACCESS_DENIED_ERROR']);
    }
  });
});

describe('hidden codes of a download', () => {
  it('are exactly hiddenCode(secret, code, n), for every length and for long secrets', () => {
    // Every length around the one-block limit (55 bytes), non-ASCII and very long codes, and many random ones.
    const codes = ['', 'A', 'XK0000000001', '码ABC', 'x'.repeat(300), ...Array.from({ length: 70 }, (_, n) => 'Z9'.repeat(35).slice(0, n))];
    codes.push(...randomCodes({ prefix: 'P', bodyLength: 20, alphabet: 'CROCKFORD32', checkScheme: 'MOD37_36' }, 200));
    for (const secret of [randomBytes(32), randomBytes(64), randomBytes(100), Buffer.alloc(0)]) {
      for (let length = 4; length <= 8; length++) {
        const make = hiddenCodeMaker(secret, length);
        for (const code of codes) expect(make(code)).toBe(hiddenCode(secret, code, length));
      }
    }
  });
});

describe('CSV cells', () => {
  it('are neutralised against formulas and quoted when they hold commas, quotes or line breaks', () => {
    expect(csvLine(['=1+1', 'a,b', 'say "hi"', 'plain', '-3', null])).toBe(`'=1+1,"a,b","say ""hi""",plain,'-3,\r\n`);
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
  });
});

describe('QR mask choice', () => {
  it("is the qrcode package's own choice, for every error correction level and symbol sizes up to version 40", () => {
    type MaskModule = { getBestMask: (matrix: QrBitMatrix, setupFormat: (p: number) => void) => number };
    const masks = createRequire(import.meta.url)('qrcode/lib/core/mask-pattern.js') as MaskModule;
    const original = masks.getBestMask;
    let compared = 0;
    const sizes = new Set<number>();
    masks.getBestMask = (matrix, setupFormat) => {
      const ours = bestMask(matrix, setupFormat);
      const theirs = original(matrix, setupFormat);
      expect(ours).toBe(theirs);
      compared++;
      sizes.add(matrix.size);
      return theirs;
    };
    try {
      const codes = randomCodes({ prefix: '', bodyLength: 20, alphabet: 'CROCKFORD32', checkScheme: 'NONE' }, 150);
      for (const [i, code] of codes.entries()) {
        for (const level of ['L', 'M', 'Q', 'H'] as const) {
          QRCode.create(`https://trace.example.com/antiCounterfeiting?code=${code}&n=${'x'.repeat((i * 8) % 1190)}`, { errorCorrectionLevel: level });
        }
      }
    } finally {
      masks.getBestMask = original;
    }
    expect(compared).toBe(600);
    // From 33 modules (version 4) to 177 (version 40): one to six 32-bit words a line.
    expect(Math.min(...sizes)).toBeLessThanOrEqual(33);
    expect(Math.max(...sizes)).toBe(177);
  });
});

describe('QR segments of a label URL', () => {
  it('encode the same text in a symbol no larger than the package would choose', () => {
    const shapes = [
      { prefix: '', bodyLength: 12, alphabet: 'DIGITS', checkScheme: 'LUHN' },
      { prefix: 'AB', bodyLength: 16, alphabet: 'CROCKFORD32', checkScheme: 'MOD37_36' },
      { prefix: 'X1', bodyLength: 32, alphabet: 'DIGITS', checkScheme: 'NONE' },
      { prefix: '', bodyLength: 24, alphabet: 'NO_LOOKALIKE', checkScheme: 'MOD37_36' },
    ] as const;
    let compared = 0;
    for (const shape of shapes) {
      for (const code of randomCodes(shape, 25)) {
        for (const [form, batchNo] of [['SCAN', null], ['GS1', null], ['GS1', 'LOT-2024/07']] as const) {
          const url = codeUrl('https://trace.example.com', code, { urlForm: form, gtin: GTIN, batchNo });
          const segments = urlSegments(url);
          expect(typeof segments === 'string' ? segments : segments.map((s) => s.data).join('')).toBe(url);
          const ours = QRCode.create(segments as Parameters<typeof QRCode.create>[0], { errorCorrectionLevel: 'M' });
          const theirs = QRCode.create(url, { errorCorrectionLevel: 'M' });
          expect(ours.version, url).toBeLessThanOrEqual(theirs.version);
          compared++;
        }
      }
    }
    expect(compared).toBe(300);
    // The address in byte mode, the code in capitals, a long run of digits as digits.
    expect(urlSegments('https://t.example/antiCounterfeiting?code=X141421613396354869245451110962066')).toEqual([
      { data: 'https://t.example/antiCounterfeiting?code=X', mode: 'byte' },
      { data: '141421613396354869245451110962066', mode: 'numeric' },
    ]);
    expect(urlSegments('https://t.example/01/06901234567892/21/AB12CD34EF56')).toEqual([
      { data: 'https://t.example/01/', mode: 'byte' },
      { data: '06901234567892', mode: 'numeric' },
      { data: '/21/AB12CD34EF56', mode: 'alphanumeric' },
    ]);
    expect(urlSegments('https://t.example/?code=AB12')).toBe('https://t.example/?code=AB12');
  });
});

describe('ZIP writer', () => {
  it('writes stored and deflated entries with UTF-8 names, and ZIP64 end records past 65,535 entries', () => {
    for (const count of [3, 70_000]) {
      const zip = new ZipWriter({ year: 2026, month: 1, day: 31, hour: 12, minute: 30, second: 10 });
      const parts: Buffer[] = [];
      for (let i = 0; i < count; i++) {
        const text = Buffer.from(`<svg>${i}</svg>`);
        const deflate = i % 2 === 0;
        const data = deflate ? deflateRawSync(text) : text;
        parts.push(...zip.add({ name: `码${i}.svg`, data, method: deflate ? 8 : 0, crc32: crc32(text), size: text.length }));
      }
      const archive = Buffer.concat([...parts, zip.finish()]);
      const entries = zipEntries(archive);
      expect(entries).toHaveLength(count);
      expect(entries[count - 1]).toEqual({ name: `码${count - 1}.svg`, data: Buffer.from(`<svg>${count - 1}</svg>`) });
      expect(entries[0]!.data.toString()).toBe('<svg>0</svg>');
      // the first local header's MS-DOS time and date (offsets 10 and 12) read the clock it was given
      expect(archive.readUInt16LE(10)).toBe((12 << 11) | (30 << 5) | 5);
      expect(archive.readUInt16LE(12)).toBe(((2026 - 1980) << 9) | (1 << 5) | 31);
      // ZIP64 end record and locator only when the 16-bit count no longer fits.
      expect(archive.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(count > 0xffff);
      expect(archive.readUInt16LE(archive.length - 22 + 10)).toBe(Math.min(count, 0xffff));
    }
  });
});
