import type { Readable } from 'node:stream';
import { FILE_FIELD, UPLOAD_PLACES, UPLOAD_RULES, normaliseLang } from '@rd/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { uploadFailed } from './uploadFailed.js';

/** The largest file any place accepts; no request is read past this, whatever it claims. */
export const MAX_UPLOAD_BYTES = Math.max(...UPLOAD_PLACES.map((place) => UPLOAD_RULES[place].maxBytes));

export interface ReceivedUpload {
  /** The form's plain fields (first value of each). */
  fields: Record<string, string>;
  /** The `file` part, or null when the form had none. */
  file: { name: string; bytes: Buffer; tooLarge: boolean } | null;
}

/**
 * Reads a multipart upload form. The file is read into memory only up to `limitFor(fields seen so far)`;
 * the first byte past it stops reading the request at once (`tooLarge`), so an oversized file is
 * refused without being taken in. A form that names its place after the file is read up to the largest
 * limit of any place and checked once all fields are in.
 */
export async function receiveUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  limitFor: (fields: Record<string, string>) => number,
): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  let file: ReceivedUpload['file'] = null;
  // Past fileSize the parser truncates the part quietly (the plugin is registered with throwFileSizeLimit
  // off); readAtMost sees the extra byte and reports it.
  const parts = request.parts({
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 8, fieldSize: 256, parts: 10, headerPairs: 20 },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string' || Object.hasOwn(fields, part.fieldname)) continue;
        fields[part.fieldname] = part.value;
        // The body's `lang` wins over the header (spec 7), as for JSON bodies.
        if (part.fieldname === 'lang' && part.value !== '') request.lang = normaliseLang(part.value);
        continue;
      }
      if (part.fieldname !== FILE_FIELD) {
        part.file.resume();
        continue;
      }
      const read = await readAtMost(part.file, limitFor(fields));
      file = { name: part.filename, ...read };
      if (read.tooLarge) {
        // The rest of the body stays unread; the connection cannot carry another request after the answer.
        reply.header('connection', 'close');
        break;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw uploadFailed(request, { key: 'validation.fileCount' });
    }
    throw error;
  }
  return { fields, file };
}

async function readAtMost(stream: Readable, limit: number): Promise<{ bytes: Buffer; tooLarge: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      stream.destroy();
      return { bytes: Buffer.alloc(0), tooLarge: true };
    }
    chunks.push(chunk);
  }
  return { bytes: Buffer.concat(chunks, size), tooLarge: false };
}
