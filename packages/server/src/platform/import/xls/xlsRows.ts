import { Worker } from 'node:worker_threads';
import type { SheetRow } from '../xlsx/sheetReader.js';
import { UnreadableWorkbook } from '../xlsx/unreadableWorkbook.js';

/** A worker given this long to read a workbook: a file of the excel place (10 MB) reads in a second or two. */
const READ_TIMEOUT_MS = 30_000;
/** Heap of the reading worker: a workbook that needs more is not one the import can take. */
const HEAP_MB = 256;

const WORKER_URL = new URL('./xlsWorker.mjs', import.meta.url);

/**
 * The rows of an .xls (Excel 97–2003) upload, read by SheetJS in a worker thread with a time and a memory
 * limit, so a hostile or broken file can neither hold the event loop nor exhaust the process: past either
 * limit the worker is ended and the file is answered as damaged (UnreadableWorkbook), like an .xlsx that
 * does not read. At most `rowLimit` sheet rows are parsed (a BIFF8 sheet holds 65,536 at most); the rows
 * come as the .xlsx reader gives them, so the same import reads both.
 */
export async function* xlsRows(bytes: Buffer, rowLimit: number): AsyncGenerator<SheetRow> {
  const rows = await new Promise<SheetRow[]>((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { bytes, rowLimit },
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 32 },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new UnreadableWorkbook(`the workbook was not read within ${READ_TIMEOUT_MS / 1000} s`));
    }, READ_TIMEOUT_MS);
    const settle = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    worker.once('message', (reply: { rows: SheetRow[] } | { error: string }) => {
      settle();
      if ('error' in reply) reject(new UnreadableWorkbook(reply.error));
      else resolve(reply.rows);
    });
    // out of memory (ERR_WORKER_OUT_OF_MEMORY) or a crash of the reader
    worker.once('error', (error) => {
      settle();
      reject(new UnreadableWorkbook(error.message));
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new UnreadableWorkbook(`the reader stopped (exit code ${code})`));
    });
  });
  yield* rows;
}
