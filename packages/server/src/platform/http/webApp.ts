import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { CONSUMER_DOCUMENT, CONSUMER_PAGE_PATHS } from '@rd/contract';
import { sendError } from './errorHandler.js';
import { documentPolicy } from './documentPolicy.js';

const API_PREFIXES = ['/acc/', '/api/'];
const PORTAL_DOCUMENT = 'index.html';
const PRECOMPRESSED = /\.(br|gz)$/;

/**
 * Serves the built web app (spec 9: static assets from /dist/):
 * - hashed assets under /dist/assets, cached for a year; the documents are revalidated (no-cache);
 * - each text file as the build compressed it (.br, .gz beside it), chosen by Accept-Encoding with
 *   Vary: Accept-Encoding, so no static file is compressed per request;
 * - the consumer pages' paths answer the consumer document, every other page path the portal's, whose
 *   history-mode routers take over; each document with its own CSP (its inline scripts' hashes).
 */
export async function installWebApp(app: FastifyInstance, distDir: string) {
  const built = fs.existsSync(path.join(distDir, PORTAL_DOCUMENT));
  if (!built) {
    app.log.warn({ distDir }, 'web app not built; run `npm run build` to serve the portal');
    app.setNotFoundHandler((request, reply) => sendError(request, reply, 'NOT_FOUND'));
    return;
  }
  const policies = new Map(
    [PORTAL_DOCUMENT, CONSUMER_DOCUMENT]
      .filter((name) => fs.existsSync(path.join(distDir, name)))
      .map((name) => [name, documentPolicy(fs.readFileSync(path.join(distDir, name), 'utf8'))]),
  );
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/dist/',
    index: false,
    wildcard: true,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      const policy = policies.get(path.basename(filePath).replace(PRECOMPRESSED, ''));
      if (policy && path.dirname(filePath) === distDir) reply.header('content-security-policy', policy);
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = API_PREFIXES.some((p) => pathname.startsWith(p)) || pathname.startsWith('/dist/');
    if (request.method !== 'GET' || isApi) return sendError(request, reply, 'NOT_FOUND');
    const consumer = CONSUMER_PAGE_PATHS.includes(pathname) && policies.has(CONSUMER_DOCUMENT);
    return reply.sendFile(consumer ? CONSUMER_DOCUMENT : PORTAL_DOCUMENT);
  });
}
