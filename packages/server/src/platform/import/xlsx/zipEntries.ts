import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { Entry, ZipFile } from 'yauzl';
import { SPREADSHEET_ZIP_LIMITS, openZip } from '../../files/zipCheck.js';
import { UnreadableWorkbook } from './unreadableWorkbook.js';

/**
 * The entries of a zip held in memory, found through its central directory (the index at its end), and
 * each inflated as a stream, both by yauzl. The directory is the zip's own account of where every entry
 * starts and how large it is, so an entry can be read in any order (a workbook's shared strings before the
 * sheet that uses them, wherever Excel put them) without inflating anything else. The directory is held
 * to SPREADSHEET_ZIP_LIMITS before anything inflates, and yauzl holds every entry to the size the
 * directory declares, so a zip that understates its sizes is stopped at the first chunk too many.
 */
export type ZipEntry = Entry;

export interface WorkbookZip {
  file: ZipFile;
  /** Every entry by name. */
  entries: Map<string, ZipEntry>;
}

const broken = (what: string, cause?: unknown) => new UnreadableWorkbook(`zip: ${what}`, { cause });
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Reads the directory; the caller closes `file` when done with the entries. */
export async function zipDirectory(bytes: Buffer): Promise<WorkbookZip> {
  const opened = await openZip(bytes, SPREADSHEET_ZIP_LIMITS);
  if (!opened.ok) throw broken(opened.reason);
  const { file } = opened.zip;
  const entries = new Map<string, ZipEntry>();
  for (const entry of opened.zip.entries) {
    // yauzl would refuse to open it anyway; saying so here names the file in the log
    if (entry.isEncrypted()) {
      file.close();
      throw broken(`${entry.fileName} is encrypted`);
    }
    entries.set(entry.fileName, entry);
  }
  return { file, entries };
}

/**
 * The inflated bytes of one entry, a chunk at a time. yauzl stops inflating at the first chunk past the
 * declared size and refuses an entry that ends short; the checksum, which yauzl leaves to its callers,
 * is compared at the end. A caller that stops early ends the inflater with it.
 */
export async function* entryBytes(zip: WorkbookZip, entry: ZipEntry): AsyncGenerator<Buffer> {
  let stream: Readable;
  try {
    stream = await zip.file.openReadStreamPromise(entry);
  } catch (error) {
    throw broken(`${entry.fileName}: ${reasonOf(error)}`, error);
  }
  let crc = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      crc = crc32(chunk, crc);
      yield chunk;
    }
  } catch (error) {
    throw broken(`${entry.fileName} does not inflate to what it declares: ${reasonOf(error)}`, error);
  } finally {
    stream.destroy();
  }
  if (crc !== entry.crc32) throw broken(`${entry.fileName} fails its checksum`);
}
