import { createInflateRaw, crc32 } from 'node:zlib';
import { SPREADSHEET_ZIP_LIMITS } from '../../../platform/files/zipCheck.js';
import { UnreadableWorkbook } from './unreadableWorkbook.js';

/**
 * The entries of a zip held in memory, found through its central directory (the index at its end), and
 * each inflated as a stream. The directory is the zip's own account of where every entry starts and how
 * large it is, so an entry can be read in any order (a workbook's shared strings before the sheet that
 * uses them, wherever Excel put them) without inflating anything else. The upload has already been
 * measured against SPREADSHEET_ZIP_LIMITS from the same directory (zipCheck.ts); this reader holds every
 * entry to what the directory declares while it inflates, so a zip that understates its sizes is caught
 * at the first byte too many.
 */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  crc: number;
  dataOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_LOCATOR_SIZE = 20;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const CENTRAL_HEADER_SIZE = 46;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const LOCAL_HEADER_SIZE = 30;
const ZIP64_EXTRA_ID = 0x0001;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;
const FLAG_ENCRYPTED = 0x1;
const STORED = 0;
const DEFLATED = 8;
// large enough that a 30 MB sheet is a few hundred hand-overs, small enough to stay out of the peak memory
const OUTPUT_CHUNK = 64 * 1024;

const broken = (what: string) => new UnreadableWorkbook(`zip: ${what}`);

/** Every entry of the zip by name (without a leading slash). */
export function zipDirectory(bytes: Buffer): Map<string, ZipEntry> {
  const eocd = endOfCentralDirectory(bytes);
  let count = bytes.readUInt16LE(eocd + 10);
  let size = bytes.readUInt32LE(eocd + 12);
  let offset = bytes.readUInt32LE(eocd + 16);
  if (count === U16_MAX || size === U32_MAX || offset === U32_MAX) ({ count, size, offset } = zip64End(bytes, eocd));
  const end = offset + size;
  if (end > eocd) throw broken('central directory out of place');

  const entries = new Map<string, ZipEntry>();
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_HEADER_SIZE > end || bytes.readUInt32LE(at) !== CENTRAL_HEADER_SIGNATURE) throw broken('bad central header');
    const flags = bytes.readUInt16LE(at + 8);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const next = at + CENTRAL_HEADER_SIZE + nameLength + extraLength + commentLength;
    if (next > end) throw broken('bad central header');
    const name = bytes.toString('utf8', at + CENTRAL_HEADER_SIZE, at + CENTRAL_HEADER_SIZE + nameLength).replace(/^\/+/, '');
    const extra = bytes.subarray(at + CENTRAL_HEADER_SIZE + nameLength, at + CENTRAL_HEADER_SIZE + nameLength + extraLength);
    const sizes = zip64Sizes(extra, {
      uncompressedSize: bytes.readUInt32LE(at + 24),
      compressedSize: bytes.readUInt32LE(at + 20),
      localOffset: bytes.readUInt32LE(at + 42),
    });
    if (flags & FLAG_ENCRYPTED) throw broken(`${name} is encrypted`);
    entries.set(name, {
      name,
      method: bytes.readUInt16LE(at + 10),
      compressedSize: sizes.compressedSize,
      uncompressedSize: sizes.uncompressedSize,
      crc: bytes.readUInt32LE(at + 16),
      dataOffset: dataOffset(bytes, sizes.localOffset, sizes.compressedSize),
    });
    at = next;
  }
  return entries;
}

/**
 * The inflated bytes of one entry, a chunk at a time. Inflating stops at the first byte past the declared
 * size (or the spreadsheet limit, whichever is smaller); an entry that ends short or fails its checksum is
 * refused at its end. A caller that stops early ends the inflater with it.
 */
