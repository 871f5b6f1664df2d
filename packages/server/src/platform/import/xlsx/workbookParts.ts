import { posix } from 'node:path';
import { dateStyles } from './dateStyles.js';
import { sharedStrings } from './sharedStrings.js';
import { UnreadableWorkbook } from './unreadableWorkbook.js';
import { localName, readXml, xmlParser } from './xmlFeed.js';
import type { WorkbookZip, ZipEntry } from './zipEntries.js';

/** What reading a sheet's cells needs from the rest of the workbook. */
export interface WorkbookParts {
  /** The first visible worksheet, or null when every sheet is hidden (or there is none). */
  sheet: ZipEntry | null;
  sharedStrings: string[];
  /** Indices of the cell styles whose number format is a date or time. */
  dateStyles: Set<number>;
  /** Whether day 0 is 1904-01-01 (old Mac workbooks) rather than 1899-12-30. */
  date1904: boolean;
}

interface Relationship {
  type: string;
  path: string;
}

const REL_TYPE = {
  officeDocument: '/officeDocument',
  worksheet: '/worksheet',
  sharedStrings: '/sharedStrings',
  styles: '/styles',
};

/** The relationships of a part (Id → type and the zip path of the target, resolved against the part's folder). */
async function relationships(zip: WorkbookZip, partPath: string): Promise<Map<string, Relationship>> {
  const folder = posix.dirname(partPath);
  const rels = new Map<string, Relationship>();
  const entry = zip.entries.get(posix.join(folder, '_rels', `${posix.basename(partPath)}.rels`));
  if (!entry) return rels;
  const parser = xmlParser();
  parser.on('opentag', (tag) => {
    if (localName(tag.name) !== 'Relationship' || tag.attributes.TargetMode === 'External') return;
    const target = String(tag.attributes.Target ?? '');
    const path = target.startsWith('/') ? target.slice(1) : posix.join(folder, target);
    rels.set(String(tag.attributes.Id), { type: String(tag.attributes.Type ?? ''), path });
  });
  await readXml(zip, entry, parser);
  return rels;
}

const firstOfType = (rels: Map<string, Relationship>, type: string) => [...rels.values()].find((r) => r.type.endsWith(type))?.path;

/**
 * Finds the workbook part through the package's relationships (xl/workbook.xml as Excel names it), then
 * the sheets in their tab order with their visibility, the date system, the styles and the shared strings.
 * The shared strings are read whole before the sheet, wherever they sit in the zip.
 */
export async function workbookParts(zip: WorkbookZip): Promise<WorkbookParts> {
  const workbookPath = firstOfType(await relationships(zip, ''), REL_TYPE.officeDocument) ?? 'xl/workbook.xml';
  const workbook = zip.entries.get(workbookPath);
  if (!workbook) throw new UnreadableWorkbook(`no workbook part (${workbookPath})`);

  const sheets: Array<{ relId: string; visible: boolean }> = [];
  let date1904 = false;
  const parser = xmlParser();
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'workbookPr') date1904 = tag.attributes.date1904 === '1' || tag.attributes.date1904 === 'true';
    if (name !== 'sheet') return;
    // r:id, whatever prefix the file gives the relationships namespace
    const relKey = Object.keys(tag.attributes).find((key) => key.endsWith(':id'));
    const state = tag.attributes.state;
    sheets.push({ relId: relKey ? String(tag.attributes[relKey]) : '', visible: state !== 'hidden' && state !== 'veryHidden' });
  });
  await readXml(zip, workbook, parser);

  const rels = await relationships(zip, workbookPath);
  // a visible chart sheet holds no cells; the data sheet is the first visible worksheet
  const chosen = sheets.map((s) => (s.visible ? rels.get(s.relId) : undefined)).find((r) => r?.type.endsWith(REL_TYPE.worksheet));
  const sheet = chosen ? zip.entries.get(chosen.path) : undefined;
  if (chosen && !sheet) throw new UnreadableWorkbook(`sheet ${chosen.path} is not in the file`);

  const stringsPath = firstOfType(rels, REL_TYPE.sharedStrings);
  const stylesPath = firstOfType(rels, REL_TYPE.styles);
  return {
    sheet: sheet ?? null,
    sharedStrings: await sharedStrings(zip, stringsPath === undefined ? undefined : zip.entries.get(stringsPath)),
    dateStyles: await dateStyles(zip, stylesPath === undefined ? undefined : zip.entries.get(stylesPath)),
    date1904,
  };
}
