import os from 'node:os';
import { Worker } from 'node:worker_threads';

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

const WORKER_URL = new URL('./qrWorker.mjs', import.meta.url);

interface Pending {
  resolve: (results: unknown[]) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

type Reply = { id: number; results: unknown[] } | { id: number; error: string };

export class QrPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  readonly size: number;

  constructor(size = Math.max(1, Math.min(4, os.availableParallelism()))) {
    this.size = size;
  }

  /** The QR codes of `urls`, in the same order. */
  async render<K extends QrKind>(kind: K, urls: readonly string[]): Promise<Rendered<K>[]> {
    const slot = this.leastBusy();
    const id = this.nextId++;
    const results = await new Promise<unknown[]>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      // A worker with work keeps the process alive; an idle one does not.
      slot.worker.ref();
      slot.worker.postMessage({ id, kind, urls, options: QR_OPTIONS });
    });
    if (kind === 'matrix') return results as Rendered<K>[];
    // Views on the memory the worker handed over, not copies.
    return results.map((r) => {
      const image = r as Omit<QrImage, 'data'> & { data: Uint8Array };
      return { ...image, data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
    }) as Rendered<K>[];
  }

  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private leastBusy(): Slot {
    if (this.slots.length < this.size) return this.start();
    return this.slots.reduce((best, s) => (s.pending.size < best.pending.size ? s : best));
  }

  private start(): Slot {
    const worker = new Worker(WORKER_URL);
    const slot: Slot = { worker, pending: new Map() };
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = slot.pending.get(reply.id);
      if (!waiting) return;
      slot.pending.delete(reply.id);
      if (slot.pending.size === 0) worker.unref();
      if ('error' in reply) waiting.reject(new Error(`QR code not drawn: ${reply.error}`));
      else waiting.resolve(reply.results);
    });
    const fail = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      for (const waiting of slot.pending.values()) waiting.reject(error);
      slot.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`QR worker stopped (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }
}
