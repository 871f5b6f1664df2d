import type { StreamedEntry } from './streamedZip.js';

/**
 * The small fixed parts of an .xlsx package (ECMA-376 Part 1) around its worksheets: the styles, the
 * workbook with its sheet list, their relationships and the content types. They are written after the
 * worksheets, once it is known how many worksheets the rows took.
 */

/** Cell formats (cellXfs) of styles.xml, by index. */
export const STYLE = {
  header: 1,
  /** Number format 49 is the built-in "@": text. */
  text: 2,
  dateTime: 3,
} as const;

export interface WorkbookSheet {
  name: string;
  /** 1-based: xl/worksheets/sheet<index>.xml */
  index: number;
  /** Columns under the header's filter buttons; 0 for none. */
  autoFilterColumns: number;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

const STYLES =
  XML +
  `<styleSheet xmlns="${MAIN}">` +
  '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

/** A, B, …, Z, AA, AB, … for column 0, 1, … */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function workbook(sheets: readonly WorkbookSheet[]): string {
  const list = sheets.map((s) => `<sheet name="${escapeAttribute(s.name)}" sheetId="${s.index}" r:id="rId${s.index}"/>`).join('');
  // Excel keeps a sheet's filter range as this hidden name; without it the filter buttons are dropped.
  const filters = sheets
    .filter((s) => s.autoFilterColumns > 0)
    .map((s) => `<definedName name="_xlnm._FilterDatabase" localSheetId="${s.index - 1}" hidden="1">'${escapeAttribute(s.name.replace(/'/g, "''"))}'!$A$1:$${columnName(s.autoFilterColumns - 1)}$1</definedName>`)
    .join('');
  return (
    XML +
    `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews><sheets>${list}</sheets>` +
    (filters ? `<definedNames>${filters}</definedNames>` : '') +
    '</workbook>'
  );
}

function workbookRelationships(sheets: readonly WorkbookSheet[]): string {
  const worksheets = sheets.map((s) => `<Relationship Id="rId${s.index}" Type="${REL}/worksheet" Target="worksheets/sheet${s.index}.xml"/>`).join('');
  return XML + `<Relationships xmlns="${PACKAGE_REL}">${worksheets}<Relationship Id="rIdStyles" Type="${REL}/styles" Target="styles.xml"/></Relationships>`;
}

const PACKAGE_RELATIONSHIPS = XML + `<Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

function contentTypes(sheets: readonly WorkbookSheet[]): string {
  const ct = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  const worksheets = sheets.map((s) => `<Override PartName="/xl/worksheets/sheet${s.index}.xml" ContentType="${ct}.worksheet+xml"/>`).join('');
  return (
    XML +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/xl/workbook.xml" ContentType="${ct}.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="${ct}.styles+xml"/>` +
    `${worksheets}</Types>`
  );
}

/** The package's parts besides the worksheets. */
export function workbookParts(sheets: readonly WorkbookSheet[]): StreamedEntry[] {
  const entry = (name: string, xml: string): StreamedEntry => ({ name, content: [Buffer.from(xml, 'utf8')] });
  return [
    entry('xl/styles.xml', STYLES),
    entry('xl/workbook.xml', workbook(sheets)),
    entry('xl/_rels/workbook.xml.rels', workbookRelationships(sheets)),
    entry('_rels/.rels', PACKAGE_RELATIONSHIPS),
    entry('[Content_Types].xml', contentTypes(sheets)),
  ];
}
