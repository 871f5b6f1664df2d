/**
 * Reads a zip's central directory (the index at its end) without unpacking anything, so an archive
 * (xlsx is one) can be refused before a parser inflates it: too many entries, or more uncompressed
 * bytes than allowed. ZIP64 archives are read too; anything that does not parse is refused.
 */

export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
}

export type ZipCheck =
  | { ok: true; entries: number; uncompressedBytes: number }
  | { ok: false; problem: 'CORRUPT' | 'TOO_MANY_ENTRIES' | 'TOO_LARGE' };

/** Spreadsheet uploads: 1000 entries and 100 MB unpacked are far beyond any real workbook. */
export const SPREADSHEET_ZIP_LIMITS: ZipLimits = { maxEntries: 1000, maxUncompressedBytes: 100 * 1024 * 1024 };

const EOCD_SIGNATURE = 0x06054b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_LOCATOR_SIZE = 20;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const CENTRAL_HEADER_SIZE = 46;
const ZIP64_EXTRA_ID = 0x0001;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;

const corrupt = { ok: false, problem: 'CORRUPT' } as const;

export function checkZip(bytes: Buffer, limits: ZipLimits): ZipCheck {
  const eocd = findEndOfCentralDirectory(bytes);
  if (eocd < 0) return corrupt;
  let entries = bytes.readUInt16LE(eocd + 10);
  let directorySize = bytes.readUInt32LE(eocd + 12);
  let directoryOffset = bytes.readUInt32LE(eocd + 16);

  if (entries === U16_MAX || directorySize === U32_MAX || directoryOffset === U32_MAX) {
    const zip64 = readZip64End(bytes, eocd);
    if (!zip64) return corrupt;
    ({ entries, directorySize, directoryOffset } = zip64);
  }
  // The declared count alone can refuse the archive, before any entry is read.
  if (entries > limits.maxEntries) return { ok: false, problem: 'TOO_MANY_ENTRIES' };
  if (directoryOffset + directorySize > eocd) return corrupt;

  let offset = directoryOffset;
  let uncompressedBytes = 0;
  for (let i = 0; i < entries; i++) {
    if (offset + CENTRAL_HEADER_SIZE > directoryOffset + directorySize) return corrupt;
    if (bytes.readUInt32LE(offset) !== CENTRAL_HEADER_SIGNATURE) return corrupt;
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const end = offset + CENTRAL_HEADER_SIZE + nameLength + extraLength + commentLength;
    if (end > directoryOffset + directorySize) return corrupt;

    let size = bytes.readUInt32LE(offset + 24);
    if (size === U32_MAX) {
      const extraStart = offset + CENTRAL_HEADER_SIZE + nameLength;
      const real = zip64UncompressedSize(bytes.subarray(extraStart, extraStart + extraLength));
      if (real === null) return corrupt;
      size = real;
    }
    uncompressedBytes += size;
    if (uncompressedBytes > limits.maxUncompressedBytes) return { ok: false, problem: 'TOO_LARGE' };
    offset = end;
  }
  return { ok: true, entries, uncompressedBytes };
}

/** The last end-of-central-directory record; it sits in the last 22 bytes plus an optional comment. */
function findEndOfCentralDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - EOCD_SIZE - MAX_COMMENT);
  for (let at = bytes.length - EOCD_SIZE; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) !== EOCD_SIGNATURE) continue;
    const commentLength = bytes.readUInt16LE(at + 20);
    if (at + EOCD_SIZE + commentLength === bytes.length) return at;
  }
  return -1;
}

function readZip64End(bytes: Buffer, eocd: number) {
  const locator = eocd - ZIP64_LOCATOR_SIZE;
  if (locator < 0 || bytes.readUInt32LE(locator) !== ZIP64_LOCATOR_SIGNATURE) return null;
  const recordOffset = toNumber(bytes.readBigUInt64LE(locator + 8));
  if (recordOffset + 56 > locator) return null;
  if (bytes.readUInt32LE(recordOffset) !== ZIP64_EOCD_SIGNATURE) return null;
  return {
    entries: toNumber(bytes.readBigUInt64LE(recordOffset + 32)),
    directorySize: toNumber(bytes.readBigUInt64LE(recordOffset + 40)),
    directoryOffset: toNumber(bytes.readBigUInt64LE(recordOffset + 48)),
  };
}

/** In the ZIP64 extra field the 8-byte uncompressed size comes first when the 4-byte one is 0xFFFFFFFF. */
function zip64UncompressedSize(extra: Buffer): number | null {
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA_ID) return length >= 8 && at + 12 <= extra.length ? toNumber(extra.readBigUInt64LE(at + 4)) : null;
    at += 4 + length;
  }
  return null;
}

/** Values past 2^53 cannot be counted exactly; no acceptable archive has them, so they count as endless. */
function toNumber(value: bigint): number {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : Number.POSITIVE_INFINITY;
}
