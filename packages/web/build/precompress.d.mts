/** Writes the missing brotli and gzip copies of every text file under `dir` (see precompress.mjs). */
export function precompress(dir: string, options?: { parallel?: number }): Promise<void>;
