import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import Negotiator from 'negotiator';
import type { DB } from '../../platform/db/schema.js';
import { headerChoice, setEpcisVersionHeaders } from './discoveryHeaders.js';
import { EPCIS_MEDIA_TYPES, XML_MEDIA_TYPES } from './document.js';
import { EPC_FORMAT_HEADER, eventWithDigitalLinks, requestedEpcFormat } from './epcFormat.js';
import { CBV_XML_FORMATS, epcisQueryDocumentXml, type CbvXmlFormat } from './jsonToXml.js';

/** What an EPCIS answer may be sent as, the server's preference first (JSON, as without an Accept header). */
const ANSWER_TYPES = [EPCIS_MEDIA_TYPES.json, EPCIS_MEDIA_TYPES.jsonLd, ...XML_MEDIA_TYPES];
const CBV_XML_FORMAT_HEADER = 'GS1-CBV-XML-Format';

/** Where an answer in XML finds the namespaces of extension fields: the company's documents declared them. */
export interface NamespaceSource {
  db: Kysely<DB>;
  companyId: string;
}

/**
 * The XML media type the Accept header prefers over JSON (q-values and wildcards weighed by `negotiator`,
 * the jshttp project's content negotiation), or null for JSON.
 */
function preferredXml(request: FastifyRequest): string | null {
  if (!request.headers.accept) return null;
  const preferred = new Negotiator(request).mediaType(ANSWER_TYPES);
  return preferred !== undefined && (XML_MEDIA_TYPES as readonly string[]).includes(preferred) ? preferred : null;
}

/**
 * The binding's GS1-CBV-XML-Format. Without it (or with No_Preference) the server chooses: URNs, as every
 * XML example of GS1's and every EPCIS 1.x reader writes them. Never_Translates keeps a URN or web URI as it
 * was captured; a bare word (the JSON form) has no XML form but its URN.
 */
function cbvXmlFormat(request: FastifyRequest): Exclude<CbvXmlFormat, 'No_Preference'> {
  const format = headerChoice(request.headers[CBV_XML_FORMAT_HEADER.toLowerCase()], CBV_XML_FORMAT_HEADER, CBV_XML_FORMATS) ?? 'No_Preference';
  return format === 'No_Preference' ? 'Always_URN' : format;
}

async function companyNamespaces({ db, companyId }: NamespaceSource): Promise<Map<string, string[]>> {
  const rows = await db.selectFrom('epcis_namespace').select(['prefix', 'namespace']).where('company_id', '=', companyId).orderBy('prefix').orderBy('namespace').execute();
  const byPrefix = new Map<string, string[]>();
  for (const row of rows) byPrefix.set(row.prefix, [...(byPrefix.get(row.prefix) ?? []), row.namespace]);
  return byPrefix;
}

/** The query and events of an answer: a query document's, or the one event of GET /events/{eventID}. */
function resultsOf(document: Record<string, unknown>): { queryName: string; events: Array<Record<string, unknown>> } {
  if (document['type'] === 'EPCISQueryDocument') {
    const body = document['epcisBody'] as { queryResults?: { queryName?: string; resultsBody?: { eventList?: Array<Record<string, unknown>> } } } | undefined;
    return { queryName: body?.queryResults?.queryName ?? 'SimpleEventQuery', events: body?.queryResults?.resultsBody?.eventList ?? [] };
  }
  return { queryName: 'SimpleEventQuery', events: [document] };
}

/** The answer with each of its events replaced by `map`'s copy. */
function withEventsMapped(document: Record<string, unknown>, map: (event: Record<string, unknown>) => Record<string, unknown>): Record<string, unknown> {
  if (document['type'] !== 'EPCISQueryDocument') return map(document);
  const body = document['epcisBody'] as { queryResults?: { resultsBody?: { eventList?: Array<Record<string, unknown>> } } } | undefined;
  const results = body?.queryResults;
  if (!results?.resultsBody?.eventList) return document;
  return { ...document, epcisBody: { ...body, queryResults: { ...results, resultsBody: { ...results.resultsBody, eventList: results.resultsBody.eventList.map(map) } } } };
}

/**
 * An EPCIS answer in what the caller asks for: an EPCIS 2.0 XML EPCISQueryDocument when the Accept header
 * prefers application/xml or text/xml (the one event of GET /events/{eventID} too, inside a query document as
 * the binding answers it), else JSON-LD when asked for, else plain JSON: the same events either way. Their
 * identifiers are written as GS1-EPC-Format asks (epcFormat.ts).
 */
export async function sendDocument(request: FastifyRequest, reply: FastifyReply, answer: Record<string, unknown>, namespaces: NamespaceSource) {
  setEpcisVersionHeaders(reply).header('vary', `Accept, ${EPC_FORMAT_HEADER}`);
  const epcFormat = requestedEpcFormat(request);
  reply.header(EPC_FORMAT_HEADER, epcFormat);
  const document = epcFormat === 'Always_GS1_Digital_Link' ? withEventsMapped(answer, eventWithDigitalLinks) : answer;
  const xml = preferredXml(request);
  if (xml) {
    const format = cbvXmlFormat(request);
    const { queryName, events } = resultsOf(document);
    const text = epcisQueryDocumentXml(events, { queryName, format, companyNamespaces: await companyNamespaces(namespaces) });
    return reply.header(CBV_XML_FORMAT_HEADER, format).header('content-type', `${xml}; charset=utf-8`).send(text);
  }
  const wantsLd = (request.headers.accept ?? '').includes(EPCIS_MEDIA_TYPES.jsonLd);
  return reply.header('content-type', `${wantsLd ? EPCIS_MEDIA_TYPES.jsonLd : EPCIS_MEDIA_TYPES.json}; charset=utf-8`).send(JSON.stringify(document));
}
