import type { Entry, ZipFile } from 'yauzl';
import { lazyPackage } from '../lazyPackage.js';

/** The ZIP reader, loaded with the first upload that is a ZIP container. */
const yauzl = lazyPackage<typeof import('yauzl')>('yauzl');

/**
 * Reads a zip's central directory (the index at its end) with yauzl, without unpacking anything, so an
 * archive (xlsx is one) can be refused before anything inflates it: too many entries, or more
 * uncompressed bytes than allowed. ZIP64 archives are read too; anything that does not parse is refused.
 */

export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
}

export type ZipProblem = 'CORRUPT' | 'TOO_MANY_ENTRIES' | 'TOO_LARGE';

export type ZipCheck = { ok: true; entries: number; uncompressedBytes: number } | { ok: false; problem: ZipProblem };

/** Spreadsheet uploads: 1000 entries and 100 MB unpacked are far beyond any real workbook. */
export const SPREADSHEET_ZIP_LIMITS: ZipLimits = { maxEntries: 1000, maxUncompressedBytes: 100 * 1024 * 1024 };

/** A zip whose directory was read and kept within the limits; its entries open through `file`, which the caller closes. */
export interface ZipDirectory {
  file: ZipFile;
  entries: Entry[];
  uncompressedBytes: number;
}

export type ZipOpening = { ok: true; zip: ZipDirectory } | { ok: false; problem: ZipProblem; reason: string };

/**
 * Opens a zip held in memory and reads its whole directory, measuring it against the limits as it goes:
 * the declared entry count refuses the archive before a single entry is read, the running total of the
 * declared sizes as soon as it passes the limit. yauzl holds every entry to the size declared here when
 * it is inflated later (validateEntrySizes), so these figures are the most any entry can give.
 */
export async function openZip(bytes: Buffer, limits: ZipLimits): Promise<ZipOpening> {
  let file: ZipFile;
  try {
    file = await yauzl().fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
  } catch (error) {
    return { ok: false, problem: 'CORRUPT', reason: reasonOf(error) };
  }
  const refuse = (problem: ZipProblem, reason: string): ZipOpening => {
    file.close();
    return { ok: false, problem, reason };
  };
  if (file.entryCount > limits.maxEntries) return refuse('TOO_MANY_ENTRIES', `${file.entryCount} entries`);

  const entries: Entry[] = [];
  let uncompressedBytes = 0;
  try {
    for await (const entry of file.eachEntry()) {
      uncompressedBytes += entry.uncompressedSize;
      if (uncompressedBytes > limits.maxUncompressedBytes) return refuse('TOO_LARGE', `more than ${limits.maxUncompressedBytes} bytes unpacked`);
      entries.push(entry);
    }
  } catch (error) {
    return refuse('CORRUPT', reasonOf(error));
  }
  return { ok: true, zip: { file, entries, uncompressedBytes } };
}

/** Only the verdict on an upload's zip: whether it is one, and within the limits. */
export async function checkZip(bytes: Buffer, limits: ZipLimits): Promise<ZipCheck> {
  const opened = await openZip(bytes, limits);
  if (!opened.ok) return { ok: false, problem: opened.problem };
  opened.zip.file.close();
  return { ok: true, entries: opened.zip.entries.length, uncompressedBytes: opened.zip.uncompressedBytes };
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
