import { Readable } from 'node:stream';
import { assertContentAddress, contentAddress } from './contentAddress.js';
import type { FileStorage } from './storage.js';

/** Keeps content in the process (DATA_DIR=memory://): for tests and throw-away runs. */
export function createMemoryStorage(): FileStorage {
  const blobs = new Map<string, Buffer>();
  return {
    async put(bytes) {
      const sha256 = contentAddress(bytes);
      if (!blobs.has(sha256)) blobs.set(sha256, Buffer.from(bytes));
      return { sha256, size: bytes.length };
    },
    open(sha256) {
      assertContentAddress(sha256);
      const bytes = blobs.get(sha256);
      if (!bytes) {
        const missing = new Readable({ read() {} });
        process.nextTick(() => missing.destroy(Object.assign(new Error(`no stored file ${sha256}`), { code: 'ENOENT' })));
        return missing;
      }
      return Readable.from([bytes]);
    },
    async exists(sha256) {
      assertContentAddress(sha256);
      return blobs.has(sha256);
    },
  };
}
