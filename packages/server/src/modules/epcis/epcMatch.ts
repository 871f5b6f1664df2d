import { gs1CheckDigit } from '@rd/contract';
import { canonicalGs1Identifier } from './canonicalIdentifier.js';

/**
 * How the MATCH_ parameters of a query find identifiers (EPCIS 2.0 §8.2.7.1.1). One GS1 identifier has
 * many spellings (an EPC URN, Digital Links on any domain, the portal's labels with their lot in the path),
 * so the identifier index keeps each under one key, its canonical Digital Link, and a query looks up the
 * key of what it is given. Identifiers that are not GS1 ones (the scan page's URLs, a partner's own URIs)
 * are their own key. An EPC pattern (urn:epc:idpat:…) becomes the key prefixes it covers.
 */

const CANONICAL = 'https://id.gs1.org';

/**
 * The portal's own GS1 labels (https://{host}/01/{GTIN}/10/{lot}/21/{serial}) are a million at a time in an
 * activation: their key is cut out of the string rather than parsed as a URL.
 */
const LABEL = /^https:\/\/[^/?#]+\/01\/(\d{14})(?:\/10\/[^/?#]*)?\/21\/([^/?#]+)$/;

/** The identifier's key in the index. */
export function epcMatchKey(epc: string): string {
  const label = LABEL.exec(epc);
  if (label) return `${CANONICAL}/01/${label[1]}/21/${label[2]}`;
  return canonicalGs1Identifier(epc) ?? epc;
}

/** What one MATCH_ value looks up: keys equal to one of `exact`, or starting with one of `prefixes`. */
export interface EpcLookup {
  exact: string[];
  prefixes: string[];
}

/** A value as written and as its key (an index written before keys were canonical holds the first). */
function exactLookup(value: string): EpcLookup {
  return { exact: [...new Set([value, epcMatchKey(value)])], prefixes: [] };
}

const DIGITS = '0123456789';

/**
 * The key prefixes of an EPC pattern: its URN form as written, and the canonical Digital Links it covers
 * where its scheme has one (SGTIN, SSCC, SGLN). For classes (`forClass`), an SGTIN pattern covers the
 * GTIN's lots and the GTIN itself. Undefined when the value is not a pattern this reads.
 */
function patternLookup(pattern: string, forClass: boolean): EpcLookup | undefined {
  const match = /^urn:epc:idpat:([a-z]+):(.+)$/.exec(pattern);
  if (!match) return undefined;
  const [, scheme, rest] = match as unknown as [string, string, string];
  const fields = rest.split('.');
  const firstStar = fields.indexOf('*');
  // a wildcard is only ever followed by wildcards
  if (firstStar >= 0 && fields.slice(firstStar).some((f) => f !== '*')) return undefined;
  const literal = firstStar < 0 ? fields : fields.slice(0, firstStar);
  if (literal.some((f) => f === '' || /[*%_\\]/.test(f))) return undefined;
  if (firstStar < 0) return exactLookup(`urn:epc:id:${scheme}:${rest}`);

  const urnPrefix = `urn:epc:id:${scheme}:${literal.map((f) => `${f}.`).join('')}`;
  const prefixes = [urnPrefix];
  const exact: string[] = [];
  if (forClass && scheme === 'sgtin') prefixes.push(`urn:epc:class:lgtin:${literal.map((f) => `${f}.`).join('')}`, `urn:epc:idpat:sgtin:${literal.map((f) => `${f}.`).join('')}`);
  const [company, reference] = literal;
  const digits = (text: string | undefined) => text !== undefined && /^\d+$/.test(text);
  if (scheme === 'sgtin') {
    const tail = forClass ? '' : '/21/';
    if (company === undefined) prefixes.push(`${CANONICAL}/01/`);
    else if (digits(company) && reference === undefined) for (const d of DIGITS) prefixes.push(`${CANONICAL}/01/${d}${company}`);
    else if (digits(company) && digits(reference) && company.length + reference!.length === 13) {
      const gtin = reference!.slice(0, 1) + company + reference!.slice(1);
      const key = `${CANONICAL}/01/${gtin}${gs1CheckDigit(gtin)}`;
      if (forClass) exact.push(key);
      prefixes.push(`${key}${forClass ? '/' : tail}`);
    }
  } else if (scheme === 'sscc') {
    if (company === undefined) prefixes.push(`${CANONICAL}/00/`);
    else if (digits(company)) for (const d of DIGITS) prefixes.push(`${CANONICAL}/00/${d}${company}`);
  } else if (scheme === 'sgln') {
    if (company === undefined) prefixes.push(`${CANONICAL}/414/`);
    else if (digits(company) && reference === undefined) prefixes.push(`${CANONICAL}/414/${company}`);
    else if (digits(company) && digits(reference) && company.length + reference!.length === 12) {
      const gln = company + reference!;
      const key = `${CANONICAL}/414/${gln}${gs1CheckDigit(gln)}`;
      exact.push(key);
      prefixes.push(`${key}/254/`);
    }
  }
  return { exact, prefixes };
}

/** The lookup of one MATCH_ value: a pattern's prefixes, else the identifier itself. */
export function epcLookup(value: string, forClass = false): EpcLookup | undefined {
  if (value.startsWith('urn:epc:idpat:')) return patternLookup(value, forClass);
  return exactLookup(value);
}

/** Escapes a literal for LIKE (the index's prefix search). */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
