import { Transform, type TransformCallback } from 'node:stream';

/**
 * Joins small chunks into blocks of at least `size` bytes. An archive writes three small pieces per entry
 * (header, data, descriptor); passed on one by one, each costs a trip through the response stream and the
 * socket, which for thousands of entries is a good part of the main thread's time.
 */
export class Coalesce extends Transform {
  private parts: Buffer[] = [];
  private length = 0;

  constructor(private readonly size = 64 * 1024) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.parts.push(chunk);
    this.length += chunk.length;
    if (this.length >= this.size) this.release();
    done();
  }

  override _flush(done: TransformCallback): void {
    this.release();
    done();
  }

  private release(): void {
    if (this.length === 0) return;
    this.push(this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts, this.length));
    this.parts = [];
    this.length = 0;
  }
}
