/** The frame of EPCIS 2.0 documents the portal answers and exports. */

export const EPCIS_CONTEXT = 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld';

export const EPCIS_MEDIA_TYPES = { json: 'application/json', jsonLd: 'application/ld+json' } as const;

/** The XML binding's media types, taken by capture and answered by the queries when asked for. */
export const XML_MEDIA_TYPES = ['application/xml', 'text/xml'] as const;

export function epcisDocumentShell(type: 'EPCISDocument' | 'EPCISQueryDocument', epcisBody: object) {
  return { '@context': [EPCIS_CONTEXT], type, schemaVersion: '2.0', creationDate: new Date().toISOString(), epcisBody };
}

/** One event on its own, with the context that gives its bare CBV words their meaning. */
export function standaloneEvent(event: object) {
  return { '@context': [EPCIS_CONTEXT], ...event };
}
