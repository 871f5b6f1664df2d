import { StringDecoder } from 'node:string_decoder';
import type { SaxesParser } from 'saxes';
import { lazyPackage } from '../../lazyPackage.js';
import { UnreadableWorkbook } from './unreadableWorkbook.js';
import { entryBytes, type WorkbookZip, type ZipEntry } from './zipEntries.js';

/** A parser that takes plain element names and keeps no line and column count (it is not read). */
/** The XML parser, loaded with the first spreadsheet read. */
const saxes = lazyPackage<typeof import('saxes')>('saxes');

export const xmlParser = () => new (saxes().SaxesParser)({ position: false });

/** An element's name without its namespace prefix: some writers spell the sheet's elements x:row, x:c. */
export const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/**
 * Feeds one zip entry into a parser as it inflates, and pauses after each chunk so that the caller can
 * hand on what the parser's handlers collected. The bytes are decoded as UTF-8 across chunk boundaries:
 * a Chinese character whose three bytes straddle two chunks stays one character.
 */
export async function* feedXml(zip: WorkbookZip, entry: ZipEntry, parser: SaxesParser): AsyncGenerator<void> {
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of entryBytes(zip, entry)) {
      parser.write(decoder.write(chunk));
      yield;
    }
    parser.write(decoder.end());
    parser.close();
  } catch (error) {
    if (error instanceof UnreadableWorkbook) throw error;
    throw new UnreadableWorkbook(`${entry.fileName}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** Parses a whole (small) entry: the workbook, its relationships, the styles, the shared strings. */
export async function readXml(zip: WorkbookZip, entry: ZipEntry, parser: SaxesParser): Promise<void> {
  for await (const _ of feedXml(zip, entry, parser));
}
