import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** The answers worth compressing on the fly: the API's JSON (and JSON-LD). */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json(?:;|$)/i;

/**
 * API answers in JSON are compressed on the fly when the client accepts it (brotli, else gzip): lists,
 * trees and scan answers shrink to a fraction on a phone network. Everything else is left as it is:
 * - static files are compressed at build time (webApp.ts), never per request;
 * - downloads (zip, xlsx, pdf, pictures) are compressed already, and the CSV and TXT code lists are streams
 *   of up to millions of rows that must flow out as they are written, not through a compressor.
 * Answers under 1 KB (most scan checks of unknown codes, simple acknowledgements) are not worth the work.
 * Brotli at quality 4: most of the gain for a small part of the CPU of its highest quality.
 */
export async function installJsonCompression(app: FastifyInstance) {
  // The plugin would also compress any type the mime database calls compressible (text/csv, text/plain);
  // its per-request opt-out is the x-no-compression header, set here on every answer that is not JSON. An
  // instance hook, so it runs before the route-level hook the plugin adds to each route.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) request.headers['x-no-compression'] = 'not-json';
    done(null, payload);
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: JSON_TYPE,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
