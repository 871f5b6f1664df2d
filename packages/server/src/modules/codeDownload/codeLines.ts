import { Readable } from 'node:stream';
import { csvCell, csvLine, UTF8_BOM } from '../../platform/export/csv.js';
import { cellsOf, type CodeFileInput } from './codeFiles.js';
import { mapInOrder } from './inOrder.js';
import { codesOfText } from './jobCodes.js';
import type { PlainLabelForm } from './labelContent.js';
import type { WorkerPool } from './workerPool.js';

/**
 * A job's codes as CSV (for spreadsheets: BOM, a header row, neutralised cells) or TXT (for printing presses:
 * fields separated by tabs, no header), one CRLF-ended line a code.
 *
 * The lines of a million codes are seconds of CPU, most of it their hidden codes. Worker threads write them
 * (codeLineWorker.mjs), a batch at a time and several batches ahead, straight from the bytes the database
 * sends: the main thread only passes bytes along, so a big download neither takes seconds longer nor holds
 * every other request while it runs. The workers write codes of letters and digits, whose cells are left as
 * they are; a batch with any other code, a job whose URL or columns are not of that plain shape, or a file
 * without workers is written here by `csvLine` and `labelOf`, the reference: the bytes are the same either way.
 */

export type CodeLineFormat = 'csv' | 'txt';

export const CODE_LINE_WORKER = new URL('./codeLineWorker.mjs', import.meta.url);

export interface CodeLinesInput extends CodeFileInput {
  /** The job's codes as COPY text, whole lines a batch (jobCodeText). */
  text: AsyncIterable<Buffer>;
  /** Threads running CODE_LINE_WORKER, and how the job labels its plain codes (null: not that shape). */
  workers?: { pool: WorkerPool; form: PlainLabelForm | null };
}

const SEPARATOR: Record<CodeLineFormat, string> = { csv: ',', txt: '\t' };

/** The lines of `codes` written on this thread. */
function linesHere(format: CodeLineFormat, codes: readonly string[], input: CodeLinesInput): Buffer {
  const { labelOf, withHidden } = input;
  let text = '';
  if (format === 'csv') for (const code of codes) text += csvLine(cellsOf(labelOf(code), withHidden));
  else for (const code of codes) text += `${cellsOf(labelOf(code), withHidden).join('\t')}\r\n`;
  return Buffer.from(text);
}

/** What the workers need besides a batch, or null when they cannot write this job's lines as they are here. */
function workerJob(format: CodeLineFormat, form: PlainLabelForm | null, withHidden: boolean) {
  if (!form || withHidden !== (form.secret !== null)) return null;
  // A URL cell that a CSV quotes or neutralises (a comma or a quote in the base URL or the batch number).
  const sample = `${form.urlHead}A`;
  if (format === 'csv' && csvCell(sample) !== sample) return null;
  return { separator: SEPARATOR[format].charCodeAt(0), urlHead: Buffer.from(form.urlHead), secret: form.secret, hiddenLength: form.hiddenLength };
}

async function* lineChunks(format: CodeLineFormat, input: CodeLinesInput): AsyncGenerator<Buffer> {
  const { texts, withHidden } = input;
  if (format === 'csv') yield Buffer.from(UTF8_BOM + csvLine(withHidden ? [texts.code, texts.url, texts.hidden] : [texts.code, texts.url]));
  const job = input.workers ? workerJob(format, input.workers.form, withHidden) : null;
  if (!input.workers || !job) {
    for await (const text of input.text) yield linesHere(format, codesOfText(text), input);
    return;
  }
  const { pool } = input.workers;
  const write = async (text: Buffer): Promise<Buffer> => {
    const written = (await pool.run({ ...job, text })) as Uint8Array | null;
    if (!written) return linesHere(format, codesOfText(text), input);
    return Buffer.from(written.buffer, written.byteOffset, written.byteLength);
  };
  // Two batches a worker: one being written while the other is on its way.
  yield* mapInOrder(input.text, write, pool.size * 2);
}

/** A job's codes as a CSV or TXT stream, written while they are read. */
export function codeLines(format: CodeLineFormat, input: CodeLinesInput): Readable {
  const stream = Readable.from(lineChunks(format, input), { objectMode: false });
  stream.on('error', input.onError);
  return stream;
}
