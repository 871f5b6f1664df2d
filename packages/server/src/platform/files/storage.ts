import type { Readable } from 'node:stream';
import type { Config } from '../config.js';
import { createDiskStorage } from './diskStorage.js';
import { createMemoryStorage } from './memoryStorage.js';

/**
 * Where uploaded bytes live, addressed by their SHA-256: identical content is stored once, and a name is
 * never taken from the request. Local disk by default; an S3-compatible object store (s3Storage.ts), which
 * every instance of the server shares, implements the same three calls.
 */
export interface FileStorage {
  /** Stores the bytes (once per content) and tells their address and size. */
  put(bytes: Buffer): Promise<{ sha256: string; size: number }>;
  /** The stored bytes as a stream; the stream fails when there is nothing under that address. */
  open(sha256: string): Readable;
  exists(sha256: string): Promise<boolean>;
}

/** The storage for DATA_DIR: in memory for 'memory://' (tests), else DATA_DIR/files on disk. */
export function createFileStorage(dataDir: string): FileStorage {
  return dataDir.startsWith('memory://') ? createMemoryStorage() : createDiskStorage(dataDir);
}

/**
 * The storage the configuration names. An object store is checked before the server starts: a server
 * that cannot keep or serve files refuses to start, with the reason, rather than fail on the first upload.
 */
export async function openFileStorage(config: Pick<Config, 'dataDir' | 'fileStorage'>): Promise<FileStorage> {
  if (config.fileStorage.kind === 'disk') return createFileStorage(config.dataDir);
  const { createS3Storage } = await import('./s3Storage.js');
  const storage = createS3Storage(config.fileStorage);
  await storage.checkReachable();
  return storage;
}
