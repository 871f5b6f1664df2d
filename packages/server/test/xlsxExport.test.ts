import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { neutraliseCell, xlsxStream } from '../src/platform/export/xlsx.js';
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
