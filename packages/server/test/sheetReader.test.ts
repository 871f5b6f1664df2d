import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellValue } from '../src/platform/import/cellValue.js';
import { BATCH_COLUMNS, EXAMPLE_APPROVAL_NO } from '../src/modules/medicinal/columns.js';
import { headerText } from '../src/platform/import/columns.js';
import { ImportErrors } from '../src/platform/import/importErrors.js';
import { readImportSheet } from '../src/platform/import/importSheet.js';
import { templateWorkbook } from '../src/platform/import/template.js';
import { isDateFormatCode } from '../src/platform/import/xlsx/dateStyles.js';
import { sheetRows, type SheetRow } from '../src/platform/import/xlsx/sheetReader.js';
import { UnreadableWorkbook } from '../src/platform/import/xlsx/unreadableWorkbook.js';
import { entryBytes, zipDirectory } from '../src/platform/import/xlsx/zipEntries.js';
import { zipOfParts, type ZipPart } from './support/zipOfParts.js';

async function rowsOf(bytes: Buffer): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of sheetRows(bytes)) rows.push(row);
  return rows;
}

/** The inflated chunks of one zip entry, as the reader gets them. */
async function entryChunks(bytes: Buffer, name: string): Promise<Buffer[]> {
  const zip = await zipDirectory(bytes);
  const entry = zip.entries.get(name);
  if (!entry) throw new Error(`no ${name}`);
  const chunks: Buffer[] = [];
  for await (const chunk of entryBytes(zip, entry)) chunks.push(chunk);
  zip.file.close();
  return chunks;
}

/** A UTF-8 continuation byte (10xxxxxx) first in a chunk: the chunk before ended inside a character. */
const startsInsideCharacter = (chunk: Buffer) => chunk.length > 0 && ((chunk[0] as number) & 0xc0) === 0x80;

