import { createHash } from 'node:crypto';

/** A strong validator for a representation: the hash of its exact text. */
export function strongEtag(text: string): string {
  return `"${createHash('sha256').update(text).digest('base64url')}"`;
}

/**
 * If-None-Match (RFC 9110 13.1.2): true when the client already holds this representation. The comparison
 * is weak, as the RFC asks for this header: W/"x" matches "x"; '*' matches any current representation.
 */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return value
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === opaque);
}
