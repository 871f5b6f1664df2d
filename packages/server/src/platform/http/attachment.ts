import type { FastifyReply } from 'fastify';

/**
 * Downloads: the Content-Disposition of a file sent as an attachment. Browsers read the RFC 5987 form
 * (filename*=UTF-8''%E7%94%A8...) for non-ASCII names; the plain `filename` is an ASCII fallback for old
 * clients. Names are reduced to a base name without control characters, so a name can never point to a
 * folder or break the header.
 */

const RESERVED = new Set(['"', '\\', '/', ':', '*', '?', '<', '>', '|']);
const isUnsafe = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || RESERVED.has(c);

/** A file name fit for a header: no folders, no control or reserved characters, never empty. */
export function safeFileName(name: string, fallback = 'download'): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = [...base]
    .map((c) => (isUnsafe(c) ? '_' : c))
    .join('')
    .replace(/^\.+/, '')
    .trim();
  return cleaned || fallback;
}

/** RFC 5987 value-chars: percent-encodes everything outside attr-char, including ' ( ) * which encodeURIComponent leaves. */
export function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment; filename="..."; filename*=UTF-8''...` for a (possibly Chinese) file name. */
export function attachmentDisposition(fileName: string): string {
  const name = safeFileName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/**
 * Sets the headers of a download on the reply: type, attachment name, and no caching (exports and files
 * hold company data that must not stay in shared caches).
 */
export function asAttachment(reply: FastifyReply, fileName: string, contentType: string): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', attachmentDisposition(fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');
}
