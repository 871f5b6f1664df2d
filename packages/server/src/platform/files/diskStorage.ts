import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertContentAddress, contentAddress } from './contentAddress.js';
import type { FileStorage } from './storage.js';

/**
 * Content-addressed files under DATA_DIR/files/<first two hex digits>/<sha256>. Each write goes to a
 * temporary file in DATA_DIR/files/tmp, is flushed to disk, then renamed into place: a crash leaves at
 * worst a stray temporary file, never half a stored file, and a rename within one file system is atomic.
 */
export function createDiskStorage(dataDir: string): FileStorage {
  const root = path.join(dataDir, 'files');
  const tmpDir = path.join(root, 'tmp');
  const pathOf = (sha256: string) => {
    assertContentAddress(sha256);
    return path.join(root, sha256.slice(0, 2), sha256);
  };

  return {
    async put(bytes) {
      const sha256 = contentAddress(bytes);
      const target = pathOf(sha256);
      if (await exists(target)) return { sha256, size: bytes.length };
      await fs.mkdir(tmpDir, { recursive: true });
      await fs.mkdir(path.dirname(target), { recursive: true });
      const tmp = path.join(tmpDir, `${sha256}.${randomBytes(6).toString('hex')}`);
      try {
        const handle = await fs.open(tmp, 'wx', 0o600);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        // Two uploads of the same content may race here; both renames put identical bytes in place.
        await fs.rename(tmp, target);
      } catch (error) {
        await fs.rm(tmp, { force: true });
        throw error;
      }
      return { sha256, size: bytes.length };
    },
    open(sha256) {
      return createReadStream(pathOf(sha256));
    },
    async exists(sha256) {
      return exists(pathOf(sha256));
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