export async function* entryBytes(bytes: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  const allowed = Math.min(entry.uncompressedSize, SPREADSHEET_ZIP_LIMITS.maxUncompressedBytes);
  const data = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  if (entry.method !== STORED && entry.method !== DEFLATED) throw broken(`${entry.name} uses compression method ${entry.method}`);
  if (entry.method === STORED) {
    if (data.length !== entry.uncompressedSize || data.length > allowed) throw broken(`${entry.name} is not the size it declares`);
    if (crc32(data) !== entry.crc) throw broken(`${entry.name} fails its checksum`);
    for (let at = 0; at < data.length; at += OUTPUT_CHUNK) yield data.subarray(at, at + OUTPUT_CHUNK);
    return;
  }
  const inflater = createInflateRaw({ chunkSize: OUTPUT_CHUNK });
  // the inflater takes input as its output is read (stream backpressure), not all of it at once
  inflater.end(data);
  let inflated = 0;
  let crc = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      if (inflated > allowed) throw broken(`${entry.name} inflates past the ${allowed} bytes it declares`);
      crc = crc32(chunk, crc);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof UnreadableWorkbook) throw error;
    throw new UnreadableWorkbook(`zip: ${entry.name} does not inflate`, { cause: error });
  } finally {
    inflater.destroy();
  }
  if (inflated !== entry.uncompressedSize) throw broken(`${entry.name} is not the size it declares`);
  if (crc !== entry.crc) throw broken(`${entry.name} fails its checksum`);
}

/** The last end-of-central-directory record; it sits in the last 22 bytes plus an optional comment. */
function endOfCentralDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - EOCD_SIZE - MAX_COMMENT);
  for (let at = bytes.length - EOCD_SIZE; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === EOCD_SIGNATURE && at + EOCD_SIZE + bytes.readUInt16LE(at + 20) === bytes.length) return at;
  }
  throw broken('no end of central directory');
}

function zip64End(bytes: Buffer, eocd: number) {
  const locator = eocd - ZIP64_LOCATOR_SIZE;
  if (locator < 0 || bytes.readUInt32LE(locator) !== ZIP64_LOCATOR_SIGNATURE) throw broken('no ZIP64 locator');
  const record = safeNumber(bytes.readBigUInt64LE(locator + 8));
  if (record + 56 > locator || bytes.readUInt32LE(record) !== ZIP64_EOCD_SIGNATURE) throw broken('bad ZIP64 end record');
  return {
    count: safeNumber(bytes.readBigUInt64LE(record + 32)),
    size: safeNumber(bytes.readBigUInt64LE(record + 40)),
    offset: safeNumber(bytes.readBigUInt64LE(record + 48)),
  };
}

type Sizes = { uncompressedSize: number; compressedSize: number; localOffset: number };

/** ZIP64 keeps, in this order, the 8-byte values of exactly those fields whose 4-byte value is 0xFFFFFFFF. */
function zip64Sizes(extra: Buffer, sizes: Sizes): Sizes {
  const wanted = (['uncompressedSize', 'compressedSize', 'localOffset'] as const).filter((field) => sizes[field] === U32_MAX);
  if (wanted.length === 0) return sizes;
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
    if (extra.readUInt16LE(at) !== ZIP64_EXTRA_ID) continue;
    if (extra.readUInt16LE(at + 2) < wanted.length * 8 || at + 4 + wanted.length * 8 > extra.length) break;
    const result = { ...sizes };
    wanted.forEach((field, i) => (result[field] = safeNumber(extra.readBigUInt64LE(at + 4 + i * 8))));
    return result;
  }
  throw broken('missing ZIP64 sizes');
}

/** Where an entry's data starts: after its local header, whose name and extra field may differ from the directory's. */
function dataOffset(bytes: Buffer, localOffset: number, compressedSize: number): number {
  if (localOffset + LOCAL_HEADER_SIZE > bytes.length || bytes.readUInt32LE(localOffset) !== LOCAL_HEADER_SIGNATURE) throw broken('bad local header');
  const start = localOffset + LOCAL_HEADER_SIZE + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
  if (start + compressedSize > bytes.length) throw broken('entry data past the end of the file');
  return start;
}

/** Values past 2^53 cannot be offsets into a Buffer; they make the archive unreadable. */
function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw broken('offset out of range');
  return Number(value);
}
