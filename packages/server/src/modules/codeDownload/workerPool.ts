import os from 'node:os';
import { Worker, type Transferable } from 'node:worker_threads';

/**
 * Worker threads for a download's CPU work (QR codes, code lines), so a big download does not hold the event
 * loop, and every other request, for seconds. One thread per core up to four, started when first needed;
 * each request goes to the least busy. A worker answers `{ id, result }` or `{ id, error }` to `{ id, ...message }`.
 */

interface Pending {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

type Reply = { id: number; result: unknown } | { id: number; error: string };

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  readonly size: number;

  /** `work` names what the workers do, in error messages ("QR code not drawn: …"). */
  constructor(
    private readonly script: URL,
    private readonly work: string,
    size = Math.max(1, Math.min(4, os.availableParallelism())),
  ) {
    this.size = size;
  }

  /** Hands `message` to a worker; `transfer` lists memory it takes over rather than a copy of. */
  run(message: object, transfer: readonly Transferable[] = []): Promise<unknown> {
    const slot = this.leastBusy();
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      // A worker with work keeps the process alive; an idle one does not.
      slot.worker.ref();
      slot.worker.postMessage({ ...message, id }, transfer);
    });
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
    const worker = new Worker(this.script);
    const slot: Slot = { worker, pending: new Map() };
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = slot.pending.get(reply.id);
      if (!waiting) return;
      slot.pending.delete(reply.id);
      if (slot.pending.size === 0) worker.unref();
      if ('error' in reply) waiting.reject(new Error(`${this.work}: ${reply.error}`));
      else waiting.resolve(reply.result);
    });
    const fail = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      for (const waiting of slot.pending.values()) waiting.reject(error);
      slot.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`${this.work}: worker stopped (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }
}
