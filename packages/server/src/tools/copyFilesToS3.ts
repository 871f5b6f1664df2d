// One-off: copies the files of the disk storage (DATA_DIR/files) into the S3 bucket FILE_STORAGE=s3 names, so
// a server moving to object storage keeps every file it stored. Safe to run again: content already in the
// bucket is skipped. Each file is streamed, never read whole.
//   FILE_STORAGE=s3 S3_BUCKET=… [S3_ENDPOINT=… S3_FORCE_PATH_STYLE=true] DATA_DIR=… npm run files:copy-to-s3 -w @rd/server
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../platform/config.js';
import { createS3Storage } from '../platform/files/s3Storage.js';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The stored files under `root`: <first two hex digits>/<sha256>; temporary and foreign files are left out. */
export function storedFiles(root: string): Array<{ sha256: string; file: string }> {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((dir) => dir.isDirectory() && /^[0-9a-f]{2}$/.test(dir.name))
    .flatMap((dir) =>
      fs
        .readdirSync(path.join(root, dir.name))
        .filter((name) => SHA256_HEX.test(name) && name.startsWith(dir.name))
        .map((name) => ({ sha256: name, file: path.join(root, dir.name, name) })),
    );
}

export async function copyFilesToS3(env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = console.log): Promise<{ copied: number; present: number }> {
  const config = loadConfig(env);
  if (config.fileStorage.kind !== 's3') throw new Error('set FILE_STORAGE=s3 and S3_BUCKET (and S3_ENDPOINT for a store other than AWS)');
  const storage = createS3Storage(config.fileStorage);
  await storage.checkReachable();
  const files = storedFiles(path.join(config.dataDir, 'files'));
  let copied = 0;
  let present = 0;
  for (const { sha256, file } of files) {
    const { size } = fs.statSync(file);
    if (await storage.copyIn(sha256, fs.createReadStream(file), size)) copied += 1;
    else present += 1;
  }
  log(`${files.length} files in ${path.join(config.dataDir, 'files')}: ${copied} copied to s3://${config.fileStorage.bucket}, ${present} there already`);
  return { copied, present };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  copyFilesToS3().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
