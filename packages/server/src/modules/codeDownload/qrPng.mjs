// A QR symbol as a PNG of one bit per pixel (ISO/IEC 15948: greyscale, bit depth 1): black modules, white
// quiet zone, each module `scale` pixels square. A general image encoder spends ten milliseconds per code
// on RGBA pixels; a symbol needs two colours, so its rows are written directly and deflated once.
// Plain JavaScript: the QR worker loads it.
import zlib from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))) >>> 0, 0);
  return [head, data, crc];
}

/** `dark` holds size × size modules row by row, 1 for dark. */
export function qrPng(size, dark, { margin, scale }) {
  const width = (size + 2 * margin) * scale;
  const rowBytes = 1 + Math.ceil(width / 8);
  const raw = Buffer.alloc(rowBytes * width, 0xff);
  // Filter type 0 (none) at the start of every row; 0xff elsewhere is white.
  for (let y = 0; y < width; y++) raw[y * rowBytes] = 0;
  for (let row = 0; row < size; row++) {
    const firstY = (row + margin) * scale;
    const line = firstY * rowBytes + 1;
    for (let col = 0; col < size; col++) {
      if (!dark[row * size + col]) continue;
      const firstX = (col + margin) * scale;
      for (let x = firstX; x < firstX + scale; x++) raw[line + (x >> 3)] &= ~(0x80 >> (x & 7));
    }
    // The module row's first pixel row, copied to the rest of the module's height.
    for (let y = 1; y < scale; y++) raw.copy(raw, (firstY + y) * rowBytes, firstY * rowBytes, (firstY + 1) * rowBytes);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    SIGNATURE,
    ...chunk('IHDR', header),
    ...chunk('IDAT', zlib.deflateSync(raw)),
    ...chunk('IEND', Buffer.alloc(0)),
  ]);
}
