import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { SERVER_ROOT } from '../../platform/serverRoot.js';

/**
 * Validation of EPCIS 2.0 XML against GS1's XSD (vendor/epcis/xsd, never fetched at run time): capture
 * documents against EPCglobal-epcis-2_0.xsd, query answers against EPCglobal-epcis-query-2_0.xsd.
 *
 * The validator is libxml2 itself, compiled to WebAssembly (npm libxml2-wasm, MIT, actively released; the
 * WebAssembly is inside the package, so nothing is downloaded at install or run time). It was chosen over
 * xmllint-wasm, the other maintained libxml2 build on npm, because it is a library rather than the xmllint
 * command: the schema is compiled once and kept, and a problem comes back as data (line, the element's path,
 * libxml2's message) rather than as text to pick apart. Measured on this 2-core machine with a 6.3–6.8 MB
 * document of 10,000 events: libxml2-wasm parses and validates it in 0.11–0.15 s once its worker runs (0.8–1.2 s
 * the first time, the worker and the schema starting; bench/epcisXmlCapture.ts), xmllint-wasm took 0.6–0.8 s a
 * call (a new worker and a new schema each time). Fast enough: a whole 10,000-event XML capture takes about what
 * the same events take in JSON (2.1–3.0 s against 2.7 s, on PostgreSQL). The JSON capture's schema (Ajv) stays.
 *
 * libxml2 runs in a worker thread (xsdWorker.mjs), one at a time: a large document neither holds the event
 * loop nor keeps its memory, since WebAssembly memory only grows and the worker, with it, is ended after
 * IDLE_MS without work (the next document starts a new one, ~0.2 s).
 */

export const XSD_DIR = path.join(SERVER_ROOT, 'vendor', 'epcis', 'xsd');
const WORKER_URL = new URL('./xsdWorker.mjs', import.meta.url);
const IDLE_MS = 30_000;
/** A document past this is not one to keep a validator busy for: the worker is ended and it is refused. */
const VALIDATE_TIMEOUT_MS = 60_000;

export type XsdSchema = 'document' | 'query';

export interface XsdProblem {
  line: number | null;
  /** libxml2's path of the element, e.g. /epcis:EPCISDocument/EPCISBody/EventList/ObjectEvent[2]/action */
  path: string | null;
  message: string;
}

export interface XsdVerdict {
  /** False when libxml2 could not parse the document at all (the problems then say why). */
  wellFormed: boolean;
  /** Empty when the document is valid. */
  problems: XsdProblem[];
}

type Reply = { id: number; wellFormed: boolean; problems: XsdProblem[] } | { id: number; error: string };

interface Pending {
  resolve(verdict: XsdVerdict): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function stop(reason: Error) {
  const ending = worker;
  worker = null;
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  for (const [id, waiting] of pending) {
    clearTimeout(waiting.timer);
    pending.delete(id);
    waiting.reject(reason);
  }
  void ending?.terminate();
}

function start(): Worker {
  const started = new Worker(WORKER_URL, { workerData: { xsdDir: XSD_DIR }, resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 } });
  started.unref();
  started.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    clearTimeout(waiting.timer);
    if (pending.size === 0) idle();
    if ('error' in reply) waiting.reject(new Error(`XSD validation failed: ${reply.error}`));
    else waiting.resolve({ wellFormed: reply.wellFormed, problems: reply.problems });
  });
  started.on('error', (error) => {
    if (worker === started) stop(error);
  });
  started.on('exit', (code) => {
    if (worker === started) stop(new Error(`the XSD validator stopped (exit code ${code})`));
  });
  return started;
}

/** No work left: the worker no longer keeps the process alive, and ends after a while. */
function idle() {
  worker?.unref();
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => stop(new Error('the XSD validator was idle')), IDLE_MS);
  idleTimer.unref();
}

/** The document's problems by GS1's XSD (none when it is valid). */
export function validateXsd(bytes: Uint8Array, schema: XsdSchema): Promise<XsdVerdict> {
  worker ??= start();
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  worker.ref();
  const id = nextId++;
  const running = worker;
  return new Promise<XsdVerdict>((resolve, reject) => {
    const timer = setTimeout(() => {
      if (worker === running) stop(new Error(`the document was not validated within ${VALIDATE_TIMEOUT_MS / 1000} s`));
    }, VALIDATE_TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
    running.postMessage({ id, kind: schema, bytes });
  });
}

/** Ends the validator (tests, shutdown); the next validation starts it again. */
export async function closeXsdValidator(): Promise<void> {
  const ending = worker;
  stop(new Error('the XSD validator was closed'));
  await ending?.terminate();
}
