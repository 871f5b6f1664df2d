import type { UploadProblem } from '@rd/contract';
import { SPREADSHEET_ZIP_LIMITS, checkZip } from '../../platform/files/zipCheck.js';

const MB = 1024 * 1024;

/**
 * What is wrong with an .xlsx upload's zip, read from its central directory before anything is inflated
 * (too many entries, too large once inflated, damaged), as the upload's refusal; null when it may be read.
 */
export async function spreadsheetZipProblem(bytes: Buffer): Promise<UploadProblem | null> {
  const zip = await checkZip(bytes, SPREADSHEET_ZIP_LIMITS);
  if (zip.ok) return null;
  if (zip.problem === 'TOO_MANY_ENTRIES') return { key: 'validation.archiveEntries', params: { max: String(SPREADSHEET_ZIP_LIMITS.maxEntries) } };
  if (zip.problem === 'TOO_LARGE') return { key: 'validation.archiveSize', params: { max: `${SPREADSHEET_ZIP_LIMITS.maxUncompressedBytes / MB} MB` } };
  return { key: 'validation.archiveCorrupt' };
}
