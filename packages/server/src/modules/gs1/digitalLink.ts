import { isValidGtin, toGtin14 } from '@rd/contract';

/**
 * A GS1 Digital Link path as codeMaker prints it: /01/{GTIN}[/22/{cpv}][/10/{batch}]/21/{serial}
 * (REFERENCE.md): qualifiers in that order, each value percent-decoded on its own, so an encoded "/"
 * (%2F) inside a batch stays inside it. Values are 1–20 characters of GS1 character set 82.
 */
export interface DigitalLink {
  /** Canonical 14 digits. */
  gtin: string;
  cpv: string | null;
  batch: string | null;
  serial: string;
}

const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]{1,20}$/;
const QUALIFIER_ORDER = ['22', '10', '21'];

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The link's parts, or null when the path is not a Digital Link with a serial. `path` excludes the query. */
export function parseDigitalLinkPath(path: string): DigitalLink | null {
  const segments = path.split('/').slice(1);
  if (segments[0] !== '01' || segments.length < 4 || segments.length % 2 !== 0) return null;
  const gtin = segments[1] ?? '';
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(gtin) || !isValidGtin(gtin)) return null;
  const values: Record<string, string> = {};
  let lastOrder = -1;
  for (let i = 2; i < segments.length; i += 2) {
    const ai = segments[i] as string;
    const order = QUALIFIER_ORDER.indexOf(ai);
    if (order <= lastOrder) return null;
    lastOrder = order;
    const value = decode(segments[i + 1] as string);
    if (value === null || !CSET82.test(value)) return null;
    values[ai] = value;
  }
  if (values['21'] === undefined) return null;
  return { gtin: toGtin14(gtin), cpv: values['22'] ?? null, batch: values['10'] ?? null, serial: values['21'] };
}
