// Draws QR codes off the main thread (see qrPool.ts): SVG text, one-bit PNG images, or the bare modules for
// label sheets. Plain JavaScript so that it loads the same way under tsx, the test runner and plain node.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import QRCode from 'qrcode';
import { bestMask } from './qrMask.mjs';
import { qrPng } from './qrPng.mjs';
import { urlSegments } from './qrSegments.mjs';

// The package chooses each symbol's mask through qrcode/lib/core/mask-pattern's getBestMask; the same
// choice made on typed arrays (qrMask.mjs) takes a fraction of the time. Same module instance the package uses.
createRequire(import.meta.url)('qrcode/lib/core/mask-pattern.js').getBestMask = bestMask;

const encoder = new TextEncoder();

/**
 * One code's image, with the memory it owns: sent to the main thread by transfer, not by copy. (Small
 * Buffers share a pool, so a PNG is copied into memory of its own first.)
 */
async function render(kind, url, options) {
  const segments = urlSegments(url);
  if (kind === 'svg') {
    const svg = encoder.encode(await QRCode.toString(segments, { ...options, type: 'svg' }));
    return { result: svg, owned: svg.buffer };
  }
  const qr = QRCode.create(segments, options);
  if (kind === 'png') {
    const png = new Uint8Array(qrPng(qr.modules.size, qr.modules.data, options));
    return { result: png, owned: png.buffer };
  }
  return { result: { size: qr.modules.size, dark: qr.modules.data }, owned: qr.modules.data.buffer };
}

parentPort.on('message', async ({ id, kind, urls, options }) => {
  try {
    const results = [];
    const transfer = [];
    for (const url of urls) {
      const { result, owned } = await render(kind, url, options);
      results.push(result);
      transfer.push(owned);
    }
    parentPort.postMessage({ id, results }, transfer);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
