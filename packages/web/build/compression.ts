import os from 'node:os';
import path from 'node:path';
import type { Plugin } from 'vite';
import { precompress } from './precompress.mjs';

/**
 * After a production build, each text asset gets its brotli (.br, highest quality) and gzip (.gz) copy beside it
 * (build/precompress.mjs), made on every core. `npm start` builds with WEB_PRECOMPRESS=later and makes the copies
 * in the background once the server answers (scripts/start.mjs): until a copy is there the server sends the
 * file as it is.
 */
export function precompressedAssets(): Plugin {
  let outDir = '';
  return {
    name: 'precompressed-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (process.env.WEB_PRECOMPRESS === 'later') return;
      await precompress(outDir, { parallel: os.availableParallelism() });
    },
  };
}
