import { WorkerPool } from './workerPool.js';

/**
 * QR codes are drawn by worker threads: choosing a symbol's mask is about half a millisecond of CPU per
 * code, so 10,000 images would hold the event loop (and every other request) for seconds. The workers run
 * beside it, one per core, and the main thread only zips or lays out what they send back.
 */

export type QrKind = 'svg' | 'png' | 'matrix';

/** A symbol's modules, row by row, 1 for dark; `size` modules a side, without the quiet zone. */
export interface QrMatrix {
  size: number;
  dark: Uint8Array;
}

/** An SVG or PNG image as a ZIP entry's content (see ZipEntry). */
export interface QrImage {
  data: Buffer;
  method: 0 | 8;
  crc32: number;
  size: number;
}

type Rendered<K extends QrKind> = K extends 'matrix' ? QrMatrix : QrImage;

/** Error correction M (15% of the symbol may be lost), a 4-module quiet zone, 8 pixels a module in PNGs. */
export const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4, scale: 8 } as const;

/** QR codes drawn by qrWorker.mjs on a pool of worker threads. */
export class QrPool {
  private readonly workers: WorkerPool;

  constructor(size?: number) {
    this.workers = new WorkerPool(new URL('./qrWorker.mjs', import.meta.url), 'QR code not drawn', size);
  }

  get size(): number {
    return this.workers.size;
  }

  /** The QR codes of `urls`, in the same order. */
  async render<K extends QrKind>(kind: K, urls: readonly string[]): Promise<Rendered<K>[]> {
    const results = (await this.workers.run({ kind, urls, options: QR_OPTIONS })) as unknown[];
    if (kind === 'matrix') return results as Rendered<K>[];
    // Views on the memory the worker handed over, not copies.
    return results.map((r) => {
      const image = r as Omit<QrImage, 'data'> & { data: Uint8Array };
      return { ...image, data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
    }) as Rendered<K>[];
  }

  close(): Promise<void> {
    return this.workers.close();
  }
}
