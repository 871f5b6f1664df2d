/**
 * The Core Business Vocabulary (CBV 2.0) values the portal writes and reads. In JSON-LD with the EPCIS
 * context a standard value is written bare ("shipping"); the same value as a URI is
 * https://ref.gs1.org/cbv/BizStep-shipping, and EPCIS 1.x wrote it as urn:epcglobal:cbv:bizstep:shipping.
 * Queries accept all three forms; events are stored with bare words where the value is a CBV one.
 */

export const CBV_BASE = 'https://ref.gs1.org/cbv/';

/** The vocabularies by their field, with the prefix of their web URIs and of their old URNs. */
export const CBV_VOCABULARIES = {
  bizStep: { web: 'BizStep-', urn: 'urn:epcglobal:cbv:bizstep:' },
  disposition: { web: 'Disp-', urn: 'urn:epcglobal:cbv:disp:' },
  bizTransactionType: { web: 'BTT-', urn: 'urn:epcglobal:cbv:btt:' },
  sourceDestType: { web: 'SDT-', urn: 'urn:epcglobal:cbv:sdt:' },
  errorReason: { web: 'ER-', urn: 'urn:epcglobal:cbv:er:' },
} as const;
export type CbvVocabulary = keyof typeof CBV_VOCABULARIES;

/** What the portal's own events use. */
export const BIZ_STEPS = {
  commissioning: 'commissioning',
  decommissioning: 'decommissioning',
  packing: 'packing',
  unpacking: 'unpacking',
  shipping: 'shipping',
  receiving: 'receiving',
} as const;

export const DISPOSITIONS = {
  active: 'active',
  inactive: 'inactive',
  inTransit: 'in_transit',
  inProgress: 'in_progress',
  returned: 'returned',
  containerClosed: 'container_closed',
  recalled: 'recalled',
  destroyed: 'destroyed',
  nonSellableOther: 'non_sellable_other',
} as const;

/** A bare CBV word: letters, digits and underscores (a URI has ':' in it). */
const BARE_WORD = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The value as a web URI: a bare word is expanded, an old URN rewritten, any other URI kept. */
export function cbvUri(vocabulary: CbvVocabulary, value: string): string {
  const { web, urn } = CBV_VOCABULARIES[vocabulary];
  if (BARE_WORD.test(value)) return `${CBV_BASE}${web}${value}`;
  if (value.startsWith(urn)) return `${CBV_BASE}${web}${value.slice(urn.length)}`;
  return value;
}

/** The value as it is stored and compared: the bare word for a CBV value in any form, else the URI as given. */
export function cbvBare(vocabulary: CbvVocabulary, value: string): string {
  const { web, urn } = CBV_VOCABULARIES[vocabulary];
  const prefix = `${CBV_BASE}${web}`;
  if (value.startsWith(prefix)) return value.slice(prefix.length);
  if (value.startsWith(urn)) return value.slice(urn.length);
  return value;
}

/** Rewrites the old CBV URNs found anywhere in a value to their web URIs, as the event hash asks. */
export function webVocabulary(value: string): string {
  // most values (identifiers, times, numbers) have none: a capture asks this of every value of every event
  if (!value.includes('urn:epcglobal:cbv:')) return value;
  let out = value;
  for (const { web, urn } of Object.values(CBV_VOCABULARIES)) out = out.split(urn).join(`${CBV_BASE}${web}`);
  return out;
}
