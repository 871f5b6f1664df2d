import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The weight of the script a page loads, read off a build's manifest (build.manifest): which chunks a
 * document or a lazily loaded module pulls in by static imports, and their size brotli-compressed as the
 * server delivers them. Deterministic, so budgets can be tests.
 */

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  /** Stylesheets the chunk's modules import: the document links them, render-blocking, before it shows anything. */
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(outDir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/**
 * The chunks a browser loads for `keys` (manifest keys: 'consumer.html', 'src/pages/LoginPage.tsx'): each key's
 * own chunk and everything it imports statically, transitively. Dynamic imports are left out: they load later,
 * when used.
 */
function staticChunks(manifest: Manifest, keys: readonly string[]): ManifestChunk[] {
  const chunks: ManifestChunk[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    chunks.push(chunk);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return chunks;
}

/** The script files of the static closure of `keys` (staticChunks). */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const files = new Set(staticChunks(manifest, keys).map((chunk) => chunk.file));
  return [...files].filter((file) => file.endsWith('.js')).sort();
}

/**
 * The stylesheets a browser loads for `keys`: those of each chunk in the static closure (a document links
 * them all in its head, and draws nothing before they are in).
 */
export function stylesheetClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const files = new Set(staticChunks(manifest, keys).flatMap((chunk) => chunk.css ?? []));
  return [...files].sort();
}

/** Size of a file compressed with brotli at the quality used for the delivered assets. */
export function brotliBytes(file: string): number {
  return zlib.brotliCompressSync(fs.readFileSync(file), {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
  }).length;
}

export interface ScriptWeight {
  total: number;
  files: Array<{ file: string; bytes: number }>;
}

/** The brotli weight of the script `keys` load before anything else is asked for, largest file first. */
export function scriptWeight(outDir: string, manifest: Manifest, keys: readonly string[]): ScriptWeight {
  return weightOf(outDir, staticClosure(manifest, keys));
}

/** The brotli weight of the stylesheets `keys` load before the page can draw, largest file first. */
export function stylesheetWeight(outDir: string, manifest: Manifest, keys: readonly string[]): ScriptWeight {
  return weightOf(outDir, stylesheetClosure(manifest, keys));
}

function weightOf(outDir: string, files: readonly string[]): ScriptWeight {
  const weighed = files.map((file) => ({ file, bytes: brotliBytes(path.join(outDir, file)) })).sort((a, b) => b.bytes - a.bytes);
  return { total: weighed.reduce((sum, f) => sum + f.bytes, 0), files: weighed };
}
