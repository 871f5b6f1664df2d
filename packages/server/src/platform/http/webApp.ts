import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errorHandler.js';

const API_PREFIXES = ['/acc/', '/api/'];

/**
 * Serves the built web app: hashed assets under /dist/ (cached for a year), and index.html for every
 * other GET so the client's history-mode router can take over (spec 9: static assets from /dist/).
 */
export async function installWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/dist/',
      index: false,
      wildcard: true,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built; run `npm run build` to serve the portal');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = API_PREFIXES.some((p) => pathname.startsWith(p)) || pathname.startsWith('/dist/');
    if (request.method !== 'GET' || isApi || !built) return sendError(request, reply, 'NOT_FOUND');
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(fs.createReadStream(indexFile));
  });
}
