// Compiles the server into plain JavaScript for `npm start` (scripts/start.mjs): one ES module bundle of
// src/main.ts with the packages it imports, and the QR and .xls workers it starts. The process then loads no
// TypeScript compiler and reads two files instead of a thousand, which is most of a restart's time.
// Tests of the API keep running the TypeScript sources; the browser tests run this bundle.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE_DIR = path.join(SERVER_ROOT, 'dist');
export const SERVER_BUNDLE = path.join(SERVER_BUNDLE_DIR, 'main.mjs');

/**
 * Packages left to be loaded from node_modules at run time, because they find files of their own next to
 * their code (WebAssembly and data files, worker scripts, a native addon, the docs' static pages), or, for
 * qrcode, because the QR worker adjusts the installed module itself.
 */
const LOADED_AT_RUN_TIME = ['@electric-sql/pglite', '@node-rs/argon2', 'pino', 'thread-stream', 'ip2region', '@fastify/swagger', '@fastify/swagger-ui', 'pg', 'qrcode'];

const loadedAtRunTime = {
  name: 'loaded-at-run-time',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      LOADED_AT_RUN_TIME.some((name) => args.path === name || args.path.startsWith(`${name}/`)) ? { path: args.path, external: true } : undefined,
    );
  },
};

/** Writes dist/main.mjs, dist/qrWorker.mjs, dist/codeLineWorker.mjs, dist/xlsWorker.mjs, dist/xsdWorker.mjs and their chunks (with source maps). */
export async function bundleServer() {
  await build({
    absWorkingDir: SERVER_ROOT,
    // Each worker is loaded by its URL next to the module that starts it (qrPool.ts: ./qrWorker.mjs, codeLines.ts:
    // ./codeLineWorker.mjs, xlsRows.ts: ./xlsWorker.mjs, xsdValidation.ts: ./xsdWorker.mjs), so all sit beside main.mjs.
    entryPoints: {
      main: 'src/main.ts',
      qrWorker: 'src/modules/codeDownload/qrWorker.mjs',
      codeLineWorker: 'src/modules/codeDownload/codeLineWorker.mjs',
      xlsWorker: 'src/platform/import/xls/xlsWorker.mjs',
      xsdWorker: 'src/modules/epcis/xsdWorker.mjs',
    },
    outdir: SERVER_BUNDLE_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // What only some deployments load (the S3 client, behind a dynamic import) goes into chunks of its own.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: 'linked',
    // Stack traces and logs name the real functions.
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
    // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
    banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);" },
    plugins: [loadedAtRunTime],
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await bundleServer();
