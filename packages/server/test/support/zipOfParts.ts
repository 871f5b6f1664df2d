import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  content: string | Buffer;
  /** Writes this size in the central directory instead of the real one (a zip that lies about itself). */
  declaredSize?: number;
  /** Writes this checksum instead of the real one (an entry damaged after it was written). */
  declaredCrc?: number;
  /** Sets the entry's encrypted flag (the data stays plain: a reader must refuse before it looks). */
  encrypted?: boolean;
}

/**
 * A real zip of the given parts, deflated, in the order given: enough to build a workbook by hand with
 * the parts where a test wants them (the shared strings after the sheet, XML no writer here produces).
 */
export function zipOfParts(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const raw = typeof part.content === 'string' ? Buffer.from(part.content, 'utf8') : part.content;
    const data = deflateRawSync(raw);
    const checksum = part.declaredCrc ?? crc32(raw);
    const flags = 0x0800 | (part.encrypted ? 0x1 : 0); // UTF-8 names, perhaps encrypted
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(part.declaredSize ?? raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
