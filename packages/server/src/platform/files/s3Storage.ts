import { PassThrough, type Readable } from 'node:stream';
import { GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertContentAddress, contentAddress } from './contentAddress.js';
import type { FileStorage } from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible store's address (MinIO, a test server); AWS's own when null. */
  endpoint: string | null;
  /** Bucket in the path (http://host/bucket/key), as most S3-compatible stores want, not in the host name. */
  forcePathStyle: boolean;
}

/** Content-addressed objects, as on disk: files/<first two hex digits>/<sha256>. */
const keyOf = (sha256: string) => {
  assertContentAddress(sha256);
  return `files/${sha256.slice(0, 2)}/${sha256}`;
};

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * Uploaded files in an S3-compatible object store (FILE_STORAGE=s3), so that every instance of the server
 * reads what any of them stored. Credentials and region come from the AWS SDK's standard chain
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION, profiles, instance roles).
 * - put: an upload has been read and checked in memory already (it is limited in size); its object is written
 *   once per content, like the disk's file, and an object of the same address is never written again.
 * - open: the object's body streams through as it arrives, never held whole.
 */
export interface S3Storage extends FileStorage {
  /** Fails with the reason, naming the bucket and the address, when the bucket cannot be reached. */
  checkReachable(): Promise<void>;
  /** Stores content already addressed elsewhere (a file of the disk storage), streamed; false when it was there. */
  copyIn(sha256: string, body: Readable, size: number): Promise<boolean>;
}

export function createS3Storage(options: S3StorageOptions): S3Storage {
  const client = new S3Client({
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    // S3-compatible stores do not all know the newer default checksums; the content address is our checksum.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  const exists = async (sha256: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(sha256) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  };

  return {
    async put(bytes) {
      const sha256 = contentAddress(bytes);
      if (!(await exists(sha256))) {
        await client.send(
          new PutObjectCommand({ Bucket, Key: keyOf(sha256), Body: bytes, ContentLength: bytes.length, ContentType: 'application/octet-stream' }),
        );
      }
      return { sha256, size: bytes.length };
    },
    open(sha256) {
      const key = keyOf(sha256);
      const out = new PassThrough();
      client.send(new GetObjectCommand({ Bucket, Key: key })).then(
        (answer) => {
          const body = answer.Body as Readable;
          body.on('error', (error) => out.destroy(error));
          body.pipe(out);
        },
        (error: unknown) =>
          out.destroy(isMissing(error) ? Object.assign(new Error(`no stored file ${sha256}`), { code: 'ENOENT' }) : (error as Error)),
      );
      return out;
    },
    exists,
    async copyIn(sha256, body, size) {
      if (await exists(sha256)) {
        body.destroy();
        return false;
      }
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(sha256), Body: body, ContentLength: size, ContentType: 'application/octet-stream' }));
      return true;
    },
    async checkReachable() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        throw new Error(`the file store cannot be reached: S3 bucket "${Bucket}"${options.endpoint ? ` at ${options.endpoint}` : ''} (${reason})`, { cause: error });
      }
    },
  };
}
