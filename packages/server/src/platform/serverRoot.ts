import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (packages/server): the nearest folder above this module with a package.json.
 * Found rather than counted, because this code runs from two depths: its sources (src/platform) under the
 * tests and the dev server, and the compiled bundle (dist/main.mjs) under `npm start`.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const SERVER_ROOT = findServerRoot(import.meta.dirname);

/** The repository's root, where `npm start` keeps ./data and the web app is built. */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
