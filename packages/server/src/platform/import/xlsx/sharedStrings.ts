import { localName, readXml, xmlParser } from './xmlFeed.js';
import type { WorkbookZip, ZipEntry } from './zipEntries.js';

/**
 * Collects the text of a string item (<si> of the shared strings, <is> of an inline string): its <t>,
 * or the <t> of each rich-text run <r> joined, formatting dropped. Phonetic guides (<rPh>, the furigana
 * over Japanese text) are not part of the value and are left out.
 */
export class StringItem {
  private text = '';
  private inText = false;
  private inPhonetic = false;

  start(): void {
    this.text = '';
  }

  /** Follows one opening element inside the item. */
  open(name: string): void {
    if (name === 't' && !this.inPhonetic) this.inText = true;
    else if (name === 'rPh') this.inPhonetic = true;
  }

  close(name: string): void {
    if (name === 't') this.inText = false;
    else if (name === 'rPh') this.inPhonetic = false;
  }

  add(text: string): void {
    if (this.inText) this.text += text;
  }

  value(): string {
    return this.text;
  }
}

/** The workbook's shared strings in order (cells of type s hold an index into them), as plain text. */
export async function sharedStrings(zip: WorkbookZip, entry: ZipEntry | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  const item = new StringItem();
  let inItem = false;
  const parser = xmlParser();
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'si') {
      inItem = true;
      item.start();
    } else if (inItem) item.open(name);
  });
  const onText = (text: string) => {
    if (inItem) item.add(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (name === 'si') {
      inItem = false;
      strings.push(item.value());
    } else if (inItem) item.close(name);
  });
  await readXml(zip, entry, parser);
  return strings;
}
