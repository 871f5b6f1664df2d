import type { EncodedChunk } from './generationStore.js';

/**
 * The next chunk of a job, made while the database is still writing the current one: making and encoding
 * codes takes this process's CPU, storing them the database's, so the two overlap instead of taking turns.
 * A prepared chunk is used only when the next step asks for exactly what it was made for (its key: rule,
 * shape, target, count and, for sequential rules, first serial); otherwise it is dropped and made anew.
 */
export class ChunkPrefetch {
  private readonly next = new Map<string, { key: string; chunk: Promise<EncodedChunk | null> }>();

  /** Starts making the job's next chunk as soon as the event loop is free. */
  prepare(jobId: string, key: string, make: () => EncodedChunk): void {
    const chunk = new Promise<EncodedChunk | null>((resolve) =>
      setImmediate(() => {
        try {
          resolve(make());
        } catch {
          // a guess that failed is simply made again by the step that needs it
          resolve(null);
        }
      }),
    );
    this.next.set(jobId, { key, chunk });
  }

  /** Waits until the job's chunk in the making is made, so a step never waits for it inside its transaction. */
  async ready(jobId: string): Promise<void> {
    await this.next.get(jobId)?.chunk;
  }

  /** The job's prepared chunk when it was made for `key`, else null; either way it is no longer kept. */
  async take(jobId: string, key: string): Promise<EncodedChunk | null> {
    const entry = this.next.get(jobId);
    this.next.delete(jobId);
    return entry && entry.key === key ? entry.chunk : null;
  }

  forget(jobId: string): void {
    this.next.delete(jobId);
  }
}
