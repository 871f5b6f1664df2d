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

async function render(kind, url, options) {
  const segments = urlSegments(url);
  if (kind === 'svg') return QRCode.toString(segments, { ...options, type: 'svg' });
  const qr = QRCode.create(segments, options);
  if (kind === 'png') return qrPng(qr.modules.size, qr.modules.data, options);
  return { size: qr.modules.size, dark: qr.modules.data };
}

parentPort.on('message', async ({ id, kind, urls, options }) => {
  try {
    const results = [];
    for (const url of urls) results.push(await render(kind, url, options));
    parentPort.postMessage({ id, results });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
