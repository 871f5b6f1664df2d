import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { neutraliseCell, worksheetName, xlsxSheetsStream, xlsxStream } from '../src/platform/export/xlsx.js';
import { attachmentDisposition, encodeRfc5987, safeFileName } from '../src/platform/http/attachment.js';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('neutraliseCell', () => {
  it('prefixes a quote to text a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://x","y")']) {
      expect(neutraliseCell(text)).toBe(`'${text}`);
    }
  });

  it('leaves ordinary text, numbers, dates and empty cells alone', () => {
    expect(neutraliseCell('张三')).toBe('张三');
    expect(neutraliseCell('a=1')).toBe('a=1');
    expect(neutraliseCell('13812345678')).toBe('13812345678');
    expect(neutraliseCell('')).toBe('');
    expect(neutraliseCell(-1)).toBe(-1);
    expect(neutraliseCell(true)).toBe(true);
    expect(neutraliseCell(null)).toBeNull();
    expect(neutraliseCell(undefined)).toBeUndefined();
    const date = new Date('2025-01-02T03:04:05Z');
    expect(neutraliseCell(date)).toBe(date);
  });
});

describe('xlsxStream', () => {
  async function* rows() {
    yield { name: '张三', note: '=1+1', n: 3 };
    yield { name: 'Li', note: 'plain', n: -4 };
  }

  it('writes a bold header and one row per item, text neutralised, numbers kept', async () => {
    const stream = xlsxStream({
      sheetName: '用户',
      columns: [
        { header: '姓名', value: (r: { name: string }) => r.name },
        { header: '备注', value: (r: { note: string }) => r.note },
        { header: 'N', value: (r: { n: number }) => r.n },
      ],
      rows: rows(),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await collect(stream)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('用户');
    expect(sheet?.getRow(1).values).toEqual([undefined, '姓名', '备注', 'N']);
    expect(sheet?.getRow(1).font?.bold).toBe(true);
    expect(sheet?.getRow(2).values).toEqual([undefined, '张三', "'=1+1", 3]);
    expect(sheet?.getRow(3).values).toEqual([undefined, 'Li', 'plain', -4]);
    expect(sheet?.rowCount).toBe(3);
  });

  it('ends the stream with an error when producing rows fails', async () => {
    const seen: unknown[] = [];
    async function* failing() {
      yield { a: 'x' };
      throw new Error('database went away');
    }
    const stream = xlsxStream({ sheetName: 's', columns: [{ header: 'a', value: (r: { a: string }) => r.a }], rows: failing(), onError: (e) => seen.push(e) });
    await expect(collect(stream)).rejects.toThrow('database went away');
    expect(seen).toHaveLength(1);
  });
});

describe('code columns', () => {
  it('are text cells in a "@" column: leading zeros and twenty digits stay as they are', async () => {
    const codes = ['00012345678901234567', '69012345678901234567', '0042'];
    async function* rows() {
      yield* codes.map((code, i) => ({ code, n: i }));
    }
    const stream = xlsxStream({
      sheetName: 'Codes',
      columns: [
        { header: 'Code', text: true, value: (r: { code: string }) => r.code },
        { header: 'N', value: (r: { n: number }) => r.n },
      ],
      rows: rows(),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await collect(stream)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Codes');
    expect(sheet?.getColumn(1).numFmt).toBe('@');
    for (const [i, code] of codes.entries()) {
      const cell = sheet?.getCell(i + 2, 1);
      expect(cell?.type).toBe(ExcelJS.ValueType.String);
      expect(cell?.value).toBe(code);
      expect(cell?.numFmt).toBe('@');
      expect(sheet?.getCell(i + 2, 2).value).toBe(i);
    }
  });

  it('keep XML special characters and drop the control characters XML cannot hold', async () => {
    async function* rows() {
      yield { text: 'a<b>&"c"\u0001d' };
    }
    const stream = xlsxStream({ sheetName: 'a/b:c', columns: [{ header: 'T', value: (r: { text: string }) => r.text }], rows: rows() });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await collect(stream)) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.name).toBe('a_b_c');
    expect(workbook.worksheets[0]?.getCell(2, 1).value).toBe('a<b>&"c"d');
  });
});

describe('sheets longer than a worksheet', () => {
  it('go on in worksheets named "<name> (2)", … each with the header, every row once and in order', async () => {
    async function* rows(count: number) {
      for (let i = 0; i < count; i++) yield { code: String(i).padStart(6, '0') };
    }
    const columns = [{ header: 'Code', text: true, value: (r: { code: string }) => r.code }];
    // 4 rows a worksheet: the header and 3 codes.
    const stream = xlsxSheetsStream(
      [
        { sheetName: 'Codes', columns, rows: rows(7) },
        { sheetName: 'Empty', columns, rows: rows(0) },
        { sheetName: 'Exact', columns, rows: rows(3) },
      ],
      undefined,
      4,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await collect(stream)) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Codes', 'Codes (2)', 'Codes (3)', 'Empty', 'Exact']);
    const values = (name: string) => (workbook.getWorksheet(name)?.getSheetValues() ?? []).filter(Boolean).map((r) => (r as unknown[])[1]);
    expect(values('Codes')).toEqual(['Code', '000000', '000001', '000002']);
    expect(values('Codes (2)')).toEqual(['Code', '000003', '000004', '000005']);
    expect(values('Codes (3)')).toEqual(['Code', '000006']);
    expect(values('Empty')).toEqual(['Code']);
    expect(values('Exact')).toEqual(['Code', '000000', '000001', '000002']);
  });

  it('are named within 31 characters', () => {
    expect(worksheetName('x'.repeat(40), 1)).toHaveLength(31);
    expect(worksheetName('x'.repeat(40), 12)).toBe(`${'x'.repeat(26)} (12)`);
  });
});

describe('a large export', () => {
  it('reads rows only as fast as the file is taken', async () => {
    let produced = 0;
    async function* rows() {
      for (let i = 0; i < 1_000_000; i++) {
        produced++;
        yield { code: `${i}`.padStart(20, '0') };
      }
    }
    const stream = xlsxStream({ sheetName: 's', columns: [{ header: 'c', text: true, value: (r: { code: string }) => r.code }], rows: rows() });
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Only what fills the compressor and the stream's buffers is read ahead (a few thousand rows); a writer
    // that did not wait for its reader would have gone through a hundred thousand rows by now.
    expect(produced).toBeGreaterThan(0);
    expect(produced).toBeLessThan(30_000);
    stream.destroy();
  });
});

describe('attachment names', () => {
  it('encodes a Chinese name per RFC 5987 with an ASCII fallback', () => {
    expect(attachmentDisposition('用户列表-20260131.xlsx')).toBe(
      `attachment; filename="____-20260131.xlsx"; filename*=UTF-8''%E7%94%A8%E6%88%B7%E5%88%97%E8%A1%A8-20260131.xlsx`,
    );
    expect(decodeURIComponent(encodeRfc5987("it's (1)*!.txt"))).toBe("it's (1)*!.txt");
    expect(encodeRfc5987("it's (1)*!.txt")).toBe('it%27s%20%281%29%2A%21.txt');
  });

  it('keeps only a safe base name: no folders, quotes or control characters', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\temp\\a.xlsx')).toBe('a.xlsx');
    expect(safeFileName('a"b\r\nc.txt')).toBe('a_b__c.txt');
    expect(safeFileName('..')).toBe('download');
    expect(attachmentDisposition('x"\r\ny.txt')).toBe(`attachment; filename="x___y.txt"; filename*=UTF-8''x___y.txt`);
  });
});
