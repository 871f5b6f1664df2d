import os from 'node:os';
import { compression } from 'vite-plugin-compression2';

/** Every text asset the server may send: scripts, styles, documents, pictures drawn as SVG, data files. */
const TEXT_ASSETS = /\.(html|css|js|mjs|json|geojson|map|svg|xml|txt|webmanifest)$/;

/**
 * Each text asset of the build gets a brotli (.br, highest quality) and a gzip (.gz) copy beside it, made
 * once here so the server only picks a file by the request's Accept-Encoding and never compresses a
 * static file per request (packages/server/src/platform/http/webApp.ts). Even the smallest files are
 * compressed; a copy that would not be smaller is left out and the original is sent. Brotli at its highest
 * quality is most of the build's time: it runs on every core (the plugin's default is one at a time).
 */
export function precompressedAssets() {
  return compression({ include: TEXT_ASSETS, threshold: 0, algorithms: ['brotliCompress', 'gzip'], deleteOriginalAssets: false, logLevel: 'silent', scheduler: { limit: os.availableParallelism() } });
}
