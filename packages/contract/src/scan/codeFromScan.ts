/**
 * What a scanner read, turned into a code. A QR label carries a whole URL, either the portal's scan page
 * (`…/antiCounterfeiting?code=X`) or a GS1 Digital Link (`…/01/{GTIN}[/22/…][/10/{batch}]/21/{serial}`,
 * REFERENCE.md), while a keyboard-wedge scanner or a person may also type the bare code. Shared by the
 * web scanner and the server (the Digital Link resolver), so both read a label the same way.
 */

/** The query parameter of the scan-page URL that holds the code. */
export const SCAN_CODE_PARAM = 'code';

/** GS1 application identifier of the serial number: the code in a Digital Link. */
const GS1_SERIAL_AI = '21';
const GS1_GTIN_AI = '01';

/** Longest text taken as a bare code; anything longer is a URL or noise. */
const MAX_BARE_CODE_LENGTH = 128;

/**
 * The code in a scanned text, or null when the text holds none (empty, or a URL without a code).
 * Trailing Enter / Tab / spaces that scanners append are ignored.
 */
export function codeFromScan(scanned: string): string | null {
  const text = scanned.trim();
  if (text === '') return null;
  if (looksLikeUrl(text)) return codeFromUrl(text);
  if (text.length > MAX_BARE_CODE_LENGTH || /\s/.test(text)) return null;
  return text;
}

function looksLikeUrl(text: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || text.startsWith('/');
}

/**
 * Taken apart by hand rather than with URL: this package runs without DOM or Node typings, and a label
 * only needs the path and the query.
 */
function codeFromUrl(text: string): string | null {
  const withoutFragment = text.split('#', 1)[0] ?? '';
  const queryAt = withoutFragment.indexOf('?');
  const pathAndHost = queryAt < 0 ? withoutFragment : withoutFragment.slice(0, queryAt);
  const query = queryAt < 0 ? '' : withoutFragment.slice(queryAt + 1);
  const fromQuery = queryValue(query, SCAN_CODE_PARAM)?.trim();
  if (fromQuery) return fromQuery;
  return serialFromDigitalLink(pathAndHost.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, ''));
}

/** One parameter of a query string, form-decoded ('+' is a space, as browsers send it). */
function queryValue(query: string, name: string): string | null {
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    const key = equals < 0 ? pair : pair.slice(0, equals);
    if (decodeSegment(key.replace(/\+/g, ' ')) !== name) continue;
    return equals < 0 ? '' : decodeSegment(pair.slice(equals + 1).replace(/\+/g, ' '));
  }
  return null;
}

/**
 * The serial of a Digital Link path. Qualifiers come as identifier/value pairs after the GTIN, so they
 * are walked in pairs: a batch value that happens to read "21" is not taken for the serial identifier.
 */
export function serialFromDigitalLink(pathname: string): string | null {
  const segments = pathname.split('/').filter((s) => s !== '');
  const gtinAt = segments.indexOf(GS1_GTIN_AI);
  if (gtinAt < 0) return null;
  for (let i = gtinAt + 2; i + 1 < segments.length; i += 2) {
    if (segments[i] === GS1_SERIAL_AI) return decodeSegment(segments[i + 1]!);
  }
  return null;
}

function decodeSegment(value: string): string | null {
  try {
    return decodeURIComponent(value) || null;
  } catch {
    return null;
  }
}
