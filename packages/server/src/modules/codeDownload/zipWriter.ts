/**
 * A ZIP archive (PKWARE APPNOTE 6.3) written entry by entry, for entries whose bytes, CRC-32 and sizes are
 * known when they are added: the QR workers compress each image and compute its checksum, so the main
 * thread only lays out headers. The central directory keeps one compact record per entry (about 80 bytes)
 * and is written as one block at the end, with ZIP64 end records when there are more than 65,535 entries.
 * Archives stay below 4 GB (100,000 QR images take a few hundred MB); a larger one is refused.
 *
 * (archiver, the usual choice, compresses on the main thread through a new deflate stream per entry and
 * writes its central directory as some twenty separate stream writes per entry in one go: for 100,000
 * images that alone held over 600 MB until the end of the download. yazl, the other maintained streaming
 * writer, also deflates each entry itself on the main thread and takes no entry that arrives already
 * compressed and checksummed, which is what the QR workers hand over.)
 */

import type { WallClock } from '@rd/contract';

export const METHOD_STORED = 0;
export const METHOD_DEFLATED = 8;

export interface ZipEntry {
  name: string;
  /** The entry's bytes as stored in the archive: compressed for METHOD_DEFLATED. */
  data: Buffer;
  method: typeof METHOD_STORED | typeof METHOD_DEFLATED;
  crc32: number;
  /** Uncompressed size in bytes. */
  size: number;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const VERSION_DEFAULT = 20;
const VERSION_ZIP64 = 45;
/** Made by: Unix (3), so the external attributes carry a file mode. */
const MADE_BY_UNIX = 3 << 8;
/** Bit 11: names are UTF-8. */
const FLAG_UTF8 = 0x0800;
/** rw-r--r-- regular file, in the high half of the external attributes. */
const FILE_MODE = (0o100644 << 16) >>> 0;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;

/**
 * MS-DOS date and time of a wall clock (two seconds resolution). The format has no zone: the archive shows
 * whatever clock it is given, so the caller picks the zone its readers work in.
 */
function dosDateTime(clock: WallClock): { time: number; date: number } {
  return {
    time: (clock.hour << 11) | (clock.minute << 5) | (clock.second >> 1),
    date: (Math.max(0, clock.year - 1980) << 9) | (clock.month << 5) | clock.day,
  };
}

function writeU64(buffer: Buffer, value: number, at: number): void {
  buffer.writeBigUInt64LE(BigInt(value), at);
}

export class ZipWriter {
  private offset = 0;
  private readonly central: Buffer[] = [];
  private centralSize = 0;
  private readonly stamp: { time: number; date: number };

  constructor(modified: WallClock) {
    this.stamp = dosDateTime(modified);
  }

  get entryCount(): number {
    return this.central.length;
  }

  /** The bytes of one entry (local header and data), in the order they go out. */
  add(entry: ZipEntry): Buffer[] {
    const name = Buffer.from(entry.name, 'utf8');
    if (this.offset + 30 + name.length + entry.data.length >= U32_MAX || entry.size >= U32_MAX) {
      throw new Error('a zip archive of QR images cannot pass 4 GB');
    }
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION_DEFAULT, 4);
    header.writeUInt16LE(FLAG_UTF8, 6);
    header.writeUInt16LE(entry.method, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    header.writeUInt32LE(entry.crc32 >>> 0, 14);
    header.writeUInt32LE(entry.data.length, 18);
    header.writeUInt32LE(entry.size, 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    this.recordCentral(entry, name, this.offset);
    this.offset += header.length + name.length + entry.data.length;
    return [header, name, entry.data];
  }

  /** The central directory and the end records; the archive is complete after them. */
  finish(): Buffer {
    const directoryOffset = this.offset;
    const count = this.central.length;
    const zip64 = count > U16_MAX || directoryOffset + this.centralSize >= U32_MAX;
    const parts = [...this.central];
    if (zip64) {
      const record = Buffer.alloc(56);
      record.writeUInt32LE(ZIP64_END_OF_CENTRAL_DIRECTORY, 0);
      writeU64(record, 44, 4);
      record.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 12);
      record.writeUInt16LE(VERSION_ZIP64, 14);
      writeU64(record, count, 24);
      writeU64(record, count, 32);
      writeU64(record, this.centralSize, 40);
      writeU64(record, directoryOffset, 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(ZIP64_END_LOCATOR, 0);
      writeU64(locator, directoryOffset + this.centralSize, 8);
      locator.writeUInt32LE(1, 16);
      parts.push(record, locator);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(Math.min(count, U16_MAX), 8);
    end.writeUInt16LE(Math.min(count, U16_MAX), 10);
    end.writeUInt32LE(Math.min(this.centralSize, U32_MAX), 12);
    end.writeUInt32LE(Math.min(directoryOffset, U32_MAX), 16);
    parts.push(end);
    return Buffer.concat(parts);
  }

  private recordCentral(entry: ZipEntry, name: Buffer, localOffset: number): void {
    const record = Buffer.alloc(46 + name.length);
    record.writeUInt32LE(CENTRAL_HEADER, 0);
    record.writeUInt16LE(MADE_BY_UNIX | VERSION_DEFAULT, 4);
    record.writeUInt16LE(VERSION_DEFAULT, 6);
    record.writeUInt16LE(FLAG_UTF8, 8);
    record.writeUInt16LE(entry.method, 10);
    record.writeUInt16LE(this.stamp.time, 12);
    record.writeUInt16LE(this.stamp.date, 14);
    record.writeUInt32LE(entry.crc32 >>> 0, 16);
    record.writeUInt32LE(entry.data.length, 20);
    record.writeUInt32LE(entry.size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(FILE_MODE, 38);
    record.writeUInt32LE(localOffset, 42);
    name.copy(record, 46);
    this.central.push(record);
    this.centralSize += record.length;
  }
}
