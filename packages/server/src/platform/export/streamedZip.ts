import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * A ZIP archive (PKWARE APPNOTE 6.3) whose entries are compressed while their content is still being
 * produced: each entry's CRC-32 and sizes follow its data in a data descriptor (flag bit 3), so nothing
 * waits for a whole entry. Everything is pulled: the next piece of content is asked for only when the
 * reader of the archive has taken the compressed bytes before it, so a slow client holds back the
 * database reads behind a spreadsheet instead of piling the file up in memory.
 *
 * Entries and the archive stay below 4 GB (a full worksheet of codes is a few hundred MB of XML before
 * compression); a larger one ends the stream with an error rather than writing a ZIP64 archive, which
 * not every spreadsheet program opens.
 */

export interface StreamedEntry {
  name: string;
  content: AsyncIterable<Buffer> | Iterable<Buffer>;
}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const VERSION = 20;
/** Bit 3: sizes and CRC in a data descriptor after the data; bit 11: UTF-8 names. */
const FLAGS = 0x0008 | 0x0800;
const DEFLATED = 8;
const U32_MAX = 0xffffffff;

function dosStamp(date: Date): { time: number; date: number } {
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: (Math.max(0, date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

function tooLarge(): Error {
  return new Error('a streamed zip archive cannot pass 4 GB');
}

/** The archive's bytes, entry after entry, then the central directory. */
export async function* streamedZip(entries: AsyncIterable<StreamedEntry> | Iterable<StreamedEntry>, modified = new Date()): AsyncGenerator<Buffer> {
  const stamp = dosStamp(modified);
  const central: Buffer[] = [];
  let offset = 0;

  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATED, 8);
    header.writeUInt16LE(stamp.time, 10);
    header.writeUInt16LE(stamp.date, 12);
    header.writeUInt16LE(name.length, 26);
    const localOffset = offset;
    yield Buffer.concat([header, name]);
    offset += header.length + name.length;

    let crc = 0;
    let size = 0;
    let compressed = 0;
    async function* measured() {
      for await (const chunk of entry.content) {
        crc = zlib.crc32(chunk, crc);
        size += chunk.length;
        if (size >= U32_MAX) throw tooLarge();
        yield chunk;
      }
    }
    const deflate = pipeline(Readable.from(measured(), { objectMode: false }), zlib.createDeflateRaw({ level: 6 }), () => {});
    for await (const chunk of deflate) {
      compressed += (chunk as Buffer).length;
      if (offset + compressed >= U32_MAX) throw tooLarge();
      yield chunk as Buffer;
    }
    offset += compressed;

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    offset += descriptor.length;

    const record = Buffer.alloc(46 + name.length);
    record.writeUInt32LE(CENTRAL_HEADER, 0);
    record.writeUInt16LE(VERSION, 4);
    record.writeUInt16LE(VERSION, 6);
    record.writeUInt16LE(FLAGS, 8);
    record.writeUInt16LE(DEFLATED, 10);
    record.writeUInt16LE(stamp.time, 12);
    record.writeUInt16LE(stamp.date, 14);
    record.writeUInt32LE(crc >>> 0, 16);
    record.writeUInt32LE(compressed, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(localOffset, 42);
    name.copy(record, 46);
    central.push(record);
  }

  const directory = Buffer.concat(central);
  if (offset + directory.length >= U32_MAX || central.length > 0xffff) throw tooLarge();
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(central.length, 8);
  end.writeUInt16LE(central.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([directory, end]);
}
