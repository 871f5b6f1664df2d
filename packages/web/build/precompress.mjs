// The brotli and gzip copies of the built web app's text files, which the server sends by Accept-Encoding
// (packages/server/src/platform/http/webApp.ts) so that no static file is compressed per request.
// Plain JavaScript so that both the Vite build (build/compression.ts) and `npm start` (scripts/start.mjs, which
// runs it after the first answer, in a process of its own) use this one compressor. Brotli at its highest
// quality takes most of a build's time (about 8 s of CPU for the whole app); the start must not wait for it.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Every text asset the server may send: scripts, styles, documents, pictures drawn as SVG, data files. */
const TEXT_ASSETS = /\.(html|css|js|mjs|json|geojson|map|svg|xml|txt|webmanifest)$/;
/** A copy is written here first and renamed into place, so a copy the server finds is always whole. */
const PARTIAL = '.partial';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The copies each file gets: its file name suffix and how it is made from the file's bytes. */
const COPIES = [
  {
    suffix: '.br',
    make: (bytes) =>
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
  },
  { suffix: '.gz', make: (bytes) => gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }) },
];

/** The text files of `dir` and its folders, as full paths. */
function textFilesOf(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && TEXT_ASSETS.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes the missing copies of every text file under `dir`. A copy that would not be smaller than the file
 * is left out (the server then sends the file as it is); a copy already there is kept, so an interrupted run
 * is finished by the next one. `parallel` is how many files are compressed at once.
 */
export async function precompress(dir, { parallel = 1 } = {}) {
  const work = textFilesOf(dir).flatMap((file) => COPIES.map((copy) => ({ file, copy })));
  const pending = work.filter(({ file, copy }) => !fs.existsSync(file + copy.suffix));
  let next = 0;
  async function worker() {
    while (next < pending.length) {
      const { file, copy } = pending[next++];
      const bytes = await fs.promises.readFile(file);
      const compressed = await copy.make(bytes);
      if (compressed.length >= bytes.length) continue;
      const target = file + copy.suffix;
      await fs.promises.writeFile(target + PARTIAL, compressed);
      await fs.promises.rename(target + PARTIAL, target);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
}

// `node precompress.mjs DIR`: what `npm start` runs in the background after a build of the web app.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node precompress.mjs DIR');
    process.exit(2);
  }
  await precompress(dir);
}