async function written(fill: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  fill(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A file from exceljs' streaming writer, which writes strings inline (<is><t>) when told to. */
async function streamed(rows: unknown[][], inlineStrings: boolean): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: !inlineStrings });
  const sheet = workbook.addWorksheet('data');
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** A workbook put together part by part; the sheet comes before the shared strings, as Excel writes them. */
function handWorkbook(options: { sheetData: string; strings?: string; styles?: string; workbookPr?: string; sheetPrefix?: string }): Buffer {
  const x = options.sheetPrefix ?? '';
  const parts: ZipPart[] = [
    { name: '[Content_Types].xml', content: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>' },
    {
      name: '_rels/.rels',
      content: `<Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      content: `<workbook xmlns="${MAIN}" xmlns:r="${REL}">${options.workbookPr ?? ''}<sheets><sheet name="data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content:
        `<Relationships xmlns="${PACKAGE_REL}">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="/xl/sharedStrings.xml"/>` +
        `<Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      content: `<${x ? `${x}:` : ''}worksheet xmlns${x ? `:${x}` : ''}="${MAIN}"><${x ? `${x}:` : ''}sheetData>${options.sheetData}</${x ? `${x}:` : ''}sheetData></${x ? `${x}:` : ''}worksheet>`,
    },
    { name: 'xl/sharedStrings.xml', content: `<sst xmlns="${MAIN}">${options.strings ?? ''}</sst>` },
    { name: 'xl/styles.xml', content: `<styleSheet xmlns="${MAIN}">${options.styles ?? ''}</styleSheet>` },
  ];
  return zipOfParts(parts);
}

describe('sheet reader on files written by exceljs', () => {
  it('reads the import template: header, example row with its dates, and not the hidden list sheet', async () => {
    const bytes = await templateWorkbook({
      sheetName: '药品批次',
      columns: BATCH_COLUMNS,
      example: { approvalNo: EXAMPLE_APPROVAL_NO },
      lists: [{ key: 'approvalNo', values: ['国药准字H20030001', '国药准字H20030002'] }],
      lang: 'zh_CN',
    });
    const rows = await rowsOf(bytes);
    expect(rows.map((r) => r.number)).toEqual([1, 2]);
    expect(rows[0]?.cells).toEqual(BATCH_COLUMNS.map(headerText));
    expect(rows[1]?.cells).toEqual([
      EXAMPLE_APPROVAL_NO,
      'EXAMPLE-0001',
      new Date('2025-01-01T00:00:00Z'),
      new Date('2027-12-31T00:00:00Z'),
      1000,
      '示例省示例市',
      '示例行，导入时忽略',
    ]);
  });

  it('gives dates for date-formatted numbers only, and booleans, errors, rich text and hyperlink text as values', async () => {
    const day = new Date(Date.UTC(2025, 2, 14));
    const bytes = await written((workbook) => {
      const sheet = workbook.addWorksheet('data');
      sheet.addRow([day, day, 45000, 45000.5, true, false, { error: '#N/A' }]);
      sheet.getCell('A1').numFmt = 'yyyy-mm-dd';
      sheet.getCell('B1').numFmt = 'mm-dd-yy'; // exceljs writes Excel's built-in format 14
      sheet.getCell('C1').numFmt = '0.00';
      sheet.getCell('H1').value = { richText: [{ text: '国药' }, { font: { bold: true }, text: '准字' }, { text: 'H1' }] };
      sheet.getCell('I1').value = { text: '说明书', hyperlink: 'https://example.com/a' };
    });
    const [row] = await rowsOf(bytes);
    expect(row?.cells).toEqual([day, day, 45000, 45000.5, true, false, { error: '#N/A' }, '国药准字H1', '说明书']);
    expect(cellValue(row?.cells[6], 'text')).toEqual({ problem: 'unreadable' });
  });

  it('reads inline strings, rich inline strings and dates from the streaming writer', async () => {
    const day = new Date(Date.UTC(2024, 11, 31));
    const bytes = await streamed(
      [
        ['批号', 'B-1', day],
        [{ richText: [{ text: '广东' }, { font: { italic: true }, text: '省' }] }, '', null],
      ],
      true,
    );
    expect(Buffer.concat(await entryChunks(bytes, 'xl/worksheets/sheet1.xml')).toString()).toContain('t="inlineStr"');
    const rows = await rowsOf(bytes);
    // the streaming writer gives a written date a date format of its own
    expect(rows.map((r) => r.cells)).toEqual([['批号', 'B-1', day], ['广东省', '']]);
  });

  it('marks every formula cell, shared formulas included, and the import refuses it whatever result is cached', async () => {
    const bytes = await written((workbook) => {
      const sheet = workbook.addWorksheet('data');
      sheet.getCell('A1').value = 1;
      sheet.getCell('B1').value = { formula: 'A1+1', result: 2 };
      sheet.getCell('A2').value = { formula: 'A1*2', result: 2, shareType: 'shared', ref: 'A2:A3' } as ExcelJS.CellValue;
      sheet.getCell('A3').value = { sharedFormula: 'A2', result: 4 } as ExcelJS.CellValue;
      sheet.getCell('B2').value = { formula: 'CONCAT("a","b")', result: 'ab' };
    });
    const rows = await rowsOf(bytes);
    const formulaCells = [rows[0]?.cells[1], rows[1]?.cells[0], rows[2]?.cells[0], rows[1]?.cells[1]];
    for (const cell of formulaCells) {
      expect(cell).toHaveProperty('formula');
      expect(cellValue(cell, 'integer')).toEqual({ problem: 'formula' });
      expect(cellValue(cell, 'text')).toEqual({ problem: 'formula' });
    }
    expect(rows[0]?.cells[0]).toBe(1);
  });

  it('skips a hidden and a very hidden first sheet', async () => {
    const bytes = await written((workbook) => {
      workbook.addWorksheet('lists', { state: 'hidden' }).addRow(['隐藏']);
      workbook.addWorksheet('more', { state: 'veryHidden' }).addRow(['更隐藏']);
      workbook.addWorksheet('data').addRow(['可见']);
      workbook.addWorksheet('later').addRow(['后面']);
    });
    expect((await rowsOf(bytes)).map((r) => r.cells)).toEqual([['可见']]);
  });

  it.each([
    ['shared strings', false],
    ['inline strings', true],
  ])('reads 20,000 rows of Chinese text (%s) back exactly, characters split between inflated chunks included', async (_, inline) => {
    const expected = Array.from({ length: 20_000 }, (_, i) => [`国药准字Z${String(20_000_000 + i)}`, `广东省广州市白云区第${i}号仓库`]);
    const bytes = await streamed(expected, inline);
    const chunks = await entryChunks(bytes, inline ? 'xl/worksheets/sheet1.xml' : 'xl/sharedStrings.xml');
    expect(chunks.filter(startsInsideCharacter).length).toBeGreaterThan(0);
    const rows = await rowsOf(bytes);
    expect(rows).toHaveLength(expected.length);
    expect(rows.map((r) => r.cells)).toEqual(expected);
    expect(rows.at(-1)?.number).toBe(20_000);
  });

  it('counts dates from 1904 in a workbook that uses the 1904 date system', async () => {
    const day = new Date(Date.UTC(2025, 5, 30));
    const bytes = await written((workbook) => {
      workbook.properties.date1904 = true;
      const sheet = workbook.addWorksheet('data');
      sheet.addRow([day]);
      sheet.getCell('A1').numFmt = 'yyyy-mm-dd';
    });
    expect(bytes.length).toBeGreaterThan(0);
    expect((await rowsOf(bytes))[0]?.cells).toEqual([day]);
  });

  it('stops reading when the caller stops, without reading the rest', async () => {
    const bytes = await streamed(
      Array.from({ length: 20_000 }, (_, i) => [`行${i}`]),
      true,
    );
    const seen: number[] = [];
    for await (const row of sheetRows(bytes)) {
      seen.push(row.number);
      if (seen.length === 3) break;
    }
    expect(seen).toEqual([1, 2, 3]);
  });
});

describe('sheet reader on workbooks put together by hand', () => {
  const styles =
    '<numFmts count="4"><numFmt numFmtId="164" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/>' +
    '<numFmt numFmtId="165" formatCode="0.00&quot;d&quot;"/><numFmt numFmtId="166" formatCode="[Red]0.00"/>' +
    '<numFmt numFmtId="14" formatCode="0"/></numFmts>' +
    '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
    '<cellXfs count="6"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="166"/><xf numFmtId="22"/><xf numFmtId="14"/></cellXfs>';

  it('resolves shared strings written after the sheet, number formats by style, and every cell type', async () => {
    const bytes = handWorkbook({
      strings:
        '<si><t>批号</t></si>' +
        '<si><r><rPr><b/></rPr><t>国药</t></r><r><t xml:space="preserve">准字 </t></r><rPh sb="0" eb="1"><t>こく</t></rPh></si>' +
        '<si><t/></si>',
      styles,
      sheetData:
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c><c r="D1" t="s"><v>2</v></c></row>' +
        '<row r="2"></row>' +
        '<row r="3"><c r="A3" s="1"><v>45000</v></c><c r="B3" s="2"><v>45000</v></c><c r="C3" s="3"><v>7</v></c>' +
        '<c r="D3" s="4"><v>45000.5</v></c><c r="E3" s="5"><v>45000</v></c></row>' +
        '<row r="5"><c r="B5" t="str"><v>文本</v></c><c t="inlineStr"><is><r><t>内</t></r><r><t>联</t></r><rPh><t>x</t></rPh></is></c>' +
        '<c t="d"><v>2025-03-14T00:00:00</v></c><c t="b"><v>0</v></c><c t="e"><v>#DIV/0!</v></c></row>' +
        '<row><c r="A6"><f t="shared" si="0"/><v>5</v></c><c r="B6"><f>SUM(A1:A3)</f></c></row>' +
        '<row r="9"><c r="A9" t="s"><v>2</v></c><c r="B9" s="1"/></row>',
    });
    const rows = await rowsOf(bytes);
    expect(rows.map((r) => r.number)).toEqual([1, 3, 5, 6]);
    expect(rows[0]?.cells).toEqual(['批号', undefined, '国药准字 ', '']);
    // 164 is a date in Chinese, 165 a number with a quoted "d", 166 a coloured number, 22 a built-in date and time;
    // 14 is built-in date, but this file defines 14 as a plain number and its own definition wins
    expect(rows[1]?.cells).toEqual([new Date('2023-03-15T00:00:00Z'), 45000, 7, new Date('2023-03-15T12:00:00Z'), 45000]);
    expect(rows[2]?.cells).toEqual([undefined, '文本', '内联', new Date('2025-03-14T00:00:00Z'), false, { error: '#DIV/0!' }]);
    expect(rows[3]?.cells).toEqual([{ formula: '' }, { formula: 'SUM(A1:A3)' }]);
  });

  it('reads element names with a namespace prefix and the 1904 date system', async () => {
    const bytes = handWorkbook({
      sheetPrefix: 'x',
      workbookPr: '<workbookPr date1904="1"/>',
      styles: '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs>',
      sheetData: '<x:row r="4"><x:c r="B4" s="1"><x:v>0</x:v></x:c><x:c r="C4" t="inlineStr"><x:is><x:t>甲</x:t></x:is></x:c></x:row>',
    });
    expect(await rowsOf(bytes)).toEqual([{ number: 4, cells: [undefined, new Date('1904-01-01T00:00:00Z'), '甲'] }]);
  });

  it('refuses what is not a readable workbook', async () => {
    const sheetData = '<row r="1"><c r="A1" t="s"><v>0</v></c></row>';
    const good = handWorkbook({ strings: '<si><t>a</t></si>', sheetData });
    expect(await rowsOf(good)).toEqual([{ number: 1, cells: ['a'] }]);

    /** Reads until refused; answers the rows read first and why, as the log gets it. */
    const refused = async (bytes: Buffer) => {
      const seen: SheetRow[] = [];
      const error = await (async () => {
        for await (const row of sheetRows(bytes)) seen.push(row);
      })().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(UnreadableWorkbook);
      return { seen, reason: (error as Error).message };
    };
    /** What the user gets: the import answers a damaged upload, in the request's language. */
    const answer = (bytes: Buffer) =>
      readImportSheet({ file: { bytes, kind: 'xlsx' }, columns: BATCH_COLUMNS, maxRows: 10, lang: 'en_US', errors: new ImportErrors(), onRow: () => undefined }).then(
        () => null,
        (e: unknown) => e,
      );
    const damaged = { code: 'UPLOAD_FAILED', params: { reason: 'The file is damaged or not a valid spreadsheet' } };

    const notZip = Buffer.from('PK\u0003\u0004 not really a zip');
    expect((await refused(notZip)).reason).toMatch(/^zip: /);
    expect(await answer(notZip)).toMatchObject(damaged);
    expect((await refused(handWorkbook({ strings: '<si><t>a</t></si>', sheetData: '<row r="1"><c r="A1" t="s"><v>3</v></c></row>' }))).reason).toContain(
      'shared string 3',
    );
    expect((await refused(handWorkbook({ sheetData: '<row r="1"><c r="A1"><v>1</v></c></rw>' }))).reason).toContain('sheet1.xml');
    expect((await refused(zipOfParts([{ name: 'word/document.xml', content: '<document/>' }]))).reason).toContain('no workbook part');

    const workbookXml = `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="d" sheetId="1" r:id="rId1"/></sheets></workbook>`;
    const workbookRels = `<Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
    const withSheet = (sheet: Omit<ZipPart, 'name'>) =>
      zipOfParts([
        { name: 'xl/workbook.xml', content: workbookXml },
        { name: 'xl/_rels/workbook.xml.rels', content: workbookRels },
        { name: 'xl/worksheets/sheet1.xml', ...sheet },
      ]);

    // an entry that inflates to more than the directory declares is stopped there: 1000 bytes hold
    // at most a score of these rows, and not one of the 5000 is read past them
    const rows = '<row><c t="inlineStr"><is><t>填充</t></is></c></row>'.repeat(5000);
    const lying = withSheet({ content: `<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`, declaredSize: 1000 });
    const stopped = await refused(lying);
    expect(stopped.reason).toContain('sheet1.xml');
    expect(stopped.seen.length).toBeLessThan(25);
    expect(await answer(lying)).toMatchObject(damaged);

    // an encrypted entry is refused before it is read, a damaged one when its checksum fails
    const sheet = `<worksheet xmlns="${MAIN}"><sheetData><row><c t="inlineStr"><is><t>甲</t></is></c></row></sheetData></worksheet>`;
    expect(await rowsOf(withSheet({ content: sheet }))).toEqual([{ number: 1, cells: ['甲'] }]);
    expect((await refused(withSheet({ content: sheet, encrypted: true }))).reason).toContain('sheet1.xml is encrypted');
    expect(await answer(withSheet({ content: sheet, encrypted: true }))).toMatchObject(damaged);
    expect((await refused(withSheet({ content: sheet, declaredCrc: 1 }))).reason).toContain('sheet1.xml fails its checksum');
  });
});

describe('date number formats', () => {
  it.each([
    ['yyyy-mm-dd', true],
    ['yyyy"年"m"月"d"日"', true],
    ['[$-404]e/m/d', true],
    ['[h]:mm:ss', true],
    ['DD/MM/YYYY', true],
    ['General', false],
    ['0.00', false],
    ['#,##0.00_);[Red](#,##0.00)', false],
    ['0.00"days"', false],
    ['0.00E+00', false],
    ['\\d0', false],
    ['@', false],
  ])('%s is a date: %s', (code, date) => {
    expect(isDateFormatCode(code)).toBe(date);
  });
});
