import { gs1CheckDigit } from '@rd/contract';

/**
 * One form for one GS1 identifier, as the CBV event hash asks: an EPC URN (urn:epc:id:sgtin:…) and a GS1
 * Digital Link URI on any domain both become the canonical Digital Link on id.gs1.org, at its finest level
 * (a serial, else a lot, else the key alone) and without a query. Covered: SGTIN, SSCC, SGLN, PGLN, LGTIN
 * and the SGTIN pattern as URNs; AIs 01 (with 21, 10), 00, 414 (with 254) and 417 as Digital Links — the
 * identifiers of products, logistic units, locations and parties. Anything else is not a GS1 identifier
 * this knows, and the hash takes it as written (undefined here).
 */

const CANONICAL = 'https://id.gs1.org';

/** Characters GS1 Digital Link percent-encodes in a value that came out of an EPC URN. */
function webEncode(value: string): string {
  return value.replace(/[!()*+,:]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function withCheck(digits: string): string {
  return digits + gs1CheckDigit(digits);
}

/** Company prefix and reference of an EPC URN: 'CP.REF' where the two together have `total` digits. */
function splitDigits(text: string, total: number): [string, string] | null {
  const match = /^(\d{6,12})\.(\d*)$/.exec(text);
  if (!match || match[1]!.length + match[2]!.length !== total) return null;
  return [match[1]!, match[2]!];
}

function fromUrn(uri: string): string | undefined {
  const match = /^urn:epc:(id|class|idpat):([a-z]+):(.+)$/.exec(uri);
  if (!match) return undefined;
  const [, kind, scheme, rest] = match as unknown as [string, string, string, string];
  const parts = rest.split('.');
  const keyed = (count: number) => (parts.length >= 2 ? splitDigits(`${parts[0]}.${parts[1]}`, count) : null);
  const tail = parts.slice(2).join('.');
  if ((kind === 'id' && scheme === 'sgtin') || (kind === 'class' && scheme === 'lgtin') || (kind === 'idpat' && scheme === 'sgtin')) {
    const key = keyed(13);
    if (!key || !tail) return undefined;
    const [prefix, itemRef] = key;
    const gtin = withCheck(itemRef.slice(0, 1) + prefix + itemRef.slice(1));
    if (kind === 'idpat') return tail === '*' ? `${CANONICAL}/01/${gtin}` : undefined;
    return `${CANONICAL}/01/${gtin}/${kind === 'id' ? '21' : '10'}/${webEncode(tail)}`;
  }
  if (kind !== 'id') return undefined;
  if (scheme === 'sscc' && parts.length === 2) {
    const key = keyed(17);
    return key ? `${CANONICAL}/00/${withCheck(key[1].slice(0, 1) + key[0] + key[1].slice(1))}` : undefined;
  }
  if (scheme === 'sgln' && parts.length >= 3) {
    const key = keyed(12);
    if (!key || !tail) return undefined;
    const gln = withCheck(key[0] + key[1]);
    return tail === '0' ? `${CANONICAL}/414/${gln}` : `${CANONICAL}/414/${gln}/254/${webEncode(tail)}`;
  }
  if (scheme === 'pgln' && parts.length === 2) {
    const key = keyed(12);
    return key ? `${CANONICAL}/417/${withCheck(key[0] + key[1])}` : undefined;
  }
  return undefined;
}

const PRIMARY_KEYS: Record<string, RegExp> = { '01': /^(\d{8}|\d{12}|\d{13}|\d{14})$/, '00': /^\d{18}$/, '414': /^\d{13}$/, '417': /^\d{13}$/ };

function fromDigitalLink(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const segments = url.pathname.split('/').slice(1);
  // the primary key may follow a path prefix of the resolver (https://example.com/dl/01/…)
  const start = segments.findIndex((s, i) => PRIMARY_KEYS[s] !== undefined && PRIMARY_KEYS[s].test(segments[i + 1] ?? ''));
  if (start < 0 || (segments.length - start) % 2 !== 0) return undefined;
  const ai = segments[start]!;
  const qualifiers = new Map<string, string>();
  for (let i = start + 2; i < segments.length; i += 2) qualifiers.set(segments[i]!, segments[i + 1]!);
  if (ai === '01') {
    const gtin = segments[start + 1]!.padStart(14, '0');
    const serial = qualifiers.get('21');
    if (serial !== undefined) return `${CANONICAL}/01/${gtin}/21/${serial}`;
    const lot = qualifiers.get('10');
    return lot !== undefined ? `${CANONICAL}/01/${gtin}/10/${lot}` : `${CANONICAL}/01/${gtin}`;
  }
  const extension = ai === '414' ? qualifiers.get('254') : undefined;
  return `${CANONICAL}/${ai}/${segments[start + 1]}${extension !== undefined ? `/254/${extension}` : ''}`;
}

/** The canonical Digital Link of a GS1 identifier, or undefined when `uri` is not one. */
export function canonicalGs1Identifier(uri: string): string | undefined {
  return uri.startsWith('urn:epc:') ? fromUrn(uri) : fromDigitalLink(uri);
}
