import multipart from '@fastify/multipart';
import { FILE_UPLOAD_PATH, fileIdParamsSchema, uploadedFileSchema } from '@rd/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import type { FileStorage } from '../../platform/files/storage.js';
import { notFound } from '../../platform/http/appError.js';
import { asAttachment } from '../../platform/http/attachment.js';
import { ok } from '../../platform/http/envelope.js';
import { envelope } from '../../platform/http/schemas.js';
import { acceptUpload } from './service.js';
import { findAccessibleFile } from './store.js';

type StoredFile = NonNullable<Awaited<ReturnType<typeof findAccessibleFile>>>;

/** Streams the stored bytes; a row whose content went missing is logged and answered as not found. */
async function sendContent(request: FastifyRequest, reply: FastifyReply, storage: FileStorage, file: StoredFile) {
  if (!(await storage.exists(file.sha256))) {
    request.log.error({ fileId: file.id, sha256: file.sha256 }, 'stored file content is missing');
    throw notFound();
  }
  return reply.header('content-length', file.size).send(storage.open(file.sha256));
}

export async function fileRoutes(app: App, { db, storage }: AppContext) {
  // Multipart parsing exists only for the upload route, in its own plugin scope.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { throwFileSizeLimit: false });
    uploads.post(FILE_UPLOAD_PATH, {
      config: { access: 'session' },
      schema: {
        tags: ['files'],
        summary: 'Upload one file (multipart field `file`, optional field `place`: avatar | productImage | image | excel)',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadedFileSchema) },
      },
      handler: async (request, reply) => ok(request, await acceptUpload(request, reply, { db, storage }, currentPrincipal(request))),
    });
  });

  app.get('/api/inner/acc/file/downloadFile/:fileId', {
    config: { access: 'session' },
    schema: {
      tags: ['files'],
      summary: 'Download a file of the caller’s company under its original name',
      params: fileIdParamsSchema,
      querystring: z.object({ lang: z.string().optional() }),
    },
    handler: async (request, reply) => {
      const file = await findAccessibleFile(db, currentPrincipal(request), request.params.fileId);
      if (!file) throw notFound();
      asAttachment(reply, file.originalName, file.contentType);
      return sendContent(request, reply, storage, file);
    },
  });

  app.get('/api/inner/acc/file/view/:fileId', {
    config: { access: 'session' },
    schema: {
      tags: ['files'],
      summary: 'An uploaded image of the caller’s company, shown inline (avatars, product pictures)',
      params: fileIdParamsSchema,
      querystring: z.object({ lang: z.string().optional() }),
    },
    handler: async (request, reply) => {
      const file = await findAccessibleFile(db, currentPrincipal(request), request.params.fileId, { imagesOnly: true });
      if (!file) throw notFound();
      // Content never changes under an id: the browser may keep it, but asks again (with the token) each time.
      const etag = `"${file.sha256}"`;
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, no-cache')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return sendContent(request, reply, storage, file);
    },
  });
}
