import { Readable } from 'node:stream';
import type { WallClock } from '@rd/contract';
import { safeFileName } from '../../platform/http/attachment.js';
import { mapInOrder, rebatch } from './inOrder.js';
import type { LabelContent } from './labelContent.js';
import type { QrPool } from './qrPool.js';
import { ZipWriter } from './zipWriter.js';

/** Codes drawn per worker task; each task's entries go out as one block. */
const TASK_SIZE = 100;

export interface QrZipInput {
  kind: 'svg' | 'png';
  batches: AsyncIterable<string[]>;
  labelOf: (code: string) => LabelContent;
  pool: QrPool;
  onError: (error: unknown) => void;
  /** The entries' modification time, on the business zone's wall clock like the file's name. */
  modified: WallClock;
}

/**
 * A ZIP with one QR image per code, named <code>.svg or <code>.png, each carrying the label's exact URL.
 * The workers draw and compress the images while earlier ones go out; nothing is drawn faster than the
 * client reads (the stream pulls), so a slow client holds a few tasks' images in memory, and one that goes
 * away stops the drawing and the reading of codes.
 */
export function qrZip(input: QrZipInput): Readable {
  const zip = new ZipWriter(input.modified);
  const draw = async (codes: string[]) => {
    const labels = codes.map(input.labelOf);
    const images = await input.pool.render(input.kind, labels.map((l) => l.url));
    return images.map((image, i) => ({ ...image, name: `${safeFileName((labels[i] as LabelContent).code)}.${input.kind}` }));
  };
  async function* blocks() {
    for await (const entries of mapInOrder(rebatch(input.batches, TASK_SIZE), draw, input.pool.size * 2)) {
      yield Buffer.concat(entries.flatMap((entry) => zip.add(entry)));
    }
    yield zip.finish();
  }
  const stream = Readable.from(blocks(), { objectMode: false });
  stream.on('error', input.onError);
  return stream;
}
