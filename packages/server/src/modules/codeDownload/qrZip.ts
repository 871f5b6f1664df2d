import { once } from 'node:events';
import { pipeline, type Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { safeFileName } from '../../platform/http/attachment.js';
import { Coalesce } from './coalesce.js';
import { mapInOrder, rebatch } from './inOrder.js';
import type { LabelContent } from './labelContent.js';
import type { QrPool } from './qrPool.js';

/** Codes drawn per worker task, and entries handed to the archive before waiting for it to write them. */
const TASK_SIZE = 100;
const QUEUED_ENTRIES_MAX = 1000;

export interface QrZipInput {
  kind: 'svg' | 'png';
  batches: AsyncIterable<string[]>;
  labelOf: (code: string) => LabelContent;
  pool: QrPool;
  onError: (error: unknown) => void;
}

/**
 * A ZIP with one QR image per code, named <code>.svg or <code>.png, each carrying the label's exact URL.
 * Images are drawn by the worker pool while the archive writes earlier ones; the archive is fed only as
 * fast as it is read, so a slow client holds a bounded number of images in memory.
 */
export function qrZip(input: QrZipInput): Readable {
  // PNG is compressed already. SVG text shrinks to about a third at the fastest level; higher levels gain
  // a few per cent for half as much again of the main thread (archiver sets up a deflate stream per entry).
  // A 2 KB window is as good as 32 KB for entries of 2 KB, and far cheaper to set up for each of them.
  const zlib = input.kind === 'svg' ? { level: 1, windowBits: 11, memLevel: 5 } : { level: 0 };
  const archive = new ZipArchive({ zlib, store: input.kind === 'png' });
  const stopped = new AbortController();
  archive.once('close', () => stopped.abort());
  archive.once('error', () => stopped.abort());

  let queued = 0;
  let written = 0;
  archive.on('entry', () => written++);

  const draw = async (codes: string[]) => {
    const labels = codes.map(input.labelOf);
    const images = await input.pool.render(input.kind, labels.map((l) => l.url));
    return labels.map((label, i) => ({ name: `${safeFileName(label.code)}.${input.kind}`, image: images[i] as Buffer }));
  };

  const produce = async () => {
    for await (const entries of mapInOrder(rebatch(input.batches, TASK_SIZE), draw, input.pool.size * 2)) {
      for (const { name, image } of entries) archive.append(image, { name });
      queued += entries.length;
      while (queued - written > QUEUED_ENTRIES_MAX) await once(archive, 'entry', { signal: stopped.signal });
      if (stopped.signal.aborted) return;
    }
    await archive.finalize();
  };
  produce().catch((error: unknown) => {
    if (stopped.signal.aborted) return; // the client went away: nothing to report
    input.onError(error);
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  // A client that goes away destroys the output, and through the pipeline the archive, which stops `produce`.
  const output = new Coalesce();
  pipeline(archive, output, () => undefined);
  return output;
}
