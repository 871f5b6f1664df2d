import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded the first time it is used, not when the server starts. For the heavy
 * libraries of occasional work (spreadsheets, PDF labels, COPY streams, Redis): together they were a
 * large part of a restart's time, and the first request needs none of them. Loading is synchronous, so
 * callers stay as they were; the first use pays the package's load once.
 *
 * Usage: `const exceljs = lazyPackage<typeof import('exceljs')>('exceljs');` then `new (exceljs().Workbook)()`.
 */
export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
