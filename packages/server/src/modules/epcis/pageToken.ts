/**
 * Page tokens of the query interface (nextPageToken): where the next page starts, written into the token
 * itself, so the server keeps nothing per query and a token works on any instance. The filters come again
 * with the token (the Link header repeats them).
 */

/** Where a page starts: after a sort key (keyset paging) or after a number of events (field ordering). */
export interface PagePosition {
  /** Events of the result returned on earlier pages (for eventCountLimit). */
  returned: number;
  /** The last event's sort value (a time as ISO text) and id, or null on the first page. */
  after: [string | null, string] | null;
  /** The offset, when ordering by an extension field. */
  offset: number;
}

export const FIRST_PAGE: PagePosition = { returned: 0, after: null, offset: 0 };

export function pageToken(position: PagePosition): string {
  return Buffer.from(JSON.stringify({ n: position.returned, a: position.after, o: position.offset })).toString('base64url');
}

/** A page token's position, or null when it is not one this server gave. */
export function tokenPosition(token: string): PagePosition | null {
  const text = Buffer.from(token, 'base64url').toString();
  // tokens given before ordering existed: record order after an id
  if (/^e\d{1,19}$/.test(text)) return { returned: 0, after: [null, text.slice(1)], offset: 0 };
  try {
    const parsed = JSON.parse(text) as { n?: unknown; a?: unknown; o?: unknown };
    const { n, a, o } = parsed;
    if (typeof n !== 'number' || typeof o !== 'number' || !Number.isSafeInteger(n) || !Number.isSafeInteger(o) || n < 0 || o < 0) return null;
    if (a === null) return { returned: n, after: null, offset: o };
    if (!Array.isArray(a) || a.length !== 2 || typeof a[1] !== 'string' || !/^\d{1,19}$/.test(a[1]) || (a[0] !== null && typeof a[0] !== 'string')) return null;
    if (typeof a[0] === 'string' && Number.isNaN(Date.parse(a[0]))) return null;
    return { returned: n, after: [a[0] as string | null, a[1]], offset: o };
  } catch {
    return null;
  }
}

