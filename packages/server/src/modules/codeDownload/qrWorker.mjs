// Draws QR codes off the main thread (see qrPool.ts): SVG text and one-bit PNG images as ZIP entries, or the
// bare modules for label sheets. Plain JavaScript so that it loads the same way under tsx, the test runner
// and plain node.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import zlib from 'node:zlib';
import QRCode from 'qrcode';
import { bestMask } from './qrMask.mjs';
import { qrPng } from './qrPng.mjs';
import { urlSegments } from './qrSegments.mjs';

// The package chooses each symbol's mask through qrcode/lib/core/mask-pattern's getBestMask; the same
// choice made on typed arrays (qrMask.mjs) takes a fraction of the time. Same module instance the package uses.
const require = createRequire(import.meta.url);
require('qrcode/lib/core/mask-pattern.js').getBestMask = bestMask;
// The package's own SVG writer, given the symbol made here rather than making it a second time.
const svgTag = require('qrcode/lib/renderer/svg-tag.js');

const encoder = new TextEncoder();
const DEFLATED = 8;
const STORED = 0;

/**
 * A ZIP entry's content, ready for the archive: the bytes as stored (SVG text deflated here, beside the
 * other workers; PNG stored, being compressed already), their CRC-32 and the original size. The bytes are
 * copied into memory of their own, so they can be handed to the main thread by transfer, not by copy.
 */
function zipEntry(bytes, deflate) {
  const data = new Uint8Array(deflate ? zlib.deflateRawSync(bytes, { level: 6 }) : bytes);
  return { result: { data, crc32: zlib.crc32(bytes), size: bytes.length, method: deflate ? DEFLATED : STORED }, owned: data.buffer };
}

/**
 * One code's image: a ZIP entry for SVG and PNG, the bare modules for label sheets. An SVG carries width
 * and height as well as its viewBox, the PNG's pixel size: programs that place images by their size
 * (label designers, word processors, some printer drivers) otherwise draw it at 0 × 0 or at a size of their own.
 */
function render(kind, url, options) {
  const segments = urlSegments(url);
  const qr = QRCode.create(segments, options);
  if (kind === 'svg') {
    const width = (qr.modules.size + 2 * options.margin) * options.scale;
    return zipEntry(encoder.encode(svgTag.render(qr, { ...options, width })), true);
  }
  if (kind === 'png') return zipEntry(qrPng(qr.modules.size, qr.modules.data, options), false);
  return { result: { size: qr.modules.size, dark: qr.modules.data }, owned: qr.modules.data.buffer };
}

parentPort.on('message', ({ id, kind, urls, options }) => {
  try {
    const results = [];
    const transfer = [];
    for (const url of urls) {
      const { result, owned } = render(kind, url, options);
      results.push(result);
      transfer.push(owned);
    }
    parentPort.postMessage({ id, result: results }, transfer);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
